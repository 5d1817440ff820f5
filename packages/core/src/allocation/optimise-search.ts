import { type BatchModel, jobsClash, pairScore } from './optimise-model.ts';
import { mulberry32 } from './prng.ts';
import { PENALTY_SAME_DAY_JOB, SCORE_FREE_DAY, SCORE_FREE_WEEK, SCORE_PAST_JOB } from './score.ts';

/**
 * The optimised batch's local search over a `BatchModel`, from the greedy batch's assignment:
 *
 * 1. Insertion: each job that is not fully staffed gets its missing resources by ejection chains:
 *    a resource it fits on directly, else one whose blocking jobs (busy overlaps, or one job of a
 *    period whose hours would run over) move elsewhere — up to two jobs moved in all, each ejected
 *    job re-placed on a resource it fits on, or ejecting one more. Kept when it staffs the job.
 * 2. Score: each staffed job's resource is exchanged for a better-scoring one, directly or by
 *    moving the one job that blocks it (a swap when that job fits where this one was). Kept when
 *    the replayed score rises and no job loses its staffing.
 *
 * Passes repeat until one finds nothing (the answer is then the same whatever the clock) or
 * `outOfTime()`. Small batches whose every assignment can be listed are solved exactly instead.
 * Job orders after the first pass come from a seeded PRNG: same scenario, same answer.
 */

/** Improvements smaller than this are rounding, not improvements. */
const EPSILON = 1e-7;
/** Moves tried per ejection level for one job before giving up on it. */
const TRIES_PER_LEVEL = 24;
/** How far below the current pair's static score an exchange may start (the dynamic parts' range). */
const SCORE_SLACK = 160;
/** The first pass's exchanges: a static gain of at least this (a preferred or internal resource). */
const COARSE_GAIN = 1000;
/** Exact search when the batch has at most this many assignments in all. */
const EXACT_LIMIT = 20_000;
const MAX_PASSES = 64;

export type SearchResult = {
  /** Pairs assigned to each job (batch positions). */
  assigned: number[][];
  /** Whether the search ran out of time (the answer may then depend on the clock). */
  timedOut: boolean;
};

export function searchBatch(
  model: BatchModel,
  start: readonly (readonly number[])[],
  outOfTime: () => boolean,
): SearchResult {
  const s = new SearchState(model, start);
  if (s.exactSize() <= EXACT_LIMIT) {
    s.exact(outOfTime);
    return { assigned: s.snapshot(), timedOut: s.timedOut };
  }
  const random = mulberry32(0x5eed);
  const order = Array.from({ length: model.m }, (_, p) => p);
  for (let pass = 0; pass < MAX_PASSES && !s.timedOut; pass++) {
    let improved = false;
    for (const p of order) {
      if (s.tick(outOfTime)) break;
      if (!s.isFull(p) && s.insert(p)) improved = true;
    }
    // The first pass takes the big exchanges (a preferred or internal resource) for every job
    // before the fine ones, so a short budget spends itself where the score is.
    if (pass === 0) {
      for (const p of order) {
        if (s.tick(outOfTime)) break;
        if (s.isFull(p) && s.improve(p, COARSE_GAIN)) improved = true;
      }
    }
    for (const p of order) {
      if (s.tick(outOfTime)) break;
      if (s.isFull(p) && s.improve(p, -SCORE_SLACK)) improved = true;
    }
    if (!improved) break;
    // Fisher–Yates with the seeded PRNG: the next pass meets the jobs in another order.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
  }
  return { assigned: s.snapshot(), timedOut: s.timedOut };
}

/** The assignment being improved, with per-resource scores kept up to date. */
class SearchState {
  private readonly model: BatchModel;
  /** Per resource, its batch jobs in batch order. */
  private readonly byRes: number[][];
  /** Per job, its pairs. */
  private readonly asg: number[][];
  private readonly contrib: Float64Array;
  private readonly dirty: Uint8Array;
  private readonly dirtyList: number[] = [];
  /** Undo log: pair + 1 for an addition, −(pair + 1) for a removal, with the job alongside. */
  private readonly logPair: number[] = [];
  private readonly logJob: number[] = [];
  private readonly pairJob: Int32Array;
  private full = 0;
  private score = 0;
  private ticks = 0;
  timedOut = false;

