/**
 * `npm run bench:search`: POST /api/v1/search (every kind, first page: the top bar's 5 a kind, and
 * the API's default of 250 bookings and resources and 40 of the rest) under autocannon
 * against the real server on an organisation of 1,000 resources, 400 customers, 40 labels and
 * 20,000 bookings (`large-org.ts`), on PostgreSQL (when DATABASE_URL is set) and on PGlite.
 * Queries rotate over misspelt names, exact references, a customer and a label name. Latency
 * percentiles are computed from every response's time; the load average is printed with them
 * (the figures mean little without it). Options: --duration S (default 10), --only pglite|postgres.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { termsWholeVersion } from '@rostra/core/shell/validators';
import { openDatabase } from '@rostra/db/client';
import { acceptTerms } from '@rostra/db/identity/terms';
import { account, memberships, user } from '@rostra/db/schema/auth';
import { createScratchDatabase } from '@rostra/db/testing';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loadIdentityOptions } from '../src/identity/options.ts';
import { seedLargeOrg } from './large-org.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const DURATION = Number(arg('duration', '10'));
const ONLY = arg('only', '');
const START = Date.parse('2026-03-01T00:00:00Z') / 1000;
const ORG = 'bench-search';

/** What people type: misspelt resource names, references, customers, a label. */
const QUERIES = [
  'Workr 417',
  'wroker 12',
  'REF-012345',
  'ref-000777',
  'Clint 23',
  'Client 388',
  'Label 7',
  'worker',
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

type Figures = { n: number; p50: number; p95: number; p99: number; rps: number; errors: number };

async function measure(
  url: string,
  bodies: string[],
  cookie: string,
  origin: string,
  connections: number,
): Promise<Figures> {
  const times: number[] = [];
  // A cookie-authenticated write must come from the app's origin (CSRF), a search POST too.
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const request = (body: string) => ({ method: 'POST' as const, path: '/api/v1/search', headers, body });
  let k = 0;
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    requests: [request(bodies[0] as string)],
  });
  instance.on(
    'response',
    (
      client: { setRequest?: (r: ReturnType<typeof request>) => void },
      _s: number,
      _b: number,
      ms: number,
    ) => {
      times.push(ms);
      k = (k + 1) % bodies.length;
      client.setRequest?.(request(bodies[k] as string));
    },
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    n: times.length,
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
    await seedLargeOrg(
      handle.db,
      { orgId: ORG, resources: 1_000, bookings: 20_000, weeks: 10, seed: 3, start: START },
      say,
    );
    say(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // A live database has planner statistics (autovacuum analyses after a bulk load); without them
    // the planner guesses the trigram conditions' selectivity and reads whole tables. As the owner:
    // the app role's own ANALYZE skips every table (the figures before 22/Nov 07:00 had none).
    await handle.analyze();
    const id = `${ORG}-dispatcher`;
    const hash = await hashPassword('bench-password-1');
    await handle.db.insert(user).values({ id, name: id, email: `${id}@bench.test`, emailVerified: true });
    await handle.db
      .insert(account)
      .values({ id: `acct-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
    await handle.db
      .insert(memberships)
      .values({ id: `mem-${id}`, organizationId: ORG, userId: id, role: 'dispatcher' });
    await acceptTerms(
      handle.db,
      id,
      termsWholeVersion(loadIdentityOptions({ NODE_ENV: 'test' }).termsVersion),
      new Date(),
    );
    say('  user ready; starting the server');
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
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.publicUrl },
      body: JSON.stringify({ email: `${id}@bench.test`, password: 'bench-password-1' }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    say('  signed in');
    // The top bar's request (5 hits a kind) and the API's default page (250 bookings and
    // resources, 40 of the rest): the same queries, far more JSON for the second.
    const scenarios = [
      {
        name: 'top bar, 5 a kind',
        bodies: QUERIES.map((query) => JSON.stringify({ query, hitsPerPage: 5 })),
      },
      { name: 'default page (250 / 40)', bodies: QUERIES.map((query) => JSON.stringify({ query })) },
    ];
    const bodies = scenarios[1]?.bodies ?? [];
    // What each query finds (so that the figures can be read against the work done).
    for (const body of bodies) {
      const answer = (await (
        await fetch(`${base}/api/v1/search`, {
          method: 'POST',
          headers: { cookie, origin: config.publicUrl, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(20_000),
        })
      ).json()) as { query: string; results: Record<string, { nbHits: number }> };
      const counts = Object.entries(answer.results)
        .map(([k, r]) => `${k} ${r.nbHits}`)
        .join(', ');
      say(`  "${answer.query}": ${counts}`);
    }
    await measure(base, bodies, cookie, config.publicUrl, 1); // warm-up
    const rows: string[] = [];
    for (const scenario of scenarios) {
      for (const c of [1, 4]) {
        const before = loadavg()[0] ?? 0;
        const f = await measure(base, scenario.bodies, cookie, config.publicUrl, c);
        const after = loadavg()[0] ?? 0;
        rows.push(
          `| ${kind} | ${scenario.name} | ${c} | ${f.n} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.rps.toFixed(0)} | ${f.errors} | ${before.toFixed(1)} → ${after.toFixed(1)} |`,
        );
      }
    }
    say(
      '\n| database | request | connections | requests | p50 ms | p95 ms | p99 ms | req/s | errors | load avg (1 min) |',
    );
    say('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) say(r);
    await app.close();
  } finally {
    await handle.close();
    await drop?.();
  }
}

const kinds: ('postgres' | 'pglite')[] = [];
if (ONLY !== 'pglite') {
  if (process.env.DATABASE_URL) kinds.push('postgres');
  else console.log('DATABASE_URL is not set: skipping PostgreSQL.');
}
if (ONLY !== 'postgres') kinds.push('pglite');
console.log(
  `Search benchmark: ${DURATION} s per run, ${QUERIES.length} queries rotated; ${new Date().toISOString()}`,
);
for (const kind of kinds) await benchOn(kind);
