import { type AllocationResult, allocate } from './engine.ts';
import type { Clock } from './optimise.ts';
import { parseScenario } from './scenario.ts';

/** Batch results list this many candidates per job unless the full list is asked for. */
export const BATCH_CANDIDATE_LIMIT = 5;

export type RunOptions = {
  /** List every candidate of every batch job (the CLI's --pretty). Default false: the best 5. */
  allCandidates?: boolean;
  /** The optimised batch's clock (ms); default the host's `performance.now` when it has one. */
  clock?: Clock;
};

/** The host's monotonic clock, when it has one (Node and browsers do). */
function hostClock(): Clock | undefined {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf === undefined ? undefined : () => perf.now();
}

export type RunResult = { ok: true; outcome: AllocationResult } | { ok: false; message: string };

/**
 * Validates and runs one scenario, as the CLI and the HTTP API both do. `input` is parsed JSON.
 * An invalid scenario gives `{ ok: false, message }` with a one-line message naming the field
 * (`job.utc_begin_plus_tz: expected a number`). Never throws.
 */
export function runAllocation(input: unknown, options: RunOptions = {}): RunResult {
  let parsed: ReturnType<typeof parseScenario>;
  try {
    parsed = parseScenario(input);
  } catch {
    return { ok: false, message: 'scenario: could not be read' };
  }
  if (!parsed.ok) return parsed;
  const clock = options.clock ?? hostClock();
  const outcome = allocate(parsed.scenario, {
    ...(options.allCandidates ? {} : { candidateLimit: BATCH_CANDIDATE_LIMIT }),
    ...(clock === undefined ? {} : { clock }),
  });
  return { ok: true, outcome };
}

/** As `runAllocation`, from JSON text; broken JSON is an invalid scenario too. */
export function runAllocationJson(text: string, options: RunOptions = {}): RunResult {
  let input: unknown;
  try {
    // A byte-order mark is not JSON but editors write one; it carries no meaning here.
    input = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, message: `input: not valid JSON (${why.replace(/\s+/g, ' ')})` };
  }
  return runAllocation(input, options);
}
