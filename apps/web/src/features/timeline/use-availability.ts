import type { TimelineWindow } from '@rostra/core/api/timeline';
import type { Resource } from '@rostra/core/records/resource';
import { DAY, WEEK, weekStart } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CheckData } from './api.ts';
import { fetchWindow, timelineKeys } from './api.ts';
import { type Interval, type RowLoad, rowLoad, shiftBands } from './availability.ts';
import { buildRows, type Row } from './model.ts';

/** What the rows show of availability and load; rows read it only while they are on screen. */
export type RowAvailability = {
  /** The resource's shift bands over the window (undefined: none set up). */
  bandsOf: (resourceId: string) => readonly Interval[] | undefined;
  /** The row's hours in the anchor's day and week against its limits (null: the unassigned lane). */
  loadOf: (row: Row) => RowLoad | null;
};

/**
 * Availability and load of the board's rows (issue 18 point 4): shift bands from the weeks'
 * shifts the drag check loads anyway, the hours of the anchor's day and week (the day view
 * reads its week's window too, from the same cache the week view uses) against each resource's
 * limits. Computed per row when a row asks (the rows on screen), then kept.
 */
export function useAvailability(options: {
  isEditable: boolean;
  data: TimelineWindow | undefined;
  rows: readonly Row[];
  checkData: CheckData | undefined;
  period: { view: string; anchor: number; from: number; to: number; weekStartDay: number };
}): RowAvailability | null {
  const { data, rows, checkData, period } = options;
  const weekFrom = weekStart(period.anchor, period.weekStartDay);
  const week = { begin: weekFrom, end: weekFrom + WEEK };
  const needsWeek = period.view === 'day';
  const weekQuery = useQuery({
    queryKey: timelineKeys.window(week.begin, week.end),
    queryFn: ({ signal }) => fetchWindow(week.begin, week.end, signal),
    enabled: options.isEditable && needsWeek && data !== undefined,
    staleTime: 30_000,
  });
  const weekData = needsWeek ? weekQuery.data : data;
  const weekRows = useMemo(() => {
    if (!weekData) return null;
    const list = weekData === data ? rows : buildRows(weekData);
    return new Map(list.map((r) => [r.id, r]));
  }, [weekData, data, rows]);
  const bands = useMemo(
    () => (checkData ? shiftBands(checkData.shifts, period.from, period.to) : null),
    [checkData, period.from, period.to],
  );
  const resources = useMemo(
    () => new Map<string, Resource>((checkData?.resources ?? []).map((r) => [r._id, r as Resource])),
    [checkData],
  );
  const dayBegin = period.anchor;
  return useMemo(() => {
    if (!options.isEditable) return null;
    const loads = new Map<string, RowLoad>();
    const day = { begin: dayBegin, end: dayBegin + DAY };
    const weekSpan = { begin: weekFrom, end: weekFrom + WEEK };
    return {
      bandsOf: (id) => bands?.get(id),
      loadOf: (row) => {
        if (!row.resource || !weekRows) return null;
        const known = loads.get(row.id);
        if (known) return known;
        const load = rowLoad(weekRows.get(row.id) ?? row, resources.get(row.id), day, weekSpan);
        loads.set(row.id, load);
        return load;
      },
    };
  }, [options.isEditable, bands, weekRows, resources, dayBegin, weekFrom]);
}
