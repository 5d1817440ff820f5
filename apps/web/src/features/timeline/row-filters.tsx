import { ChevronDown, ChevronRight, SlidersHorizontal } from 'lucide-react';
import { SearchInput } from '../../ui/search-input.tsx';
import { Select } from '../../ui/select.tsx';
import {
  GROUPINGS,
  type Grouping,
  NO_LABEL,
  type RowSort,
  type RowStatus,
  SORTS,
  STATUSES,
} from './arrange.ts';
import { useNameW } from './grid-context.ts';
import type { Row } from './model.ts';
import { QuickViews } from './quick-views.tsx';
import { TL } from './texts.ts';
import type { Arranging } from './use-arrangement.ts';

const selectClass = 'flex-1 basis-40 sm:flex-none sm:basis-auto';

const LABEL_FILTERS = {
  label: { text: TL.labelFilter, any: TL.anyLabel },
  team: { text: TL.teamFilter, any: TL.anyTeam },
};

/** Rows with a label, or in a team (a label of type group): any first, then the ones the rows carry. */
function LabelFilter({
  of,
  arranging,
  pairs,
}: {
  of: keyof typeof LABEL_FILTERS;
  arranging: Arranging;
  pairs: readonly (readonly [string, string])[];
}) {
  const { text, any } = LABEL_FILTERS[of];
  return (
    <Select
      label={text}
      value={arranging.arrangement[of]}
      options={[{ value: '', label: any }, ...pairs.map(([value, label]) => ({ value, label }))]}
      onChange={of === 'label' ? arranging.setLabel : arranging.setTeam}
      className={selectClass}
    />
  );
}

/**
 * Find and arrange the rows (issue 18 point 3): search by name or label, a label, a team, a
 * status, group by label or team, sort by name, load or free hours, quick views. Everything is in
 * the URL (use-arrangement.ts).
 */
export function RowFilters(props: {
  arranging: Arranging;
  /** The labels the resources carry: [value as held, name]. */
  labels: readonly (readonly [string, string])[];
  /** The teams (labels of type group) the resources carry: [value as held, name]. */
  teams: readonly (readonly [string, string])[];
  shown: number;
  /**
   * Phones, and compact rows on any screen, show the bar only when opened ({@link ArrangeToggle}):
   * its line is worth two rows. Otherwise it is always there.
   */
  isOpen: boolean;
  isFolded: boolean;
  id: string;
}) {
  const { arranging } = props;
  const { arrangement: a } = arranging;
  return (
    <search
      id={props.id}
      className={`${props.isOpen ? 'flex' : props.isFolded ? 'hidden' : 'hidden sm:flex'} flex-wrap items-center gap-2 border-b border-neutral-200 bg-white px-3 py-1.5`}
    >
      <SearchInput value={a.q} onSearch={arranging.setQuery} label={TL.findResources} />
      <LabelFilter of="label" arranging={arranging} pairs={props.labels} />
      {props.teams.length > 0 || a.team !== '' ? (
        <LabelFilter of="team" arranging={arranging} pairs={props.teams} />
      ) : null}
      <Select
        label={TL.statusFilter}
        value={a.status}
        options={[
          { value: '', label: TL.anyStatus },
          ...STATUSES.map((s) => ({ value: s, label: TL.statuses[s] })),
        ]}
        onChange={(v) => arranging.setStatus(v as RowStatus | '')}
        className={selectClass}
      />
      <Select
        label={TL.sortBy}
        value={a.sort}
        options={SORTS.map((s) => ({ value: s, label: TL.sorts[s] }))}
        onChange={(v) => arranging.setSort(v as RowSort)}
        className={selectClass}
      />
      <Select
        label={TL.groupBy}
        value={a.groupBy ?? ''}
        options={[
          { value: '', label: TL.groupings.none },
          ...GROUPINGS.map((g) => ({ value: g, label: TL.groupings[g] })),
        ]}
        onChange={(v) => arranging.setGrouping((v || null) as Grouping | null)}
        className={selectClass}
      />
      <QuickViews arranging={arranging} />
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
  const name = group.key !== NO_LABEL ? group.key : group.by === 'team' ? TL.noTeam : TL.noLabel;
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
