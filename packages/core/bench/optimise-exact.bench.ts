/**
 * The optimised batch against an exact MIP solver, for the record (issue 20 point 1):
 * `npm run bench:optimise:exact [-- options]`. The solver is CBC (`apt-get install coinor-cbc`),
 * run offline as a separate program — never a product dependency; without `cbc` on the PATH the
 * bench says so and stops.
 *
 *   --seed N       generator seed (default 20260111, as `bench:optimise`)
 *   --sizes LIST   resources×jobs, comma-separated (default 50x250,100x500,200x1000)
 *   --budget N     the optimised run's optimise.budget_ms (default 2000)
 *   --seconds N    CBC's time limit per stage, seconds (default 300)
 *   --keep DIR     write the LP files and CBC's logs there (default a fresh /tmp directory)
 *
 * The MIP is written from the optimiser's own model of the batch (`optimise-model.ts`: the
 * candidates of each job — every resource that passes every enabled check against the existing
 * timeline — and each pair's score parts), so it has exactly the constraints that other
 * assignments can break, the ones the bench's validity check (`optimise-check.ts`) tests:
 * - x[k] binary per (job, candidate) pair; y[p] binary per job: Σ x over p's pairs = required · y[p]
 *   (a job is fully staffed or left empty; see "partly staffed" below);
 * - busy (with its 900 s tolerance) and, when on, minimum rest: jobs that clash on a resource are
 *   intervals [begin, end − tolerance) (or [begin, end + rest)), so one clique constraint per
 *   maximal set of intervals sharing a moment, per resource: Σ x ≤ 1;
 * - hour limits that are on (the week by default; day and fortnight when switched on): per
 *   resource and period, Σ duration · x ≤ limit − the existing timeline's hours, written only
 *   where the candidates could exceed it.
 *
 * Stage 1 maximises Σ y (fully staffed jobs). Stage 2 fixes Σ y at stage 1's optimum and
 * maximises U, a linear function that is at least the replayed score of every assignment:
 * U = Σ x[k] · (the model's pair score with none of the resource's batch jobs before it) + 8 · Σ v[k],
 * v[k] ≤ (10 − the pair's existing past jobs) · x[k], v[k] ≤ Σ x of the same resource's batch jobs
 * with the same customer that begin earlier. The replayed score (contract: each job scored with the
 * batch jobs before it on the timeline) differs from U only in the parts earlier batch jobs of a
 * resource lower: free week and free day hours (20 and 10 points × the free share, which earlier
 * jobs shrink) and the same-day penalty (−2 per job once a day holds two); the past-jobs part
 * (+8 per earlier job of the customer, capped at 10) is in U exactly. Those lowered parts are not
 * linear (a product of two assignments, and thresholds), so U is an upper bound, tight to a few
 * points per job: the optimum replayed score lies between the replay of stage 2's answer (by the
 * engine's own `replayBatch`) and U*. With a time limit CBC answers its best bound instead of U*,
 * still an upper bound.
 *
 * Partly staffed jobs: a job given fewer resources than it needs counts for nothing, so the MIP
 * leaves it empty. The only way such a job could raise the replayed score is the past-jobs part of
 * a later job of the same customer on the same resource (+8); the bounds above are for
 * assignments without partly staffed jobs, which is what both greedy and the optimiser aim at.
 */
import { replayBatch } from '../src/allocation/batch.ts';
import { allocate } from '../src/allocation/engine.ts';
import type { AllocationOutcome } from '../src/allocation/modes.ts';
import { type BatchModel, buildBatchModel, pairScore } from '../src/allocation/optimise-model.ts';
import { type AllocationJob, type AllocationScenario, parseScenario } from '../src/allocation/scenario.ts';
import { ScenarioIndex } from '../src/allocation/scenario-index.ts';
import { generateScenario } from './generate.ts';
import { staffed, violations } from './optimise-check.ts';

