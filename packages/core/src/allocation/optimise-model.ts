import { batchOrder } from './batch.ts';
import { createJobContext, type JobContext } from './job-context.ts';
import { autoBuffers, requiredCount } from './modes.ts';
import type { AllocationJob } from './scenario.ts';
import {
  countBelow,
  type GeoTerms,
  geoTerms,
  type ScenarioIndex,
  shiftStatus,
  workDaysOf,
} from './scenario-index.ts';
import {
  evaluateCandidates,
  freeHoursPart,
  PAST_JOBS_CAP,
  PENALTY_OVERLAP,
  PENALTY_SAME_DAY_JOB,
  SCORE_FREE_DAY,
  SCORE_FREE_WEEK,
  SCORE_PAST_JOB,
  underMinimumPart,
} from './score.ts';
import { neighbours, PENALTY_TRAVEL_MINUTE, travelMinutesBetween } from './travel.ts';

/**
 * The optimised batch's model of a batch (contract › Optimised batch): which resources each job
 * may have, and what each (job, resource) scores, as plain arrays, so that the local search
 * (`optimise.ts`) can judge a move on the few resources it touches without asking the index.
 *
 * It rests on two facts of the contract:
 * - Every check but the busy check and the hour limits looks only at the job, the resource and
 *   the existing timeline. A candidate is a resource that passes every enabled check with the
 *   existing timeline alone (so hours of the existing timeline plus the job fit); whether it still
 *   passes with the batch's other assignments is the busy check against them and the period's
 *   hour totals, which the model adds up itself (`fits`).
 * - The score of (job, resource) reads only that resource's records: a static part (preferred,
 *   internal / external, cost, distance, labels, outside shift) and parts that the resource's
 *   earlier batch jobs change (past jobs with the customer, free week and day hours, same-day
 *   load, and the overlap penalty when the busy check is off). So the replayed score is a sum
 *   over resources of `resourceScore`, and a move changes only the resources it touches.
 *
 * The model's sums may differ from the engine's in the last bits (another order of additions);
 * the optimised batch answers the engine's own replay of the assignment it finds.
 */
export type BatchModel = {
  /** Jobs, by position in batch order. */
  m: number;
  n: number;
  /** Input index of each batch position. */
  input: Int32Array;
  begin: Float64Array;
  end: Float64Array;
  /** Begin and end as real instants in the organisation's zone (`ScenarioIndex.instant`): gaps. */
  beginAt: Float64Array;
  endAt: Float64Array;
  dur: Float64Array;
  req: Int32Array;
  /** Interned customer of each job, −1 for none. */
  cust: Int32Array;
  day: Int32Array;
  week: Int32Array;
  fortnight: Int32Array;
  /** Candidates of job p: pairs `[candStart[p], candStart[p + 1])`, best static part first. */
  candStart: Int32Array;
  pairRes: Int32Array;
  /** The score without its timeline-dependent parts. */
  pairStatic: Float64Array;
  /** Past jobs of the existing timeline with the job's customer that begin before the job. */
  pairPast: Int32Array;
  /**
   * The travel part's previous job on the existing timeline: its end (−∞ for none) and the
   * minutes from it (0 without places); an earlier batch job ending later replaces it.
   */
  pairTravelEnd: Float64Array;
  pairTravelMin: Float64Array;
  /** The travel time rule is on, so the score has its travel part. */
  scoreTravel: boolean;
  /** Whether the customer has any past job list at all (the score adds the part only then). */
  pairHasPast: Uint8Array;
  /** The existing timeline overlaps (only read when the busy check is off). */
  pairBusy: Uint8Array;
  /** Existing seconds and job counts per (period, resource): `[period * n + r]`. */
  daySec: Float64Array;
  dayCnt: Int32Array;
  weekSec: Float64Array;
  fortnightSec: Float64Array;
  dayLimit: Float64Array;
  weekLimit: Float64Array;
  fortnightLimit: Float64Array;
  checkDay: boolean;
  checkWeek: boolean;
  checkFortnight: boolean;
  checkBusy: boolean;
  tolerance: number;
  /** The minimum rest rule is on: two batch jobs of a resource need `restSeconds` between them. */
  checkRest: boolean;
  restSeconds: number;
  /**
   * The travel time rule is on: two batch jobs of a resource, one ending before the other begins,
   * need the travel between their places (`geo`, undefined without one) in between.
   */
  checkTravel: boolean;
  geo: (GeoTerms | undefined)[];
  roadFactor: number;
  speedKmh: number;
  /**
   * The consecutive days rule is on: a resource's run of working days through a batch job (the
   * existing timeline's `existingWorkDays` and its batch jobs' `firstDay`…`lastDay`) stays within
   * `maxDays`.
   */
  checkDays: boolean;
  maxDays: number;
  firstDay: Int32Array;
  lastDay: Int32Array;
  existingWorkDays: (Map<number, number> | undefined)[] | undefined;
  /** The minimum hours preference is on: `minDay` / `minWeek` / `minFortnight` (hours, 0 = none). */
  checkMinHours: boolean;
  minDay: Float64Array;
  minWeek: Float64Array;
  minFortnight: Float64Array;
};

