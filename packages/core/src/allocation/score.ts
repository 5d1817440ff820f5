import type { JobContext } from './job-context.ts';
import { countBelow } from './scenario-index.ts';

/**
 * The score of contract §Score and the ranking loop.
 *
 * The score is the sum of the parts in the table's order — preferred, internal, external, cost,
 * past jobs, distance, matching labels, free week hours, free day hours, same-day load, overlap,
 * outside shift — added left to right, so that the same inputs give the same floating-point
 * result bit for bit wherever it is computed. A part that is 0 may be left out (x + 0 = x).
 * Divisions guard a zero denominator (a limit or max distance of 0 gives that part 0).
 */

export const SCORE_PREFERRED = 100_000;
export const SCORE_INTERNAL = 10_000;
export const SCORE_EXTERNAL = 100;
export const SCORE_COST = 100;
export const SCORE_PAST_JOB = 8;
export const PAST_JOBS_CAP = 10;
export const SCORE_DISTANCE = 60;
export const SCORE_LABELS = 40;
export const SCORE_FREE_WEEK = 20;
export const SCORE_FREE_DAY = 10;
export const PENALTY_SAME_DAY_JOB = -2;
export const PENALTY_OVERLAP = -10_000;
export const PENALTY_OUTSIDE_SHIFT = -10;

export const EARTH_RADIUS_KM = 6371;

/**
 * Haversine distance in km between two points given in radians, with cos(lat) of each
 * precomputed. Point 1 is the job, point 2 the resource.
 */
