import { type AllocationOutcome, autoBuffers, autoOutcome, fallbackOutcome, requiredCount } from './modes.ts';
import type { AllocationJob } from './scenario.ts';
import type { ScenarioIndex } from './scenario-index.ts';

/** A batch answer: one outcome per job in input order, and totals. */
export type BatchOutcome = {
  results: AllocationOutcome[];
  summary: {
    jobs: number;
    /** Jobs that got at least one resource. */
    assigned: number;
    /** Jobs left in conflict (nothing assigned, or fewer resources than required). */
    conflicts: number;
    /** Optimised batch only: the replayed score of the answer. */
    score?: number;
    /** Optimised batch only: the greedy start's figures. */
    greedy?: { assigned: number; score: number };
  };
};

/** Processing order of a batch: `utc_begin_plus_tz`, then `_id` (absent sorts as ''), then input order. */
export function batchOrder(jobs: readonly AllocationJob[]): number[] {
  const order = jobs.map((_, i) => i);
  order.sort((a, b) => {
    const ja = jobs[a] as AllocationJob;
    const jb = jobs[b] as AllocationJob;
    if (ja.utc_begin_plus_tz !== jb.utc_begin_plus_tz) return ja.utc_begin_plus_tz - jb.utc_begin_plus_tz;
    const ia = ja._id ?? '';
    const ib = jb._id ?? '';
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  });
  return order;
}

/** A batch run: the answer, each job's assigned pool positions (input order) and the objective. */
export type BatchRun = {
  outcome: BatchOutcome;
  assigned: number[][];
  /** Jobs with every resource they need (the optimised batch's first objective). */
  full: number;
  /** The replayed score: the sum, over fully staffed jobs, of their resources' scores. */
  score: number;
};

/**
 * Batch auto-allocation: jobs in `batchOrder`, each assignment joining the index before the next
 * job is checked, so hours accumulate across the batch and nothing is double-booked. An exception
 * while allocating one job becomes that job's "Something went wrong" outcome; the others go on.
 */
export function runBatch(
  ix: ScenarioIndex,
  jobs: readonly AllocationJob[],
  candidateLimit: number | undefined,
): BatchOutcome {
  return replayBatch(ix, jobs, candidateLimit).outcome;
}

/**
 * `runBatch`, also answering the assignment and its objective. With `forced` (pool positions per
 * job, input order) it replays that assignment instead of choosing one: each job is ranked with
 * the timeline holding the jobs before it, so its listed candidates and score are those of the
 * contract's replayed score.
 */
export function replayBatch(
  ix: ScenarioIndex,
  jobs: readonly AllocationJob[],
  candidateLimit: number | undefined,
  forced?: readonly (readonly number[])[],
): BatchRun {
  const results: AllocationOutcome[] = new Array(jobs.length);
  const positions: number[][] = jobs.map(() => []);
  const buffers = autoBuffers(ix);
  let assigned = 0;
  let conflicts = 0;
  let full = 0;
  let score = 0;
  for (const i of batchOrder(jobs)) {
    const job = jobs[i] as AllocationJob;
    let outcome: AllocationOutcome;
    try {
      const run = autoOutcome(ix, job, candidateLimit, buffers, forced?.[i]);
      if (run.assigned.length > 0) ix.join(job, run.assigned);
      outcome = run.outcome;
      positions[i] = run.assigned;
      if (run.assigned.length > 0 && run.assigned.length === requiredCount(job)) {
        full++;
        let s = 0;
        for (const x of run.scores) s += x;
        score += s;
      }
    } catch {
      outcome = fallbackOutcome(job, 'auto');
    }
    if (outcome.assigned.length > 0) assigned++;
    if (outcome.isConflict) conflicts++;
    results[i] = outcome;
  }
  return {
    outcome: { results, summary: { jobs: jobs.length, assigned, conflicts } },
    assigned: positions,
    full,
    score,
  };
}
