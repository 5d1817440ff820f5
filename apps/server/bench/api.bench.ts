/**
 * `npm run bench:api`: the HTTP API under autocannon on a seeded large organisation, on
 * PostgreSQL (when DATABASE_URL is set) and on PGlite.
 *
 * - timeline window: GET /api/v1/timeline for a week of an organisation with 1,000 resources and
 *   20,000 bookings (2,000 a week: the window holds the 2,000-record maximum);
 * - candidates: GET /api/v1/bookings/:id/candidates in an organisation with 2,000 resources and
 *   20,000 bookings (every resource checked and scored), rotating over 50 bookings.
 * - re-check: POST then DELETE /api/v1/timeline-records of a month-long leave for a worker with 200
 *   bookings in that month (issue 16 point 2): each save re-checks the 200 in its transaction, and
 *   every one of them turns (into conflict on the POST, cleared on the DELETE), the worst case.
 * - batch: POST /api/v1/allocation/batch over a week of 100 unassigned bookings, in an organisation
 *   of 200 workers who all have users (email and mobile), so every assignment writes its
 *   notification sends (issue 19); ROUNDS_BATCH weeks (after one warm-up), each timed end to end.
 * Latency percentiles are computed from every response's time; the window's JSON is also gzipped
 * to report its size on the wire. Options: --duration S (per run, default 10), --connections N
 * (default 1; also run at 4), --only pglite|postgres, --parts window,recheck,batch (default the first two; window
 * is the window and candidate runs), --rounds N (re-check saves, default 30).
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { termsWholeVersion } from '@rostra/core/shell/validators';
import { DAY, WEEK, weekStart } from '@rostra/core/time/calendar';
import { openDatabase } from '@rostra/db/client';
import { acceptTerms } from '@rostra/db/identity/terms';
import { account, memberships, user } from '@rostra/db/schema/auth';
import { notificationDeliveries } from '@rostra/db/schema/notifications';
import { withOrg } from '@rostra/db/tenant';
import { createScratchDatabase } from '@rostra/db/testing';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loadIdentityOptions } from '../src/identity/options.ts';
import { giveWorkersUsers, seedLargeOrg, seedOpenWeek, seedRecheckWorker } from './large-org.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = [...new Set([Number(arg('connections', '1')), 4])];
const ONLY = arg('only', '');
const PARTS = new Set(arg('parts', 'window,recheck').split(','));
const ROUNDS = Number(arg('rounds', '30'));
const BATCH_ROUNDS = Number(arg('batch-rounds', '5'));

const START = Date.parse('2026-03-01T00:00:00Z') / 1000;
const WINDOW_FROM = weekStart(START) + 4 * WEEK;

type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

async function measure(url: string, paths: string[], cookie: string, connections: number): Promise<Figures> {
  const times: number[] = [];
  let k = 0;
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { cookie },
    requests: [{ method: 'GET', path: paths[0] ?? '/', headers: { cookie } }],
  });
  // Rotate over the given paths, one per request.
  instance.on(
    'response',
    (
      client: { setRequest?: (r: { method: string; path: string; headers: Record<string, string> }) => void },
      _status: number,
      _bytes: number,
      ms: number,
    ) => {
      times.push(ms);
      k = (k + 1) % paths.length;
      client.setRequest?.({ method: 'GET', path: paths[k] as string, headers: { cookie } });
    },
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function benchOn(kind: 'postgres' | 'pglite') {
  const say = (m: string) => console.log(m);
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase();
    url = scratch.url;
    drop = scratch.drop;
  }
  const handle = await openDatabase(
    kind === 'postgres' ? { databaseUrl: url, maxConnections: 10 } : { dataDir: null },
  );
  try {
    say(`\n== ${kind}: seeding`);
    const t0 = performance.now();
    const orgs: string[] = [];
    let pool = { bookingIds: [] as string[] };
    if (PARTS.has('window')) {
      await seedLargeOrg(
        handle.db,
        { orgId: 'bench-window', resources: 1_000, bookings: 20_000, weeks: 10, seed: 1, start: START },
        say,
      );
      pool = await seedLargeOrg(
        handle.db,
        { orgId: 'bench-pool', resources: 2_000, bookings: 20_000, weeks: 10, seed: 2, start: START },
        say,
      );
      orgs.push('bench-window', 'bench-pool');
    }
    let recheck: { resourceId: string; from: number; to: number } | undefined;
    if (PARTS.has('recheck')) {
      await seedLargeOrg(
        handle.db,
        { orgId: 'bench-recheck', resources: 50, bookings: 0, weeks: 6, seed: 3, start: START },
        say,
      );
      recheck = await seedRecheckWorker(handle.db, 'bench-recheck', weekStart(START) + WEEK + DAY, 200);
      say(`  bench-recheck: 200 bookings for ${recheck.resourceId} over four weeks`);
      orgs.push('bench-recheck');
    }
    if (PARTS.has('batch')) {
      await seedLargeOrg(
        handle.db,
        { orgId: 'bench-batch', resources: 200, bookings: 0, weeks: BATCH_ROUNDS + 2, seed: 4, start: START },
        say,
      );
      say(`  bench-batch: ${await giveWorkersUsers(handle.db, 'bench-batch')} workers with users`);
      for (let w = 0; w <= BATCH_ROUNDS; w++)
        await seedOpenWeek(handle.db, 'bench-batch', weekStart(START) + w * WEEK, 100, String(w));
      orgs.push('bench-batch');
    }
    say(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await handle.analyze(); // as autovacuum would after a bulk load
    const hash = await hashPassword('bench-password-1');
    for (const org of orgs) {
      const id = `${org}-dispatcher`;
      await handle.db.insert(user).values({ id, name: id, email: `${id}@bench.test`, emailVerified: true });
      await handle.db
        .insert(account)
        .values({ id: `acct-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
      await handle.db
        .insert(memberships)
        .values({ id: `mem-${id}`, organizationId: org, userId: id, role: 'dispatcher' });
      await acceptTerms(
        handle.db,
        id,
        termsWholeVersion(loadIdentityOptions({ NODE_ENV: 'test' }).termsVersion),
        new Date(),
      );
    }
    const config = {
      ...loadConfig({}),
      logLevel: 'silent' as const,
      port: 0,
      authSecret: 'bench-secret-that-is-long-enough-0123456789abcdef',
    };
    const app = await buildApp({ db: handle, config, identity: loadIdentityOptions({ NODE_ENV: 'test' }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const cookieOf = async (org: string) => {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        body: JSON.stringify({ email: `${org}-dispatcher@bench.test`, password: 'bench-password-1' }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    if (PARTS.has('window'))
      await benchWindow(
        kind,
        base,
        await cookieOf('bench-window'),
        await cookieOf('bench-pool'),
        pool.bookingIds,
      );
    if (recheck) await benchRecheck(kind, base, await cookieOf('bench-recheck'), recheck, config.publicUrl);
    if (PARTS.has('batch'))
      await benchBatch(kind, base, await cookieOf('bench-batch'), config.publicUrl, handle);
    await app.close();
  } finally {
    await handle.close();
    await drop?.();
  }
}

async function benchWindow(
  kind: string,
  base: string,
  windowCookie: string,
  poolCookie: string,
  bookingIds: string[],
) {
  const say = (m: string) => console.log(m);

  const windowPath = `/api/v1/timeline?from=${WINDOW_FROM}&to=${WINDOW_FROM + WEEK}`;
  const body = await (await fetch(`${base}${windowPath}`, { headers: { cookie: windowCookie } })).text();
  const parsed = JSON.parse(body) as { records: unknown[]; resources: unknown[]; truncated: boolean };
  const gz = gzipSync(body).length;
  say(
    `  window: ${parsed.records.length} records (truncated ${parsed.truncated}), ${parsed.resources.length} resources, ${(body.length / 1024).toFixed(0)} KB JSON, ${(gz / 1024).toFixed(1)} KB gzipped`,
  );
  const jobs = bookingIds.filter((_, i) => i % 400 === 7).slice(0, 50);
  // The candidate panel's request (the first page: 50 of the ranked 2,000) and the whole list.
  const candidatePaths = jobs.map((id) => `/api/v1/bookings/${id}/candidates`);
  const allCandidatePaths = jobs.map((id) => `/api/v1/bookings/${id}/candidates?limit=2000`);
  const sample = JSON.parse(
    await (await fetch(`${base}${candidatePaths[0]}`, { headers: { cookie: poolCookie } })).text(),
  ) as { candidates: unknown[]; total: number };
  say(
    `  candidates: ${sample.total} ranked per booking, ${sample.candidates.length} listed on the first page`,
  );

  // Warm-up (JIT, plan caches), then the measured runs.
  await measure(base, [windowPath], windowCookie, 1);
  await measure(base, candidatePaths, poolCookie, 1);
  await measure(base, allCandidatePaths, poolCookie, 1);
  const rows: string[] = [];
  for (const c of CONNECTIONS) {
    const w = await measure(base, [windowPath], windowCookie, c);
    const k = await measure(base, candidatePaths, poolCookie, c);
    const all = await measure(base, allCandidatePaths, poolCookie, c);
    for (const [name, f] of [
      ['timeline window (2,000 records)', w],
      ['candidates (2,000 resources ranked, first page of 50)', k],
      ['candidates (2,000 resources ranked, all 2,000 listed)', all],
    ] as const) {
      rows.push(
        `| ${kind} | ${name} | ${c} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.rps.toFixed(0)} | ${f.errors} |`,
      );
    }
  }
  say('\n| database | endpoint | connections | p50 ms | p95 ms | p99 ms | req/s | errors |');
  say('|---|---|---|---|---|---|---|---|');
  for (const r of rows) say(r);
  say(`| ${kind} | timeline window gzipped JSON | | ${(gz / 1024).toFixed(1)} KB | | | | |`);
}

/** A month-long leave saved and removed ROUNDS times (after one warm-up), each timed end to end. */
async function benchRecheck(
  kind: string,
  base: string,
  cookie: string,
  plan: { resourceId: string; from: number; to: number },
  origin: string,
) {
  const say = (m: string) => console.log(m);
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const saves: number[] = [];
  const removes: number[] = [];
  let turned = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    let t = performance.now();
    const res = await fetch(`${base}/api/v1/timeline-records`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        _key: 'leave',
        status: 'leave',
        resourceId: plan.resourceId,
        utc_begin_plus_tz: plan.from,
        utc_end_plus_tz: plan.to,
      }),
    });
    const saved = (await res.json()) as {
      _id: string;
      version: number;
      rechecked?: { nowInConflict: unknown[] };
    };
    const saveMs = performance.now() - t;
    if (res.status !== 201) throw new Error(`leave not saved: ${res.status} ${JSON.stringify(saved)}`);
    t = performance.now();
    const del = await fetch(`${base}/api/v1/timeline-records/${saved._id}`, {
      method: 'DELETE',
      headers: { cookie, origin, 'if-match': `"${saved.version}"` },
    });
    const removed = (await del.json()) as { rechecked?: { cleared: unknown[] } };
    const removeMs = performance.now() - t;
    if (!del.ok) throw new Error(`leave not removed: ${del.status} ${JSON.stringify(removed)}`);
    if (round === 0) {
      turned = saved.rechecked?.nowInConflict.length ?? 0;
      if (turned !== 200 || removed.rechecked?.cleared.length !== 200)
        throw new Error(
          `expected 200 bookings to turn, got ${turned} / ${removed.rechecked?.cleared.length}`,
        );
      continue; // warm-up
    }
    saves.push(saveMs);
    removes.push(removeMs);
  }
  const row = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `| ${kind} | ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
  };
  say(`\n| database | re-check (200 bookings turn each time) | saves | p50 ms | p95 ms | p99 ms |`);
  say('|---|---|---|---|---|---|');
  say(row('month-long leave saved (200 put in conflict)', saves));
  say(row('month-long leave removed (200 cleared)', removes));
}

/** A batch allocation of a week of 100 open bookings, BATCH_ROUNDS weeks after one warm-up. */
async function benchBatch(
  kind: string,
  base: string,
  cookie: string,
  origin: string,
  handle: Awaited<ReturnType<typeof openDatabase>>,
) {
  const say = (m: string) => console.log(m);
  const times: number[] = [];
  let assigned = 0;
  for (let w = 0; w <= BATCH_ROUNDS; w++) {
    const from = weekStart(START) + w * WEEK;
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/allocation/batch`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ from, to: from + WEEK }),
    });
    const summary = (await res.json()) as { jobs: number; assigned: number };
    const ms = performance.now() - t;
    if (!res.ok || summary.jobs !== 100)
      throw new Error(`batch failed: ${res.status} ${JSON.stringify(summary)}`);
    if (w === 0) continue; // warm-up
    times.push(ms);
    assigned += summary.assigned;
  }
  const sends = await withOrg(handle.db, 'bench-batch', (tx) =>
    tx
      .select({ n: count() })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.orgId, 'bench-batch')),
  );
  const sorted = [...times].sort((a, b) => a - b);
  say(
    `\n| database | batch of 100 jobs (200 workers with users) | batches | assigned | sends written | p50 ms | max ms | ms per job (p50) |`,
  );
  say('|---|---|---|---|---|---|---|---|');
  say(
    `| ${kind} | allocation/batch, one week | ${sorted.length} | ${assigned} | ${sends[0]?.n ?? 0} | ${percentile(sorted, 50).toFixed(0)} | ${(sorted.at(-1) ?? 0).toFixed(0)} | ${(percentile(sorted, 50) / 100).toFixed(1)} |`,
  );
}

const kinds: ('postgres' | 'pglite')[] = [];
if (ONLY !== 'pglite') {
  if (process.env.DATABASE_URL) kinds.push('postgres');
  else
    console.log(
      'DATABASE_URL is not set: skipping PostgreSQL (set it to a server the benchmark may create a database on).',
    );
}
if (ONLY !== 'postgres') kinds.push('pglite');
console.log(
  `API benchmark: ${DURATION} s per run, connections ${CONNECTIONS.join(' and ')}; ${new Date().toISOString()}`,
);
for (const kind of kinds) await benchOn(kind);
