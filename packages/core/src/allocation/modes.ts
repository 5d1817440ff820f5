import { candidateIssues } from './checks.ts';
import { createJobContext, type JobContext, type JobData } from './job-context.ts';
import { type AllocationIssue, messages, noResourceFoundIssue, somethingWentWrongIssue } from './messages.ts';
import type { AllocationJob, AllocationMode } from './scenario.ts';
import { costParts, type ScenarioIndex } from './scenario-index.ts';
import { evaluateCandidates, type Pruning, sortRanked, topRanked } from './score.ts';

/** One candidate as the outcome lists it. `weightage_cost` is null when the resource has no label. */
export type CandidateOutcome = {
  resourceId: string;
  name: string;
  ok: boolean;
  score: number;
  weightage_cost: number | null;
  errors: AllocationIssue[];
};

/** The outcome of one job (contract §Outcome). */
export type AllocationOutcome = {
  job: AllocationJob;
  assigned: string[];
  isConflict: boolean;
  errors: AllocationIssue[];
  candidates: CandidateOutcome[];
};

/** A job's candidates scored and checked: `scores[k]`, `ok[k]` belong to pool position `cands[k]`. */
export type Ranking = {
  ctx: JobContext;
  cands: Int32Array;
  scores: Float64Array;
  ok: Uint8Array;
};

/**
 * Scores and checks `cands` (pool positions) for a job. `costPart` defaults to the cost parts of
 * this candidate set; scores/ok buffers may be passed in to be reused; with `pruning`, candidates
 * that can neither be listed nor assigned are left out (see `evaluateCandidates`).
 */
export function rankJob(
  ix: ScenarioIndex,
  job: AllocationJob,
  cands: Int32Array,
  costPart: Float64Array = costParts(ix.cost, cands),
  scores: Float64Array = new Float64Array(cands.length),
  ok: Uint8Array = new Uint8Array(cands.length),
  pruning?: Pruning,
  data?: JobData,
): Ranking {
  const ctx = createJobContext(ix, job, data);
  evaluateCandidates(ctx, cands, costPart, scores, ok, pruning);
  return { ctx, cands, scores, ok };
}

/** Builds the listed form of candidate position `k`, messages included. */
export function candidateOutcome(ranking: Ranking, k: number): CandidateOutcome {
  const { ctx, cands, scores } = ranking;
  const r = cands[k] as number;
  const errors = candidateIssues(ctx, r);
  const cost = ctx.ix.cost[r] as number;
  return {
    resourceId: ctx.ix.ids[r] as string,
    name: ctx.ix.names[r] as string,
    ok: errors.length === 0,
    score: scores[k] as number,
    weightage_cost: cost === Number.POSITIVE_INFINITY ? null : cost,
    errors,
  };
}

/** The job-level service plan failure when its check is on. */
function jobLevelIssues(ctx: JobContext): AllocationIssue[] {
  return !ctx.ix.config.skip.VISIT_SERVICE_PLAN_NOT_CHECK && ctx.servicePlanIssue
    ? [ctx.servicePlanIssue]
    : [];
}

/**
 * The job given the resources at pool positions `assigned`: `resIds`, `resourceId` and
 * `resource_first_name` / `resource_last_name` of the first (its `first_name`, else its `name`;
 * its `last_name`, else ''), `autoallocate`, `isConflict`. With none, `resIds` is [] and the
 * resource id and names are removed. Other fields keep their place and order.
 */
function assignJob(
  ix: ScenarioIndex,
  job: AllocationJob,
  assigned: readonly number[],
  autoallocate: boolean,
  isConflict: boolean,
): AllocationJob {
  const first = assigned[0];
  if (first === undefined) {
    const { resourceId: _r, resource_first_name: _f, resource_last_name: _l, ...rest } = job;
    return { ...rest, resIds: [], autoallocate, isConflict } as AllocationJob;
  }
  const r = ix.resources[first];
  return {
    ...job,
    resIds: assigned.map((p) => ix.ids[p] as string),
    resourceId: ix.ids[first] as string,
    resource_first_name: r?.first_name ?? r?.name ?? '',
    resource_last_name: r?.last_name ?? '',
    autoallocate,
    isConflict,
  };
}

/**
 * `check` and `manual` modes: checks and scores the candidates (`candidateIds`, else the job's
 * `resIds`; unknown ids and repeats are dropped). Outcome `errors`: the service plan failure, then
 * every candidate failure tagged with its `resourceId` (candidates in the order given, checks in
 * contract order), then `no_resource_found` when there is no candidate. Manual mode also assigns
 * the candidates to the job.
 */
