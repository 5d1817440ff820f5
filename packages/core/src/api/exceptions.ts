import { z } from 'zod';
import { STATUS_ORDER } from '../exceptions/status-order.ts';
import { VERSION } from './common.ts';
import { exceptionConfigAnswer } from './settings.ts';

/*
 * The exception report API (spec §4, §7; dispatchers only): the stored report, the report with each
 * entry's job as it is now (the detail screen), and the rules it is computed by. The server
 * validates and answers with these; the banner and the detail screen take their types from them.
 */

const STATUSES = Object.keys(STATUS_ORDER) as [keyof typeof STATUS_ORDER, ...(keyof typeof STATUS_ORDER)[]];

/** One entry of the report (core's `ExceptionEntry`). */
export const exceptionEntry = z.object({
  _id: z.string(),
  action_status: z.string(),
  curr_state: z.string(),
  /** Matched: when the state changed (null if unknown). Otherwise: the reference time. Seconds. */
  curr_state_date: z.number().nullable(),
  labels: z.array(z.string()),
  matched: z.boolean(),
});

const reportFields = {
  _id: z.string(),
  current_report: z.boolean(),
  configs_map_ids: z.record(z.string(), z.array(z.string())),
  computed_for: z.number(),
  version: z.number(),
};

/** `GET /exception-report`: the organisation's current report, recomputed every minute. */
export const exceptionReport = z.object({ ...reportFields, entries: z.array(exceptionEntry) });
export type ExceptionReportAnswer = z.infer<typeof exceptionReport>;

const person = z.object({ _id: z.string(), name: z.string() });

/** An entry's job as it is now; null when the job no longer exists. */
export const exceptionJob = z.object({
  reference: z.string().nullable(),
  customer: person.nullable(),
  workers: z.array(person),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  status: z.string(),
});

/** `GET /exception-report/detail`: the report with each entry's job. */
export const exceptionReportDetail = z.object({
  ...reportFields,
  entries: z.array(exceptionEntry.extend({ job: exceptionJob.nullable() })),
});
export type ExceptionReportDetail = z.infer<typeof exceptionReportDetail>;
export type ExceptionDetailEntry = ExceptionReportDetail['entries'][number];

/** `PUT /exception-report/config`: the rules, replaced whole. */
export const exceptionConfigBody = z.strictObject({
  configs: z
    .array(
      z.strictObject({
        action_status: z.enum(STATUSES),
        action_attr: z
          .string()
          .max(60)
          .optional()
          .describe('job field with the reference time; default utc_end_plus_tz'),
        exception_min_amber: z.number().min(0).max(525_600),
      }),
    )
    .max(20),
  unconfirmed_hours: z
    .number()
    .min(0)
    .max(720)
    .nullable()
    .optional()
    .describe(
      'hours before its start at which a job its workers have not confirmed is an exception; null: never',
    ),
  version: VERSION.optional(),
});
export type ExceptionConfigBody = z.input<typeof exceptionConfigBody>;

/** `GET` and `PUT /exception-report/config`: the rules as stored. */
export const exceptionConfig = exceptionConfigAnswer;
export type ExceptionConfig = z.infer<typeof exceptionConfig>;
