/**
 * The period filter of the reports and analytics: two `YYYY-MM-DD` dates on the organisation's
 * wall clock, both included, at most {@link MAX_PERIOD_DAYS} days.
 */
import { DAY, fromYmd } from '../time/calendar.ts';

export const MAX_PERIOD_DAYS = 366;

export type Period = {
  /** First day at 00:00, wall-clock seconds. */
  from: number;
  /** The day after the last day at 00:00 (exclusive end), wall-clock seconds. */
  to: number;
  days: number;
};

export type PeriodIssue = { code: 'invalid_period'; field: 'from' | 'to'; message: string };

export const PERIOD_MESSAGES = {
  badDate: (field: string) => `${field} must be a date written YYYY-MM-DD`,
  reversed: 'The period ends before it starts',
  tooLong: `The period is at most ${MAX_PERIOD_DAYS} days`,
} as const;

/** Parses the period, or says what is wrong with it (never throws). */
export function parsePeriod(
  from: string,
  to: string,
): { ok: true; period: Period } | { ok: false; issue: PeriodIssue } {
  const f = fromYmd(from);
  if (Number.isNaN(f))
    return {
      ok: false,
      issue: { code: 'invalid_period', field: 'from', message: PERIOD_MESSAGES.badDate('from') },
    };
  const t = fromYmd(to);
  if (Number.isNaN(t))
    return {
      ok: false,
      issue: { code: 'invalid_period', field: 'to', message: PERIOD_MESSAGES.badDate('to') },
    };
  if (t < f)
    return { ok: false, issue: { code: 'invalid_period', field: 'to', message: PERIOD_MESSAGES.reversed } };
  const days = (t - f) / DAY + 1;
  if (days > MAX_PERIOD_DAYS)
    return { ok: false, issue: { code: 'invalid_period', field: 'to', message: PERIOD_MESSAGES.tooLong } };
  return { ok: true, period: { from: f, to: t + DAY, days } };
}

/**
 * Size of the buckets of "jobs by status over time": a day for periods up to 31 days, else a week
 * (so a chart has at most ~53 points). Seconds.
 */
export function bucketSize(period: Period): number {
  return period.days <= 31 ? DAY : 7 * DAY;
}
