import type { JobContext } from './job-context.ts';
import { countBelow, shiftStatus } from './scenario-index.ts';
import {
  distancePart,
  freeHoursPart,
  haversineKm,
  PAST_JOBS_CAP,
  PENALTY_OUTSIDE_SHIFT,
  PENALTY_OVERLAP,
  PENALTY_SAME_DAY_JOB,
  SCORE_COST,
  SCORE_EXTERNAL,
  SCORE_FREE_DAY,
  SCORE_FREE_WEEK,
  SCORE_INTERNAL,
  SCORE_LABELS,
  SCORE_PAST_JOB,
  SCORE_PREFERRED,
  underMinimumPart,
} from './score.ts';
import { travelPart } from './travel.ts';

/**
 * The parts of one candidate's score (contract §Score), named after the table's rows, in its
 * order. Adding them left to right gives exactly the score `evaluateCandidates` computes (see
 * `scoreTotal`); a part that does not apply is 0.
 */
export type ScoreParts = {
  preferred: number;
  internal: number;
  external: number;
  cost: number;
  past_jobs: number;
  distance: number;
  matching_labels: number;
  free_week_hours: number;
  free_day_hours: number;
  same_day_load: number;
  overlap: number;
  outside_shift: number;
  /** Rostra's minimum hours preference (0 unless `MIN_HOURS_NOT_CHECK` is false). */
  under_minimum_hours: number;
  /** Rostra's travel time part: −1 per minute from the previous job (0 unless `TRAVEL_TIME_NOT_CHECK` is false). */
  travel: number;
};

/** The part names in the table's (and the sum's) order. */
export const SCORE_PART_NAMES: readonly (keyof ScoreParts)[] = [
  'preferred',
  'internal',
  'external',
  'cost',
  'past_jobs',
  'distance',
  'matching_labels',
  'free_week_hours',
  'free_day_hours',
  'same_day_load',
  'overlap',
  'outside_shift',
  'under_minimum_hours',
  'travel',
];

/** The parts added left to right in the table's order: the candidate's score, bit for bit. */
export function scoreTotal(parts: ScoreParts): number {
  let s = 0;
  for (const name of SCORE_PART_NAMES) s += parts[name];
  return s;
}

/**
 * The score parts of pool position `r` for the job of `ctx`, with `costPart` the cost parts of the
 * candidate set it was ranked in (indexed by pool position: `ix.poolCostPart()` for the whole
 * pool, else `costParts(ix.cost, cands)`). Computed as `evaluateCandidates` computes the score,
 * for one candidate, off the hot path (a candidate panel explains the page it shows).
 */
export function scoreParts(ctx: JobContext, r: number, costPart: Float64Array): ScoreParts {
  const ix = ctx.ix;
  const { begin, end, duration, isExternal, past } = ctx;
  let preferred = 0;
  const list = ctx.preferred;
  for (let i = 0; i < list.length; i++) {
    if (ix.indexOf.get(list[i] as string) === r) {
      preferred = SCORE_PREFERRED * (list.length - i);
      break;
    }
  }
  const ext = ix.external[r] === 1;
  const internal = !ext && !isExternal ? SCORE_INTERNAL : 0;
  const external = ext && isExternal ? SCORE_EXTERNAL : 0;

  let matched = 0;
  const row = r * ix.labelWords;
  for (const id of ctx.knownLabelIds) {
    matched += ((ix.labelBits[row + (id >>> 5)] as number) >>> (id & 31)) & 1;
  }
  const reqCount = ctx.labelLower.length;
  const cost =
    reqCount > 0 && matched === reqCount && ix.labelCount[r] === reqCount
      ? SCORE_COST
      : (costPart[r] as number);
  const begins = past?.[r];
  const pastJobs =
    begins !== undefined ? SCORE_PAST_JOB * Math.min(countBelow(begins, begin), PAST_JOBS_CAP) : 0;

  let distance = 0;
  if (ctx.geo !== undefined && ix.hasGeo[r] === 1) {
    const g = ctx.geo;
    const km = haversineKm(
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
    distance = distancePart(km, ix.config.maxKm);
  }
  const dayHours = ((ctx.daySums.sec[r] as number) + duration) / 3600;
  const weekHours = ((ctx.weekSums.sec[r] as number) + duration) / 3600;
  const sameDay = ctx.daySums.cnt[r] as number;
  return {
    preferred,
    internal,
    external,
    cost,
    past_jobs: pastJobs,
    distance,
    matching_labels: reqCount > 0 ? (SCORE_LABELS * matched) / reqCount : 0,
    free_week_hours: freeHoursPart(SCORE_FREE_WEEK, ix.weekLimit[r] as number, weekHours),
    free_day_hours: freeHoursPart(SCORE_FREE_DAY, ix.dayLimit[r] as number, dayHours),
    same_day_load: sameDay >= 2 ? PENALTY_SAME_DAY_JOB * sameDay : 0,
    overlap: ctx.busy.overlaps(r, begin, end) ? PENALTY_OVERLAP : 0,
    outside_shift: shiftStatus(ctx.shifts, r, begin, end) !== 0 ? PENALTY_OUTSIDE_SHIFT : 0,
    under_minimum_hours: ix.config.skip.MIN_HOURS_NOT_CHECK
      ? 0
      : underMinimumPart(
          ix.minDay[r] as number,
          (ctx.daySums.sec[r] as number) / 3600,
          ix.minWeek[r] as number,
          (ctx.weekSums.sec[r] as number) / 3600,
          ix.minFortnight[r] as number,
          (ctx.fortnightSums.sec[r] as number) / 3600,
        ),
    travel: ix.config.skip.TRAVEL_TIME_NOT_CHECK ? 0 : travelPart(ctx, r),
  };
}
