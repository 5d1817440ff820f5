import { type BatchOutcome, runBatch } from './batch.ts';
import { type AllocationOutcome, autoOutcome, checkOrManualOutcome, fallbackOutcome } from './modes.ts';
import { type Clock, runOptimisedBatch } from './optimise.ts';
import type { AllocationJob, AllocationMode, AllocationScenario } from './scenario.ts';
import { ScenarioIndex } from './scenario-index.ts';

/**
 * The allocation engine of `contracts/allocation.md`: a pure function from a validated scenario
 * (see `parseScenario`) to an outcome. It never throws: an unexpected exception becomes a
 * "Something went wrong" outcome for the job (or for every job of a batch when the scenario
 * could not be indexed).
 *
 * Where the contract and spec are silent, these choices hold (the reference implementation in
 * the tests makes the same ones):
 * - Leaves and breaks overlap plainly ([b, e) half-open, no tolerance); only the busy check uses
 *   the 900 s tolerance. Leave, break and busy messages name the earliest overlapping record.
 * - Counted jobs exclude leaves and breaks by `_key`/`type` too, not only by status.
 * - Past jobs (score) are counted jobs of the resource for the job's customer, not cancelled,
 *   that begin before the job.
 * - Same-day load counts the jobs whose hours count (not cancelled, draft, leave or break).
 * - A shift covers a day when a record's `week_id` range holds the day and the day's flag is
 *   truthy; only that day's intervals count (an overnight shift from the day before does not).
 *   A covered day without `beg`/`end` or `timings` has no interval.
 * - Labels resolve by catalogue id, then by catalogue name (case-insensitive), else stand as
 *   names; a label without `unit_price` costs 0; a resource with no label costs Infinity.
 * - Outcome errors: the job-level service plan failure (once), then in check and manual modes
 *   every candidate failure with its `resourceId`, then the mode's own error or warning.
 *   `no_preferred_resource_allocate` only when something was assigned.
 * - `MasterResourceID` as an empty list needs one resource.
 * - In a batch, timeline records with a batch job's `_id` are that job's old copy and are left
 *   out; an assigned job counts as a booking (busy, hours, past jobs) whatever its status; the
 *   summary counts jobs with at least one resource as assigned.
 * - A batch with `optimise` (contract › Optimised batch) runs `runOptimisedBatch`: the greedy
 *   batch, a local search, and the engine's replay of the better answer; `summary` gains `score`
 *   and `greedy`. Each job's listed candidates are those of the replay (the timeline holding the
 *   jobs before it), as in the greedy batch.
 * - The fallback error is `{ code: 'fallback', title: 'Something went wrong', message: 'Something
 *   went wrong' }`.
 */

export type AllocateOptions = {
  /** Batch only: list at most this many candidates per job (the best ones). Default: all. */
  candidateLimit?: number;
  /**
   * Optimised batch only: the clock its budget is measured on (milliseconds, monotonic). Without
   * one the improvement runs until it finds nothing better (see `runOptimisedBatch`).
   */
  clock?: Clock;
  /** Optimised batch only: receives the greedy start (the batch without `optimise`) once it is made. */
  onGreedy?: (greedy: BatchOutcome) => void;
};

export type AllocationResult = AllocationOutcome | BatchOutcome;

/** The mode a scenario runs in: its `mode`, else `auto` for a batch and `check` for one job. */
export function scenarioMode(scenario: AllocationScenario): AllocationMode {
  return scenario.mode ?? (scenario.jobs != null ? 'auto' : 'check');
}

export function allocate(scenario: AllocationScenario, options: AllocateOptions = {}): AllocationResult {
  const mode = scenarioMode(scenario);
  const jobs = scenario.jobs;
  const job: AllocationJob = scenario.job ?? ({} as AllocationJob);
  let ix: ScenarioIndex;
  try {
    ix = new ScenarioIndex(scenario);
  } catch {
    if (jobs == null) return fallbackOutcome(job, mode);
    const results = jobs.map((j) => fallbackOutcome(j, 'auto'));
    return { results, summary: { jobs: jobs.length, assigned: 0, conflicts: jobs.length } };
  }
  if (jobs != null && scenario.optimise != null) {
    const budget = scenario.optimise.budget_ms;
    return runOptimisedBatch(
      scenario,
      ix,
      jobs,
      options.candidateLimit,
      budget,
      options.clock,
      options.onGreedy,
    );
  }
  if (jobs != null) return runBatch(ix, jobs, options.candidateLimit);
  try {
    if (scenario.job == null) throw new Error('scenario has no job');
    if (mode === 'auto') return autoOutcome(ix, job, undefined).outcome;
    return checkOrManualOutcome(ix, job, mode, scenario.candidateIds ?? job.resIds ?? []);
  } catch {
    return fallbackOutcome(job, mode);
  }
}
