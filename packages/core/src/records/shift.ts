import { z } from 'zod';
import { dayFlagSchema } from './common.ts';

/** One interval of a day; seconds in the day, `end <= beg` means it ends the next day. */
export const shiftTimingSchema = z.looseObject({ beg: z.number(), end: z.number() });
export type ShiftTiming = z.infer<typeof shiftTimingSchema>;

/** `YYYY-MM-DD_YYYY-MM-DD`: the first and last day of the shift's week. */
export const WEEK_ID_PATTERN = /^\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/;

/**
 * A weekly timesheet record (spec §3). Day flags `su`…`sa` say which days are worked; `beg`/`end`
 * are seconds in the day (`end <= beg`: ends the next day); `timings[day]` replaces beg/end for
 * that day. `_id` is `resourceId_weekId`.
 */
export const shiftSchema = z.looseObject({
  _id: z.string().nullish(),
  resourceId: z.string(),
  week_id: z.string().regex(WEEK_ID_PATTERN, { error: 'expected YYYY-MM-DD_YYYY-MM-DD' }),
  su: dayFlagSchema.nullish(),
  mo: dayFlagSchema.nullish(),
  tu: dayFlagSchema.nullish(),
  we: dayFlagSchema.nullish(),
  th: dayFlagSchema.nullish(),
  fr: dayFlagSchema.nullish(),
  sa: dayFlagSchema.nullish(),
  beg: z.number().nullish(),
  end: z.number().nullish(),
  timings: z
    .looseObject({
      su: z.array(shiftTimingSchema).nullish(),
      mo: z.array(shiftTimingSchema).nullish(),
      tu: z.array(shiftTimingSchema).nullish(),
      we: z.array(shiftTimingSchema).nullish(),
      th: z.array(shiftTimingSchema).nullish(),
      fr: z.array(shiftTimingSchema).nullish(),
      sa: z.array(shiftTimingSchema).nullish(),
    })
    .nullish(),
  day_n: z.number().nullish(),
  /** `yyyymmdd`. */
  queryfld: z.union([z.string(), z.number()], { error: 'expected a string or a number' }).nullish(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** The daily shift derived from a weekly record for one day (times in wall-clock seconds). */
export const dailyShiftSchema = shiftSchema.extend({
  day: z.string().nullish(),
  startDate: z.string().nullish(),
  utc_begin_plus_tz: z.number().nullish(),
  utc_end_plus_tz: z.number().nullish(),
  week_start: z.number().nullish(),
  unique_id: z.string().nullish(),
});
export type DailyShift = z.infer<typeof dailyShiftSchema>;

/** Pointer to a stored file of a week's shifts. `expires` is seconds. */
export const shiftFileSchema = z.looseObject({
  url: z.string(),
  compressed: z.boolean().nullish(),
  stale: z.boolean().nullish(),
  expires: z.number().nullish(),
  week_id: z.string().nullish(),
});
export type ShiftFile = z.infer<typeof shiftFileSchema>;
