import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, buildApp } from './app.ts';
import { PUBLIC } from './http/access.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, signIn } from './identity/testing.ts';
import { createTestApp, type TestApp } from './testing/app.ts';
import { probeRoutes } from './testing/robustness.ts';

/** A probe walks every documented operation with dozens of cases each. */
const PROBE_TIMEOUT_MS = 600_000;

describe.each(testDatabaseKinds())('every route refuses malformed input cleanly on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  // The probe sends thousands of requests and grows with the API; its time limit grows with it.
  it('answers every malformed request with a 4xx in the error shape, never a 5xx', {
    timeout: PROBE_TIMEOUT_MS,
  }, async () => {
    const { findings, sent } = await probeRoutes(t.app);
    expect(sent).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });

  it('answers every malformed request of a signed-in dispatcher the same way (validation behind auth)', {
    timeout: PROBE_TIMEOUT_MS,
  }, async () => {
    await addOrg(t, 'probe-org');
    await addUser(t, {
      id: 'probe-dispatcher',
      email: 'dispatcher@probe.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'probe-org', role: 'dispatcher' }],
    });
    const browser = await signIn(t, 'dispatcher@probe.test');
    const accepted = await t.app.inject({ method: 'POST', url: `${API}/terms/accept`, headers: browser });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Sign-out would end the probe's own session; it is probed without a session above.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const { [`${API}/sign_out`]: _signOut, ...paths } = doc.paths;
    const withoutSignOut = Object.create(t.app, { swagger: { value: () => ({ ...doc, paths }) } });
    const { findings, sent } = await probeRoutes(withoutSignOut, browser);
    expect(sent).toBeGreaterThan(0);
    expect(findings).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: browser });
    expect(me.statusCode, 'the session lasted the whole probe').toBe(200);
  });

  it('still answers /healthz afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the robustness probe itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('catches a route that crashes, accepts junk or leaks unknown fields through', async () => {
    const app = await buildApp({ db: t.db, config: t.config });
    app.post(
      `${API}/careless/:id`,
      {
        config: { access: PUBLIC },
        schema: { params: z.object({ id: z.string() }), body: z.looseObject({ name: z.string() }) },
      },
      async (request) => {
        if (request.body.name.length > 100) throw new Error('too long for the database');
        return { ok: true };
      },
    );
    await app.ready();
    const { findings } = await probeRoutes(app);
    const problems = findings.map((f) => f.problem);
    expect(problems).toContain('server error 500');
    expect(problems).toContain('accepted with 200');
    await app.close();
  });
});
