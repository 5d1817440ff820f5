import { candidateIssues } from './checks.ts';
import { createJobContext, type JobData } from './job-context.ts';
import { type AllocationIssue, messages, noResourceFoundIssue, somethingWentWrongIssue } from './messages.ts';
import { requiredCount } from './modes.ts';
import type { AllocationJob, AllocationScenario } from './scenario.ts';
import { classifyRecord, recordResourceIds, ScenarioIndex } from './scenario-index.ts';

/**
 * The one conflict rule of a job (booking or group event): its stored `isConflict` and errors,
 * whichever path computes them (check, manual, auto, batch, save, roster roll-out, re-check).
 *
 * - Each assigned resource goes through the contract's hard checks (spec §4 "a job is marked in
 *   conflict when any resource fails a check"), with the organisation's switches and the one
 *   overlap tolerance (`overlapToleranceSeconds`): the very checks the candidate panel lists.
 * - The job-level service plan failure, while its check is on.
 * - A job that is not a draft needs its resources (spec §4 "… or none is assigned"): none is
 *   `no_resource_found`, fewer than `MasterResourceID` requires is `no_multi_allocation`. A draft
 *   is not yet to be resourced (the batch and the unassigned lookup leave drafts out).
 *
 * Errors: the service plan failure, then each resource's failures tagged with its `resourceId`
 * (resources in the job's order, checks in contract order), then the missing-resource error.
 * Resources unknown to the pool are not checked. Pure and total: an exception becomes a
 * "Something went wrong" conflict.
 */
export type JobVerdict = { isConflict: boolean; errors: AllocationIssue[] };

/** Whether a timeline record is a job the verdict applies to (a booking or group event). */
export function isVerdictJob(record: AllocationJob): boolean {
  const cls = classifyRecord(record);
  return (
    !cls.isLeave &&
    !cls.isBreak &&
    ['booking', 'groupevent'].includes((record._key ?? 'booking').toLowerCase())
  );
}

/**
 * The verdict of `job` over `ix`: an index of the timeline that may hold the job's own (stored)
 * copy, which is left out. `data` as for `rankCandidates`.
 */
export function jobVerdict(ix: ScenarioIndex, job: AllocationJob, data?: JobData): JobVerdict {
  try {
    const ctx = createJobContext(ix, job, data);
    const errors: AllocationIssue[] = [];
    if (!ix.config.skip.VISIT_SERVICE_PLAN_NOT_CHECK && ctx.servicePlanIssue)
      errors.push(ctx.servicePlanIssue);
    let assigned = 0;
    for (const id of recordResourceIds(job)) {
      const r = ix.indexOf.get(id);
      if (r === undefined) continue;
      assigned++;
      for (const e of candidateIssues(ctx, r)) {
        if (e.code !== 'service_plans_invalid') errors.push({ ...e, resourceId: id });
      }
    }
    const needs = (job.status ?? '').toLowerCase() !== 'draft';
    const required = requiredCount(job);
    if (needs && assigned === 0) errors.push(noResourceFoundIssue());
    else if (needs && assigned < required) {
      errors.push({ code: 'no_multi_allocation', message: messages.noMultiAllocation(required, assigned) });
    }
    return { isConflict: errors.length > 0, errors };
  } catch {
    return { isConflict: true, errors: [somethingWentWrongIssue()] };
  }
}

/**
 * The verdicts of `jobs` as they now are, over the scenario's data: the jobs replace their own
 * older copies in the timeline (a batch's or allocation's output, or records being re-checked).
 * One index for all of them. Answers in the order of `jobs`.
 */
export function verdictsAfter(scenario: AllocationScenario, jobs: readonly AllocationJob[]): JobVerdict[] {
  // A job without an id gets one here, so that its own copy is told apart from the others.
  const named = jobs.map((j, i) => (j._id == null ? { ...j, _id: `\u0000job-${i}` } : j));
  const ids = new Set(named.map((j) => j._id as string));
  let ix: ScenarioIndex;
  try {
    ix = new ScenarioIndex({
      ...scenario,
      job: undefined,
      jobs: undefined,
      timeline: [...(scenario.timeline ?? []).filter((r) => r._id == null || !ids.has(r._id)), ...named],
    });
  } catch {
    return jobs.map(() => ({ isConflict: true, errors: [somethingWentWrongIssue()] }));
  }
  const byResource = recordsByResource([...(scenario.timeline ?? []), ...named]);
  return named.map((job) => withConflictIds(jobVerdict(ix, job), job, byResource, ix.config.busyTolerance));
}

type Classified = { rec: AllocationJob; c: ReturnType<typeof classifyRecord> };

/** Each resource's records with their kind, classified once for every job's conflict ids. */
function recordsByResource(
  timeline: readonly AllocationJob[],
): (resourceId: string) => readonly Classified[] {
  let map: Map<string, Classified[]> | undefined;
  return (resourceId) => {
    if (!map) {
      map = new Map();
      for (const rec of timeline) {
        const c = classifyRecord(rec);
        if (!c.isOverlapJob && !c.isLeave && !c.isBreak) continue;
        for (const id of new Set(recordResourceIds(rec))) {
          const list = map.get(id);
          if (list) list.push({ rec, c });
          else map.set(id, [{ rec, c }]);
        }
      }
    }
    return map.get(resourceId) ?? [];
  };
}

const CLASH: Record<string, (c: ReturnType<typeof classifyRecord>) => boolean> = {
  resource_busy: (c) => c.isOverlapJob,
  resource_on_leave: (c) => c.isLeave,
  resource_break_time: (c) => c.isBreak,
};

/**
 * Names the record each busy, leave and break error is about (`conflictId`, for a link to it):
 * the check's own pick, the earliest overlapping record of that kind of the resource.
 */
function withConflictIds(
  verdict: JobVerdict,
  job: AllocationJob,
  recordsOf: (resourceId: string) => readonly Classified[],
  tolerance: number,
): JobVerdict {
  if (!verdict.errors.some((e) => e.code in CLASH)) return verdict;
  const errors = verdict.errors.map((e) => {
    const is = CLASH[e.code];
    if (!is || e.resourceId === undefined) return e;
    const t = e.code === 'resource_busy' ? tolerance : 0;
    let best: AllocationJob | undefined;
    for (const { rec, c } of recordsOf(e.resourceId)) {
      if (rec._id === job._id || !is(c)) continue;
      if (
        !(rec.utc_begin_plus_tz < job.utc_end_plus_tz - t && job.utc_begin_plus_tz < rec.utc_end_plus_tz - t)
      )
        continue;
      if (best === undefined || rec.utc_begin_plus_tz < best.utc_begin_plus_tz) best = rec;
    }
    return best?._id == null ? e : { ...e, conflictId: best._id };
  });
  return { ...verdict, errors };
}
