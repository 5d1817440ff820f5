import { type AllocationOutcome, autoBuffers, autoOutcome, fallbackOutcome } from './modes.ts';
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
  const results: AllocationOutcome[] = new Array(jobs.length);
  const buffers = autoBuffers(ix);
  let assigned = 0;
  let conflicts = 0;
  for (const i of batchOrder(jobs)) {
    const job = jobs[i] as AllocationJob;
    let outcome: AllocationOutcome;
    try {
      const run = autoOutcome(ix, job, candidateLimit, buffers);
      if (run.assigned.length > 0) ix.join(job, run.assigned);
      outcome = run.outcome;
    } catch {
      outcome = fallbackOutcome(job, 'auto');
    }
    if (outcome.assigned.length > 0) assigned++;
    if (outcome.isConflict) conflicts++;
    results[i] = outcome;
  }
  return { results, summary: { jobs: jobs.length, assigned, conflicts } };
}
