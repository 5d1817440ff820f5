import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, buildApp } from './app.ts';
import { PUBLIC } from './http/access.ts';
import { createTestApp, type TestApp } from './testing/app.ts';
import { probeRoutes } from './testing/robustness.ts';

describe.each(testDatabaseKinds())('every route refuses malformed input cleanly on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers every malformed request with a 4xx in the error shape, never a 5xx', async () => {
    const { findings, sent } = await probeRoutes(t.app);
    expect(sent).toBeGreaterThan(0);
    expect(findings).toEqual([]);
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
