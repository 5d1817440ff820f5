import type { Label } from '@rostra/core/records/label';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  type Arrangement,
  closedOf,
  closedText,
  type Grouping,
  type RowSort,
  type RowStatus,
  STATUSES,
} from './arrange.ts';
import type { Row } from './model.ts';
import { type TimelineSearch, timelineSearch } from './search.ts';

/** The query keys that make an arrangement: what a quick view saves and applies. */
export const ARRANGE_KEYS = ['q', 'label', 'team', 'status', 'group', 'sort', 'closed'] as const;
export type ArrangeKey = (typeof ARRANGE_KEYS)[number];
export type SavedArrangement = Partial<Record<ArrangeKey, string>>;

/**
 * The rows' arrangement (issue 18 point 3) in the address, through the route's validated search:
 * `?q=…&label=…&team=…&status=active&group=team&sort=load&closed=a,b`. A reload or a shared link
 * shows the same rows; a quick view saves these keys and applies them back.
 */
export function useArrangement() {
  const search = useSearch({ strict: false }) as TimelineSearch;
  const { q = '', label = '', team = '', group, sort = 'name', closed: closedRaw } = search;
  const status = STATUSES.find((s) => s === search.status) ?? '';
  const closed = useMemo(() => closedOf(closedRaw), [closedRaw]);
  const navigate = useNavigate();
  const set = (next: Partial<TimelineSearch>) =>
    void navigate({ to: '.', search: (prev: TimelineSearch) => ({ ...prev, ...next }), replace: true });
  const arrangement: Arrangement = useMemo(
    () => ({ q, label, team, status, groupBy: group ?? null, sort, closed }),
    [q, label, team, status, group, sort, closed],
  );
  const saved: SavedArrangement = {};
  for (const key of ARRANGE_KEYS) if (search[key]) saved[key] = search[key];
  return {
    arrangement,
    /** The arrangement as its query keys (what a quick view stores). */
    saved,
    setQuery: (text: string) => set({ q: text || undefined }),
    setLabel: (id: string) => set({ label: id || undefined }),
    setTeam: (id: string) => set({ team: id || undefined }),
    setStatus: (next: RowStatus | '') => set({ status: next || undefined }),
    setGrouping: (next: Grouping | null) => set({ group: next ?? undefined, closed: undefined }),
    setSort: (next: RowSort) => set({ sort: next === 'name' ? undefined : next }),
    toggleGroup: (key: string) => {
      const next = new Set(closed);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      set({ closed: closedText(next) });
    },
    /** Replaces the arrangement by a saved one (unknown or bad values count as none). */
    apply: (view: Readonly<Record<string, unknown>>) => {
      const valid = timelineSearch['~standard'].validate(view).value;
      set(Object.fromEntries(ARRANGE_KEYS.map((key) => [key, valid[key]])));
    },
  };
}

export type Arranging = ReturnType<typeof useArrangement>;

/**
 * The names of the labels, which of them are teams (type group), and the labels and teams the
 * rows' resources carry as filter options ([value as held, name], by name).
 */
export function useLabelOptions(rows: readonly Row[], labels: readonly Label[] | undefined) {
  return useMemo(() => {
    const labelNames = new Map((labels ?? []).map((l) => [l._id, l.name ?? l._id]));
    const teams = new Set((labels ?? []).filter((l) => l.type === 'group').map((l) => l._id));
    const held = [...new Set(rows.flatMap((r) => r.resource?.labels ?? []))]
      .map((l) => [l, labelNames.get(l) ?? l] as const)
      .sort((x, y) => x[1].localeCompare(y[1]));
    return {
      labelNames,
      teams,
      labelOptions: held.filter(([l]) => !teams.has(l)),
      teamOptions: held.filter(([l]) => teams.has(l)),
    };
  }, [rows, labels]);
}
