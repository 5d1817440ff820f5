/**
 * `npm run bench:start`: how long `rostra serve` takes from the process starting to `/readyz`
 * answering 200, beside a bare Fastify on the same Node (to `/healthz`), on PGlite and, with
 * DATABASE_URL set, on PostgreSQL. Each start is on a database already migrated and seeded (the
 * usual restart); the build of the server (bin/rostra.mjs, once per change of the sources) and
 * the first start after it (which compiles everything and writes V8's code cache) are timed
 * apart, and so is the same start through tsx (compiling TypeScript at run time, as before issue
 * #21 point 8). Wall time depends on how busy the machine is; the CPU time the
 * process used by then (user + system, from /proc) much less, so both are shown.
 * Options: --runs N (default 5), --only pglite|postgres.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@rostra/db/testing';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const RUNS = Number(arg('runs', '5'));
const ONLY = arg('only', '');
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin/rostra.mjs');
const BARE = join(ROOT, 'apps/server/bench/bare-fastify.mjs');
const TICK_MS = 10; // USER_HZ is 100 on Linux

type Timing = { wallMs: number; cpuMs: number };

/** CPU time (user + system) a process has used so far. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `argv` and times it to the first 200 of `path`; stops it and waits for the exit. */
async function time(argv: string[], path: string, env: NodeJS.ProcessEnv): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, argv, {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ROSTRA_BUILD_QUIET: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let died = false;
  void exited.then(() => {
    died = true;
  });
  try {
    for (;;) {
      if (died) throw new Error(`${argv.join(' ')} exited before answering`);
      const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const wallMs = performance.now() - started;
    return { wallMs, cpuMs: cpuMsOf(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function repeat(argv: string[], path: string, env: NodeJS.ProcessEnv): Promise<Timing[]> {
  const all: Timing[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await time(argv, path, env));
  return all;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function row(label: string, timings: Timing[]): void {
  const wall = timings.map((t) => t.wallMs);
  const cpu = timings.map((t) => t.cpuMs);
  console.log(
    `| ${label} | ${s(median(wall))} (min ${s(Math.min(...wall))}) | ${s(median(cpu))} (min ${s(Math.min(...cpu))}) |`,
  );
}

/** Runs `rostra <command>` to the end (setting a database up, untimed). */
function run(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`rostra ${argv.join(' ')}: ${code}`)),
    );
  });
}

const base: NodeJS.ProcessEnv = { ...process.env };
delete base.DATABASE_URL;

console.log(
  `${RUNS} starts each, median (min); Node ${process.version}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
);
console.log('| start, to ready | wall | CPU |');
console.log('|---|---|---|');
row('bare Fastify (/healthz)', await repeat([BARE], '/healthz', base));

const build = join(ROOT, 'apps/server/node_modules/.cache/rostra-server');
rmSync(build, { recursive: true, force: true });
const t0 = performance.now();
await run(['serve', '--help'], base);
console.log(
  `| building the server (first start after a change of the sources) | ${s(performance.now() - t0)} | |`,
);

const kinds: { label: string; env: NodeJS.ProcessEnv; drop?: () => Promise<void> }[] = [];
if (ONLY !== 'postgres')
  kinds.push({
    label: 'PGlite',
    env: { ...base, DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-bench-start-')) },
  });
if (ONLY !== 'pglite' && process.env.DATABASE_URL) {
  const scratch = await createScratchDatabase();
  kinds.push({
    label: 'PostgreSQL',
    env: { ...base, DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-bench-start-')) },
    drop: scratch.drop,
  });
}
try {
  for (const kind of kinds) {
    await run(['migrate'], kind.env);
    await run(['seed'], kind.env);
    row(`first start after the build (writes the code cache) on ${kind.label}`, [
      await time([BIN, 'serve'], '/readyz', kind.env),
    ]);
    row(`rostra serve on ${kind.label}`, await repeat([BIN, 'serve'], '/readyz', kind.env));
    if (kind.label === 'PostgreSQL')
      row(
        `rostra serve --no-migrate on ${kind.label}`,
        await repeat([BIN, 'serve', '--no-migrate'], '/readyz', kind.env),
      );
    row(
      `the same through tsx (before) on ${kind.label}`,
      await repeat(['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts'), 'serve'], '/readyz', kind.env),
    );
  }
} finally {
  for (const kind of kinds) await kind.drop?.();
}
