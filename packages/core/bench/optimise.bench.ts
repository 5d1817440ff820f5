/**
 * Optimised batch benchmark: `npm run bench:optimise [-- options]`.
 *
 *   --seed N        generator seed (default 20260111)
 *   --resources N   pool (default 1000)
 *   --jobs LIST     batch sizes, comma-separated (default 5000,10000)
 *   --budget N      the optimised run's optimise.budget_ms (default 2000)
 *   --no-process    skip timing the whole `rostra allocate` process
 *
 * For each size, on the project's generator (packages/core/bench/generate.ts):
 * 1. greedy: the batch without `optimise` — fully staffed jobs, replayed score, engine time;
 * 2. optimised with the budget, measured in process CPU time as `rostra allocate` does — the same
 *    figures, and the engine's wall-clock time;
 * 3. reference: the same search without a clock, run until a whole pass finds nothing better.
 *    This is NOT a proven optimum: it is the best our own search finds with unlimited time;
 * 4. upper bounds that hold for every valid assignment: for staffing, jobs that have enough
 *    candidates on the existing timeline less the shortfalls of matchings at crowded moments
 *    (`competition`); for the score, each such job's best possible resources with every
 *    timeline-dependent part at its maximum (past jobs 80, free week 20, free day 10). Honest
 *    but loose (the score bound most): the exact optimum is `optimise-exact.bench.ts`'s (CBC, offline);
 * 5. validity of the optimised answer against the final timeline, checked here independently of
 *    the optimiser: for every resource, no two counted jobs (existing or batch) overlap by more
 *    than the busy tolerance and no week's hours exceed `max_hrs_wk` (the checks the batch's
 *    other assignments can break; the rest look at the job, the resource and existing records);
 * 6. the whole `rostra allocate --input FILE` process with the budget (node start, JSON, engine).
 */
import type { BatchOutcome } from '../src/allocation/batch.ts';
import { allocate } from '../src/allocation/engine.ts';
import { buildBatchModel } from '../src/allocation/optimise-model.ts';
import { type AllocationJob, type AllocationScenario, parseScenario } from '../src/allocation/scenario.ts';
import { ScenarioIndex } from '../src/allocation/scenario-index.ts';
import { generateScenario } from './generate.ts';
import { staffed, violations } from './optimise-check.ts';