/**
 * Builds the model from an index that holds the existing timeline only (before any batch job
 * joins it): every job ranked against the whole pool once. `stop()` true abandons the build
 * (undefined).
 */
export function buildBatchModel(
  ix: ScenarioIndex,
  jobs: readonly AllocationJob[],
  stop: () => boolean,
): BatchModel | undefined {
  const order = batchOrder(jobs);
  const m = order.length;
  const n = ix.n;
  const skip = ix.config.skip;
  const begin = new Float64Array(m);
  const end = new Float64Array(m);
  const beginAt = new Float64Array(m);
  const endAt = new Float64Array(m);
  const dur = new Float64Array(m);
  const geo: (GeoTerms | undefined)[] = new Array(m).fill(undefined);
  const req = new Int32Array(m);
  const cust = new Int32Array(m);
  const day = new Int32Array(m);
  const week = new Int32Array(m);
  const fortnight = new Int32Array(m);
  const firstDay = new Int32Array(m);
  const lastDay = new Int32Array(m);
  const candStart = new Int32Array(m + 1);
  const customers = new Map<string, number>();
  const periods: [Map<number, number>, Map<number, number>, Map<number, number>] = [
    new Map(),
    new Map(),
    new Map(),
  ];
  const daySec: number[] = [];
  const dayCnt: number[] = [];
  const weekSec: number[] = [];
  const fortnightSec: number[] = [];
  const pairRes: number[] = [];
  const pairStatic: number[] = [];
  const pairPast: number[] = [];
  const pairTravelEnd: number[] = [];
  const pairTravelMin: number[] = [];
  const pairHasPast: number[] = [];
  const pairBusy: number[] = [];
  const buffers = autoBuffers(ix);
  const fitCache = new Map<string, Int32Array>();
  const cBusy = !skip.EXISTING_JOB_OVERLAP_NOT_CHECK;
  /** Interns a period key; on first sight copies the existing totals of every resource. */
  const intern = (kind: 0 | 1 | 2, key: number, sec: Float64Array, cnt?: Int32Array): number => {
    const map = periods[kind];
    let id = map.get(key);
    if (id !== undefined) return id;
    id = map.size;
    map.set(key, id);
    const into = kind === 0 ? daySec : kind === 1 ? weekSec : fortnightSec;
    for (let r = 0; r < n; r++) into.push(sec[r] as number);
    if (cnt) for (let r = 0; r < n; r++) dayCnt.push(cnt[r] as number);
    return id;
  };
  for (let p = 0; p < m; p++) {
    if ((p & 63) === 0 && stop()) return undefined;
    const job = jobs[order[p] as number] as AllocationJob;
    begin[p] = job.utc_begin_plus_tz;
    end[p] = job.utc_end_plus_tz;
    beginAt[p] = ix.instant(job.utc_begin_plus_tz);
    endAt[p] = ix.instant(job.utc_end_plus_tz);
    dur[p] = ix.duration(job.utc_begin_plus_tz, job.utc_end_plus_tz);
    geo[p] = job._geoloc ? geoTerms(job._geoloc.lat, job._geoloc.lng) : undefined;
    [firstDay[p], lastDay[p]] = workDaysOf(job.utc_begin_plus_tz, job.utc_end_plus_tz);
    req[p] = requiredCount(job);
    const c = job.customerId;
    if (c == null) cust[p] = -1;
    else {
      let id = customers.get(c);
      if (id === undefined) {
        id = customers.size;
        customers.set(c, id);
      }
      cust[p] = id;
    }
    candStart[p] = pairRes.length;
    let ctx: JobContext;
    let cands: Int32Array;
    const scores = buffers.scores;
    const ok = buffers.ok;
    try {
      ctx = createJobContext(ix, job);
      cands = cheapPass(ctx, fitCache);
      evaluateCandidates(ctx, cands, ix.poolCostPart(), scores, ok);
    } catch {
      // The greedy batch gives this job its fallback outcome; the search leaves it alone.
      day[p] = week[p] = fortnight[p] = -1;
      req[p] = 0;
      continue;
    }
    const keys = ix.periodKeys(job.utc_begin_plus_tz);
    day[p] = intern(0, keys[0], ctx.daySums.sec, ctx.daySums.cnt);
    week[p] = intern(1, keys[1], ctx.weekSums.sec);
    fortnight[p] = intern(2, keys[2], ctx.fortnightSums.sec);
    const dBase = (day[p] as number) * n;
    const wBase = (week[p] as number) * n;
    const fBase = (fortnight[p] as number) * n;
    const entries: [number, number, number, boolean, boolean, number, number][] = [];
    for (let k = 0; k < cands.length; k++) {
      if (ok[k] !== 1) continue;
      const r = cands[k] as number;
      const begins = ctx.past?.[r];
      const past = begins === undefined ? 0 : countBelow(begins, job.utc_begin_plus_tz);
      const hasPast = ctx.past !== undefined && begins !== undefined;
      const busy = !cBusy && ctx.busy.overlaps(r, job.utc_begin_plus_tz, job.utc_end_plus_tz);
      const dyn = dynamicParts(
        hasPast,
        past,
        ix.weekLimit[r] as number,
        ((weekSec[wBase + r] as number) + (dur[p] as number)) / 3600,
        ix.dayLimit[r] as number,
        ((daySec[dBase + r] as number) + (dur[p] as number)) / 3600,
        dayCnt[dBase + r] as number,
      );
      const under = skip.MIN_HOURS_NOT_CHECK
        ? 0
        : underMinimumPart(
            ix.minDay[r] as number,
            (daySec[dBase + r] as number) / 3600,
            ix.minWeek[r] as number,
            (weekSec[wBase + r] as number) / 3600,
            ix.minFortnight[r] as number,
            (fortnightSec[fBase + r] as number) / 3600,
          );
      let travelEnd = Number.NEGATIVE_INFINITY;
      let travelMin = 0;
      if (!skip.TRAVEL_TIME_NOT_CHECK) {
        const prev = neighbours(ctx, r).prev;
        if (prev) {
          travelEnd = prev.end;
          const here = geo[p];
          travelMin = prev.geo && here ? travelMinutesBetween(prev.geo, here, ix.config) : 0;
        }
      }
      const travel = travelMin === 0 ? 0 : PENALTY_TRAVEL_MINUTE * travelMin;
      entries.push([
        r,
        (scores[k] as number) - dyn - under - travel,
        past,
        hasPast,
        busy,
        travelEnd,
        travelMin,
      ]);
    }
    // Best static part first (the search's exchanges stop once candidates fall too far below).
    entries.sort((a, b) => b[1] - a[1] || (ix.staticRank[a[0]] as number) - (ix.staticRank[b[0]] as number));
    for (const [r, st, past, hasPast, busy, travelEnd, travelMin] of entries) {
      pairTravelEnd.push(travelEnd);
      pairTravelMin.push(travelMin);
      pairRes.push(r);
      pairStatic.push(st);
      pairPast.push(past);
      pairHasPast.push(hasPast ? 1 : 0);
      pairBusy.push(busy ? 1 : 0);
    }
  }
  candStart[m] = pairRes.length;
  return {
    m,
    n,
    input: Int32Array.from(order),
    begin,
    end,
    beginAt,
    endAt,
    dur,
    req,
    cust,
    day,
    week,
    fortnight,
    candStart,
    pairRes: Int32Array.from(pairRes),
    pairStatic: Float64Array.from(pairStatic),
    pairPast: Int32Array.from(pairPast),
    pairTravelEnd: Float64Array.from(pairTravelEnd),
    pairTravelMin: Float64Array.from(pairTravelMin),
    scoreTravel: !skip.TRAVEL_TIME_NOT_CHECK,
    pairHasPast: Uint8Array.from(pairHasPast),
    pairBusy: Uint8Array.from(pairBusy),
    daySec: Float64Array.from(daySec),
    dayCnt: Int32Array.from(dayCnt),
    weekSec: Float64Array.from(weekSec),
    fortnightSec: Float64Array.from(fortnightSec),
    dayLimit: ix.dayLimit,
    weekLimit: ix.weekLimit,
    fortnightLimit: ix.fortnightLimit,
    checkDay: !skip.MAX_HR_DAY_NOT_CHECK,
    checkWeek: !skip.MAX_HR_WEEK_NOT_CHECK,
    checkFortnight: !skip.MAX_HR_FORTNIGHT_NOT_CHECK,
    checkBusy: cBusy,
    tolerance: ix.config.busyTolerance,
    checkRest: !skip.MIN_REST_NOT_CHECK,
    restSeconds: ix.config.restSeconds,
    checkTravel: !skip.TRAVEL_TIME_NOT_CHECK,
    geo,
    roadFactor: ix.config.roadFactor,
    speedKmh: ix.config.speedKmh,
    checkDays: !skip.MAX_CONSECUTIVE_DAYS_NOT_CHECK,
    maxDays: ix.config.maxDays,
    firstDay,
    lastDay,
    existingWorkDays: ix.workDays,
    checkMinHours: !skip.MIN_HOURS_NOT_CHECK,
    minDay: ix.minDay,
    minWeek: ix.minWeek,
    minFortnight: ix.minFortnight,
  };
}

