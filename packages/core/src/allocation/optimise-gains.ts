import type { BatchOutcome } from './batch.ts';
import { preferredList } from './job-context.ts';
import { requiredCount } from './modes.ts';

/** What an answer staffs: jobs with every resource they need, and preferred workers given. */
export type StaffingFigures = { staffed: number; preferred: number };

/**
 * The figures the batch summary compares (issue 20 point 2: "+13 jobs staffed, 12 more preferred
 * workers"): fully staffed jobs (a job needing N resources counts only with all N, the optimised
 * batch's first objective) and assignments of a resource the job names as preferred.
 */
export function staffingFigures(outcome: BatchOutcome): StaffingFigures {
  let staffed = 0;
  let preferred = 0;
  for (const result of outcome.results) {
    if (result.assigned.length >= requiredCount(result.job)) staffed++;
    const wanted = preferredList(result.job);
    for (const id of result.assigned) if (wanted.includes(id)) preferred++;
  }
  return { staffed, preferred };
}