type Host = {
  process: {
    argv: string[];
    version: string;
    execPath: string;
    cpuUsage(): { user: number; system: number };
  };
  performance: { now(): number };
  console: { log(...args: unknown[]): void };
};
const host = globalThis as unknown as Host;
const console = host.console;
const now = () => host.performance.now();
/** The CLI's budget clock: this process's CPU time, in ms (see apps/server/src/cli/allocate.ts). */
const clock = () => {
  const u = host.process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function arg(name: string): string | undefined {
  const argv = host.process.argv;
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}
const ms = (x: number) => `${x.toFixed(0)} ms`;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(2)} %`;
const fmt = (x: number) => x.toLocaleString('en', { maximumFractionDigits: 0 });

/** Upper bounds on fully staffed jobs and on the replayed score (see the header, 4). */
function upperBounds(s: AllocationScenario): { full: number; fullTight: number; score: number } {
  const jobs = s.jobs ?? [];
  const model = buildBatchModel(new ScenarioIndex(s), jobs, () => false);
  if (!model) throw new Error('no model');
  let score = 0;
  const staffable: number[] = [];
  for (let p = 0; p < model.m; p++) {
    const from = model.candStart[p] as number;
    const count = (model.candStart[p + 1] as number) - from;
    const req = model.req[p] as number;
    if (req === 0 || count < req) continue;
    staffable.push(p);
    const statics = Array.from(model.pairStatic.subarray(from, from + count)).sort((a, b) => b - a);
    let best = 0;
    for (let i = 0; i < req; i++) best += (statics[i] as number) + 80 + 20 + 10;
    score += Math.max(0, best);
  }
  return { full: staffable.length, fullTight: staffable.length - competition(model, staffable), score };
}

/**
 * A lower bound on the staffable jobs that every valid assignment leaves unstaffed. Jobs whose
 * intervals, shortened by the busy tolerance at the end, share a moment pairwise block each other
 * on any resource, so at such a moment at most a maximum matching of them (each job to one of its
 * candidates, each resource once — a relaxation: a job may need more) can be staffed. The
 * shortfalls at moments with disjoint job sets add up.
 */
function competition(model: NonNullable<ReturnType<typeof buildBatchModel>>, staffable: number[]): number {
  const t = model.tolerance;
  const matching = (js: number[]): number => {
    const owner = new Map<number, number>();
    const augment = (p: number, seen: Set<number>): boolean => {
      for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++) {
        const r = model.pairRes[k] as number;
        if (seen.has(r)) continue;
        seen.add(r);
        const o = owner.get(r);
        if (o === undefined || augment(o, seen)) {
          owner.set(r, p);
          return true;
        }
      }
      return false;
    };
    let size = 0;
    for (const p of js) if (augment(p, new Set())) size++;
    return size;
  };
  const shortfalls: { at: number; js: number[]; d: number }[] = [];
  for (const q of staffable) {
    const at = model.begin[q] as number;
    const js = staffable.filter((p) => (model.begin[p] as number) <= at && at < (model.end[p] as number) - t);
    if (js.length < 2) continue;
    const d = js.length - matching(js);
    if (d > 0) shortfalls.push({ at, js, d });
  }
  shortfalls.sort((a, b) => b.d - a.d || a.at - b.at);
  const used = new Set<number>();
  let total = 0;
  for (const c of shortfalls) {
    if (c.js.some((p) => used.has(p))) continue;
    for (const p of c.js) used.add(p);
    total += c.d;
  }
  return total;
}

/** Wall and CPU seconds of the whole `rostra allocate --input FILE` process. */
async function processSeconds(s: AllocationScenario): Promise<{ wall: number; cpu: number }> {
  const fsName = 'node:fs';
  const cpName = 'node:child_process';
  const fs = (await import(fsName)) as {
    writeFileSync(p: string, d: string): void;
    mkdtempSync(p: string): string;
  };
  const cp = (await import(cpName)) as {
    spawnSync(cmd: string, args: string[], o: object): { status: number | null; stderr: string };
  };
  const dir = fs.mkdtempSync('/tmp/rostra-optimise-');
  const input = `${dir}/scenario.json`;
  fs.writeFileSync(input, JSON.stringify(s));
  const command = `TIMEFORMAT='%R %U %S'; time '${host.process.execPath}' bin/rostra.mjs allocate --input '${input}' --output '${dir}/out.json'`;
  const r = cp.spawnSync('bash', ['-c', command], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`rostra allocate failed: ${r.stderr}`);
  const [real, user, sys] = r.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return { wall: real as number, cpu: (user as number) + (sys as number) };
}

async function main(): Promise<void> {
  const seed = Number(arg('seed') ?? 20260111);
  const nRes = Number(arg('resources') ?? 1000);
  const sizes = (arg('jobs') ?? '5000,10000').split(',').map(Number);
  const budget = Number(arg('budget') ?? 2000);
  const withProcess = !host.process.argv.includes('--no-process');
  console.log(`Optimised batch benchmark — node ${host.process.version}, seed ${seed}, budget ${budget} ms`);
  for (const nJobs of sizes) {
    const parsed = parseScenario(
      JSON.parse(JSON.stringify(generateScenario({ seed, resources: nRes, jobs: nJobs }))),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const s = parsed.scenario;
    const jobs = s.jobs as AllocationJob[];
    const run = (optimise: number | undefined, withClock: boolean) => {
      const t = now();
      const out = allocate(optimise === undefined ? s : { ...s, optimise: { budget_ms: optimise } }, {
        candidateLimit: 5,
        ...(withClock ? { clock } : {}),
      }) as BatchOutcome;
      return { out, ms: now() - t };
    };
    const greedy = run(undefined, false);
    const opt = run(budget, true);
    const ref = run(60_000, false);
    const gFull = staffed(greedy.out, jobs);
    const gScore = opt.out.summary.greedy?.score ?? Number.NaN;
    const oFull = staffed(opt.out, jobs);
    const oScore = opt.out.summary.score ?? Number.NaN;
    const rFull = staffed(ref.out, jobs);
    const rScore = ref.out.summary.score ?? Number.NaN;
    const ub = upperBounds(s);
    console.log(`\n${nRes} resources × ${nJobs} jobs`);
    console.log(
      `  greedy:     ${gFull} fully staffed, replayed score ${fmt(gScore)}, engine ${ms(greedy.ms)}`,
    );
    console.log(
      `  optimised:  ${oFull} fully staffed, replayed score ${fmt(oScore)}, engine ${ms(opt.ms)} ` +
        `(greedy + ${budget} ms budget + replay); violations on the final timeline: ${violations(s, opt.out)}`,
    );
    console.log(
      `  reference (own search, no clock, until a pass finds nothing): ${rFull} fully staffed, ` +
        `score ${fmt(rScore)}, engine ${ms(ref.ms)}; violations: ${violations(s, ref.out)}`,
    );
    console.log(
      `  upper bounds (every valid assignment is below): ${ub.fullTight} fully staffed ` +
        `(${ub.full} have enough candidates), score ${fmt(ub.score)}`,
    );
    console.log(
      `  optimised vs reference: staffed ${pct(oFull, rFull)}, score ${pct(oScore, rScore)}; ` +
        `greedy vs reference: staffed ${pct(gFull, rFull)}, score ${pct(gScore, rScore)}`,
    );
    console.log(
      `  optimised vs upper bounds: staffed ${pct(oFull, ub.fullTight)}, score ${pct(oScore, ub.score)}; ` +
        `score gap to the reference closed: ${pct(oScore - gScore, rScore - gScore)}`,
    );
    if (withProcess) {
      const sec = await processSeconds({ ...s, optimise: { budget_ms: budget } });
      console.log(
        `  whole \`rostra allocate --input FILE\` process with the budget: ${sec.wall.toFixed(1)} s wall, ` +
          `${sec.cpu.toFixed(1)} s CPU (user + system)`,
      );
    }
  }
}

await main();
