import { DAY, wallOf } from '../time/calendar.ts';
import { consecutiveRun, type JobContext } from './job-context.ts';
import { type AllocationIssue, messages } from './messages.ts';
import type { SwitchName } from './scenario.ts';
import { type PeriodSums, shiftStatus } from './scenario-index.ts';
import { haversineKm } from './score.ts';
import { travelClash } from './travel.ts';

/**
 * The candidate checks of contract §Checks, in its order. Each takes the job's context and a
 * resource (its position in the pool) and returns the failure as a structured issue, or
 * `undefined` when the resource passes. They never throw and never look at their switch: the
 * caller skips a check whose switch is true (see `CHECKS`).
 *
 * The ranking loop (`evaluateCandidates`) decides pass/fail with the same index queries without
 * building messages; these functions build the messages for the candidates that are shown.
 */

export type Check = (ctx: JobContext, r: number) => AllocationIssue | undefined;

/** 1. `inactive` and not a promoted dispatcher. */
export const checkResourceInactive: Check = (ctx, r) =>
  ctx.ix.inactive[r] === 1 ? { code: 'resource_inactive', message: messages.resourceInactive() } : undefined;

/** 2. `InactiveDate` (seconds) before the job begins; equal to the begin passes. */
export const checkResourceInactiveDate: Check = (ctx, r) => {
  const date = ctx.ix.inactiveDate[r] as number;
  return date < ctx.begin
    ? {
        code: 'resource_inactive_date',
        message: messages.resourceInactiveDate(date, ctx.ix.config.dateFormat),
      }
    : undefined;
};

/** 3. The blacklist of the job's customer holds the resource. */
export const checkResourceBlacklisted: Check = (ctx, r) =>
  ctx.blacklist?.[r] === 1
    ? { code: 'resource_blacklisted', message: messages.resourceBlacklisted(ctx.customerName) }
    : undefined;

/** 4. A leave of the resource overlaps the job (plain overlap, no tolerance); names the earliest. */
export const checkResourceOnLeave: Check = (ctx, r) => {
  const leave = ctx.leaves.first(r, ctx.begin, ctx.end);
  return leave
    ? {
        code: 'resource_on_leave',
        message: messages.resourceOnLeave(leave[0], leave[1], ctx.ix.config.dateFormat),
      }
    : undefined;
};

/** 5. A break of the resource overlaps the job (plain overlap, no tolerance); names the earliest. */
export const checkResourceBreakTime: Check = (ctx, r) => {
  const brk = ctx.breaks.first(r, ctx.begin, ctx.end);
  return brk
    ? {
        code: 'resource_break_time',
        message: messages.resourceBreakTime(brk[0], brk[1], ctx.ix.config.dateFormat),
      }
    : undefined;
};

/**
 * Hours of a period (its counted jobs' seconds + the job's, in hours) above the resource's limit
 * (`limits[r]`, hours): `exceeded N hours (K jobs)`, K counting the job. At the limit passes.
 */
function hoursIssue(
  ctx: JobContext,
  r: number,
  code: string,
  sums: PeriodSums,
  limits: Float64Array,
): AllocationIssue | undefined {
  const limit = limits[r] as number;
  if (((sums.sec[r] as number) + ctx.duration) / 3600 <= limit) return undefined;
  return { code, message: messages.hoursExceeded(limit, (sums.cnt[r] as number) + 1) };
}

/** 6a. Hours of the job's day, the job included, above the day limit. */
export const checkMaxHoursDaily: Check = (ctx, r) =>
  hoursIssue(ctx, r, 'resource_cross_max_min_hours_daily', ctx.daySums, ctx.ix.dayLimit);

/** 6b. Hours of the job's week, the job included, above `max_hrs_wk` (default 168). */
export const checkMaxHoursWeekly: Check = (ctx, r) =>
  hoursIssue(ctx, r, 'resource_cross_max_min_hours_week', ctx.weekSums, ctx.ix.weekLimit);

/** 6c. Hours of the job's fortnight, the job included, above `max_hrs_fn` (default 336). */
export const checkMaxHoursFortnightly: Check = (ctx, r) =>
  hoursIssue(ctx, r, 'resource_cross_max_min_hours_fortnight', ctx.fortnightSums, ctx.ix.fortnightLimit);

/** Whether resource `r` carries a label named `lower` (a lower-case name). */
export function hasLabel(ctx: JobContext, r: number, lower: string): boolean {
  const id = ctx.ix.labelIds.get(lower);
  if (id === undefined) return false;
  const word = ctx.ix.labelBits[r * ctx.ix.labelWords + (id >>> 5)] as number;
  return ((word >>> (id & 31)) & 1) === 1;
}

