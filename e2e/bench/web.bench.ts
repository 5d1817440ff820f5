/**
 * `npm run bench:web`: what a phone on a slow connection pays to open Rostra, against the budgets
 * of issue 17 (docs/performance.md, "Web app: first load on a phone").
 *
 * The real server (in this process) on a fresh in-memory PGlite with the demo data, serving the
 * built web app (apps/web/dist, or WEB_DIST); Debian's Chromium (never a downloaded browser),
 * launched as the browser tests launch it. Each run is a new browser context (cold HTTP cache, no
 * service worker) at 375 × 780 px, with Chrome DevTools' "Slow 4G" preset applied over CDP
 * (562.5 ms request latency, 1.44 Mbit/s down, 675 kbit/s up) and the CPU slowed 4×.
 *
 * Two screens:
 * - sign-in: /login, signed out;
 * - my day: /bookings for the demo resource (resource@harbourcare.test), signed in beforehand
 *   through the API with the terms accepted, so the page load is the app's own.
 *
 * Figures per run:
 * - JS gzip: the gzip size (the build's .gz copies) of every script the page fetched until it was
 *   interactive and the network went quiet; the budget is on this figure.
 * - JS wire: the bytes those scripts actually took on the wire (Chromium sends `br`, so brotli).
 * - interactive: from navigation start (performance.timeOrigin) to the first frame painted with
 *   the screen's main control present and enabled — sign-in: the e-mail step's input and its
 *   submit button; my day: the Today section (its jobs, or "No jobs today."), which needs the
 *   day's data from the API as well as the code.
 * The median of the runs is checked against the budgets; a budget exceeded exits 1.
 *
 * Options: --runs N (default 3), --headed. The machine is shared: the load average is printed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '@rostra/db/seed/demo-users';
import { CHROMIUM } from '../chromium.ts';

/** Chrome DevTools' "Slow 4G" throttling preset (formerly "Fast 3G"). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 375, height: 780 };
const RESOURCE = 'resource@harbourcare.test';

type Screen = {
  name: string;
  path: string;
  signedInAs?: string;
  /** Run in the page: true once the screen's main control is there and enabled. */
  ready: string;
  budgetKb: number;
  budgetMs: number;
};

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    path: '/login',
    ready: `(() => {
      const input = document.querySelector('form input[type="email"]:not([disabled])');
      const submit = document.querySelector('form button[type="submit"]:not([disabled])');
      return Boolean(input && submit && submit.getClientRects().length);
    })()`,
    budgetKb: 150,
    budgetMs: 3000,
  },
  {
    name: 'my day',
    path: '/bookings',
    signedInAs: RESOURCE,
    ready: `Boolean(document.querySelector('section[aria-labelledby="my-day-today"] :is(ul[aria-label="Today"] button:not([disabled]), p)'))`,
    budgetKb: 200,
    budgetMs: 3000,
  },
];

/**
 * Before the app loads: reports (through the `__rostraInteractive` binding, which needs no
 * evaluation in the page: the app's CSP refuses that) the first painted frame at which `ready`
 * holds.
 */
const probe = (ready: string) => `
(() => {
  const w = window;
  const channel = new MessageChannel();
  let reported = false;
  channel.port1.onmessage = () => {
    if (reported) return;
    reported = true;
    w.__rostraInteractive(performance.now());
  };
  let asked = false;
  const check = () => {
    if (asked || !(${ready})) return;
    asked = true;
    requestAnimationFrame(() => channel.port2.postMessage(0));
  };
  const watch = () => {
    const obs = new MutationObserver(check);
    obs.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  };
  if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
})();
`;

