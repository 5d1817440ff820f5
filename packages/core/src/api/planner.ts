import { z } from 'zod';
import { REPEAT_FREQUENCIES } from '../records/recurrence.ts';
import { createBookingBody, savedBooking } from './bookings.ts';
import { numberedPageOf, numberedQuery, SECONDS } from './common.ts';

/*
 * Booking series (`planner_recurrence`) and the Planner screen (`planner_plan`), issue 22 point 1.
 * A series is stored in the spec's `recurring_bookings` collection; its bookings are ordinary
 * timeline records. Wall-clock seconds throughout (`utc_*_plus_tz`).
 */

/** How a booking repeats: exactly one of `until` (the last day, any time of it) and `count`. */
export const repeatRule = z.strictObject({
  frequency: z.enum(REPEAT_FREQUENCIES),
  until: SECONDS.nullish().describe('the last day (wall-clock seconds, any time of it); or count'),
  count: z.number().int().min(1).max(100_000).nullish().describe('how many bookings; or until'),
});
export type RepeatRuleBody = z.infer<typeof repeatRule>;

/** `POST /booking-series`: the first booking, as `POST /timeline-records` takes it, and its rule. */
export const createSeriesBody = createBookingBody.omit({ _id: true }).extend({ repeat: repeatRule });
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

/** A series as the planner lists it. */
export const bookingSeries = z.object({
  _id: z.string(),
  frequency: z.enum(REPEAT_FREQUENCIES),
  until: z.number().nullable(),
  count: z.number().nullable(),
  /** The first booking's times (the rule's anchor). */
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  reference: z.string().nullable(),
  customerId: z.string().nullable(),
  resIds: z.array(z.string()),
  /** The series' bookings not cancelled. */
  occurrences: z.number(),
  /** The next booking not cancelled, from now on (the organisation's clock), if any. */
  next: z.object({ _id: z.string(), utc_begin_plus_tz: z.number() }).nullable(),
  /** When a dispatcher ended it (wall-clock seconds), else null. */
  ended_at: z.number().nullable(),
});
export type BookingSeries = z.infer<typeof bookingSeries>;

/** `POST /booking-series` answers the series and its first booking (with what it re-checked). */
export const createdSeries = z.object({
  series: bookingSeries,
  first: savedBooking,
  /** How many of the series' bookings the overlap validator marked as conflicts. */
  conflicts: z.number(),
});
export type CreatedSeries = z.infer<typeof createdSeries>;

/** `GET /planner/series`: numbered pages of 30 (spec §9: recurring and planned bookings). */
export const seriesQuery = z.strictObject({ ...numberedQuery });
export const seriesPage = numberedPageOf(bookingSeries);
export type SeriesPage = z.infer<typeof seriesPage>;

/** `POST /planner/series/:id/end` answers the series and how many future bookings it cancelled. */
export const endedSeries = z.object({ series: bookingSeries, cancelled: z.number() });
export type EndedSeries = z.infer<typeof endedSeries>;

/** The planner's default and largest page. */
export const SERIES_PAGE = 30;