/** 7. A job label (by name, case-insensitive) is missing on the resource; lists the missing ones. */
export const checkLabelMatch: Check = (ctx, r) => {
  const missing: string[] = [];
  for (let i = 0; i < ctx.labelLower.length; i++) {
    if (!hasLabel(ctx, r, ctx.labelLower[i] as string)) missing.push(ctx.labelNames[i] as string);
  }
  return missing.length === 0
    ? undefined
    : { code: 'resource_label_mismatch', message: messages.labelMismatch(missing) };
};

/** 8. No shift covers the job's day, or the job is not inside one of that day's intervals. */
export const checkResourceShift: Check = (ctx, r) => {
  const status = shiftStatus(ctx.shifts, r, ctx.begin, ctx.end);
  if (status === 0) return undefined;
  return status === 1
    ? { code: 'resource_shift_not_setup', message: messages.shiftNotSetup(ctx.day) }
    : { code: 'resource_shift_not_match', message: messages.shiftNotMatch() };
};

/** 9. Another counted job of the resource overlaps by more than 900 s; names the earliest. */
export const checkResourceBusy: Check = (ctx, r) => {
  const other = ctx.busy.first(r, ctx.begin, ctx.end);
  return other
    ? { code: 'resource_busy', message: messages.resourceBusy(other[0], other[1], ctx.ix.config.dateFormat) }
    : undefined;
};

/** Kilometres between the job and resource `r`, or −1 when either has no `_geoloc`. */
export function candidateKm(ctx: JobContext, r: number): number {
  const ix = ctx.ix;
  const g = ctx.geo;
  if (g === undefined || ix.hasGeo[r] === 0) return -1;
  return haversineKm(
    g.sinHalfLat,
    g.cosHalfLat,
    g.sinHalfLng,
    g.cosHalfLng,
    g.cosLat,
    ix.sinHalfLat[r] as number,
    ix.cosHalfLat[r] as number,
    ix.sinHalfLng[r] as number,
    ix.cosHalfLng[r] as number,
    ix.cosLat[r] as number,
  );
}

/** 10. Haversine km >= max_distance / 1000; passes when either side has no location. */
export const checkDistance: Check = (ctx, r) => {
  const km = candidateKm(ctx, r);
  if (km < 0 || km < ctx.ix.config.maxKm) return undefined;
  return {
    code: 'resource_distance_exceeds_limit',
    message: messages.distanceExceeds(km, ctx.ix.config.maxKm),
  };
};

/** 11. An external booking offered to an internal resource. */
export const checkExternalToInternal: Check = (ctx, r) =>
  ctx.isExternal && ctx.ix.external[r] === 0
    ? { code: 'EXT_JOB_TO_INT_RES_PROHIBITED', message: messages.externalToInternal() }
    : undefined;

/** 12. The job's service plan blocks it (a job-level failure, the same for every candidate). */
export const checkServicePlan: Check = (ctx) => ctx.servicePlanIssue;

/**
 * 13. Rostra's rule, on with `MIN_REST_NOT_CHECK: false`: another counted job of the resource
 * (the busy check's records) ends less than `min_rest_minutes` before the job begins, or begins
 * less than that after it ends (overlapping ones included); names the earliest. A gap of exactly
 * the rest passes.
 */
export const checkMinRest: Check = (ctx, r) => {
  // Real time between the jobs (instants): across a change night the hour counts as it passes.
  const other = ctx.rest?.first(r, ctx.restBegin, ctx.restEnd);
  const tz = ctx.ix.config.timeZone;
  return other
    ? {
        code: 'resource_min_rest',
        message: messages.minRest(
          ctx.ix.config.restSeconds / 60,
          wallOf(other[0], tz),
          wallOf(other[1], tz),
          ctx.ix.config.dateFormat,
        ),
      }
    : undefined;
};

/**
 * The credentials of resource `r` that have expired before the job begins: its `valid_till`,
 * then each job label (job order) whose `label_valid_till` is earlier; empty when none has.
 */
export function expiredCredentials(ctx: JobContext, r: number): { label: string | null; till: number }[] {
  const out: { label: string | null; till: number }[] = [];
  const till = ctx.ix.validTill[r] as number;
  if (till < ctx.begin) out.push({ label: null, till });
  const labels = ctx.ix.labelValidTill[r];
  if (labels === undefined) return out;
  for (let i = 0; i < ctx.labelLower.length; i++) {
    const at = labels.get(ctx.labelLower[i] as string);
    if (at !== undefined && at < ctx.begin) out.push({ label: ctx.labelNames[i] as string, till: at });
  }
  return out;
}