/**
 * The pool positions that pass the cheap static checks that are on (inactive, labels, external,
 * shift): the only ones worth the full evaluation.
 */
function cheapPass(ctx: JobContext, cache: Map<string, Int32Array>): Int32Array {
  const ix = ctx.ix;
  const skip = ix.config.skip;
  const cLabels = !skip.LABEL_MATCH_NOT_CHECK;
  const cShift = !skip.RESOURCE_SHIFT_NOT_CHECK;
  const cExternal = !skip.EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK && ctx.isExternal;
  // A label no resource has fails everyone.
  if (cLabels && ctx.knownLabelIds.length < ctx.labelLower.length) return new Int32Array(0);
  const key = `${cExternal ? 'x' : ''}${cLabels ? Array.from(ctx.knownLabelIds).sort().join(',') : ''}`;
  let fit = cache.get(key);
  if (fit === undefined) {
    fit = staticFit(ctx, cLabels, cExternal);
    cache.set(key, fit);
  }
  if (!cShift) return fit;
  const out: number[] = [];
  for (const r of fit) if (shiftStatus(ctx.shifts, r, ctx.begin, ctx.end) === 0) out.push(r);
  return Int32Array.from(out);
}

/** Pool positions that are active, external when the job needs it, and carry the job's labels. */
function staticFit(ctx: JobContext, cLabels: boolean, cExternal: boolean): Int32Array {
  const ix = ctx.ix;
  const cInactive = !ix.config.skip.RESOURCE_INACTIVE_NOT_CHECK;
  const req = ctx.knownLabelIds;
  const words = ix.labelWords;
  const out: number[] = [];
  for (let r = 0; r < ix.n; r++) {
    if (cInactive && ix.inactive[r] === 1) continue;
    if (cExternal && ix.external[r] === 0) continue;
    if (cLabels) {
      let matched = 0;
      for (let q = 0; q < req.length; q++) {
        const id = req[q] as number;
        matched += ((ix.labelBits[r * words + (id >>> 5)] as number) >>> (id & 31)) & 1;
      }
      if (matched < req.length) continue;
    }
    out.push(r);
  }
  return Int32Array.from(out);
}

