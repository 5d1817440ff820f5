import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type Arrangement, closedOf, closedText, type RowSort } from './arrange.ts';
import type { TimelineSearch } from './search.ts';

/**
 * The rows' arrangement (issue 18 point 3) in the address, through the route's validated search:
 * `?q=…&label=…&group=label&sort=load&closed=a,b`. A reload or a shared link shows the same rows.
 */
export function useArrangement() {
  const q = useSearch({ strict: false, select: (s: TimelineSearch) => s.q }) ?? '';
  const label = useSearch({ strict: false, select: (s: TimelineSearch) => s.label }) ?? '';
  const group = useSearch({ strict: false, select: (s: TimelineSearch) => s.group });
  const sort: RowSort = useSearch({ strict: false, select: (s: TimelineSearch) => s.sort }) ?? 'name';
  const closedRaw = useSearch({ strict: false, select: (s: TimelineSearch) => s.closed });
  const closed = useMemo(() => closedOf(closedRaw), [closedRaw]);
  const navigate = useNavigate();
  const set = (next: Partial<TimelineSearch>) =>
    void navigate({ to: '.', search: (prev: TimelineSearch) => ({ ...prev, ...next }), replace: true });
  const arrangement: Arrangement = useMemo(
    () => ({ q, label, groupByLabel: group === 'label', sort, closed }),
    [q, label, group, sort, closed],
  );
  return {
    arrangement,
    setQuery: (text: string) => set({ q: text || undefined }),
    setLabel: (id: string) => set({ label: id || undefined }),
    setGrouped: (on: boolean) => set({ group: on ? 'label' : undefined, closed: undefined }),
    setSort: (next: RowSort) => set({ sort: next === 'name' ? undefined : next }),
    toggleGroup: (key: string) => {
      const next = new Set(closed);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      set({ closed: closedText(next) });
    },
  };
}

export type Arranging = ReturnType<typeof useArrangement>;