  constructor(model: BatchModel, start: readonly (readonly number[])[]) {
    this.model = model;
    this.byRes = Array.from({ length: model.n }, () => []);
    this.asg = Array.from({ length: model.m }, () => []);
    this.contrib = new Float64Array(model.n);
    this.dirty = new Uint8Array(model.n);
    this.pairJob = new Int32Array(model.pairRes.length);
    for (let p = 0; p < model.m; p++) {
      for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++)
        this.pairJob[k] = p;
    }
    for (let p = 0; p < model.m; p++) for (const k of start[p] ?? []) this.add(p, k);
    this.logPair.length = 0;
    this.logJob.length = 0;
    this.settle();
  }

  isFull(p: number): boolean {
    const req = this.model.req[p] as number;
    return req > 0 && (this.asg[p] as number[]).length === req;
  }

  snapshot(): number[][] {
    return this.asg.map((a) => [...a]);
  }

  /** Counts a unit of work; true once the clock says stop (checked every 16 units). */
  tick(outOfTime: () => boolean): boolean {
    if (this.timedOut) return true;
    if ((++this.ticks & 15) === 0 && outOfTime()) this.timedOut = true;
    return this.timedOut;
  }

  private touch(r: number): void {
    if (this.dirty[r] === 1) return;
    this.dirty[r] = 1;
    this.dirtyList.push(r);
  }

  private touchJob(p: number): void {
    for (const k of this.asg[p] as number[]) this.touch(this.model.pairRes[k] as number);
  }

  private add(p: number, k: number): void {
    const r = this.model.pairRes[k] as number;
    const wasFull = this.isFull(p);
    const list = this.byRes[r] as number[];
    let i = list.length;
    while (i > 0 && (list[i - 1] as number) > p) i--;
    list.splice(i, 0, p);
    (this.asg[p] as number[]).push(k);
    this.logPair.push(k + 1);
    this.logJob.push(p);
    this.touch(r);
    if (wasFull !== this.isFull(p)) {
      this.full += wasFull ? -1 : 1;
      this.touchJob(p);
    }
  }

  private remove(p: number, k: number): void {
    const r = this.model.pairRes[k] as number;
    const wasFull = this.isFull(p);
    if (wasFull) this.touchJob(p);
    const list = this.byRes[r] as number[];
    list.splice(list.indexOf(p), 1);
    const a = this.asg[p] as number[];
    a.splice(a.indexOf(k), 1);
    this.logPair.push(-(k + 1));
    this.logJob.push(p);
    this.touch(r);
    if (wasFull !== this.isFull(p)) this.full += wasFull ? -1 : 1;
  }

  private rollback(mark: number): void {
    while (this.logPair.length > mark) {
      const e = this.logPair.pop() as number;
      const p = this.logJob.pop() as number;
      if (e > 0) this.remove(p, e - 1);
      else this.add(p, -e - 1);
      this.logPair.length -= 1;
      this.logJob.length -= 1;
    }
  }

  /** Recomputes the scores of the resources touched since the last call. */
  private settle(): void {
    for (const r of this.dirtyList) {
      this.dirty[r] = 0;
      const v = this.resourceScore(r);
      this.score += v - (this.contrib[r] as number);
      this.contrib[r] = v;
    }
    this.dirtyList.length = 0;
  }

  /** Sum over r's fully staffed jobs of their replayed scores on r. */
  private resourceScore(r: number): number {
    const list = this.byRes[r] as number[];
    let sum = 0;
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as number;
      if (!this.isFull(p)) continue;
      sum += pairScore(this.model, this.pairOf(p, r), p, list, i);
    }
    return sum;
  }

  private pairOf(p: number, r: number): number {
    for (const k of this.asg[p] as number[]) if (this.model.pairRes[k] === r) return k;
    return -1;
  }

  private holds(p: number, r: number): boolean {
    return this.pairOf(p, r) >= 0;
  }

  /**
   * The jobs that must leave resource r for job p to fit on it (busy overlaps and rest clashes first, then per
   * hour limit the shortest job of the period that brings the total within it), or null when
   * more than `max` would have to go.
   */
  private blockers(p: number, r: number, max: number): number[] | null {
    const m = this.model;
    const list = this.byRes[r] as number[];
    const out: number[] = [];
    if (m.checkBusy || m.checkRest || m.checkTravel) {
      for (const q of list) {
        if (!jobsClash(m, p, q)) continue;
        if (out.length === max) return null;
        out.push(q);
      }
    }
    if (m.checkDay && !this.hoursFit(p, r, m.day, m.daySec, m.dayLimit, max, out)) return null;
    if (m.checkWeek && !this.hoursFit(p, r, m.week, m.weekSec, m.weekLimit, max, out)) return null;
    if (m.checkFortnight && !this.hoursFit(p, r, m.fortnight, m.fortnightSec, m.fortnightLimit, max, out))
      return null;
    // A run of working days too long: no single job to move is named, so p does not go on r.
    if (m.checkDays && !this.daysFit(p, r, out)) return null;
    return out;
  }

  /**
   * Whether job p on resource r keeps r's run of consecutive working days through p within the
   * most, once the jobs of `out` have left.
   */
  private daysFit(p: number, r: number, out: readonly number[]): boolean {
    const m = this.model;
    const list = this.byRes[r] as number[];
    const existing = m.existingWorkDays?.[r];
    const works = (d: number): boolean => {
      if ((existing?.get(d) ?? 0) > 0) return true;
      for (const q of list) {
        if (q !== p && (m.firstDay[q] as number) <= d && d <= (m.lastDay[q] as number) && !out.includes(q))
          return true;
      }
      return false;
    };
    const max = m.maxDays;
    let first = m.firstDay[p] as number;
    let last = m.lastDay[p] as number;
    if (last - first + 1 > max) return false;
    while (last - first + 1 <= max && works(first - 1)) first--;
    while (last - first + 1 <= max && works(last + 1)) last++;
    return last - first + 1 <= max;
  }

  /**
   * Whether job p's period on resource r stays within the hour limit once the jobs of `out` have
   * left; if not, adds to `out` the shortest job of the period whose leaving is enough (false when
   * none is, or when `out` already holds `max`).
   */
  private hoursFit(
    p: number,
    r: number,
    period: Int32Array,
    existing: Float64Array,
    limit: Float64Array,
    max: number,
    out: number[],
  ): boolean {
    const m = this.model;
    const list = this.byRes[r] as number[];
    const key = period[p] as number;
    const cap = (limit[r] as number) * 3600;
    let total = (existing[key * m.n + r] as number) + (m.dur[p] as number);
    for (const q of list) if (period[q] === key && !out.includes(q)) total += m.dur[q] as number;
    if (total <= cap) return true;
    if (out.length === max) return false;
    let best = -1;
    for (const q of list) {
      if (period[q] !== key || out.includes(q) || total - (m.dur[q] as number) > cap) continue;
      if (best < 0 || (m.dur[q] as number) < (m.dur[best] as number)) best = q;
    }
    if (best < 0) return false;
    out.push(best);
    return true;
  }

  /** Gives job p one more resource, moving at most `depth` other jobs; false leaves all as it was. */
  private place(p: number, depth: number, locked: Set<number>): boolean {
    const m = this.model;
    const from = m.candStart[p] as number;
    const to = m.candStart[p + 1] as number;
    for (let k = from; k < to; k++) {
      const r = m.pairRes[k] as number;
      if (this.holds(p, r)) continue;
      const b = this.blockers(p, r, 0);
      if (b !== null && b.length === 0) {
        this.add(p, k);
        return true;
      }
    }
    if (depth === 0) return false;
    let tries = 0;
    for (let k = from; k < to && tries < TRIES_PER_LEVEL; k++) {
      const r = m.pairRes[k] as number;
      if (this.holds(p, r)) continue;
      const b = this.blockers(p, r, depth);
      if (b === null || b.length === 0 || b.some((q) => locked.has(q))) continue;
      tries++;
      const mark = this.logPair.length;
      for (const q of b) this.remove(q, this.pairOf(q, r));
      this.add(p, k);
      for (const q of b) locked.add(q);
      let ok = true;
      for (const q of b) {
        if (!this.place(q, depth - b.length, locked)) {
          ok = false;
          break;
        }
      }
      for (const q of b) locked.delete(q);
      if (ok) return true;
      this.rollback(mark);
    }
    return false;
  }

  /** Keeps the changes since `mark` when the objective rose, else undoes them. */
  private judge(mark: number, full: number, score: number): boolean {
    this.settle();
    if (this.full > full || (this.full === full && this.score > score + EPSILON)) {
      this.logPair.length = 0;
      this.logJob.length = 0;
      return true;
    }
    this.rollback(mark);
    this.settle();
    return false;
  }

  /** Move 1: staffs job p completely by ejection chains. */
  insert(p: number): boolean {
    const req = this.model.req[p] as number;
    if (req === 0 || this.model.candStart[p] === this.model.candStart[p + 1]) return false;
    const mark = this.logPair.length;
    const full = this.full;
    const score = this.score;
    const locked = new Set([p]);
    while ((this.asg[p] as number[]).length < req) {
      if (!this.place(p, 2, locked)) {
        this.rollback(mark);
        this.settle();
        return false;
      }
    }
    return this.judge(mark, full, score);
  }

  /**
   * Move 2: exchanges one of job p's resources for a better-scoring one, moving one blocker at
   * most, among candidates whose static part is at least `minGain` above the current one's.
   */
  improve(p: number, minGain: number): boolean {
    const m = this.model;
    for (const k0 of [...(this.asg[p] as number[])]) {
      const floor = (m.pairStatic[k0] as number) + minGain;
      for (let k = m.candStart[p] as number; k < (m.candStart[p + 1] as number); k++) {
        if ((m.pairStatic[k] as number) < floor) break;
        const r = m.pairRes[k] as number;
        if (k === k0 || this.holds(p, r)) continue;
        if (this.hopeless(p, k0, k)) continue;
        const mark = this.logPair.length;
        const full = this.full;
        const score = this.score;
        this.remove(p, k0);
        const b = this.blockers(p, r, 1);
        if (b === null) {
          this.rollback(mark);
          continue;
        }
        for (const q of b) this.remove(q, this.pairOf(q, r));
        this.add(p, k);
        const locked = new Set([p]);
        let ok = true;
        for (const q of b) if (!this.place(q, 0, locked)) ok = false;
        if (ok && this.judge(mark, full, score)) return true;
        if (!ok) {
          this.rollback(mark);
          this.settle();
        }
      }
    }
    return false;
  }

  /**
   * Whether moving job p from pair k0 to pair k (directly) surely cannot raise the score: p's own
   * gain, plus the most the move can give the other jobs — on the old resource, later jobs of
   * p's week get its hours back and lose at most one same-day job; on the new one, later jobs of
   * p's customer gain a past job — is not positive. Moves with a blocker are always tried.
   */
  private hopeless(p: number, k0: number, k: number): boolean {
    const m = this.model;
    // Without the busy check a move can lift other jobs' overlap penalties: no cheap bound.
    if (!m.checkBusy) return false;
    // The minimum hours preference rises for r0's later jobs when p leaves: no cheap bound either.
    if (m.checkMinHours) return false;
    // So does the travel part of the job after p on r0 (its previous job changes): no cheap bound.
    if (m.scoreTravel) return false;
    const r0 = m.pairRes[k0] as number;
    const r = m.pairRes[k] as number;
    const list0 = this.byRes[r0] as number[];
    const list = this.byRes[r] as number[];
    const at0 = list0.indexOf(p);
    let at = 0;
    while (at < list.length && (list[at] as number) < p) at++;
    // p's score on r with r's earlier jobs: as if inserted there (a blocker would be among them).
    list.splice(at, 0, p);
    const gain = pairScore(m, k, p, list, at) - pairScore(m, k0, p, list0, at0);
    list.splice(at, 1);
    let side = 0;
    const hours = (m.dur[p] as number) / 3600;
    const wl = m.weekLimit[r0] as number;
    const dl = m.dayLimit[r0] as number;
    for (let i = at0 + 1; i < list0.length; i++) {
      const q = list0[i] as number;
      if (m.week[q] !== m.week[p]) continue;
      side += wl > 0 ? (SCORE_FREE_WEEK * hours) / wl : 0;
      if (m.day[q] === m.day[p])
        side += (dl > 0 ? (SCORE_FREE_DAY * hours) / dl : 0) - 2 * PENALTY_SAME_DAY_JOB;
    }
    const c = m.cust[p] as number;
    if (c >= 0)
      for (let i = at; i < list.length; i++) if (m.cust[list[i] as number] === c) side += SCORE_PAST_JOB;
    return gain + side <= EPSILON;
  }

  /** Number of assignments an exact search would visit (capped just above the limit). */
  exactSize(): number {
    const m = this.model;
    let size = 1;
    for (let p = 0; p < m.m; p++) {
      const c = (m.candStart[p + 1] as number) - (m.candStart[p] as number);
      let options = 0;
      for (let i = 0; i <= (m.req[p] as number); i++) options += binomial(c, i);
      size *= options;
      if (size > EXACT_LIMIT) return EXACT_LIMIT + 1;
    }
    return size;
  }

  /** Every assignment (each job given at most the resources it needs) tried; the best kept. */
  exact(outOfTime: () => boolean): void {
    const m = this.model;
    let bestFull = this.full;
    let bestScore = this.score;
    let best = this.snapshot();
    // Start from nothing: clear the greedy assignment (it is `best` until beaten).
    for (let p = 0; p < m.m; p++) for (const k of [...(this.asg[p] as number[])]) this.remove(p, k);
    this.settle();
    const visit = (p: number): void => {
      if (this.tick(outOfTime)) return;
      if (p === m.m) {
        this.settle();
        this.logPair.length = 0;
        this.logJob.length = 0;
        if (this.full > bestFull || (this.full === bestFull && this.score > bestScore + EPSILON)) {
          bestFull = this.full;
          bestScore = this.score;
          best = this.snapshot();
        }
        return;
      }
      visit(p + 1);
      const req = m.req[p] as number;
      if (req === 0) return;
      const chosen: number[] = [];
      // Partly staffed jobs count for nothing but may still give later jobs past-job points.
      const choose = (from: number): void => {
        if (chosen.length > 0) visit(p + 1);
        if (chosen.length === req) return;
        for (let k = from; k < (m.candStart[p + 1] as number); k++) {
          const r = m.pairRes[k] as number;
          const b = this.blockers(p, r, 0);
          if (b === null || b.length > 0) continue;
          this.add(p, k);
          chosen.push(k);
          choose(k + 1);
          chosen.pop();
          this.remove(p, k);
        }
      };
      choose(m.candStart[p] as number);
    };
    visit(0);
    for (let p = 0; p < m.m; p++) for (const k of [...(this.asg[p] as number[])]) this.remove(p, k);
    for (let p = 0; p < m.m; p++) for (const k of best[p] ?? []) this.add(p, k);
    this.logPair.length = 0;
    this.logJob.length = 0;
    this.settle();
  }
}

function binomial(n: number, k: number): number {
  if (k > n) return 0;
  let out = 1;
  for (let i = 0; i < k; i++) out = (out * (n - i)) / (i + 1);
  return Math.round(out);
}