/** The score parts that a resource's other records change (contract §Score), overlap aside. */
export function dynamicParts(
  hasPast: boolean,
  past: number,
  weekLimit: number,
  weekHours: number,
  dayLimit: number,
  dayHours: number,
  sameDay: number,
): number {
  let s = hasPast ? SCORE_PAST_JOB * Math.min(past, PAST_JOBS_CAP) : 0;
  s += freeHoursPart(SCORE_FREE_WEEK, weekLimit, weekHours);
  s += freeHoursPart(SCORE_FREE_DAY, dayLimit, dayHours);
  if (sameDay >= 2) s += PENALTY_SAME_DAY_JOB * sameDay;
  return s;
}

/** Whether batch jobs p and q overlap for the busy check (the contract's tolerance). */
export function jobsOverlap(model: BatchModel, p: number, q: number): boolean {
  const t = model.tolerance;
  return (
    (model.begin[q] as number) < (model.end[p] as number) - t &&
    (model.begin[p] as number) < (model.end[q] as number) - t
  );
}

/**
 * Whether one of batch jobs p and q ends before the other begins with less than the travel between
 * their places in between (both placed). Asked of every pair of a resource's batch jobs, not only
 * of neighbours: with every job placed the two agree (the gap past a job in between is at least
 * the two travels, whose whole minutes add up to at least the direct one); a job without a place in
 * between makes this stricter than the rule, which only refuses a move.
 */
