/**
 * Find and arrange the rows (issue 18 point 3), as plain data: search by name or label, filter by
 * a label, a team (a label of type group, the bookings' `ResourceGroup`) and a status, sort by
 * name, load or free hours, group by label or by team under collapsible headers. The unassigned
 * lane stays first. No React; the arrangement itself lives in the URL (search.ts).
 */
import type { RowLoad } from './availability.ts';
import type { Row } from './model.ts';

export const SORTS = ['name', 'load', 'free'] as const;
export type RowSort = (typeof SORTS)[number];
export const GROUPINGS = ['label', 'team'] as const;
export type Grouping = (typeof GROUPINGS)[number];
/** Active or inactive resources, or those with a booking in conflict in the window. */
export const STATUSES = ['active', 'inactive', 'conflict'] as const;
export type RowStatus = (typeof STATUSES)[number];

export type Arrangement = {
  /** Text in the resource's name or one of its labels' names (case-insensitive). */
  q: string;
  /** Only resources carrying this label (id or name as the resource holds it); '' for all. */
  label: string;
  /** Only resources in this team (a label id of type group); '' for all. */
  team: string;
  status: RowStatus | '';
  /** Rows under a header per label or per team (a resource under each of its own), or none. */
  groupBy: Grouping | null;
  sort: RowSort;
  /** Keys of the groups folded away. */
  closed: ReadonlySet<string>;
};

/** Prefix of a group header's row id; `NO_LABEL` is the group of resources without one. */
export const GROUP_PREFIX = '__group__:';
export const NO_LABEL = '';

const lower = (s: string) => s.toLowerCase();

/**
 * The rows to show: the unassigned lane, then the resources that match `q` and `label`, sorted
 * (name keeps the window's order, which is by name; load: most booked hours of the week first;
 * free: most free hours of the week first, a resource without a known limit as 168), grouped
 * when asked: each group a header row (`group` set, no resource) followed by its rows unless it
 * is closed. Groups go by label name, the group without a label last.
 */
export function arrangeRows(
  rows: readonly Row[],
  a: Arrangement,
  lookup: {
    labelName: (label: string) => string;
    loadOf: (row: Row) => RowLoad | null;
    /** Whether a label is a team (type group); none: no label is. */
    isTeam?: (label: string) => boolean;
  },
): Row[] {
  const isTeam = lookup.isTeam ?? (() => false);
  const [first, ...rest] = rows;
  const lanes = first && !first.resource ? [first] : [];
  const resources = first && !first.resource ? rest : rows;
  const words = lower(a.q).split(/\s+/).filter(Boolean);
  const labelsOf = (row: Row) => (row.resource?.labels ?? []).map((l) => lookup.labelName(l));
  let shown = resources.filter((row) => {
    const held = row.resource?.labels ?? [];
    if (a.label && !held.includes(a.label)) return false;
    if (a.team && !held.includes(a.team)) return false;
    if (a.status && !hasStatus(row, a.status)) return false;
    if (words.length === 0) return true;
    const text = lower([row.name, ...labelsOf(row)].join(' '));
    return words.every((w) => text.includes(w));
  });
  if (a.sort !== 'name') {
    const key = (row: Row) => {
      const load = lookup.loadOf(row);
      const week = load?.week ?? 0;
      return a.sort === 'load' ? -week : -((load?.weekLimit ?? 168) - week);
    };
    const keyed = shown.map((row, i) => ({ row, i, k: key(row) }));
    keyed.sort((x, y) => x.k - y.k || x.i - y.i);
    shown = keyed.map((x) => x.row);
  }
  if (!a.groupBy) return [...lanes, ...shown];
  const wanted = a.groupBy === 'team' ? isTeam : (l: string) => !isTeam(l);
  const groups = new Map<string, Row[]>();
  for (const row of shown) {
    const names = new Set((row.resource?.labels ?? []).filter(wanted).map(lookup.labelName));
    for (const key of names.size === 0 ? [NO_LABEL] : names) {
      const list = groups.get(key);
      if (list) list.push(row);
      else groups.set(key, [row]);
    }
  }
  const keys = [...groups.keys()].sort((x, y) =>
    x === NO_LABEL ? 1 : y === NO_LABEL ? -1 : x.localeCompare(y),
  );
  const out: Row[] = [...lanes];
  for (const key of keys) {
    const members = groups.get(key) as Row[];
    const isOpen = !a.closed.has(key);
    out.push({
      id: `${GROUP_PREFIX}${key}`,
      name: key,
      resource: null,
      bars: [],
      blocks: [],
      lanes: 1,
      longest: 0,
      group: { key, count: members.length, isOpen, by: a.groupBy },
    });
    if (isOpen) out.push(...members.map((row) => ({ ...row, under: key })));
  }
  return out;
}

function hasStatus(row: Row, status: RowStatus): boolean {
  if (status === 'conflict') return row.bars.some((b) => b.record.isConflict === true);
  return (row.resource?.inactive ?? false) === (status === 'inactive');
}

/** Whether anything narrows or arranges the rows (the phone's toggle shows a dot). */
export const isArranged = (a: Arrangement): boolean =>
  a.q !== '' || a.label !== '' || a.team !== '' || a.status !== '' || a.groupBy !== null || a.sort !== 'name';

/** The closed groups as the URL keeps them (`closed=a,b`), and back. */
export const closedOf = (text: string | undefined): ReadonlySet<string> =>
  new Set((text ?? '').split(',').filter((s) => s !== ''));
export const closedText = (closed: ReadonlySet<string>): string | undefined =>
  closed.size === 0 ? undefined : [...closed].join(',');