/**
 * 14. Rostra's rule, on with `CREDENTIAL_EXPIRY_NOT_CHECK: false`: the job begins after the
 * resource's `valid_till`, or after the expiry of a certificate it needs (a job label the
 * resource's `label_valid_till` dates). Beginning at the expiry passes.
 */
export const checkCredentialExpiry: Check = (ctx, r) => {
  const expired = expiredCredentials(ctx, r);
  return expired.length === 0
    ? undefined
    : {
        code: 'resource_credential_expired',
        message: messages.credentialExpired(expired, ctx.ix.config.dateFormat),
      };
};

/**
 * 15. Rostra's rule, on with `MAX_CONSECUTIVE_DAYS_NOT_CHECK: false`: with the job, the resource
 * would work more than `max_consecutive_days` calendar days in a row (a day counts when a counted
 * job — the hours' records — works on it); names the whole run. Exactly the most passes.
 */
export const checkMaxConsecutiveDays: Check = (ctx, r) => {
  const max = ctx.ix.config.maxDays;
  const run = consecutiveRun(ctx, r, Number.POSITIVE_INFINITY);
  return run.days > max
    ? {
        code: 'resource_max_consecutive_days',
        message: messages.maxConsecutiveDays(
          run.days,
          run.first * DAY,
          run.last * DAY,
          max,
          ctx.ix.config.dateFormat,
        ),
      }
    : undefined;
};

/**
 * 16. Rostra's rule, on with `TRAVEL_TIME_NOT_CHECK: false`: the gap from the resource's previous
 * counted job (the busy check's records; the latest ending at or before the job begins) or to its
 * next (the earliest beginning at or after it ends) is shorter than the travel between their places
 * (`travelMinutes`); names that job. Exactly the travel passes; a missing place asks for none.
 */
export const checkTravelTime: Check = (ctx, r) => {
  const clash = travelClash(ctx, r);
  return clash
    ? {
        code: 'resource_travel_time',
        message: messages.travelTime(
          clash.minutes,
          clash.other.begin,
          clash.other.end,
          clash.after,
          ctx.ix.config.dateFormat,
        ),
      }
    : undefined;
};

/** The checks in contract order, each with the switch that skips it. */
export const CHECKS: readonly { skip: SwitchName; run: Check }[] = [
  { skip: 'RESOURCE_INACTIVE_NOT_CHECK', run: checkResourceInactive },
  { skip: 'RESOURCE_INACTIVE_DATE_NOT_CHECK', run: checkResourceInactiveDate },
  { skip: 'RESOURCE_BLACKLISTED_NOT_CHECK', run: checkResourceBlacklisted },
  { skip: 'LEAVE_NOT_CHECK', run: checkResourceOnLeave },
  { skip: 'BREAK_NOT_CHECK', run: checkResourceBreakTime },
  { skip: 'MAX_HR_DAY_NOT_CHECK', run: checkMaxHoursDaily },
  { skip: 'MAX_HR_WEEK_NOT_CHECK', run: checkMaxHoursWeekly },
  { skip: 'MAX_HR_FORTNIGHT_NOT_CHECK', run: checkMaxHoursFortnightly },
  { skip: 'LABEL_MATCH_NOT_CHECK', run: checkLabelMatch },
  { skip: 'RESOURCE_SHIFT_NOT_CHECK', run: checkResourceShift },
  { skip: 'EXISTING_JOB_OVERLAP_NOT_CHECK', run: checkResourceBusy },
  { skip: 'DISTANCE_NOT_CHECK', run: checkDistance },
  { skip: 'EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK', run: checkExternalToInternal },
  { skip: 'VISIT_SERVICE_PLAN_NOT_CHECK', run: checkServicePlan },
  { skip: 'MIN_REST_NOT_CHECK', run: checkMinRest },
  { skip: 'CREDENTIAL_EXPIRY_NOT_CHECK', run: checkCredentialExpiry },
  { skip: 'MAX_CONSECUTIVE_DAYS_NOT_CHECK', run: checkMaxConsecutiveDays },
  { skip: 'TRAVEL_TIME_NOT_CHECK', run: checkTravelTime },
];

/** Every failure of resource `r` for the job, in check order, skipping switched-off checks. */
export function candidateIssues(ctx: JobContext, r: number): AllocationIssue[] {
  const skip = ctx.ix.config.skip;
  const out: AllocationIssue[] = [];
  for (const c of CHECKS) {
    if (skip[c.skip]) continue;
    const issue = c.run(ctx, r);
    if (issue) out.push(issue);
  }
  return out;
}
