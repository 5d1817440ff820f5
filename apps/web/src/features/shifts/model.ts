import type { PutShiftBody, SavedShift, ShiftRecord, ShiftTiming } from '@rostra/core/api/shifts';
import { DAY, DAY_CODES, type DayCode, fromYmd, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * A resource's weekly availability (the spec's weekly timesheet record) as the shifts screen edits
 * it: per day a flag and a list of timings. The record keeps `beg`/`end` too (what a day without
 * its own timings uses), so a saved week sets both: every worked day's timings, and `beg`/`end`
 * from the first worked day.
 */

export type { ShiftRecord };

/** The editor's state of a week (not the record: what the form holds until it is saved). */
export type DayPlan = { isOn: boolean; timings: ShiftTiming[] };
export type WeekPlan = Record<DayCode, DayPlan>;

/** A week's record, or none yet (version 0 creates it). */
export type ShiftWeek = { weekId: string; record: ShiftRecord | null; version: number };

export const DEFAULT_TIMING: ShiftTiming = { beg: 9 * 3600, end: 17 * 3600 };

/** `YYYY-MM-DD_YYYY-MM-DD` of the week holding `sec` (its first and last day). */
export function weekIdOf(sec: number, weekStartDay = 0): string {
  const first = weekStart(sec, weekStartDay);
  return `${toYmd(first)}_${toYmd(first + 6 * DAY)}`;
}

/** 00:00 of a week id's first day. */
export function weekIdStart(weekId: string): number {
  return fromYmd(weekId.slice(0, 10));
}

/** The week id `weeks` weeks after this one. */
export function shiftWeekId(weekId: string, weeks: number): string {
  const first = weekIdStart(weekId) + weeks * WEEK;
  return `${toYmd(first)}_${toYmd(first + 6 * DAY)}`;
}

/** Day codes in the order the week shows them (from its first day). */
export function daysOfWeek(weekId: string): { code: DayCode; date: number }[] {
  const first = weekIdStart(weekId);
  return Array.from({ length: 7 }, (_, i) => {
    const date = first + i * DAY;
    return { code: DAY_CODES[new Date(date * 1000).getUTCDay()] as DayCode, date };
  });
}

export function emptyPlan(): WeekPlan {
  return Object.fromEntries(DAY_CODES.map((d) => [d, { isOn: false, timings: [] }])) as unknown as WeekPlan;
}

/** The editor's plan of a record: a worked day's timings are its own, else `beg`/`end`. */
export function planOf(record: ShiftRecord | null): WeekPlan {
  const plan = emptyPlan();
  if (!record) return plan;
  for (const d of DAY_CODES) {
    const isOn = record[d];
    const own = record.timings[d];
    const timings = own
      ? own.map((t) => ({ beg: t.beg, end: t.end }))
      : [{ beg: record.beg, end: record.end }];
    // A day switched off keeps nothing: switching it on again starts from the default.
    plan[d] = { isOn, timings: isOn ? timings : [] };
  }
  return plan;
}

export type PlanIssue = { day: DayCode; index: number; message: string };

/**
 * What is wrong with a plan, per timing: a timing of zero length, or two timings of a day that
 * overlap (an `end <= beg` timing runs to the next day).
 */
export function planIssues(plan: WeekPlan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  for (const d of DAY_CODES) {
    const day = plan[d];
    if (!day.isOn) continue;
    if (day.timings.length === 0) {
      issues.push({ day: d, index: -1, message: 'A worked day needs at least one timing' });
      continue;
    }
    const spans = day.timings.map((t) => [t.beg, t.end <= t.beg ? t.end + DAY : t.end] as const);
    spans.forEach(([b, e], i) => {
      if (!Number.isFinite(b) || !Number.isFinite(e)) {
        issues.push({ day: d, index: i, message: 'Enter a begin and an end time' });
      } else if (day.timings[i]?.beg === day.timings[i]?.end) {
        issues.push({ day: d, index: i, message: 'Begin and end are the same time' });
      } else {
        const clash = spans.findIndex(([b2, e2], j) => j < i && b < e2 && b2 < e);
        if (clash >= 0) issues.push({ day: d, index: i, message: `Overlaps timing ${clash + 1}` });
      }
    });
  }
  return issues;
}

/** A time of a timing: seconds in the day, NaN while its text is not a time. */
const TIME = z.union([z.number(), z.nan()]);
const dayPlanSchema = z.object({
  isOn: z.boolean(),
  timings: z.array(z.object({ beg: TIME, end: TIME })),
});

/**
 * The week form's schema: a plan, refused with {@link planIssues}' messages on the timing they
 * are about (`mo.timings.1`), or on the day's flag (`mo.isOn`) for a worked day without timings.
 */
export const weekPlanSchema = z
  .object({
    su: dayPlanSchema,
    mo: dayPlanSchema,
    tu: dayPlanSchema,
    we: dayPlanSchema,
    th: dayPlanSchema,
    fr: dayPlanSchema,
    sa: dayPlanSchema,
  })
  .superRefine((plan, ctx) => {
    for (const issue of planIssues(plan)) {
      const path = issue.index < 0 ? [issue.day, 'isOn'] : [issue.day, 'timings', issue.index];
      ctx.addIssue({ code: 'custom', message: issue.message, path });
    }
  });

/** The PUT body of a plan (without the version). */
export function bodyOf(plan: WeekPlan): Omit<PutShiftBody, 'version'> {
  const first = DAY_CODES.map((d) => plan[d]).find((p) => p.isOn && p.timings.length > 0)?.timings[0];
  const { beg, end } = first ?? DEFAULT_TIMING;
  const body: Omit<PutShiftBody, 'version'> & { timings: NonNullable<PutShiftBody['timings']> } = {
    beg,
    end,
    timings: {},
  };
  for (const d of DAY_CODES) {
    body[d] = plan[d].isOn;
    if (plan[d].isOn) body.timings[d] = plan[d].timings.map((t) => ({ beg: t.beg, end: t.end }));
  }
  return body;
}

/** Hours a plan covers in the week (2 decimals), for the summary. */
export function plannedHours(plan: WeekPlan): number {
  let seconds = 0;
  for (const d of DAY_CODES) {
    if (!plan[d].isOn) continue;
    for (const t of plan[d].timings) seconds += t.end <= t.beg ? t.end + DAY - t.beg : t.end - t.beg;
  }
  return Math.round((seconds / 3600) * 100) / 100;
}

export async function fetchShiftWeek(resourceId: string, weekId: string): Promise<ShiftWeek> {
  try {
    const record = await api.get<ShiftRecord>(
      `/resources/${encodeURIComponent(resourceId)}/shifts/${encodeURIComponent(weekId)}`,
      { quiet: true },
    );
    return { weekId, record, version: record.version };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { weekId, record: null, version: 0 };
    throw error;
  }
}

export function saveShiftWeek(
  resourceId: string,
  weekId: string,
  plan: WeekPlan,
  version: number,
): Promise<SavedShift> {
  // The answer says which of the resource's bookings that week the change re-checked.
  const body: PutShiftBody = { ...bodyOf(plan), version };
  return api.request<SavedShift>(
    `/resources/${encodeURIComponent(resourceId)}/shifts/${encodeURIComponent(weekId)}`,
    { method: 'PUT', body, quiet: true },
  );
}
