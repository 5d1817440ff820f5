/**
 * Availability and load on the rows (issue 18 point 4), as plain arithmetic: each resource's
 * shifts as bands (the core's daily shifts, so a band is what allocation accepts as "inside a
 * shift"), the hours a row holds in a day and a week against its limits (the core's limits and
 * the core's rule of which records count), and the load of a set of rows over time for the
 * utilisation strip. No React, no IO; times are wall-clock seconds.
 */
import { classifyRecord, hourLimits } from '@rostra/core/allocation/scenario-index';
import type { Resource } from '@rostra/core/records/resource';
import type { Shift } from '@rostra/core/records/shift';
import { dailyShifts } from '@rostra/core/roster/daily-shifts';
import { HOUR } from '@rostra/core/time/calendar';
import { type Bar, barsInRange, type Row } from './model.ts';

/** A stretch of time, [begin, end). */
export type Interval = { begin: number; end: number };

/** Sorted, overlapping or touching intervals joined. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = [...list].sort((a, b) => a.begin - b.begin);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.begin <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ begin: i.begin, end: i.end });
  }
  return out;
}

/**
 * Every resource's shift bands overlapping [from, to): the daily shifts of its weekly records
 * (core `dailyShifts`), merged, in time order. Built once per window: a row reads its own list.
 */
export function shiftBands(shifts: readonly Shift[], from: number, to: number): Map<string, Interval[]> {
  const byResource = new Map<string, Interval[]>();
  for (const shift of shifts) {
    const days = dailyShifts(shift, from, to);
    if (days.length === 0) continue;
    const list = byResource.get(shift.resourceId) ?? [];
    for (const d of days)
      list.push({ begin: d.utc_begin_plus_tz as number, end: d.utc_end_plus_tz as number });
    byResource.set(shift.resourceId, list);
  }
  for (const [id, list] of byResource) byResource.set(id, mergeIntervals(list));
  return byResource;
}

/** The intervals of a sorted list that overlap [from, to) (a row's few bands, scanned). */
export function intervalsIn(list: readonly Interval[] | undefined, from: number, to: number): Interval[] {
  if (!list) return [];
  return list.filter((i) => i.begin < to && i.end > from);
}

/** Whether a record's hours count towards a resource's limits (the core's rule: not cancelled, draft, leave or break). */
export const countsHours = (bar: Bar): boolean => classifyRecord(bar.record).isHoursJob;

/** Seconds of counted bookings of a row inside [from, to), each clipped to it. */
export function bookedSeconds(row: Pick<Row, 'bars' | 'longest'>, from: number, to: number): number {
  let sum = 0;
  for (const bar of barsInRange(row as Row, from, to)) {
    if (!countsHours(bar)) continue;
    sum += Math.max(0, Math.min(bar.end, to) - Math.max(bar.begin, from));
  }
  return sum;
}

/** A row's hours in a day and a week against its limits (hours; limits null when unknown). */
export type RowLoad = { day: number; week: number; dayLimit: number | null; weekLimit: number | null };

/** The load of a row: its bookings in `day` and `week` ([from, to) each), its resource's limits. */
export function rowLoad(
  row: Pick<Row, 'bars' | 'longest'>,
  resource: Resource | undefined,
  day: Interval,
  week: Interval,
): RowLoad {
  const limits = resource ? hourLimits(resource) : null;
  return {
    day: bookedSeconds(row, day.begin, day.end) / HOUR,
    week: bookedSeconds(row, week.begin, week.end) / HOUR,
    dayLimit: limits?.day ?? null,
    weekLimit: limits?.week ?? null,
  };
}

/** Hours as the spec shows them: hours plus minutes/100 with 2 decimals (7 h 30 min → "7.30"). */
export function hoursText(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  return `${h}.${String(minutes % 60).padStart(2, '0')}`;
}

/** Over its limit (by more than a rounding minute). */
export const isOver = (hours: number, limit: number | null): boolean =>
  limit !== null && hours * 60 > limit * 60 + 0.5;

/**
 * The utilisation strip: for each `step`-long bucket of [from, to), the share (0–1) of the rows'
 * resources busy in it, a resource's overlapping bookings counted once. Rows without a resource
 * (the unassigned lane) are left out; no resources, all zero.
 */
export function utilisation(
  rows: readonly Row[],
  from: number,
  to: number,
  step: number = HOUR,
): Float64Array {
  const n = Math.max(0, Math.ceil((to - from) / step));
  const out = new Float64Array(n);
  let resources = 0;
  for (const row of rows) {
    if (!row.resource) continue;
    resources++;
    const busy = mergeIntervals(
      barsInRange(row, from, to)
        .filter(countsHours)
        .map((b) => ({ begin: Math.max(b.begin, from), end: Math.min(b.end, to) })),
    );
    for (const i of busy) {
      for (let k = Math.floor((i.begin - from) / step); k < n; k++) {
        const b0 = from + k * step;
        if (b0 >= i.end) break;
        out[k] = (out[k] as number) + (Math.min(i.end, b0 + step) - Math.max(i.begin, b0)) / step;
      }
    }
  }
  if (resources > 0) for (let k = 0; k < n; k++) out[k] = (out[k] as number) / resources;
  return out;
}

/** Leaves and breaks of a row that overlap [from, to): drawn hatched across every day they cover. */
export function blocksIn(row: Pick<Row, 'blocks'>, from: number, to: number): Bar[] {
  return row.blocks.filter((b) => b.begin < to && b.end > from);
}