export function checkOrManualOutcome(
  ix: ScenarioIndex,
  job: AllocationJob,
  mode: 'check' | 'manual',
  candidateIds: readonly string[],
): AllocationOutcome {
  const positions = poolPositions(ix, candidateIds);
  const ranking = rankJob(ix, job, Int32Array.from(positions));
  // Candidate k is positions[k]: build each once, list them in rank order, report in given order.
  const built = positions.map((_, k) => candidateOutcome(ranking, k));
  const listed = sortRanked(ranking.scores, ranking.cands, ix.staticRank).map(
    (k) => built[k] as CandidateOutcome,
  );
  const errors = jobLevelIssues(ranking.ctx);
  for (const c of built) {
    for (const e of c.errors) {
      if (e.code !== 'service_plans_invalid') errors.push({ ...e, resourceId: c.resourceId });
    }
  }
  if (positions.length === 0) errors.push(noResourceFoundIssue());
  const isConflict = positions.length === 0 || listed.some((c) => !c.ok);
  return {
    job: mode === 'manual' ? assignJob(ix, job, positions, false, isConflict) : job,
    assigned: mode === 'manual' ? positions.map((r) => ix.ids[r] as string) : [],
    isConflict,
    errors,
    candidates: listed,
  };
}

/** Pool positions of `ids`, in the order given; unknown ids and repeats dropped. Linear. */
function poolPositions(ix: ScenarioIndex, ids: readonly string[]): number[] {
  const positions: number[] = [];
  const seen = new Uint8Array(ix.n);
  for (const id of ids) {
    const r = ix.indexOf.get(id);
    if (r === undefined || seen[r] === 1) continue;
    seen[r] = 1;
    positions.push(r);
  }
  return positions;
}

/**
 * A candidate list split for people choosing whom to assign (issue 16 point 4): those who pass
 * every check, then those who fail, each group in the order given (the contract's rank order).
 * The contract's `candidates` array itself stays in rank order, passing or not.
 */
export function splitPassing<T extends { ok: boolean }>(list: readonly T[]): { passing: T[]; failing: T[] } {
  const passing: T[] = [];
  const failing: T[] = [];
  for (const c of list) (c.ok ? passing : failing).push(c);
  return { passing, failing };
}

/** `splitPassing` as one list: the passing group, then the failing one. */
export function passingFirst<T extends { ok: boolean }>(list: readonly T[]): T[] {
  const { passing, failing } = splitPassing(list);
  return [...passing, ...failing];
}

/** A slice of a ranked list: `limit` entries from `offset` (0-based). */
export type CandidatePage = { offset: number; limit: number };

/** One page of a job's ranked candidates (check mode), with the counts of the whole list. */
export type RankedCandidates = {
  /** Candidates ranked: every pool resource, or the `candidateIds` found in the pool. */
  total: number;
  /** How many of them pass every check. */
  passing: number;
  /** The page, in rank order (passing first with `passingFirst`), each with its failed checks in words. */
  candidates: CandidateOutcome[];
  /** Job-level issues: the service plan failure while its check is on. */
  errors: AllocationIssue[];
  /** The job's context the ranking ran on (for explaining a score, e.g. `scoreParts`). */
  context: JobContext;
};

/**
 * Check mode for a candidate panel: ranks every candidate (the whole pool unless `candidateIds`
 * names some) exactly as `checkOrManualOutcome` lists them, but builds the listed form —
 * messages included — only for the requested page. With a prepared index (built once for a
 * window, without any job) pass the job's `data`; the job's own copy in the index is left out.
 * With `passingFirst` the pages run over the passing candidates, then the failing ones, each in
 * rank order (the candidate panel: issue 16 point 4).
 */
export function rankCandidates(
  ix: ScenarioIndex,
  job: AllocationJob,
  options: {
    data?: JobData;
    page?: CandidatePage;
    candidateIds?: readonly string[];
    passingFirst?: boolean;
  } = {},
): RankedCandidates {
  const whole = options.candidateIds === undefined;
  const cands = whole ? ix.pool : Int32Array.from(poolPositions(ix, options.candidateIds ?? []));
  const ranking = rankJob(
    ix,
    job,
    cands,
    whole ? ix.poolCostPart() : costParts(ix.cost, cands),
    undefined,
    undefined,
    undefined,
    options.data,
  );
  const ranked = sortRanked(ranking.scores, cands, ix.staticRank, whole ? ix.byRank : undefined);
  let passing = 0;
  for (let k = 0; k < cands.length; k++) passing += ranking.ok[k] as number;
  const order = options.passingFirst
    ? [...ranked.filter((k) => ranking.ok[k] === 1), ...ranked.filter((k) => ranking.ok[k] !== 1)]
    : ranked;
  const offset = Math.max(0, options.page?.offset ?? 0);
  const limit = Math.max(0, options.page?.limit ?? cands.length);
  return {
    total: cands.length,
    passing,
    candidates: order.slice(offset, offset + limit).map((k) => candidateOutcome(ranking, k)),
    errors: jobLevelIssues(ranking.ctx),
    context: ranking.ctx,
  };
}

