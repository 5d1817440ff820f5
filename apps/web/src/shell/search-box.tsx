import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useOrgDates } from '../lib/org-dates.ts';
import {
  countText,
  hitTarget,
  hitText,
  MIN_QUERY,
  SEARCH_KINDS,
  type SearchHit,
  type SearchKind,
  useGlobalSearch,
} from '../lib/search.ts';
import { searchStore } from '../lib/search-store.ts';
import { useStore } from '../lib/store.ts';
import { SHELL_TEXT } from '../texts.ts';
import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from '../ui/command.tsx';
import { SEARCH_TEXT } from './search-text.ts';

type Option = { kind: SearchKind; hit: SearchHit; key: string };

/**
 * The top bar's search box (shell spec §2) with the global search's results (scheduling spec §7)
 * in a list under it, grouped by kind: a combobox (ui/command.tsx) whose first hit is active,
 * ↑/↓ move through every hit, Enter or a click opens the active one, Escape closes the list (a
 * second Escape clears the text). Opening a hit goes to its screen (bookings →
 * /bookings?job_id=…, resources → /resources?id=…, customers → /customers?id=…, the others to
 * their menu path) and clears the text.
 */
export function SearchBox({ className }: { className?: string }) {
  const dates = useOrgDates();
  const value = useStore(searchStore);
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
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
  const isEmpty = groups.length === 0;

  // A click outside closes the list.
  useEffect(() => {
    if (!isOpen) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [isOpen]);

  const open = (option: Option) => {
    setOpen(false);
    searchStore.set('');
    void navigate({ href: hitTarget(option.kind, option.hit) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Enter') && !isOpen) {
      setOpen(true);
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

  return (
    <search className={className}>
      <Command ref={root} label={SHELL_TEXT.search} shouldFilter={false} loop>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <CommandInput
          value={value}
          onValueChange={(text) => {
            searchStore.set(text);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={SHELL_TEXT.search}
        />
        {showList ? (
          <div
            className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg sm:min-w-96"
            data-testid="search-results"
          >
            <Status search={search} text={value} isEmpty={isEmpty} />
            <CommandList label={SEARCH_TEXT.results}>
              {groups.map((g) => (
                <CommandGroup
                  key={g.kind}
                  heading={
                    <span className="flex items-baseline justify-between">
                      <span>{SEARCH_TEXT.kinds[g.kind]}</span>{' '}
                      <span className="font-normal tabular-nums">{countText(g.result)}</span>
                    </span>
                  }
                >
                  {g.result.hits.map((hit) => {
                    const option: Option = { kind: g.kind, hit, key: `${g.kind}:${hit._id}` };
                    const { title, detail } = hitText(g.kind, hit, dates.format);
                    return (
                      <CommandItem key={option.key} value={option.key} onSelect={() => open(option)}>
                        <div className="truncate text-sm text-neutral-900">{title}</div>
                        {detail ? <div className="truncate text-xs text-neutral-500">{detail}</div> : null}
                      </CommandItem>
                    );
                  })}
                </CommandGroup>
              ))}
            </CommandList>
            {isEmpty ? null : (
              <p className="hidden border-t border-neutral-100 px-3 pt-1.5 pb-0.5 text-xs text-neutral-400 sm:block">
                {SEARCH_TEXT.hint}
              </p>
            )}
          </div>
        ) : null}
      </Command>
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
