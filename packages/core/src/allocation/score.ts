import { consecutiveRun, type JobContext } from './job-context.ts';
import { countBelow, haversineKm, shiftStatus } from './scenario-index.ts';
import { travelClash, travelPart } from './travel.ts';

/** Whether a credential of resource `r` the job needs has expired before it (see `checks.ts`). */
function credentialExpired(ctx: JobContext, r: number): boolean {
  if ((ctx.ix.validTill[r] as number) < ctx.begin) return true;
  const labels = ctx.ix.labelValidTill[r];
  if (labels === undefined) return false;
  for (const lower of ctx.labelLower) {
    const at = labels.get(lower);
    if (at !== undefined && at < ctx.begin) return true;
  }
  return false;
}

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
/** Rostra's preference (`MIN_HOURS_NOT_CHECK: false`): a resource still under its minimum hours. */
export const SCORE_UNDER_MINIMUM = 30;

// The haversine lives beside the per-point terms it takes (the travel rule needs it there too).
export { EARTH_RADIUS_KM, haversineKm } from './scenario-index.ts';

/** 60 × max(0, 1 − km / maxKm); 0 when maxKm is 0. */
export function distancePart(km: number, maxKm: number): number {
  return maxKm > 0 ? SCORE_DISTANCE * Math.max(0, 1 - km / maxKm) : 0;
}

/** weight × max(0, (limit − hours) / limit); 0 when the limit is 0. Hours include the job. */
export function freeHoursPart(weight: number, limit: number, hours: number): number {
  return limit > 0 ? weight * Math.max(0, (limit - hours) / limit) : 0;
}

/**
 * Rostra's minimum hours preference, after the contract's parts: 30 × the largest share of a
 * minimum (`min_hrs_dy`, `min_hrs_wk`, `min_hrs_fn`; 0 = none) the resource still lacks before
 * the job, from its hours of the job's day, week and fortnight without the job. 0 when every
 * minimum is met; never a failure.
 */
export function underMinimumPart(
  minDay: number,
  dayHours: number,
  minWeek: number,
  weekHours: number,
  minFortnight: number,
  fortnightHours: number,
): number {
  let share = 0;
  if (minDay > 0) share = Math.max(share, (minDay - dayHours) / minDay);
  if (minWeek > 0) share = Math.max(share, (minWeek - weekHours) / minWeek);
  if (minFortnight > 0) share = Math.max(share, (minFortnight - fortnightHours) / minFortnight);
  return SCORE_UNDER_MINIMUM * share;
}

/**
 * Pruning for callers that list only the best `shown` candidates and assign the best `assign`
 * passing ones (a batch without --pretty): a candidate whose score cannot reach either list is
 * left out (score −Infinity, not ok) before its costly parts are computed.
 */
export type Pruning = { shown: number; assign: number };

/**
 * Added to a score's upper bound so that rounding (a different summation order) can never make
 * the bound fall below the true score. Scores stay far below 1e9, where a double's spacing is
 * under 1e-7.
 */
const BOUND_SLACK = 1e-6;

/**
 * Scores every candidate of a job and decides pass/fail, without building messages: the hot path.
 * `cands` are pool positions; `costPart` holds each candidate's cost part for this candidate set
 * (see `costParts`); results go to `scores[k]` / `ok[k]` for `cands[k]`.
 *
 * Cheap parts come first (array reads); with `pruning`, their exact sum plus the most the rest
 * can add (distance ≤ 60, penalties ≤ 0) bounds the score, and a candidate whose bound is below
 * the current `shown`-th best score — and, unless it already fails, below the current
 * `assign`-th best passing score — is left out with score −Infinity and ok 0.
 */