export function haversineKm(
  lat1: number,
  lng1: number,
  cos1: number,
  lat2: number,
  lng2: number,
  cos2: number,
): number {
  const sLat = Math.sin((lat2 - lat1) / 2);
  const sLng = Math.sin((lng2 - lng1) / 2);
  const a = sLat * sLat + cos1 * cos2 * sLng * sLng;
  return EARTH_RADIUS_KM * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

/** 60 × max(0, 1 − km / maxKm); 0 when maxKm is 0. */
export function distancePart(km: number, maxKm: number): number {
  return maxKm > 0 ? SCORE_DISTANCE * Math.max(0, 1 - km / maxKm) : 0;
}

/** weight × max(0, (limit − hours) / limit); 0 when the limit is 0. Hours include the job. */
export function freeHoursPart(weight: number, limit: number, hours: number): number {
  return limit > 0 ? weight * Math.max(0, (limit - hours) / limit) : 0;
}

/**
 * Scores every candidate of a job and decides pass/fail, without building messages: the hot path.
 * `cands` are pool positions; `costPart` holds each candidate's cost part for this candidate set
 * (see `costParts`); results go to `scores[k]` / `ok[k]` for `cands[k]`.
 */
export function evaluateCandidates(
  ctx: JobContext,
  cands: Int32Array,
  costPart: Float64Array,
  scores: Float64Array,
  ok: Uint8Array,
): void {
  const ix = ctx.ix;
  const skip = ix.config.skip;
  const maxKm = ix.config.maxKm;
  const { begin, end, duration, isExternal, blacklist, past } = ctx;
  const jobFail = !skip.VISIT_SERVICE_PLAN_NOT_CHECK && ctx.servicePlanIssue !== undefined;
  const cInactive = !skip.RESOURCE_INACTIVE_NOT_CHECK;
  const cInactiveDate = !skip.RESOURCE_INACTIVE_DATE_NOT_CHECK;
  const cBlacklist = !skip.RESOURCE_BLACKLISTED_NOT_CHECK && blacklist !== undefined;
  const cLeave = !skip.LEAVE_NOT_CHECK;
  const cBreak = !skip.BREAK_NOT_CHECK;
  const cDay = !skip.MAX_HR_DAY_NOT_CHECK;
  const cWeek = !skip.MAX_HR_WEEK_NOT_CHECK;
  const cFortnight = !skip.MAX_HR_FORTNIGHT_NOT_CHECK;
  const cLabels = !skip.LABEL_MATCH_NOT_CHECK;
  const cShift = !skip.RESOURCE_SHIFT_NOT_CHECK;
  const cBusy = !skip.EXISTING_JOB_OVERLAP_NOT_CHECK;
  const cDistance = !skip.DISTANCE_NOT_CHECK;
  const cExternal = !skip.EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK && isExternal;

  const { inactive, inactiveDate, external, leaves, breaks, busy } = ix;
  const { dayLimit, weekLimit, fortnightLimit, labelBits, labelCount, hasGeo, latR, lngR, cosLat } = ix;
  const words = ix.labelWords;
  const daySec = ctx.daySums.sec;
  const dayCnt = ctx.daySums.cnt;
  const weekSec = ctx.weekSums.sec;
  const fortnightSec = ctx.fortnightSums.sec;
  const { setup, starts, begins: shiftBegins, ends: shiftEnds } = ctx.shifts;
  const reqIds = ctx.knownLabelIds;
  const reqKnown = reqIds.length;
  const reqCount = ctx.labelLower.length;
  const jobGeo = ctx.hasGeo;
  const jLat = ctx.latR;
  const jLng = ctx.lngR;
  const jCos = ctx.cosLat;

  // Preferred bonus per pool position; the scratch array is left all-zero again afterwards.
  const pref = ix.scratch;
  const touched: number[] = [];
  const list = ctx.preferred;
  for (let i = 0; i < list.length; i++) {
    const r = ix.indexOf.get(list[i] as string);
    if (r !== undefined && pref[r] === 0) {
      pref[r] = SCORE_PREFERRED * (list.length - i);
      touched.push(r);
    }
  }
  try {
    for (let k = 0; k < cands.length; k++) {
      const r = cands[k] as number;
      let fail = jobFail;
      if (!fail) {
        if (
          (cInactive && inactive[r] === 1) ||
          (cInactiveDate && (inactiveDate[r] as number) < begin) ||
          (cBlacklist && blacklist[r] === 1) ||
          (cExternal && external[r] === 0)
        ) {
          fail = true;
        } else if (cLeave && leaves[r] !== undefined && leaves[r].firstOverlap(begin, end) >= 0) {
          fail = true;
        } else if (cBreak && breaks[r] !== undefined && breaks[r].firstOverlap(begin, end) >= 0) {
          fail = true;
        }
      }

      let matched = 0;
      const row = r * words;
      for (let q = 0; q < reqKnown; q++) {
        const id = reqIds[q] as number;
        matched += ((labelBits[row + (id >>> 5)] as number) >>> (id & 31)) & 1;
      }
      if (cLabels && matched < reqCount) fail = true;

      const dayHours = ((daySec[r] as number) + duration) / 3600;
      const weekHours = ((weekSec[r] as number) + duration) / 3600;
      const dl = dayLimit[r] as number;
      const wl = weekLimit[r] as number;
      if (cDay && dayHours > dl) fail = true;
      if (cWeek && weekHours > wl) fail = true;
      if (cFortnight && ((fortnightSec[r] as number) + duration) / 3600 > (fortnightLimit[r] as number))
        fail = true;

      let outsideShift = true;
      if (setup[r] === 1) {
        const last = starts[r + 1] as number;
        for (let i = starts[r] as number; i < last; i++) {
          if (begin >= (shiftBegins[i] as number) && end <= (shiftEnds[i] as number)) {
            outsideShift = false;
            break;
          }
        }
      }
      if (cShift && outsideShift) fail = true;

      const busyList = busy[r];
      const isBusy = busyList !== undefined && busyList.firstOverlap(begin, end) >= 0;
      if (cBusy && isBusy) fail = true;

      let distance = 0;
      if (jobGeo && hasGeo[r] === 1) {
        const km = haversineKm(jLat, jLng, jCos, latR[r] as number, lngR[r] as number, cosLat[r] as number);
        if (cDistance && km >= maxKm) fail = true;
        distance = distancePart(km, maxKm);
      }

      let s = pref[r] as number;
      if (external[r] === 1) {
        if (isExternal) s += SCORE_EXTERNAL;
      } else if (!isExternal) {
        s += SCORE_INTERNAL;
      }
      s +=
        reqCount > 0 && matched === reqCount && labelCount[r] === reqCount
          ? SCORE_COST
          : (costPart[r] as number);
      if (past !== undefined) {
        const begins = past[r];
        if (begins !== undefined) s += SCORE_PAST_JOB * Math.min(countBelow(begins, begin), PAST_JOBS_CAP);
      }
      s += distance;
      if (reqCount > 0) s += (SCORE_LABELS * matched) / reqCount;
      s += freeHoursPart(SCORE_FREE_WEEK, wl, weekHours);
      s += freeHoursPart(SCORE_FREE_DAY, dl, dayHours);
      const sameDay = dayCnt[r] as number;
      if (sameDay >= 2) s += PENALTY_SAME_DAY_JOB * sameDay;
      if (isBusy) s += PENALTY_OVERLAP;
      if (outsideShift) s += PENALTY_OUTSIDE_SHIFT;

      scores[k] = s;
      ok[k] = fail ? 0 : 1;
    }
  } finally {
    for (const r of touched) pref[r] = 0;
  }
}

/**
 * Candidate order: score descending, then the static tie-break order (weightage_cost ascending
 * with none last, name case-insensitive, `_id`). Returns a negative number when position `a`
 * ranks before position `b`.
 */
export function compareRanked(
  scores: Float64Array,
  cands: Int32Array,
  rank: Int32Array,
  a: number,
  b: number,
): number {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  if (sa !== sb) return sa > sb ? -1 : 1;
  return (rank[cands[a] as number] as number) - (rank[cands[b] as number] as number);
}

/** Positions of all candidates in rank order. */
export function sortRanked(scores: Float64Array, cands: Int32Array, rank: Int32Array): number[] {
  const order = Array.from({ length: cands.length }, (_, k) => k);
  order.sort((a, b) => compareRanked(scores, cands, rank, a, b));
  return order;
}

/**
 * The best `limit` positions in rank order, among all candidates or (with `onlyOk`) the passing
 * ones. A sorted window of `limit` entries; a candidate is compared with the window's last entry
 * first, so the scan stays linear when `limit` is small.
 */
export function topRanked(
  scores: Float64Array,
  ok: Uint8Array,
  cands: Int32Array,
  rank: Int32Array,
  limit: number,
  onlyOk: boolean,
): number[] {
  const top: number[] = [];
  if (limit <= 0) return top;
  for (let k = 0; k < cands.length; k++) {
    if (onlyOk && ok[k] === 0) continue;
    if (top.length === limit && compareRanked(scores, cands, rank, k, top[limit - 1] as number) >= 0)
      continue;
    let i = top.length < limit ? top.length : limit - 1;
    while (i > 0 && compareRanked(scores, cands, rank, k, top[i - 1] as number) < 0) {
      if (i < limit) top[i] = top[i - 1] as number;
      i--;
    }
    top[i] = k;
  }
  return top;
}