/** `promise`, or a failure saying what did not happen within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type Run = { interactiveMs: number; jsGzip: number; jsWire: number; scripts: number; loadMs: number };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/** The gzip size of a built script: its .gz copy (the build writes one), else the file itself. */
function gzipSizeOf(webDist: string, pathname: string): number {
  const file = join(webDist, pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

async function measure(browser: Browser, base: string, webDist: string, screen: Screen): Promise<Run> {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    if (screen.signedInAs) {
      const signIn = await context.request.post('/api/auth/sign-in/email', {
        data: { email: screen.signedInAs, password: DEMO_PASSWORD },
        headers: { origin: base },
      });
      if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
      const terms = await context.request.post('/api/v1/terms/accept', {
        data: {},
        headers: { origin: base },
      });
      if (!terms.ok()) throw new Error(`terms: ${terms.status()} ${await terms.text()}`);
    }
    const page = await context.newPage();
    const interactive = new Promise<number>((resolve) => {
      void page.exposeBinding('__rostraInteractive', (_source, at: number) => resolve(at));
    });
    await page.addInitScript(probe(screen.ready));
    if (process.env.BENCH_VERBOSE)
      page.on('console', (m) => console.log(`  ${screen.name} console: ${m.text()}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Every script the page asks for, and when none is on its way any more.
    const scripts = new Map<string, { url: string; wire: number; done: boolean }>();
    let onQuiet: (() => void) | undefined;
    const settle = (requestId: string, wire: number) => {
      const s = scripts.get(requestId);
      if (!s) return;
      Object.assign(s, { wire, done: true });
      if ([...scripts.values()].every((x) => x.done)) onQuiet?.();
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.request.url, wire: 0, done: false });
    });
    cdp.on('Network.loadingFinished', (e) => settle(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => settle(e.requestId, 0));
    const quiet = () =>
      new Promise<void>((resolve) => {
        onQuiet = resolve;
        if ([...scripts.values()].every((x) => x.done)) resolve();
      });

    await page.goto(screen.path, { waitUntil: 'commit' });
    const interactiveMs = await within(interactive, 60_000, `${screen.name}: not interactive`);
    // Scripts still on their way when the screen became usable count too.
    await within(quiet(), 30_000, `${screen.name}: scripts still loading`);
    if (process.argv.includes('--waterfall')) {
      const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) =>
        e.startTime.toFixed(0).padStart(6) + ' → ' + e.responseEnd.toFixed(0).padStart(6) + '  ' +
        e.name.replace(location.origin, ''))`)) as string[];
      console.log(`-- ${screen.name}: resources (ms from navigation start)\n${entries.join('\n')}`);
    }
    const load = (await page.evaluate(
      `performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0`,
    )) as number;
    let jsGzip = 0;
    let jsWire = 0;
    for (const s of scripts.values()) {
      jsWire += s.wire;
      const gzip = gzipSizeOf(webDist, new URL(s.url).pathname);
      jsGzip += gzip;
      if (process.env.BENCH_VERBOSE)
        console.log(`  ${screen.name}: ${new URL(s.url).pathname} ${kb(gzip)} KB`);
    }
    return { interactiveMs, jsGzip, jsWire, scripts: scripts.size, loadMs: load };
  } finally {
    await context.close();
  }
}

async function main() {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
  const headed = process.argv.includes('--headed');
  const say = (m: string) => console.log(m);

  // `rostra serve` as in production, on a fresh PGlite folder: it migrates and seeds the demo data.
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const webDist = process.env.WEB_DIST ?? join(repo, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`no built web app in ${webDist}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'rostra-bench-web-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(repo, 'bin/rostra.mjs'), 'serve'], {
    cwd: repo,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // Info, for the line that says it listens (below); the other lines are read and dropped.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopServer = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Up once it says it listens (it has migrated and seeded by then).
  const listening = new Promise<void>((resolve, reject) => {
    let seen = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      if (seen === 'listening') return;
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes('Server listening at')) {
        seen = 'listening';
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (exit ${code})`)));
  });
  try {
    await within(listening, 180_000, 'the server did not listen');
  } catch (error) {
    await stopServer();
    throw error;
  }
  const browser = await chromium
    .launch({
      ...CHROMIUM,
      headless: !headed,
    })
    .catch(async (error: unknown) => {
      await stopServer();
      throw error;
    });
  say(`web app: ${webDist}`);
  say(
    `profile: ${VIEWPORT.width} px, cold cache, DevTools "Slow 4G" (${SLOW_4G.latency} ms, ` +
      `${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ` +
      `${((SLOW_4G.uploadThroughput * 8) / 1e3).toFixed(0)} kbit/s up), CPU ${CPU_SLOWDOWN}× slower; ${runs} runs each`,
  );
  say(
    `machine: ${cpus().length} cores, load average before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let failed = false;
  const table: string[] = [
    '| screen | JS gzip (budget) | JS on the wire | scripts | interactive, median (budget) | runs | load event |',
    '|---|---|---|---|---|---|---|',
  ];
  try {
    for (const screen of SCREENS) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(await measure(browser, base, webDist, screen));
      const gzip = median(results.map((r) => r.jsGzip));
      const tti = median(results.map((r) => r.interactiveMs));
      const overBytes = gzip > screen.budgetKb * 1024;
      const overTime = tti > screen.budgetMs;
      failed ||= overBytes || overTime;
      table.push(
        `| ${screen.name} | ${kb(gzip)} KB (≤ ${screen.budgetKb})${overBytes ? ' **over**' : ''} | ` +
          `${kb(median(results.map((r) => r.jsWire)))} KB | ${median(results.map((r) => r.scripts))} | ` +
          `${(tti / 1000).toFixed(2)} s (≤ ${screen.budgetMs / 1000})${overTime ? ' **over**' : ''} | ` +
          `${results.map((r) => (r.interactiveMs / 1000).toFixed(2)).join(', ')} s | ` +
          `${(median(results.map((r) => r.loadMs)) / 1000).toFixed(2)} s |`,
      );
    }
  } finally {
    await browser.close();
    await stopServer();
  }
  say('');
  for (const row of table) say(row);
  say('');
  say(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  say(failed ? 'A budget is exceeded.' : 'Within budget.');
  process.exitCode = failed ? 1 : 0;
}

await main();
