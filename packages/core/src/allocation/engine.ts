import { type BatchOutcome, runBatch } from './batch.ts';
import { type AllocationOutcome, autoOutcome, checkOrManualOutcome, fallbackOutcome } from './modes.ts';
import type { AllocationJob, AllocationMode, AllocationScenario } from './scenario.ts';
import { ScenarioIndex } from './scenario-index.ts';

/**
 * The allocation engine of `contracts/allocation.md`: a pure function from a validated scenario
 * (see `parseScenario`) to an outcome. It never throws: an unexpected exception becomes a
 * "Something went wrong" outcome for the job (or for every job of a batch when the scenario
 * could not be indexed).
 */

export type AllocateOptions = {
  /** Batch only: list at most this many candidates per job (the best ones). Default: all. */
  candidateLimit?: number;
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
  if (jobs != null) return runBatch(ix, jobs, options.candidateLimit);
  try {
    if (scenario.job == null) throw new Error('scenario has no job');
    if (mode === 'auto') return autoOutcome(ix, job, undefined).outcome;
    return checkOrManualOutcome(ix, job, mode, scenario.candidateIds ?? job.resIds ?? []);
  } catch {
    return fallbackOutcome(job, mode);
  }
}
