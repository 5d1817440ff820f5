/**
 * Allocation engine benchmark: `npm run bench:allocation [-- options]`.
 *
 *   --seed N         generator seed (default 20260111)
 *   --resources N    pool of the batch scenario (default 1000)
 *   --jobs N         jobs of the batch scenario (default 5000)
 *   --runs N         timed batch runs after the first (default 5)
 *   --emit FILE      also write the batch scenario as contract JSON (for `rostra allocate`)
 *
 * Measures, on one core:
 * 1. batch auto-allocation of the generated fortnight: index build + every job (top 5 candidates
 *    listed per job, as `rostra allocate` without --pretty), cold (first run in the process) and
 *    warm (median of the next runs);
 * 2. single-job ranking: every job of a 2,000-resource scenario checked and scored against all
 *    2,000 resources and the whole list sorted, in candidate evaluations per second; and, for
 *    comparison, complete auto outcomes (every candidate listed with its messages) per job.
 * Validation (zod) and JSON are timed separately; they are not engine time.
 */
import type { BatchOutcome } from '../src/allocation/batch.ts';
import { batchOrder } from '../src/allocation/batch.ts';
import { allocate } from '../src/allocation/engine.ts';
import { autoBuffers, autoOutcome, rankJob } from '../src/allocation/modes.ts';
import { type AllocationJob, parseScenario } from '../src/allocation/scenario.ts';
import { ScenarioIndex } from '../src/allocation/scenario-index.ts';
import { sortRanked } from '../src/allocation/score.ts';
import { generateScenario } from './generate.ts';

// The core's tsconfig has no Node types on purpose; the bench reaches the host through globalThis.
type Host = {
  process: { argv: string[]; version: string; cpuUsage(): { user: number; system: number } };
  performance: { now(): number };
  console: { log(...args: unknown[]): void };
};
const host = globalThis as unknown as Host;
const console = host.console;
const now = () => host.performance.now();

