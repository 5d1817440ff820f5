import type { CalendarItem, CalendarWindowAnswer } from '@rostra/core/api/calendar-events';
import { DAY, fortnightWeek, fromYmd, weekStart } from '@rostra/core/time/calendar';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/client.ts';

/*
 * The calendar's month (issue 8): a grid of whole weeks around a month, on the spec's wall-clock
 * seconds, each week carrying its fortnight week (the core's rule: even ISO week → week 2), and
 * the items of `GET /directory/calendar?from&to`.
 */

export type { CalendarItem };

export type MonthWeek = { start: number; fortnight: 1 | 2; days: number[] };
export type MonthGrid = { first: number; next: number; from: number; to: number; weeks: MonthWeek[] };

/** `YYYY-MM` of the month holding `sec`. */
export function monthKey(sec: number): string {
  return new Date(sec * 1000).toISOString().slice(0, 7);
}

/** The first day of a `YYYY-MM` month, or undefined when the text is not one. */
export function monthStart(key: string): number | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(key)) return undefined;
  const sec = fromYmd(`${key}-01`);
  return Number.isFinite(sec) ? sec : undefined;
}

/** The month `delta` months away from the one starting at `first`. */
export function shiftMonth(first: number, delta: number): number {
  const d = new Date(first * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1) / 1000;
}

/**
 * The whole weeks (starting on `weekStartDay`, 0 = Sunday) that hold the month starting at
 * `first`: 4 to 6 rows of 7 days; `[from, to)` is the grid's span.
 */
export function monthGrid(first: number, weekStartDay = 0): MonthGrid {
  const next = shiftMonth(first, 1);
  const from = weekStart(first, weekStartDay);
  const weeks: MonthWeek[] = [];
  let start = from;
  while (start < next) {
    weeks.push({
      start,
      fortnight: fortnightWeek(start, weekStartDay),
      days: Array.from({ length: 7 }, (_, i) => start + i * DAY),
    });
    start += 7 * DAY;
  }
  return { first, next, from, to: start, weeks };
}

/** Items touching the day starting at `day`, in time order. */
export function itemsOfDay(items: readonly CalendarItem[], day: number): CalendarItem[] {
  return items.filter(
    (i) => i.utc_begin_plus_tz < day + DAY && Math.max(i.utc_end_plus_tz, i.utc_begin_plus_tz + 1) > day,
  );
}

export const calendarQuery = (from: number, to: number) =>
  queryOptions({
    queryKey: ['calendar', from, to] as const,
    queryFn: ({ signal }) =>
      api.get<CalendarWindowAnswer>('/directory/calendar', {
        query: { from, to },
        quiet: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
