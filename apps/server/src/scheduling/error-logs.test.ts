import { listErrorLogs } from '@rostra/db/scheduling/error-logs';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MEMBERS } from '../http/access.ts';
import { API } from '../http/api.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, ok, type Personas, schedulingOrg } from './testing.ts';

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds())('the error log on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-09T08:00:00Z'));
    p = await schedulingOrg(t, 'org-err');
  });
  afterAll(() => t?.close());

  it('stores client errors for 30 days and failed requests for 10, keyed by organisation', async () => {
    const now = t.clock.now().getTime();
    const error = ok(
      await call(t, p.resource1, 'POST', '/error-logs', {
        type: 'error',
        err: 'TypeError: x is undefined',
        href: 'http://localhost/week2timelinev2',
        info: { component: 'Timeline' },
      }),
      201,
    );
    expect(error.ttl_at).toBe(now + 30 * DAY_MS);
    const request = ok(
      await call(t, p.dispatcher, 'POST', '/error-logs', {
        type: 'request',
        err: 'Request failed with status code 503',
        status: 503,
        url: '/api/v1/timeline',
        duration: 1234,
        internet_speed: { downlink: 1.5, effectiveType: '3g' },
      }),
      201,
    );
    expect(request.ttl_at).toBe(now + 10 * DAY_MS);
    const logs = await listErrorLogs(t.db.db, p.orgId);
    expect(logs.map((l) => [l.type, l.source, l.status, l.durationMs])).toEqual([
      ['error', 'client', null, null],
      ['request', 'client', 503, 1234],
    ]);
  });

  it("logs the server's own failed requests of signed-in callers", async () => {
    const app = await buildApp({ db: t.db, config: t.config, identity: t.app.identity.options });
    app.get(`${API}/boom`, { config: { access: MEMBERS } }, async () => {
      throw new Error('kaboom');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `${API}/boom?x=1`, headers: p.dispatcher });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('kaboom');
    // The entry is written after the answer has gone out: wait for it (a generous limit, no timing).
    const serverLogs = async () =>
      (await listErrorLogs(t.db.db, p.orgId)).filter((l) => l.source === 'server');
    for (let i = 0; i < 200 && (await serverLogs()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    await app.close();
    expect(await serverLogs()).toMatchObject([
      { type: 'request', status: 500, method: 'GET', url: `${API}/boom` },
    ]);
  });

  it('retention removes request logs after 10 days and errors after 30', async () => {
    t.clock.advance(10 * 86_400 + 1);
    await t.app.jobs.runNow('retention');
    expect((await listErrorLogs(t.db.db, p.orgId)).map((l) => l.type)).toEqual(['error']);
    t.clock.advance(20 * 86_400);
    await t.app.jobs.runNow('retention');
    expect(await listErrorLogs(t.db.db, p.orgId)).toEqual([]);
  });
});