function travelTooShort(model: BatchModel, p: number, q: number): boolean {
  const a = model.geo[p];
  const b = model.geo[q];
  if (a === undefined || b === undefined) return false;
  const [first, second] = (model.end[p] as number) <= (model.begin[q] as number) ? [p, q] : [q, p];
  // Real time between them, as the rule measures it.
  const gap = (model.beginAt[second] as number) - (model.endAt[first] as number);
  if (gap < 0) return false;
  return gap < travelMinutesBetween(a, b, model) * 60;
}

/**
 * Whether batch jobs p and q cannot share a resource: they overlap for the busy check (when on),
 * or one ends less than the minimum rest before the other begins (when the rest rule is on).
 */
export function jobsClash(model: BatchModel, p: number, q: number): boolean {
  if (model.checkBusy && jobsOverlap(model, p, q)) return true;
  if (model.checkTravel && travelTooShort(model, p, q)) return true;
  if (!model.checkRest) return false;
  // Rest is real time (instants), as the rule measures it.
  const rest = model.restSeconds;
  return (
    (model.beginAt[q] as number) < (model.endAt[p] as number) + rest &&
    (model.beginAt[p] as number) < (model.endAt[q] as number) + rest
  );
}

/**
 * The replayed score of `pair` (job p on its resource r) when `list` holds r's batch jobs in
 * batch order and `at` is p's place in it: the static part plus the parts the earlier jobs of
 * `list` change.
 */
export function pairScore(
  model: BatchModel,
  pair: number,
  p: number,
  list: readonly number[],
  at: number,
): number {
  const n = model.n;
  const r = model.pairRes[pair] as number;
  const c = model.cust[p] as number;
  const d = model.day[p] as number;
  const w = model.week[p] as number;
  const f = model.fortnight[p] as number;
  let fortnightSec = model.fortnightSec[f * n + r] as number;
  let past = model.pairPast[pair] as number;
  let hasPast = model.pairHasPast[pair] === 1;
  let daySec = model.daySec[d * n + r] as number;
  let dayCnt = model.dayCnt[d * n + r] as number;
  let weekSec = model.weekSec[w * n + r] as number;
  let overlap = false;
  const b = model.begin[p] as number;
  // The travel part's previous job: the timeline's, or a batch job before p ending later.
  let travelEnd = model.pairTravelEnd[pair] as number;
  let travelFrom = -1;
  for (let i = 0; i < at; i++) {
    const q = list[i] as number;
    if (model.scoreTravel && (model.end[q] as number) <= b && (model.end[q] as number) > travelEnd) {
      travelEnd = model.end[q] as number;
      travelFrom = q;
    }
    if (c >= 0 && model.cust[q] === c) {
      hasPast = true;
      if ((model.begin[q] as number) < b) past++;
    }
    if (model.day[q] === d) {
      daySec += model.dur[q] as number;
      dayCnt++;
    }
    if (model.week[q] === w) weekSec += model.dur[q] as number;
    if (model.fortnight[q] === f) fortnightSec += model.dur[q] as number;
    if (!model.checkBusy && !overlap && jobsOverlap(model, p, q)) overlap = true;
  }
  const dur = model.dur[p] as number;
  let s =
    (model.pairStatic[pair] as number) +
    dynamicParts(
      hasPast,
      past,
      model.weekLimit[r] as number,
      (weekSec + dur) / 3600,
      model.dayLimit[r] as number,
      (daySec + dur) / 3600,
      dayCnt,
    );
  if (overlap && model.pairBusy[pair] === 0) s += PENALTY_OVERLAP;
  if (model.checkMinHours) {
    s += underMinimumPart(
      model.minDay[r] as number,
      daySec / 3600,
      model.minWeek[r] as number,
      weekSec / 3600,
      model.minFortnight[r] as number,
      fortnightSec / 3600,
    );
  }
  if (model.scoreTravel) {
    const a = travelFrom >= 0 ? model.geo[travelFrom] : undefined;
    const g = model.geo[p];
    const minutes =
      travelFrom < 0 ? (model.pairTravelMin[pair] as number) : a && g ? travelMinutesBetween(a, g, model) : 0;
    if (minutes !== 0) s += PENALTY_TRAVEL_MINUTE * minutes;
  }
  return s;
}
