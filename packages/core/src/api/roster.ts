import { z } from 'zod';
import { conflictError, type createBookingBody } from './bookings.ts';
import { ID, SECONDS } from './common.ts';

/*
 * The master roster API (spec §2, §3, §4): template items are drafts of type `roster` on the
 * template fortnight, written through `/timeline-records` (the bookings API's bodies and
 * answers); the rollout turns them into real bookings for a period. The server validates and
 * answers with these; the web takes its types from them.
 */

/** A rollout covers at most this many days. */
export const MAX_ROLLOUT_DAYS = 62;

/** `POST /master-roster/rollout`: the period and what to roll out. */
export const rolloutBody = z.strictObject({
  from: SECONDS.describe('first moment of the period (wall-clock seconds)'),
  to: SECONDS.describe('end of the period, exclusive (wall-clock seconds)'),
  template_id: ID.optional().describe('only the items of this template (default: every item)'),
  dry_run: z.boolean().optional().describe('count what would be written, write nothing'),
});
export type RolloutBody = z.input<typeof rolloutBody>;

/** A placement whose booking became a draft without resources, and why (the verdict's errors). */
export const rolloutConflict = z.object({
  _id: z.string(),
  template_item_id: z.string(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  errors: z.array(conflictError),
});
export type RolloutConflict = z.infer<typeof rolloutConflict>;

/** A template item left out of the rollout: unreadable (`index` in the list) or without a customer. */
export const rolloutIssue = z.object({
  code: z.string(),
  message: z.string(),
  index: z.number().optional(),
  _id: z.string().optional(),
});
export type RolloutIssue = z.infer<typeof rolloutIssue>;

/** What a rollout did (or, on a dry run, would do). */
export const rolloutAnswer = z.object({
  from: z.number(),
  to: z.number(),
  dry_run: z.boolean(),
  items: z.number().describe('template items considered'),
  placements: z.number().describe('bookings the period gets from them'),
  created: z.number().describe('written now: rostered + drafts (always 0 on a dry run)'),
  rostered: z.number(),
  drafts: z.number(),
  existing: z.number().describe('placements whose booking an earlier rollout already wrote'),
  conflicts: z.array(rolloutConflict),
  issues: z.array(rolloutIssue),
});
export type RolloutAnswer = z.infer<typeof rolloutAnswer>;

/** A template item's fields as the roster screen writes them (`POST`/`PATCH /timeline-records`). */
export type TemplateItemBody = z.input<typeof createBookingBody>;
