import { Search } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { afterFirstScreen } from '../lib/first-screen.ts';
import { searchStore } from '../lib/search-store.ts';
import { useStore } from '../lib/store.ts';
import { SHELL_TEXT } from '../texts.ts';
import { COMMAND_INPUT_CLASS } from '../ui/command-style.ts';

type Props = { className: string };

/** The stand-in (by its place's class: the top bar has one per width) that has the focus, if any. */
let focusedStandIn: string | undefined;

/**
 * The search box (search-box.tsx, on cmdk, with the global search) loads once the first screen is
 * there, not with the shell: a worker's first load on a phone has a 200 KB budget (issue 17).
 * Meanwhile a plain input of the same look stands in; what is typed goes to the search text, and
 * the box takes over the text and the focus. Where it cannot load (offline on a first visit) the
 * stand-in stays.
 */
const SearchBox = lazy(() =>
  afterFirstScreen()
    .then(() => import('./search-box.tsx'))
    .then(
      (m) => ({ default: takingOver(m.SearchBox) }),
      () => ({ default: SearchStandIn }),
    ),
);

export function SearchEntry({ className }: Props) {
  return (
    <Suspense fallback={<SearchStandIn className={className} />}>
      <SearchBox className={className} />
    </Suspense>
  );
}

/** The box, focused with the caret at the end where its stand-in had the focus. */
function takingOver(Box: ComponentType<Props>) {
  return function SearchBoxTakingOver({ className }: Props) {
    const place = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      if (focusedStandIn !== className) return;
      focusedStandIn = undefined;
      const input = place.current?.querySelector('input');
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    }, [className]);
    return (
      <div ref={place} className="contents">
        <Box className={className} />
      </div>
    );
  };
}

function SearchStandIn({ className }: Props) {
  const value = useStore(searchStore);
  return (
    <search className={className}>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <input
          role="combobox"
          aria-label={SHELL_TEXT.search}
          aria-expanded={false}
          aria-autocomplete="list"
          className={COMMAND_INPUT_CLASS}
          placeholder={SHELL_TEXT.search}
          value={value}
          onChange={(e) => searchStore.set(e.target.value)}
          onFocus={() => {
            focusedStandIn = className;
          }}
          onBlur={() => {
            if (focusedStandIn === className) focusedStandIn = undefined;
          }}
        />
      </div>
    </search>
  );
}