type Host = {
  process: { argv: string[]; version: string; cpuUsage(): { user: number; system: number } };
  performance: { now(): number };
  console: { log(...args: unknown[]): void };
};
const host = globalThis as unknown as Host;
const console = host.console;
const now = () => host.performance.now();
const clock = () => {
  const u = host.process.cpuUsage();
  return (u.user + u.system) / 1000;
};
type Fs = {
  writeFileSync(p: string, d: string): void;
  readFileSync(p: string, e: string): string;
  mkdtempSync(p: string): string;
  mkdirSync(p: string, o: object): void;
};
type Cp = {
  spawnSync(cmd: string, args: string[], o: object): { status: number | null; stdout: string; error?: Error };
};
const fsName = 'node:fs';
const cpName = 'node:child_process';
const fs = (await import(fsName)) as Fs;
const cp = (await import(cpName)) as Cp;

function arg(name: string): string | undefined {
  const argv = host.process.argv;
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(2)} %`;
const fmt = (x: number) => x.toLocaleString('en', { maximumFractionDigits: 0 });

/** Terms of a row or the objective, a dozen to a line. */
function wrap(terms: readonly string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += 12) lines.push(terms.slice(i, i + 12).join(' '));
  return lines.join('\n   ');
}

/** The MIP's rows, objective excluded, in CPLEX LP syntax, and its past-job counters. */
function constraints(model: BatchModel): { rows: string[]; ys: number[]; vs: string[] } {
  const rows: string[] = [];
  const row = (terms: string[], sense: string, rhs: number) => {
    rows.push(` c${rows.length}: ${wrap(terms)} ${sense} ${rhs}`);
  };
  const vs: string[] = [];
  const ys: number[] = [];
  const byRes: number[][] = Array.from({ length: model.n }, () => []);
  for (let p = 0; p < model.m; p++) {
    const from = model.candStart[p] as number;
    const to = model.candStart[p + 1] as number;
    const req = model.req[p] as number;
    if (req === 0 || to - from < req) continue;
    ys.push(p);
    const terms: string[] = [];
    for (let k = from; k < to; k++) {
      terms.push(`+ x${k}`);
      byRes[model.pairRes[k] as number]?.push(k);
    }
    terms.push(`- ${req} y${p}`);
    row(terms, '=', 0);
  }
  const jobOf = new Int32Array(model.pairRes.length);
  for (let p = 0; p < model.m; p++)
    for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++) jobOf[k] = p;
  const clashEnd = (p: number) =>
    model.checkRest
      ? (model.end[p] as number) + model.restSeconds
      : (model.end[p] as number) - model.tolerance;
  for (let r = 0; r < model.n; r++) {
    const pairs = byRes[r] as number[];
    // Clashes: maximal cliques of an interval graph, by a sweep (ends before starts at a moment).
    if (model.checkBusy || model.checkRest) {
      const events: [number, number, number][] = [];
      for (const k of pairs) {
        const p = jobOf[k] as number;
        events.push([model.begin[p] as number, 1, k], [clashEnd(p), 0, k]);
      }
      events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const active = new Set<number>();
      let grew = false;
      for (const [, start, k] of events) {
        if (start === 1) {
          active.add(k);
          grew = true;
          continue;
        }
        if (grew && active.size > 1)
          row(
            [...active].map((q) => `+ x${q}`),
            '<=',
            1,
          );
        grew = false;
        active.delete(k);
      }
    }
    // Hour limits per period.
    const periods: [boolean, Int32Array, Float64Array, Float64Array][] = [
      [model.checkDay, model.day, model.daySec, model.dayLimit],
      [model.checkWeek, model.week, model.weekSec, model.weekLimit],
      [model.checkFortnight, model.fortnight, model.fortnightSec, model.fortnightLimit],
    ];
    for (const [on, period, existing, limit] of periods) {
      if (!on) continue;
      const groups = new Map<number, number[]>();
      for (const k of pairs) {
        const key = period[jobOf[k] as number] as number;
        groups.set(key, [...(groups.get(key) ?? []), k]);
      }
      for (const [key, ks] of groups) {
        const room = (limit[r] as number) * 3600 - (existing[key * model.n + r] as number);
        const most = ks.reduce((s, k) => s + (model.dur[jobOf[k] as number] as number), 0);
        if (most <= room) continue;
        row(
          ks.map((k) => `+ ${model.dur[jobOf[k] as number]} x${k}`),
          '<=',
          room,
        );
      }
    }
  }
  // Past jobs with the customer: v[k] counts the earlier same-customer batch jobs of the resource.
  for (let r = 0; r < model.n; r++) {
    const pairs = byRes[r] as number[];
    for (const k of pairs) {
      const p = jobOf[k] as number;
      const c = model.cust[p] as number;
      const room = 10 - Math.min(model.pairPast[k] as number, 10);
      if (c < 0 || room === 0) continue;
      const earlier = pairs.filter((q) => {
        const pq = jobOf[q] as number;
        return model.cust[pq] === c && (model.begin[pq] as number) < (model.begin[p] as number);
      });
      if (earlier.length === 0) continue;
      vs.push(`v${k}`);
      row([`+ v${k}`, `- ${room} x${k}`], '<=', 0);
      row([`+ v${k}`, ...earlier.map((q) => `- x${q}`)], '<=', 0);
    }
  }
  return { rows, ys, vs };
}

/**
 * Assigned (job, resource) pairs that fail check mode — every enabled check — against the final
 * timeline (the existing records plus every other job with its final resources), as
 * `optimise.property.test.ts` judges validity. One check-mode run per staffed job: small sizes.
 */
function failingPairs(s: AllocationScenario, assigned: readonly (readonly string[])[]): number {
  const jobs = s.jobs ?? [];
  const ids = new Set(jobs.map((j) => j._id).filter((id) => id != null));
  const base = (s.timeline ?? []).filter((r) => r._id == null || !ids.has(r._id));
  const asBooking = (job: AllocationJob, resIds: string[]): AllocationJob => {
    const { type: _t, ...rest } = job;
    return { ...rest, _key: 'booking', status: 'rostered', resIds, resourceId: null };
  };
  const booked = jobs.map((j, k) =>
    (assigned[k] ?? []).length > 0 ? asBooking(j, [...(assigned[k] ?? [])]) : null,
  );
  const { jobs: _j, optimise: _o, ...rest } = s;
  let bad = 0;
  jobs.forEach((job, i) => {
    const mine = assigned[i] ?? [];
    if (mine.length === 0) return;
    const others = booked.filter((b, k): b is AllocationJob => b !== null && k !== i);
    const p = parseScenario(
      JSON.parse(
        JSON.stringify({ ...rest, mode: 'check', job, timeline: [...base, ...others], candidateIds: mine }),
      ),
    );
    if (!p.ok) throw new Error(p.message);
    const out = allocate(p.scenario) as AllocationOutcome;
    for (const id of mine) if (out.candidates.find((c) => c.resourceId === id)?.ok !== true) bad++;
  });
  return bad;
}

type Cbc = { status: string; objective: number; bound: number; values: Map<string, number>; seconds: number };

/** Runs CBC on an LP file; the objective and best bound in the file's own sense (maximise). */
function cbc(dir: string, name: string, lp: string, seconds: number): Cbc {
  const file = `${dir}/${name}.lp`;
  const sol = `${dir}/${name}.sol`;
  fs.writeFileSync(file, lp);
  const t = now();
  const run = cp.spawnSync(
    'nice',
    ['-n', '10', 'cbc', file, 'sec', String(seconds), 'threads', '1', 'solve', 'solu', sol],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const took = (now() - t) / 1000;
  fs.writeFileSync(`${dir}/${name}.log`, run.stdout ?? '');
  if (run.status !== 0) throw new Error(`cbc failed on ${file}`);
  const log = run.stdout;
  const status = /Result - (.*)/.exec(log)?.[1]?.trim() ?? 'unknown';
  const lines = fs.readFileSync(sol, 'utf8').split('\n');
  // Without an integer solution the file holds the relaxation's value: no answer then.
  const found = !/no integer solution/i.test(lines[0] ?? '');
  const objective = found ? Number(/objective value\s+(-?[\d.e+]+)/i.exec(lines[0] ?? '')?.[1]) : Number.NaN;
  // Stopped early, CBC prints its best bound ("Upper bound" for a maximisation).
  const printed = Number(/(?:Upper|Lower) bound:\s+(-?[\d.e+]+)/.exec(log)?.[1]);
  const optimal = status.startsWith('Optimal');
  const bound = optimal ? objective : Math.abs(printed);
  const values = new Map<string, number>();
  for (const line of found ? lines.slice(1) : []) {
    const f = line
      .trim()
      .replace(/^\*\*\s*/, '')
      .split(/\s+/);
    if (f.length >= 3) values.set(f[1] as string, Number(f[2]));
  }
  return { status, objective, bound, values, seconds: took };
}

function cbcMissing(): boolean {
  const r = cp.spawnSync('cbc', ['-quit'], { encoding: 'utf8' });
  return r.error !== undefined || r.status !== 0;
}

async function main(): Promise<void> {
  const seed = Number(arg('seed') ?? 20260111);
  const sizes = (arg('sizes') ?? '50x250,100x500,200x1000').split(',').map((x) => x.split('x').map(Number));
  const budget = Number(arg('budget') ?? 2000);
  const seconds = Number(arg('seconds') ?? 300);
  console.log(`Optimised batch against an exact MIP (CBC) — node ${host.process.version}, seed ${seed}`);
  if (cbcMissing()) {
    console.log(
      '  skipped: the `cbc` binary is not on the PATH (apt-get install coinor-cbc); no exact figures.',
    );
    return;
  }
  const keep = arg('keep');
  const dir = keep ?? fs.mkdtempSync('/tmp/rostra-exact-');
  if (keep) fs.mkdirSync(keep, { recursive: true });
  for (const [nRes, nJobs] of sizes as [number, number][]) {
    const parsed = parseScenario(
      JSON.parse(JSON.stringify(generateScenario({ seed, resources: nRes, jobs: nJobs }))),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const s = parsed.scenario;
    const jobs = s.jobs as AllocationJob[];
    const greedy = allocate(s, { candidateLimit: 5 });
    const opt = allocate({ ...s, optimise: { budget_ms: budget } }, { candidateLimit: 5, clock });
    if (!('summary' in greedy) || !('summary' in opt)) throw new Error('not a batch');
    const gFull = staffed(greedy, jobs);
    const oFull = staffed(opt, jobs);
    const gScore = opt.summary.greedy?.score ?? Number.NaN;
    const oScore = opt.summary.score ?? Number.NaN;
    console.log(`\n${nRes} resources × ${nJobs} jobs (LP files and CBC logs in ${dir})`);
    const model = buildBatchModel(new ScenarioIndex(s), jobs, () => false);
    if (!model) throw new Error('no model');
    if (!model.checkBusy) {
      console.log('  skipped: the busy check is off (its overlap penalty is not in the MIP).');
      continue;
    }
    const scores = new Float64Array(model.pairRes.length);
    for (let p = 0; p < model.m; p++)
      for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++)
        scores[k] = pairScore(model, k, p, [], 0);
    const { rows, ys, vs } = constraints(model);
    // Pairs of staffable jobs only: a job with fewer candidates than it needs stays empty.
    const ks = ys.flatMap((p) =>
      Array.from(
        { length: (model.candStart[p + 1] as number) - (model.candStart[p] as number) },
        (_, i) => (model.candStart[p] as number) + i,
      ),
    );
    const xs = ks.map((k) => `x${k}`);
    const tail = (extra: string[]) =>
      `Subject To\n${[...rows, ...extra].join('\n')}\nBinaries\n${[...xs, ...ys.map((p) => `y${p}`)].join('\n')}\nEnd\n`;
    console.log(
      `  MIP: ${xs.length} pairs, ${ys.length} staffable jobs, ${vs.length} past-job counters, ${rows.length} rows`,
    );
    const sumY = ys.map((p) => `+ y${p}`);
    const one = cbc(
      dir,
      `n${nRes}-j${nJobs}-staffing`,
      `Maximize\n obj: ${wrap(sumY)}\n${tail([])}`,
      seconds,
    );
    // Stage 2 keeps at least the best staffing known (the optimised answer's, without its partly
    // staffed jobs, is a solution of the MIP too).
    const fullStar = Number.isFinite(one.objective) ? Math.round(one.objective) : oFull;
    const fullBound = Math.floor(one.bound + 1e-6);
    console.log(
      `  stage 1 (fully staffed jobs): ${one.status}; best ${fullStar}, bound ${fullBound}, ${one.seconds.toFixed(1)} s`,
    );
    const objective = [
      ...ks.map((k) => `${(scores[k] as number) >= 0 ? '+' : '-'} ${Math.abs(scores[k] as number)} x${k}`),
      ...vs.map((v) => `+ 8 ${v}`),
    ];
    const two = cbc(
      dir,
      `n${nRes}-j${nJobs}-score`,
      `Maximize\n obj: ${wrap(objective)}\n${tail([` fix: ${wrap(sumY)} >= ${fullStar}`])}`,
      seconds,
    );
    console.log(
      `  stage 2 (U, an upper bound of the replayed score): ${two.status}; best ${fmt(two.objective)}, ` +
        `bound ${fmt(two.bound)}, ${two.seconds.toFixed(1)} s`,
    );
    if (two.values.size === 0) {
      console.log('  stage 2 found no solution in its time: no replayed MIP answer.');
      continue;
    }
    // The engine's own replay of stage 2's answer.
    const forced: number[][] = jobs.map(() => []);
    for (let p = 0; p < model.m; p++)
      for (let k = model.candStart[p] as number; k < (model.candStart[p + 1] as number); k++)
        if ((two.values.get(`x${k}`) ?? 0) > 0.5)
          forced[model.input[p] as number]?.push(model.pairRes[k] as number);
    const replay = replayBatch(new ScenarioIndex(s), jobs, 5, forced);
    const mFull = replay.full;
    const mScore = replay.score;
    const best = Math.max(mScore, oScore);
    if (nJobs <= 1000) {
      const mine = replay.outcome.results.map((r) => r.assigned);
      const theirs = opt.results.map((r) => r.assigned);
      console.log(
        `  pairs failing check mode against the final timeline (every enabled check): ` +
          `MIP answer ${failingPairs(s, mine)}, optimised ${failingPairs(s, theirs)}`,
      );
    }
    console.log(
      `  MIP answer replayed by the engine: ${mFull} fully staffed, score ${fmt(mScore)}; ` +
        `violations on the final timeline: ${violations(s, replay.outcome)}`,
    );
    console.log(`  greedy:    ${gFull} fully staffed, replayed score ${fmt(gScore)}`);
    console.log(
      `  optimised: ${oFull} fully staffed, replayed score ${fmt(oScore)} (${budget} ms budget); ` +
        `violations: ${violations(s, opt)}`,
    );
    const exact = one.status.startsWith('Optimal');
    console.log(
      `  optimum fully staffed: ${exact ? fullStar : `${fullStar} – ${fullBound} (not proven)`}; ` +
        `optimum replayed score between ${fmt(best)} and ${fmt(two.bound)} (${pct(best, two.bound)} of the bound)`,
    );
    console.log(
      `  optimised vs optimum: staffed ≥ ${pct(oFull, fullBound)}, score ≥ ${pct(oScore, two.bound)}; ` +
        `greedy: staffed ${pct(gFull, fullBound)}, score ≥ ${pct(gScore, two.bound)}`,
    );
  }
}

await main();
