import { ChevronDown, ChevronRight, SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { SearchInput } from '../../ui/search-input.tsx';
import { NO_LABEL, type RowSort, SORTS } from './arrange.ts';
import { useNameW } from './grid-context.ts';
import type { Row } from './model.ts';
import { TL } from './texts.ts';
import type { Arranging } from './use-arrangement.ts';

const selectClass =
  'min-h-11 min-w-0 rounded-md border border-neutral-300 bg-white px-2 text-base sm:min-h-9 sm:text-sm';

/**
 * Find and arrange the rows (issue 18 point 3): search by name or label, a label, group by
 * label, sort by name, load or free hours. Everything is in the URL (use-arrangement.ts).
 */
export function RowFilters(props: {
  arranging: Arranging;
  /** The labels the resources carry: [value as held, name]. */
  labels: readonly (readonly [string, string])[];
  shown: number;
  /**
   * Phones, and compact rows on any screen, show the bar only when opened ({@link ArrangeToggle}):
   * its line is worth two rows. Otherwise it is always there.
   */
  isOpen: boolean;
  isFolded: boolean;
  id: string;
}) {
  const { arrangement: a } = props.arranging;
  const labelId = useId();
  const sortId = useId();
  return (
    <search
      id={props.id}
      className={`${props.isOpen ? 'flex' : props.isFolded ? 'hidden' : 'hidden sm:flex'} flex-wrap items-center gap-2 border-b border-neutral-200 bg-white px-3 py-1.5`}
    >
      <SearchInput
        value={a.q}
        onSearch={props.arranging.setQuery}
        label={TL.findResources}
        placeholder={TL.findResources}
      />
      <label htmlFor={labelId} className="sr-only">
        {TL.labelFilter}
      </label>
      <select
        id={labelId}
        value={a.label}
        onChange={(e) => props.arranging.setLabel(e.target.value)}
        className={`${selectClass} flex-1 basis-40 sm:flex-none sm:basis-auto`}
      >
        <option value="">{TL.anyLabel}</option>
        {props.labels.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={sortId} className="sr-only">
        {TL.sortBy}
      </label>
      <select
        id={sortId}
        value={a.sort}
        onChange={(e) => props.arranging.setSort(e.target.value as RowSort)}
        className={`${selectClass} flex-1 basis-40 sm:flex-none sm:basis-auto`}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {TL.sorts[s]}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-pressed={a.groupByLabel}
        onClick={() => props.arranging.setGrouped(!a.groupByLabel)}
        className={`min-h-11 rounded-md border border-neutral-300 px-3 text-sm sm:min-h-9 ${a.groupByLabel ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
      >
        {TL.groupByLabel}
      </button>
      <span className="text-xs text-neutral-500 tabular-nums" aria-live="polite" data-testid="rows-shown">
        {TL.shown(props.shown)}
      </span>
    </search>
  );
}

/** A group's header row: its label and count; a button folds and unfolds it. */
export function GroupHeader(props: {
  row: Row;
  top: number;
  height: number;
  width: number;
  onToggle: (key: string) => void;
}) {
  const nameW = useNameW();
  const group = props.row.group;
  if (!group) return null;
  const name = group.key === NO_LABEL ? TL.noLabel : group.key;
  return (
    <div
      data-row={props.row.id}
      className="absolute left-0 border-b border-neutral-300 bg-neutral-50"
      style={{ top: props.top, height: props.height, width: props.width, contain: 'strict' }}
    >
      <button
        type="button"
        aria-expanded={group.isOpen}
        onClick={() => props.onToggle(group.key)}
        className="sticky left-0 flex h-full items-center gap-1 px-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100"
        style={{ width: nameW }}
      >
        {group.isOpen ? (
          <ChevronDown aria-hidden className="size-4" />
        ) : (
          <ChevronRight aria-hidden className="size-4" />
        )}
        <span className="truncate">{name}</span>
        <span className="ml-auto text-xs font-normal text-neutral-500 tabular-nums">{group.count}</span>
      </button>
    </div>
  );
}

/** The phone's way to the find and arrange bar (above the names); a dot while rows are narrowed. */
export function ArrangeToggle(props: {
  isOpen: boolean;
  isActive: boolean;
  /** Compact rows: the bar is folded on every screen, so the button shows on every screen. */
  isFolded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={props.isOpen}
      aria-controls={props.controls}
      onClick={props.onToggle}
      title={TL.arrange}
      className={`relative flex size-7 items-center justify-center rounded-md border border-neutral-300 text-neutral-600 hover:bg-neutral-100 ${props.isFolded ? '' : 'sm:hidden'}`}
    >
      <SlidersHorizontal aria-hidden className="size-4" />
      <span className="sr-only">{TL.arrange}</span>
      {props.isActive ? (
        <span aria-hidden className="absolute -top-1 -right-1 size-2 rounded-full bg-sky-600" />
      ) : null}
    </button>
  );
}
