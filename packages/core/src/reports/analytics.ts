/**
 * Pure shaping of the analytics figures (shell §2 analytics): utilisation and hours against the
 * resources' hour limits (core §3, §5 rule 6), from the sums the database computes.
 */
import { hourLimits } from '../allocation/scenario-index.ts';
import { DAY, WEEK } from '../time/calendar.ts';

export type ResourceLimits = {
  max_hrs_dy?: number | null | undefined;
  max_hrs_wk?: number | null | undefined;
  max_hrs_fn?: number | null | undefined;
};

/**
 * Hours a resource is available in a period of `days` days: its weekly limit (`max_hrs_wk`, the
 * contract's default 168 when unset) spread over the days. Hours.
 */
export function availableHours(limits: ResourceLimits, days: number): number {
  const { week } = hourLimits({ _id: '', max_hrs_wk: limits.max_hrs_wk });
  return (week * days * DAY) / WEEK;
}

/**
 * Booked share of the available hours, 0..∞ (above 1 is over-booked), rounded to 3 decimals;
 * null when nothing is available (a limit of 0).
 */
export function utilisation(bookedSeconds: number, available: number): number | null {
  if (!(available > 0)) return null;
  return Math.round((bookedSeconds / 3600 / available) * 1000) / 1000;
}

export type LimitRow = {
  /** Booked hours of the resource's busiest day, week and fortnight of the period. */
  day_hours: number;
  week_hours: number;
  fortnight_hours: number;
  day_limit: number;
  week_limit: number;
  fortnight_limit: number;
  /** Whether any of the three is above its limit (at the limit passes, as in the allocation check). */
  is_over: boolean;
};

/** The busiest day, week and fortnight against the resource's limits (`hourLimits`: the check's own). */
export function hoursAgainstLimits(
  limits: ResourceLimits,
  busiest: { day: number; week: number; fortnight: number },
): LimitRow {
  const l = hourLimits({
    _id: '',
    max_hrs_dy: limits.max_hrs_dy,
    max_hrs_wk: limits.max_hrs_wk,
    max_hrs_fn: limits.max_hrs_fn,
  });
  const r2 = (s: number) => Math.round((s / 3600) * 100) / 100;
  const row = {
    day_hours: r2(busiest.day),
    week_hours: r2(busiest.week),
    fortnight_hours: r2(busiest.fortnight),
    day_limit: l.day,
    week_limit: l.week,
    fortnight_limit: l.fortnight,
  };
  return {
    ...row,
    is_over:
      busiest.day / 3600 > l.day || busiest.week / 3600 > l.week || busiest.fortnight / 3600 > l.fortnight,
  };
}