function arg(name: string): string | undefined {
  const argv = host.process.argv;
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}
const num = (name: string, fallback: number) => Number(arg(name) ?? fallback);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main(): Promise<void> {
  const seed = num('seed', 20260111);
  const nRes = num('resources', 1000);
  const nJobs = num('jobs', 5000);
  const runs = num('runs', 5);

  let t = now();
  const scenario = generateScenario({ seed, resources: nRes, jobs: nJobs });
  const genMs = now() - t;
  const json = JSON.stringify(scenario);
  const emit = arg('emit');
  if (emit) {
    const fsName = 'node:fs';
    const fs = (await import(fsName)) as { writeFileSync(path: string, data: string): void };
    fs.writeFileSync(emit, json);
  }
  t = now();
  const parsed = parseScenario(JSON.parse(json));
  const parseMs = now() - t;
  if (!parsed.ok) throw new Error(parsed.message);
  const input = parsed.scenario;

  console.log(`Allocation benchmark — node ${host.process.version}, seed ${seed}`);
  console.log(
    `scenario: ${nRes} resources, ${nJobs} jobs, ${input.timeline?.length} timeline records, ` +
      `${input.shifts?.length} shifts (${(json.length / 1e6).toFixed(1)} MB JSON, generated in ${ms(genMs)}, ` +
      `JSON.parse + validation ${ms(parseMs)})`,
  );

  // 1. Batch.
  const times: number[] = [];
  let result: BatchOutcome | undefined;
  const cpuTimes: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const cpu0 = host.process.cpuUsage();
    t = now();
    result = allocate(input, { candidateLimit: 5 }) as BatchOutcome;
    times.push(now() - t);
    const cpu1 = host.process.cpuUsage();
    // Microseconds of CPU used by the whole process (compiler threads included).
    cpuTimes.push((cpu1.user - cpu0.user + cpu1.system - cpu0.system) / 1000);
  }
  const [cold, ...warm] = times as [number, ...number[]];
  const { summary } = result as BatchOutcome;
  t = now();
  const out = JSON.stringify(result);
  const stringifyMs = now() - t;
  const pairs = nJobs * nRes;
  const warmMs = warm.length > 0 ? median(warm) : cold;
  // The batch again, step by step, to count the candidates pruning left out (score −Infinity).
  const ix0 = new ScenarioIndex(input);
  const buffers0 = autoBuffers(ix0);
  let pruned = 0;
  const batchJobs = input.jobs as AllocationJob[];
  for (const i of batchOrder(batchJobs)) {
    const job = batchJobs[i] as AllocationJob;
    const run = autoOutcome(ix0, job, 5, buffers0);
    for (const v of buffers0.scores) if (v === Number.NEGATIVE_INFINITY) pruned++;
    if (run.assigned.length > 0) ix0.join(job, run.assigned);
  }
  console.log('\nbatch auto-allocation (index build + all jobs, top 5 candidates listed per job)');
  console.log(
    `  engine time: cold ${ms(cold)}, warm median ${ms(warmMs)} of ${warm.length} runs ` +
      `(process CPU time: cold ${ms(cpuTimes[0] as number)}, warm median ${ms(median(cpuTimes.slice(1)))})`,
  );
  console.log(
    `  (job, resource) pairs: ${pairs.toLocaleString('en')}, ${(((pairs / warmMs) * 1000) / 1e6).toFixed(2)} M/s warm; ` +
      `all get the cheap checks and a score bound, ${(pairs - pruned).toLocaleString('en')} ` +
      `(${(((pairs - pruned) / pairs) * 100).toFixed(0)}%) are evaluated in full, the rest provably cannot be listed or assigned`,
  );
  console.log(`  jobs assigned: ${summary.assigned} of ${summary.jobs}, conflicts: ${summary.conflicts}`);
  console.log(`  outcome JSON: ${(out.length / 1e6).toFixed(1)} MB, JSON.stringify ${ms(stringifyMs)}`);

  // 2. Single-job ranking over 2,000 candidates.
  const rankRes = 2000;
  const rankJobs = 2000;
  const big = generateScenario({ seed: seed + 1, resources: rankRes, jobs: rankJobs });
  t = now();
  const ix = new ScenarioIndex({ ...big, jobs: null });
  const indexMs = now() - t;
  const jobs = big.jobs as AllocationJob[];
  const costPart = ix.poolCostPart();
  const buffers = autoBuffers(ix);
  let checksum = 0;
  const rankCpu: number[] = [];
  const rankOnce = () => {
    const cpu0 = host.process.cpuUsage();
    const start = now();
    for (const job of jobs) {
      const ranking = rankJob(ix, job, ix.pool, costPart, buffers.scores, buffers.ok);
      const order = sortRanked(ranking.scores, ranking.cands, ix.staticRank, ix.byRank);
      checksum += order[0] ?? 0;
    }
    const wall = now() - start;
    const cpu1 = host.process.cpuUsage();
    rankCpu.push((cpu1.user - cpu0.user + cpu1.system - cpu0.system) / 1000);
    return wall;
  };
  const rankTimes = [rankOnce(), rankOnce(), rankOnce(), rankOnce()];
  const best = Math.min(...rankTimes.slice(1));
  // The loop is single-threaded: its process CPU time is time on one core, whatever else runs.
  const bestCpu = Math.min(...rankCpu.slice(1));
  const rankEvals = rankJobs * rankRes;
  console.log(
    `\nsingle-job ranking (${rankRes} candidates per job, checks + score + full sort, ${rankJobs} jobs)`,
  );
  console.log(`  index build: ${ms(indexMs)}`);
  console.log(
    `  first pass ${ms(rankTimes[0] as number)}, best of next 3 ${ms(best)}: ` +
      `${(((rankEvals / best) * 1000) / 1e6).toFixed(2)} M candidate evaluations/s ` +
      `(${((best * 1000) / rankJobs).toFixed(0)} µs per job); per CPU second: ` +
      `${(((rankEvals / bestCpu) * 1000) / 1e6).toFixed(2)} M/s`,
  );
  // The same jobs as complete auto outcomes: every candidate listed with its messages.
  const sample = jobs.slice(0, 200);
  const outcomeOnce = () => {
    const start = now();
    for (const job of sample) checksum += autoOutcome(ix, job, undefined, buffers).outcome.candidates.length;
    return now() - start;
  };
  const outcomeBest = Math.min(outcomeOnce(), outcomeOnce(), outcomeOnce());
  console.log(
    `  complete auto outcome (all ${rankRes} candidates listed, messages built): ` +
      `${((outcomeBest * 1000) / sample.length).toFixed(0)} µs per job`,
  );
  console.log(`  (checksum ${checksum})`);
}

await main();