export function evaluateCandidates(
  ctx: JobContext,
  cands: Int32Array,
  costPart: Float64Array,
  scores: Float64Array,
  ok: Uint8Array,
  pruning?: Pruning,
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
  // The rest check (issue 20 point 3a): its index exists only while the check is on.
  const rest = skip.MIN_REST_NOT_CHECK ? undefined : ctx.rest;
  const cCredential = !skip.CREDENTIAL_EXPIRY_NOT_CHECK;
  const cDays = !skip.MAX_CONSECUTIVE_DAYS_NOT_CHECK;
  const maxDays = ix.config.maxDays;
  const cMinHours = !skip.MIN_HOURS_NOT_CHECK;
  const cTravel = !skip.TRAVEL_TIME_NOT_CHECK;
  const { minDay, minWeek, minFortnight } = ix;

  const { inactive, inactiveDate, external, staticRank } = ix;
  const { leaves, breaks, busy } = ctx;
  const { dayLimit, weekLimit, fortnightLimit, labelBits, labelCount, hasGeo } = ix;
  const { sinHalfLat, cosHalfLat, sinHalfLng, cosHalfLng, cosLat } = ix;
  const words = ix.labelWords;
  const daySec = ctx.daySums.sec;
  const dayCnt = ctx.daySums.cnt;
  const weekSec = ctx.weekSums.sec;
  const fortnightSec = ctx.fortnightSums.sec;
  const shifts = ctx.shifts;
  const reqIds = ctx.knownLabelIds;
  const reqKnown = reqIds.length;
  const reqCount = ctx.labelLower.length;
  const jobGeo = ctx.geo !== undefined;
  const jSLat = ctx.geo?.sinHalfLat ?? 0;
  const jCLat = ctx.geo?.cosHalfLat ?? 0;
  const jSLng = ctx.geo?.sinHalfLng ?? 0;
  const jCLng = ctx.geo?.cosHalfLng ?? 0;
  const jCos = ctx.geo?.cosLat ?? 0;
  // Pruning windows: the best positions so far, overall and among passing candidates.
  const topShown: number[] = [];
  const topAssign: number[] = [];
  const shownLimit = pruning?.shown ?? 0;
  const assignLimit = pruning?.assign ?? 0;

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

      // Cheap checks and score parts: array reads only.
      let fail =
        jobFail ||
        (cInactive && inactive[r] === 1) ||
        (cInactiveDate && (inactiveDate[r] as number) < begin) ||
        (cBlacklist && blacklist[r] === 1) ||
        (cExternal && external[r] === 0) ||
        (cCredential && credentialExpired(ctx, r));
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
      const labelsPart = reqCount > 0 ? (SCORE_LABELS * matched) / reqCount : 0;
      const freeWeek = freeHoursPart(SCORE_FREE_WEEK, wl, weekHours);
      const freeDay = freeHoursPart(SCORE_FREE_DAY, dl, dayHours);
      const sameDay = dayCnt[r] as number;
      const sameDayPart = sameDay >= 2 ? PENALTY_SAME_DAY_JOB * sameDay : 0;
      const bothGeo = jobGeo && hasGeo[r] === 1;
      const underMinimum = cMinHours
        ? underMinimumPart(
            minDay[r] as number,
            (daySec[r] as number) / 3600,
            minWeek[r] as number,
            (weekSec[r] as number) / 3600,
            minFortnight[r] as number,
            (fortnightSec[r] as number) / 3600,
          )
        : 0;

      if (topShown.length === shownLimit && shownLimit > 0) {
        const bound =
          s +
          (bothGeo ? SCORE_DISTANCE : 0) +
          labelsPart +
          freeWeek +
          freeDay +
          sameDayPart +
          underMinimum +
          BOUND_SLACK;
        if (
          bound < (scores[topShown[shownLimit - 1] as number] as number) &&
          (fail ||
            (topAssign.length === assignLimit &&
              bound < (scores[topAssign[assignLimit - 1] as number] as number)))
        ) {
          scores[k] = Number.NEGATIVE_INFINITY;
          ok[k] = 0;
          continue;
        }
      }

      // The costly parts.
      if (
        !fail &&
        ((cLeave && leaves.overlaps(r, begin, end)) || (cBreak && breaks.overlaps(r, begin, end)))
      ) {
        fail = true;
      }
      if (!fail && rest?.overlaps(r, ctx.restBegin, ctx.restEnd)) fail = true;
      if (!fail && cDays && consecutiveRun(ctx, r, maxDays).days > maxDays) fail = true;
      if (!fail && cTravel && travelClash(ctx, r) !== undefined) fail = true;
      const outsideShift = shiftStatus(shifts, r, begin, end) !== 0;
      if (cShift && outsideShift) fail = true;
      const isBusy = busy.overlaps(r, begin, end);
      if (cBusy && isBusy) fail = true;
      let distance = 0;
      if (bothGeo) {
        const km = haversineKm(
          jSLat,
          jCLat,
          jSLng,
          jCLng,
          jCos,
          sinHalfLat[r] as number,
          cosHalfLat[r] as number,
          sinHalfLng[r] as number,
          cosHalfLng[r] as number,
          cosLat[r] as number,
        );
        if (cDistance && km >= maxKm) fail = true;
        distance = distancePart(km, maxKm);
      }

      // The table's order, left to right.
      s += distance;
      s += labelsPart;
      s += freeWeek;
      s += freeDay;
      s += sameDayPart;
      if (isBusy) s += PENALTY_OVERLAP;
      if (outsideShift) s += PENALTY_OUTSIDE_SHIFT;
      s += underMinimum;
      // Rostra's travel part (≤ 0, so the bound above still holds).
      if (cTravel) s += travelPart(ctx, r);
      scores[k] = s;
      ok[k] = fail ? 0 : 1;
      if (pruning !== undefined) {
        insertRanked(topShown, shownLimit, k, scores, cands, staticRank);
        if (!fail) insertRanked(topAssign, assignLimit, k, scores, cands, staticRank);
      }
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

// Bit access to a double (platform byte order decides which 32-bit half is the high one).
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;
const RADIX_MASK = 0x7ff;

/** Sort buffers, reused across calls (grown on demand). */
let buf = {
  hi: new Uint32Array(0),
  lo: new Uint32Array(0),
  pos: new Int32Array(0),
  hi2: new Uint32Array(0),
  lo2: new Uint32Array(0),
  pos2: new Int32Array(0),
};
const counts = new Int32Array(3 * 2048);

/**
 * Positions of all candidates in rank order. With `inRankOrder` (the positions listed in static
 * tie-break order, e.g. `ScenarioIndex.byRank` for the whole pool) large lists avoid a comparator
 * sort. Each score becomes a 64-bit key (high, low words) whose unsigned order is descending
 * score order; starting from tie-break order, a stable LSD radix sort on the high word (three
 * 11-bit digits) and then a stable insertion sort by the low word inside each run of equal high
 * words give exactly the comparator's order (equal scores keep tie-break order).
 */
export function sortRanked(
  scores: Float64Array,
  cands: Int32Array,
  rank: Int32Array,
  inRankOrder?: Int32Array,
): number[] {
  const m = cands.length;
  if (inRankOrder === undefined || m < 64) {
    const order = Array.from({ length: m }, (_, k) => k);
    order.sort((a, b) => compareRanked(scores, cands, rank, a, b));
    return order;
  }
  if (buf.hi.length < m) {
    buf = {
      hi: new Uint32Array(m),
      lo: new Uint32Array(m),
      pos: new Int32Array(m),
      hi2: new Uint32Array(m),
      lo2: new Uint32Array(m),
      pos2: new Int32Array(m),
    };
  }
  let { hi: keyHi, lo: keyLo, pos, hi2: nextHi, lo2: nextLo, pos2: nextPos } = buf;
  counts.fill(0);
  for (let i = 0; i < m; i++) {
    const k = inRankOrder[i] as number;
    // + 0 turns −0 into +0: the two zeros are equal to the comparator, so they get one key.
    f64[0] = (scores[k] as number) + 0;
    let hi = u32[HI] as number;
    let lo = u32[LO] as number;
    // Descending order: for x >= 0 flip every bit but the sign; for x < 0 keep the bits.
    if (hi >>> 31 === 0) {
      hi = (hi ^ 0x7fffffff) >>> 0;
      lo = ~lo >>> 0;
    }
    keyHi[i] = hi;
    keyLo[i] = lo;
    pos[i] = k;
    const d0 = hi & RADIX_MASK;
    const d1 = 2048 + ((hi >>> 11) & RADIX_MASK);
    const d2 = 4096 + (hi >>> 22);
    counts[d0] = (counts[d0] as number) + 1;
    counts[d1] = (counts[d1] as number) + 1;
    counts[d2] = (counts[d2] as number) + 1;
  }
  for (let d = 0; d < 3; d++) {
    const base = d * 2048;
    const shift = d * 11;
    // A digit shared by every key does not reorder anything.
    if (counts[base + (((keyHi[0] as number) >>> shift) & RADIX_MASK)] === m) continue;
    let sum = 0;
    for (let b = base; b < base + 2048; b++) {
      const c = counts[b] as number;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < m; i++) {
      const h = keyHi[i] as number;
      const slot = base + ((h >>> shift) & RADIX_MASK);
      const to = counts[slot] as number;
      counts[slot] = to + 1;
      nextHi[to] = h;
      nextLo[to] = keyLo[i] as number;
      nextPos[to] = pos[i] as number;
    }
    [keyHi, nextHi] = [nextHi, keyHi];
    [keyLo, nextLo] = [nextLo, keyLo];
    [pos, nextPos] = [nextPos, pos];
  }
  // Runs of equal high words: stable insertion sort by the low word.
  for (let start = 0; start < m; ) {
    const h = keyHi[start] as number;
    let end = start + 1;
    while (end < m && keyHi[end] === h) end++;
    for (let i = start + 1; i < end; i++) {
      const lo = keyLo[i] as number;
      const p = pos[i] as number;
      let j = i - 1;
      while (j >= start && (keyLo[j] as number) > lo) {
        keyLo[j + 1] = keyLo[j] as number;
        pos[j + 1] = pos[j] as number;
        j--;
      }
      keyLo[j + 1] = lo;
      pos[j + 1] = p;
    }
    start = end;
  }
  const order: number[] = new Array(m);
  for (let i = 0; i < m; i++) order[i] = pos[i] as number;
  return order;
}

/**
 * Puts position `k` into `top`, a rank-ordered window of at most `limit` positions, if it ranks
 * high enough. Compares with the window's last entry first, so a scan stays linear for small
 * limits.
 */
export function insertRanked(
  top: number[],
  limit: number,
  k: number,
  scores: Float64Array,
  cands: Int32Array,
  rank: Int32Array,
): void {
  if (limit <= 0) return;
  if (top.length === limit && compareRanked(scores, cands, rank, k, top[limit - 1] as number) >= 0) return;
  let i = top.length < limit ? top.length : limit - 1;
  while (i > 0 && compareRanked(scores, cands, rank, k, top[i - 1] as number) < 0) {
    top[i] = top[i - 1] as number;
    i--;
  }
  top[i] = k;
}

/** The best `limit` positions in rank order, among all candidates or (with `onlyOk`) the passing ones. */
export function topRanked(
  scores: Float64Array,
  ok: Uint8Array,
  cands: Int32Array,
  rank: Int32Array,
  limit: number,
  onlyOk: boolean,
): number[] {
  const top: number[] = [];
  for (let k = 0; k < cands.length; k++) {
    if (onlyOk && ok[k] === 0) continue;
    insertRanked(top, limit, k, scores, cands, rank);
  }
  return top;
}
