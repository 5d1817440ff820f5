import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  countText,
  hitTarget,
  hitText,
  MIN_QUERY,
  SEARCH_KINDS,
  type SearchHit,
  type SearchKind,
  searchStore,
  useGlobalSearch,
} from '../lib/search.ts';
import { useStore } from '../lib/store.ts';
import { SHELL_TEXT } from '../texts.ts';
import { SEARCH_TEXT } from './search-text.ts';

type Option = { kind: SearchKind; hit: SearchHit; key: string };

/**
 * The top bar's search box (shell spec §2) with the global search's results (scheduling spec §7)
 * in a list under it, grouped by kind: ↑/↓ move through every hit, Enter opens the active one
 * (or the first), Escape closes the list (a second Escape clears the text), a click opens a hit.
 * Opening a hit goes to its screen (bookings → /bookings?job_id=…, resources → /resources?id=…,
 * customers → /customers?id=…, the others to their menu path) and clears the text. The input
 * keeps its native searchbox role (screens and tests find the top bar's box by it) and points at
 * the active option with aria-activedescendant.
 */
export function SearchBox({ className }: { className?: string }) {
  const value = useStore(searchStore);
  const id = useId();
  const listId = `${id}-results`;
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const search = useGlobalSearch(value);

  const groups = useMemo(
    () =>
      SEARCH_KINDS.flatMap((kind) => {
        const result = search.data?.results[kind];
        return result && result.hits.length > 0 ? [{ kind, result }] : [];
      }),
    [search.data],
  );
  const options: Option[] = useMemo(
    () =>
      groups.flatMap((g) => g.result.hits.map((hit) => ({ kind: g.kind, hit, key: `${g.kind}:${hit._id}` }))),
    [groups],
  );
  // A new answer starts again from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options change
  useEffect(() => setActive(-1), [options]);

  // A click outside closes the list.
  useEffect(() => {
    if (!isOpen) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [isOpen]);

  const open = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    searchStore.set('');
    void navigate({ href: hitTarget(option.kind, option.hit) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length + (i < 0 && step < 0 ? 1 : 0)) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (isOpen) open(options[active >= 0 ? active : 0]);
      else setOpen(true);
    } else if (e.key === 'Escape') {
      if (isOpen && value !== '') {
        e.preventDefault();
        setOpen(false);
      } else if (value !== '') {
        e.preventDefault();
        searchStore.set('');
      }
    }
  };

  const showList = isOpen && value.trim() !== '';
  const activeOption = active >= 0 ? options[active] : undefined;
  const optionId = (o: Option) => `${id}-${o.key}`;
  let index = -1;

  return (
    <search className={className}>
      <div ref={root} className="relative">
        <form onSubmit={(e) => e.preventDefault()}>
          <label className="relative block">
            <span className="sr-only">{SHELL_TEXT.search}</span>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
            />
            <input
              type="search"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={showList && activeOption ? optionId(activeOption) : undefined}
              value={value}
              onChange={(e) => {
                searchStore.set(e.target.value);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onKeyDown={onKeyDown}
              placeholder={SHELL_TEXT.search}
              autoComplete="off"
              className="block min-h-11 w-full rounded-md border border-neutral-300 bg-white pr-3 pl-9 text-base placeholder:text-neutral-400 focus:outline-2 focus:outline-offset-1 focus:outline-blue-600 sm:min-h-9 sm:text-sm"
            />
          </label>
        </form>
        {showList ? (
          <div
            className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg sm:min-w-96"
            data-testid="search-results"
          >
            <Status search={search} text={value} isEmpty={options.length === 0} />
            <div id={listId} role="listbox" aria-label={SEARCH_TEXT.results}>
              {groups.map((g) => (
                // biome-ignore lint/a11y/useSemanticElements: a listbox group has no native element
                <div key={g.kind} role="group" aria-labelledby={`${id}-${g.kind}`}>
                  <div
                    id={`${id}-${g.kind}`}
                    className="flex items-baseline justify-between px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase"
                  >
                    <span>{SEARCH_TEXT.kinds[g.kind]}</span>
                    <span className="font-normal tabular-nums">{countText(g.result)}</span>
                  </div>
                  {g.result.hits.map((hit) => {
                    index += 1;
                    const option = options[index] as Option;
                    const i = index;
                    const { title, detail } = hitText(g.kind, hit);
                    const isActive = i === active;
                    return (
                      <div
                        key={option.key}
                        id={optionId(option)}
                        role="option"
                        aria-selected={isActive}
                        tabIndex={-1}
                        onPointerDown={(e) => e.preventDefault()}
                        onClick={() => open(option)}
                        onKeyDown={() => undefined}
                        onMouseEnter={() => setActive(i)}
                        className={`cursor-pointer px-3 py-2 sm:py-1.5 ${isActive ? 'bg-blue-50' : ''}`}
                      >
                        <div className="truncate text-sm text-neutral-900">{title}</div>
                        {detail ? <div className="truncate text-xs text-neutral-500">{detail}</div> : null}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
            {options.length > 0 ? (
              <p className="hidden border-t border-neutral-100 px-3 pt-1.5 pb-0.5 text-xs text-neutral-400 sm:block">
                {SEARCH_TEXT.hint}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </search>
  );
}

function Status({
  search,
  text,
  isEmpty,
}: {
  search: ReturnType<typeof useGlobalSearch>;
  text: string;
  isEmpty: boolean;
}) {
  const message = (() => {
    if (text.trim().length < MIN_QUERY) return SEARCH_TEXT.typeMore;
    if (search.isError && !search.isFetching) return null;
    if ((search.isFetching || search.isSettling) && isEmpty) return SEARCH_TEXT.searching;
    if (isEmpty && search.isSuccess) return SEARCH_TEXT.noResults(search.query);
    return null;
  })();
  if (search.isError && !search.isFetching && text.trim().length >= MIN_QUERY) {
    return (
      <div role="alert" className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-red-800">
        <span>{SEARCH_TEXT.failed}</span>
        <button
          type="button"
          onClick={() => void search.refetch()}
          className="rounded px-2 py-1 text-sm font-medium text-red-800 underline"
        >
          {SEARCH_TEXT.retry}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className={message ? 'px-3 py-2 text-sm text-neutral-500' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}
