import { z } from 'zod';
import { exceptionEntry } from './exceptions.ts';

/*
 * The reports and analytics API (issue 8; core §9 formats): a period of days, booked hours per
 * resource or label, jobs by status, the exceptions among a period's jobs, and the analytics
 * (utilisation, jobs by status over time, conflicts by reason, hours against limits). Whether a
 * period is valid is the core's rule (`reports/period`); the server validates and answers with
 * these, and the reports screens take their types from them. Timesheets and quotes and invoices
 * are the job life API's (`api/job-life.ts`).
 */

const DATE = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .meta({ examples: ['2026-03-09'] });

/** A period of whole days: `?from&to`, both `YYYY-MM-DD` in the organisation's wall clock. */
export const periodQuery = z.strictObject({
  from: DATE.describe('first day of the period (organisation wall clock)'),
  to: DATE.describe('last day of the period, included'),
});
/** A period as the screens hold it: two dates, both included. */
export type DateRange = z.infer<typeof periodQuery>;

export const HOURS_GROUPS = ['resource', 'label'] as const;
export type HoursGroup = (typeof HOURS_GROUPS)[number];

/** `GET /reports/hours` (and `.csv`). */
export const hoursQuery = periodQuery.extend({
  group: z.enum(HOURS_GROUPS).default('resource').describe('hours per resource or per label'),
});
export type HoursQuery = z.infer<typeof hoursQuery>;

/** Booked hours of one resource or label (`hours_hmm`: h.mm). */
export const hoursRow = z.object({
  key: z.string(),
  name: z.string(),
  jobs: z.number(),
  seconds: z.number(),
  hours_hmm: z.string(),
});
export type HoursRow = z.infer<typeof hoursRow>;
export const hoursReport = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(HOURS_GROUPS),
  rows: z.array(hoursRow),
  total: z.object({ jobs: z.number(), seconds: z.number(), hours_hmm: z.string() }),
});
export type HoursReport = z.infer<typeof hoursReport>;

/** `GET /reports/jobs-by-status`: bookings beginning in the period, by status. */
export const statusReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ status: z.string(), jobs: z.number() })),
  total: z.number(),
});
export type StatusReport = z.infer<typeof statusReport>;

/** An exception report's entry (core's), with the job's times and who it is for. */
export const exceptionRow = exceptionEntry.extend({
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  customer: z.string().nullable(),
  reference: z.string().nullable(),
});
export type ExceptionRow = z.infer<typeof exceptionRow>;
/** `GET /reports/exceptions`: the exceptions among the current jobs overlapping the period. */
export const exceptionsReport = z.object({
  from: z.string(),
  to: z.string(),
  computed_for: z.number(),
  entries: z.array(exceptionRow),
  by_action_status: z.array(z.object({ action_status: z.string(), jobs: z.number() })),
  truncated: z.boolean(),
});
export type ExceptionsReport = z.infer<typeof exceptionsReport>;

/** A resource's hours against their day, week and fortnight limits. */
export const limitRow = z.object({
  day_hours: z.number(),
  week_hours: z.number(),
  fortnight_hours: z.number(),
  day_limit: z.number(),
  week_limit: z.number(),
  fortnight_limit: z.number(),
  is_over: z.boolean(),
});
export type LimitRow = z.infer<typeof limitRow>;

/** `GET /analytics` (a resource: their own numbers only). */
export const analytics = z.object({
  from: z.string(),
  to: z.string(),
  /** Seconds per bucket of `jobs_by_status_over_time` (a day, or a week beyond 31 days). */
  bucket_seconds: z.number(),
  resources: z.array(
    z.object({
      resource_id: z.string(),
      name: z.string(),
      booked_seconds: z.number(),
      hours_hmm: z.string(),
      available_hours: z.number(),
      /** Booked over available hours; null when none are available. */
      utilisation: z.number().nullable(),
      limits: limitRow,
    }),
  ),
  labels: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      jobs: z.number(),
      booked_seconds: z.number(),
      hours_hmm: z.string(),
      available_hours: z.number(),
      utilisation: z.number().nullable(),
    }),
  ),
  jobs_by_status_over_time: z.array(
    z.object({ start: z.number(), counts: z.record(z.string(), z.number()) }),
  ),
  conflicts_by_reason: z.array(z.object({ code: z.string(), jobs: z.number() })),
});
export type Analytics = z.infer<typeof analytics>;
