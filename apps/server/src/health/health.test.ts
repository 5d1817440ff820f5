import { PassThrough } from 'node:stream';
import { publishLiveEvents } from '@rostra/db/infra/live-events';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MONITORING_ONLY } from '../http/access.ts';
import { addOrg } from '../identity/testing.ts';
import { createTestApp, TEST_METRICS_TOKEN, type TestApp } from '../testing/app.ts';

/*
 * The operational routes of one instance (issue #21 point 5): readiness apart from liveness,
 * request ids, and /metrics with who may read it. Stopping on SIGTERM, with real processes, is
 * cli/shutdown.test.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const bearer = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

describe.each(testDatabaseKinds())('the operational routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('/readyz answers 200 with every check when the instance can take traffic', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', listener: 'attached', schema: 'current' });
  });

  it('/readyz answers 503 while the instance is stopping; /healthz still 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'stopping' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('a request keeps the X-Request-Id it came with; one without gets a UUID; both are echoed', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    const made = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(made.headers['x-request-id']).toMatch(UUID);
    // One that could forge a log line, or is far too long, is replaced rather than kept.
    for (const bad of ['a\u2028b', 'x'.repeat(129), 'id with spaces']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('/metrics refuses a caller without the token, signed in or not, and answers the token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: { code: 'unauthenticated', message: MONITORING_ONLY } });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('/metrics has latency by route, the pool, live-update lag and backlog, and each job’s last success, with no tenant data in its labels', async () => {
    const orgId = `org-metrics-${kind}`;
    await addOrg(t, orgId);
    await publishLiveEvents(t.db.db, orgId, [
      {
        topic: 'records',
        kind: 'probe',
        audience: { dispatchers: true },
        payload: { secret: 'tenant-text-9' },
      },
    ]);
    await t.app.live.flush();
    await t.app.jobs.runNow('retention');
    const recordId = 'rec-id-that-must-not-be-a-label';
    await t.app.inject({ method: 'GET', url: `/api/v1/bookings/${recordId}/ledger` });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;

    expect(text).toMatch(
      /rostra_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/bookings\/:id\/ledger",status="401"\} 1/,
    );
    expect(text).toMatch(/rostra_live_dispatch_lag_seconds_count [1-9]/);
    expect(text).toContain('rostra_live_outbox_backlog 0');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/rostra_job_last_success_timestamp_seconds\{job="retention"\} \d{10}/);
    if (kind === 'postgres') {
      expect(text).toMatch(/rostra_db_pool_connections\{state="in_use"\} \d+/);
      expect(text).toMatch(/rostra_db_pool_waiting \d+/);
    }
    for (const tenantData of [recordId, orgId, 'tenant-text-9']) expect(text).not.toContain(tenantData);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { metricsToken: undefined });
  });
  afterAll(() => t?.close());

  it('answers this machine, not a request a proxy forwarded', async () => {
    // `inject` connects from 127.0.0.1.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { [header]: '203.0.113.7' },
      });
      expect(res.statusCode, header).toBe(401);
    }
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(401);
  });
});

describe('the log', () => {
  it('every line about a request carries its id', async () => {
    const t = await createTestApp('pglite');
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
    const app = await buildApp({
      db: t.db,
      config: { ...t.config, logLevel: 'info', logPretty: false },
      logStream: stream,
    });
    try {
      await app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-request-id': 'trace-me-1' } });
      const about = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string }).filter((l) => l.reqId);
      expect(about.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(about.every((l) => l.reqId === 'trace-me-1')).toBe(true);
      expect(lines.filter((l) => l.includes('trace-me-1') && !l.includes('"reqId":"trace-me-1"'))).toEqual(
        [],
      );
    } finally {
      await app.close();
      await t.close();
    }
  });
});
