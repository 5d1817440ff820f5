import { type BatchOutcome, replayBatch } from './batch.ts';
import { buildBatchModel } from './optimise-model.ts';
import { searchBatch } from './optimise-search.ts';
import type { AllocationJob, AllocationScenario } from './scenario.ts';
import { ScenarioIndex } from './scenario-index.ts';

/** A monotonic clock in milliseconds (the optimised batch's budget); e.g. `performance.now`. */
export type Clock = () => number;

/**
 * The optimised batch (contract › Optimised batch): the greedy batch, then a local search
 * (`optimise-search.ts`) on the batch's model (`optimise-model.ts`) for about `budgetMs` of the
 * clock — the model's build counts — and the engine's replay of the best assignment found. The
 * answer is the greedy batch's whenever the replay is not better on the objective (more fully
 * staffed jobs, then a higher replayed score), so it is never worse. Without a clock the search
 * runs until a pass finds nothing (deterministic; a budget of 0 still means no search).
 *
 * Outcomes are those of the replay: each job ranked with the timeline holding the existing
 * records and the assignments of the jobs before it (the contract's replayed score), its
 * candidates listed and its errors and `isConflict` given for its final resources.
 */
export function runOptimisedBatch(
  scenario: AllocationScenario,
  ix: ScenarioIndex,
  jobs: readonly AllocationJob[],
  candidateLimit: number | undefined,
  budgetMs: number,
  clock: Clock | undefined,
  onGreedy?: (greedy: BatchOutcome) => void,
): BatchOutcome {
  const greedy = replayBatch(ix, jobs, candidateLimit);
  onGreedy?.(greedy.outcome);
  const figures = { assigned: greedy.outcome.summary.assigned, score: greedy.score };
  const answer = (run: typeof greedy): BatchOutcome => ({
    results: run.outcome.results,
    summary: { ...run.outcome.summary, score: run.score, greedy: figures },
  });
  if (budgetMs === 0) return answer(greedy);
  // The improvement's own index: the existing timeline only, for the model and then the replay.
  const started = clock?.() ?? 0;
  const outOfTime = () => clock !== undefined && clock() - started >= budgetMs;
  let base: ScenarioIndex;
  let model: ReturnType<typeof buildBatchModel>;
  try {
    base = new ScenarioIndex(scenario);
    model = buildBatchModel(base, jobs, outOfTime);
  } catch {
    return answer(greedy);
  }
  if (model === undefined || outOfTime()) return answer(greedy);
  try {
    const startPairs: number[][] = [];
    for (let p = 0; p < model.m; p++) {
      const pairs: number[] = [];
      for (const r of greedy.assigned[model.input[p] as number] ?? []) {
        let found = -1;
        for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++) {
          if (model.pairRes[k] === r) found = k;
        }
        // A greedy pair the model does not know cannot be: keep the greedy answer then.
        if (found < 0) return answer(greedy);
        pairs.push(found);
      }
      startPairs.push(pairs);
    }
    const result = searchBatch(model, startPairs, outOfTime);
    const forced: number[][] = jobs.map(() => []);
    let changed = false;
    for (let p = 0; p < model.m; p++) {
      const i = model.input[p] as number;
      const resources = (result.assigned[p] ?? []).map((k) => model.pairRes[k] as number);
      forced[i] = resources;
      const before = greedy.assigned[i] ?? [];
      if (resources.length !== before.length || resources.some((r) => !before.includes(r))) changed = true;
    }
    if (!changed) return answer(greedy);
    const run = replayBatch(base, jobs, candidateLimit, forced);
    const better = run.full > greedy.full || (run.full === greedy.full && run.score > greedy.score);
    return answer(better ? run : greedy);
  } catch {
    return answer(greedy);
  }
}
