import { z } from 'zod';
import { dailyShiftSchema, shiftSchema, WEEK_ID_PATTERN } from '../records/shift.ts';
import { DAY_CODES, type DayCode } from '../time/calendar.ts';
import { recheckedSchema } from '../timeline/rechecked.ts';
import type { createBookingBody } from './bookings.ts';
import { cursorPageOf, ID, querySeconds, VERSION } from './common.ts';

/*
 * The shifts API (spec §3 weekly timesheet records): a resource's week, addressed as
 * `/resources/:id/shifts/:week_id` (the record's `_id` is `resourceId_weekId`), the week's records
 * of every resource, and the daily shifts derived from them. The server validates and answers
 * with these; the shifts screen takes its types and its body from them.
 */

/** `YYYY-MM-DD_YYYY-MM-DD`: a week's first and last day. */
export const WEEK_ID = z
  .string()
  .regex(WEEK_ID_PATTERN, 'expected YYYY-MM-DD_YYYY-MM-DD')
  .meta({ description: 'YYYY-MM-DD_YYYY-MM-DD', examples: ['2026-03-09_2026-03-15'] });

/**
 * `/resources/:id/shifts/:week_id`. The week is only bounded here: the route checks its form after
 * the resource, so that a week of another organisation's resource answers 404 like the resource.
 */
export const shiftWeekParams = z.strictObject({ id: ID, week_id: z.string().min(1).max(40) });

/** `GET /shifts?week_id` (with the page parameters). */
export const weekShiftsQuery = { week_id: WEEK_ID };

/** `GET /daily-shifts?from&to`: a window of at most 62 days. */
export const dailyShiftsQuery = z.strictObject({ from: querySeconds, to: querySeconds });

/** Seconds in a day: 0–86 400. */
const SECONDS_IN_DAY = z.number().int().min(0).max(86_400);
/** Shift timings of one day: intervals in seconds of the day (`end <= beg`: ends the next day). */
const TIMINGS = z.array(z.strictObject({ beg: SECONDS_IN_DAY, end: SECONDS_IN_DAY })).max(24);
const DAY_FLAG = z.union([z.boolean(), z.number().int().min(0).max(1)]);

/** `PUT /resources/:id/shifts/:week_id`: the day flags, the default `beg`/`end`, per-day timings. */
export const putShiftBody = z.strictObject({
  su: DAY_FLAG.optional(),
  mo: DAY_FLAG.optional(),
  tu: DAY_FLAG.optional(),
  we: DAY_FLAG.optional(),
  th: DAY_FLAG.optional(),
  fr: DAY_FLAG.optional(),
  sa: DAY_FLAG.optional(),
  beg: SECONDS_IN_DAY.optional(),
  end: SECONDS_IN_DAY.optional(),
  timings: z
    .strictObject({
      su: TIMINGS.nullish(),
      mo: TIMINGS.nullish(),
      tu: TIMINGS.nullish(),
      we: TIMINGS.nullish(),
      th: TIMINGS.nullish(),
      fr: TIMINGS.nullish(),
      sa: TIMINGS.nullish(),
    })
    .optional(),
  version: VERSION.optional().describe('the version read (0 when the week has no record yet); or If-Match'),
});
export type PutShiftBody = z.input<typeof putShiftBody>;

/** One interval of a day as stored: seconds in the day. */
export const shiftTiming = z.object({ beg: z.number(), end: z.number() });
export type ShiftTiming = z.infer<typeof shiftTiming>;

const dayFlags = Object.fromEntries(DAY_CODES.map((d) => [d, z.boolean()])) as Record<DayCode, z.ZodBoolean>;

const dayTimings = Object.fromEntries(DAY_CODES.map((d) => [d, z.array(shiftTiming).optional()])) as Record<
  DayCode,
  z.ZodOptional<z.ZodArray<typeof shiftTiming>>
>;

/**
 * A weekly record as the API answers it: every day's flag, the default `beg`/`end`, the days with
 * timings of their own, the version; other stored (imported) fields pass through.
 */
export const shiftRecord = shiftSchema.extend({
  _id: z.string(),
  resourceId: z.string(),
  week_id: z.string(),
  ...dayFlags,
  beg: z.number(),
  end: z.number(),
  timings: z.looseObject(dayTimings),
  version: z.number(),
});
export type ShiftRecord = z.infer<typeof shiftRecord>;

/** `GET /shifts`, `GET /resources/:id/shifts`: a page of weekly records. */
export const shiftPage = cursorPageOf(shiftRecord);
export type ShiftPage = z.infer<typeof shiftPage>;

/** `PUT` and `DELETE /resources/:id/shifts/:week_id`: the record and the bookings re-checked. */
export const savedShift = shiftRecord.extend({ rechecked: recheckedSchema });
export type SavedShift = z.infer<typeof savedShift>;

/** `GET /daily-shifts`: the daily shifts overlapping the window, in time order. */
export const dailyShiftsAnswer = z.object({ items: z.array(dailyShiftSchema) });
export type DailyShiftsAnswer = z.infer<typeof dailyShiftsAnswer>;

/** A leave's or a break's fields as the shifts screen writes them (`POST`/`PATCH /timeline-records`). */
export type LeaveBody = z.input<typeof createBookingBody>;
