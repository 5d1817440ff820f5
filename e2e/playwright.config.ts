import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './chromium.ts';

/*
 * Browser tests run in Debian's Chromium (never a downloaded browser) against the real, built
 * server: once on the embedded PGlite database and, when DATABASE_URL is set, once on PostgreSQL.
 * Each run gets a fresh database and a free port. Ports are chosen once in the main process and
 * handed to the workers through the environment. One worker per database: the tests of a leg
 * share its server and demo organisation, so they run one at a time; `npm run test:e2e` runs the
 * two legs as two processes side by side (scripts/e2e.mjs).
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// E2E_ONLY=pglite|postgres runs one database's leg (scripts/e2e.mjs runs the two side by side).
const only = process.env.E2E_ONLY;
const kinds = (process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (k) => !only || k === only,
);
const suffix = only ? `-${only}` : '';
for (const kind of kinds) {
  // The app's port, and the port of the mailbox of the leg's SMTP server (e2e/serve.mjs).
  for (const key of [`E2E_PORT_${kind.toUpperCase()}`, `E2E_MAIL_PORT_${kind.toUpperCase()}`])
    process.env[key] ??= freePort();
}
const portOf = (kind: string) => process.env[`E2E_PORT_${kind.toUpperCase()}`] as string;

/*
 * E2E_SPLIT=1 (`npm run test:e2e` with DATABASE_URL, scripts/e2e.mjs): each spec file runs on one
 * database's leg instead of both. The files are dealt by length in lines, the longest first, each
 * to the leg with fewer lines so far (on session 20's timings, lines foretold a file's time better
 * than its number of tests), so the two legs take about as long side by side. Both databases still
 * serve the whole app in the browser, and every server and database test runs on both in Vitest;
 * running each browser test twice took ~40 of CI's ~55 minutes. BOTH_LEGS run on each: the terms
 * gate (it must come first on a server) and live updates, which reach the browser by NOTIFY on a
 * connection of their own on PostgreSQL and in process on PGlite. Without E2E_SPLIT (a developer's
 * run of one spec) every spec runs on every leg.
 */
const BOTH_LEGS = new Set(['0-terms.spec.ts', 'live-security.spec.ts', 'chat-notifications.spec.ts']);

function dealSpecs(): Record<'pglite' | 'postgres', string[]> {
  const dir = new URL('.', import.meta.url);
  const legs = { pglite: [] as string[], postgres: [] as string[] };
  const load = { pglite: 0, postgres: 0 };
  const specs = readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts') && !BOTH_LEGS.has(f))
    .map((f) => ({ f, lines: readFileSync(new URL(f, dir), 'utf8').split('\n').length }))
    .sort((a, b) => b.lines - a.lines || a.f.localeCompare(b.f));
  for (const { f, lines } of specs) {
    const leg = load.pglite <= load.postgres ? 'pglite' : 'postgres';
    legs[leg].push(`**/${f}`);
    load[leg] += lines;
  }
  for (const f of BOTH_LEGS) for (const leg of [legs.pglite, legs.postgres]) leg.push(`**/${f}`);
  return legs;
}
const split = process.env.E2E_SPLIT === '1' && process.env.DATABASE_URL ? dealSpecs() : null;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // E2E_OUTPUT_DIR keeps one run's traces apart from another's on a shared checkout.
  outputDir: process.env.E2E_OUTPUT_DIR ?? `../test-results/playwright${suffix}`,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: process.env.ROSTRA_TEST_REPORT
    ? [['list'], ['json', { outputFile: `../test-results/playwright${suffix}.json` }]]
    : [['list']],
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: CHROMIUM,
    // A failed test keeps its trace: every action with the page's DOM before and after, the
    // network and the console. Without the screencast (screenshots: false): making it cost a
    // fifth of the suite's time (settings-version.spec.ts, 7 tests: 160 s with it, 123 s without,
    // two runs each) and the DOM snapshots show the same pages.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The built app registers a service worker (apps/web/src/sw.ts, built by vite-plugin-pwa);
    // Playwright's request routing does not see requests a worker handles, so it is blocked except
    // where a test is about it (e2e/offline.spec.ts allows it).
    serviceWorkers: 'block',
  },
  projects: kinds.map((kind) => ({
    name: kind,
    use: { baseURL: `http://127.0.0.1:${portOf(kind)}` },
    ...(split ? { testMatch: split[kind] } : {}),
  })),
  webServer: kinds.map((kind) => ({
    command: `node e2e/serve.mjs ${kind} ${portOf(kind)}`,
    cwd: '..',
    // The identity layer only trusts writes from its public origin; the tests browse 127.0.0.1.
    env: { PUBLIC_URL: `http://127.0.0.1:${portOf(kind)}` },
    url: `http://127.0.0.1:${portOf(kind)}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  })),
});