/** Reusable buffers over the pool for auto mode. */
export type AutoBuffers = { scores: Float64Array; ok: Uint8Array };

export function autoBuffers(ix: ScenarioIndex): AutoBuffers {
  return { scores: new Float64Array(ix.n), ok: new Uint8Array(ix.n) };
}

/** Resources the job needs: the length of `MasterResourceID` when it is a list (at least 1), else 1. */
export function requiredCount(job: AllocationJob): number {
  return Array.isArray(job.MasterResourceID) ? Math.max(1, job.MasterResourceID.length) : 1;
}

/**
 * `auto` mode: every pool resource is checked and scored; the best passing ones, up to the
 * required count, are assigned in rank order. `candidateLimit` lists only the best that many
 * candidates (batch output without --pretty); otherwise all are listed. Returns the outcome, the
 * assigned pool positions and their scores.
 *
 * With `forced` (pool positions; the optimised batch's replay) those resources are assigned
 * instead of the best passing ones, in rank order, whatever the checks say here: the caller has
 * checked them against the final timeline. Everything else — listed candidates, errors — is as
 * for a chosen assignment.
 */
export function autoOutcome(
  ix: ScenarioIndex,
  job: AllocationJob,
  candidateLimit: number | undefined,
  buffers: AutoBuffers = autoBuffers(ix),
  forced?: readonly number[],
): { outcome: AllocationOutcome; assigned: number[]; scores: number[] } {
  const required = requiredCount(job);
  const listsAll = candidateLimit === undefined || candidateLimit >= ix.n;
  const ranking = rankJob(
    ix,
    job,
    ix.pool,
    ix.poolCostPart(),
    buffers.scores,
    buffers.ok,
    listsAll ? undefined : { shown: candidateLimit, assign: required },
  );
  const { scores, ok, cands } = ranking;
  let shown: number[];
  let picks: number[];
  if (listsAll) {
    shown = sortRanked(scores, cands, ix.staticRank, ix.byRank);
    picks = [];
    for (const k of shown) {
      if (picks.length === required) break;
      if (ok[k] === 1) picks.push(k);
    }
  } else {
    shown = topRanked(scores, ok, cands, ix.staticRank, candidateLimit, false);
    picks = topRanked(scores, ok, cands, ix.staticRank, required, true);
  }
  let assigned = picks.map((k) => cands[k] as number);
  let assignedScores = picks.map((k) => scores[k] as number);
  if (forced !== undefined) [assigned, assignedScores] = forcedRanked(ix, job, forced);
  const assignedIds = assigned.map((r) => ix.ids[r] as string);
  const errors = jobLevelIssues(ranking.ctx);
  if (assigned.length === 0) {
    errors.push({ code: 'no_auto_allocation', message: messages.noAutoAllocation() });
  } else if (assigned.length < required) {
    errors.push({
      code: 'no_multi_allocation',
      message: messages.noMultiAllocation(required, assigned.length),
    });
  }
  const preferred = ranking.ctx.preferred;
  if (preferred.length > 0 && assigned.length > 0 && !assignedIds.some((id) => preferred.includes(id))) {
    errors.push({ code: 'no_preferred_resource_allocate', message: messages.noPreferredResource() });
  }
  const isConflict = assigned.length < required;
  return {
    outcome: {
      job:
        assigned.length > 0 ? assignJob(ix, job, assigned, true, isConflict) : { ...job, isConflict: true },
      assigned: assignedIds,
      isConflict,
      errors,
      candidates: shown.map((k) => candidateOutcome(ranking, k)),
    },
    assigned,
    scores: assignedScores,
  };
}

/** `forced` pool positions in rank order (score descending, then the static order), with their scores. */
function forcedRanked(
  ix: ScenarioIndex,
  job: AllocationJob,
  forced: readonly number[],
): [number[], number[]] {
  if (forced.length === 0) return [[], []];
  const cands = Int32Array.from(forced);
  const ranking = rankJob(ix, job, cands, ix.poolCostPart());
  const order = sortRanked(ranking.scores, cands, ix.staticRank);
  return [order.map((k) => cands[k] as number), order.map((k) => ranking.scores[k] as number)];
}

/** What an unexpected exception becomes: the job unchanged (flagged in conflict unless `check`). */
export function fallbackOutcome(job: AllocationJob, mode: AllocationMode): AllocationOutcome {
  let flagged = job;
  if (mode !== 'check') {
    try {
      flagged = { ...job, isConflict: true };
    } catch {
      // The job itself is what failed to read: hand it back as it is.
    }
  }
  return {
    job: flagged,
    assigned: [],
    isConflict: true,
    errors: [somethingWentWrongIssue()],
    candidates: [],
  };
}
