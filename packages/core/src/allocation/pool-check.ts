import { type CandidateOutcome, checkOrManualOutcome } from './modes.ts';
import type { AllocationJob, AllocationScenario } from './scenario.ts';
import { ScenarioIndex } from './scenario-index.ts';

/**
 * "Check this booking against these resources, at these times", for a screen that asks the same
 * question many times over one loaded window (the timeline while a bar is dragged).
 *
 * The scenario is indexed once (`scenario.job` names the booking; its own timeline copy is left
 * out, as the engine does); each call runs the engine's check mode on the booking moved to
 * [begin, end) for the given pool ids. The answer is exactly what `allocate({ mode: 'check', job:
 * moved, candidateIds })` gives for its candidates: same checks, same messages, same scores.
 */
export type PoolChecker = (begin: number, end: number, resourceIds: readonly string[]) => CandidateOutcome[];

export function createPoolChecker(scenario: AllocationScenario & { job: AllocationJob }): PoolChecker {
  const ix = new ScenarioIndex({ ...scenario, mode: 'check' });
  const job = scenario.job;
  return (begin, end, resourceIds) => {
    const moved: AllocationJob = { ...job, utc_begin_plus_tz: begin, utc_end_plus_tz: end };
    return checkOrManualOutcome(ix, moved, 'check', resourceIds).candidates;
  };
}
