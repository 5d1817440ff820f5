import fastifySwagger from '@fastify/swagger';
import { findBadText } from '@rostra/core/shell/text';
import { testDatabaseKinds } from '@rostra/db/testing';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { PUBLIC, requireAccessDeclarations } from './http/access.ts';
import { API, type App } from './http/api.ts';
import { HttpError, installErrorHandling } from './http/errors.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, signIn } from './identity/testing.ts';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './testing/app.ts';
import { NOT_IN_DOCUMENT, type ProbeCaller, probeRoutes, unprobedRoutes } from './testing/robustness.ts';

/** A probe walks every documented operation with dozens of cases each. */
const PROBE_TIMEOUT_MS = 600_000;

describe.each(testDatabaseKinds())('every route refuses malformed input cleanly on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  // The probe sends thousands of requests and grows with the API; its time limit grows with it.
  it('answers every malformed request without a session with 401 (public routes: a 4xx naming the field), never a 5xx', {
    timeout: PROBE_TIMEOUT_MS,
  }, async () => {
    const { findings, sent } = await probeRoutes(t.app);
    expect(sent).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });

  it('answers every malformed request of a signed-in caller the route admits the same way, naming the field (validation behind auth)', {
    timeout: PROBE_TIMEOUT_MS,
  }, async () => {
    await addOrg(t, 'probe-org');
    // The dispatcher first (admitted almost everywhere), then whoever a route is for instead.
    const people = [
      { label: 'dispatcher', role: 'dispatcher' as const, duties: [] },
      { label: 'resource', role: 'resource' as const, duties: [] },
      { label: 'partner', role: 'resource' as const, duties: ['partner'] },
      { label: 'customer', role: 'customer' as const, duties: [] },
      { label: 'scheduler', role: 'scheduler' as const, duties: [] },
    ];
    const callers: ProbeCaller[] = [];
    for (const p of people) {
      await addUser(t, {
        id: `probe-${p.label}`,
        email: `${p.label}@probe.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'probe-org', role: p.role, duties: p.duties }],
      });
      const browser = await signIn(t, `${p.label}@probe.test`);
      const accepted = await t.app.inject({ method: 'POST', url: `${API}/terms/accept`, headers: browser });
      expect(accepted.statusCode, accepted.body).toBe(200);
      callers.push({ headers: browser, role: p.role, duties: p.duties });
    }
    // The operator routes (publishing a release) take the operator's token, not a session.
    callers.push({
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      operator: true,
      role: 'dispatcher',
      duties: [],
    });
    // Sign-out would end the probe's own session; it is probed without a session above.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const { [`${API}/sign_out`]: _signOut, ...paths } = doc.paths;
    const withoutSignOut = Object.create(t.app, { swagger: { value: () => ({ ...doc, paths }) } });
    const { findings, sent } = await probeRoutes(withoutSignOut, callers);
    expect(sent).toBeGreaterThan(0);
    expect(findings).toEqual([]);
    for (const c of callers.filter((c) => !c.operator)) {
      const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: c.headers });
      expect(me.statusCode, 'the sessions lasted the whole probe').toBe(200);
    }
  });

  it('probes every declared route: none is missing from the document without a stated reason', () => {
    expect(unprobedRoutes(t.app)).toEqual([]);
    // The reasons name routes that exist: a stale exemption is removed, not kept.
    const declared = new Set(t.app.declaredRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(NOT_IN_DOCUMENT).filter((k) => !declared.has(k))).toEqual([]);
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

  it('catches a route that fails on or keeps NUL characters and unpaired surrogates, wherever they are', async () => {
    // Without the app's text checks (http/text-input.ts): the routes of a bare app, like the
    // app's own before them, hand the text on to a database that refuses it.
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    installErrorHandling(bare);
    requireAccessDeclarations(bare);
    await bare.register(fastifySwagger, {
      openapi: { openapi: '3.1.0', info: { title: 'bare', version: '1' } },
      transform: jsonSchemaTransform,
    });
    const store = (...texts: unknown[]) => {
      if (findBadText(texts, 'texts')) throw new Error('invalid byte sequence for encoding "UTF8"');
    };
    bare.get(
      `${API}/careless-text/:id`,
      {
        config: { access: PUBLIC },
        schema: {
          params: z.object({ id: z.string() }),
          querystring: z.strictObject({ q: z.string().max(20).optional() }),
        },
      },
      async (request) => {
        store(request.params.id, request.query.q);
        return { ok: true };
      },
    );
    bare.post(
      `${API}/careless-text`,
      {
        config: { access: PUBLIC },
        schema: {
          body: z.strictObject({
            name: z.string().max(20),
            tags: z.array(z.strictObject({ label: z.string().max(20) })),
          }),
        },
      },
      async (request) => {
        store(request.body);
        return { ok: true };
      },
    );
    await bare.ready();
    const problems = (await probeRoutes(bare as unknown as App)).findings.map(
      (f) => `${f.request} ${f.problem}`,
    );
    for (const slot of ['path id NUL', 'query q NUL', 'body.name NUL', 'body.tags.0.label lone surrogate'])
      expect(problems).toContainEqual(expect.stringContaining(`[${slot}] server error 500`));
    // A lone surrogate's bytes in the path: Fastify's own answer, not the API's error shape.
    expect(problems).toContainEqual(expect.stringContaining('[path id lone surrogate] wrong error shape'));
    // A query name that is not valid UTF-8 is kept as `%ED…` text: refused, but not for what it is.
    expect(problems).toContainEqual(
      expect.stringMatching(
        /\[query name lone low surrogate\] the message does not name querystring\.a%ED%B0%80b/,
      ),
    );
    await bare.close();
  });

  it('catches a vague refusal, a wrong status, and a route the document hides', async () => {
    const app = await buildApp({ db: t.db, config: t.config });
    // Checks in handlers: an unknown id refused as 403; a bad name refused without naming it.
    app.get(
      `${API}/vague/:id`,
      { config: { access: PUBLIC }, schema: { params: z.object({ id: z.string() }) } },
      async () => {
        throw new HttpError(403, 'forbidden', 'No');
      },
    );
    app.post(
      `${API}/vague`,
      { config: { access: PUBLIC }, schema: { body: z.looseObject({ name: z.unknown() }) } },
      async () => {
        throw new HttpError(400, 'bad_request', 'Bad request');
      },
    );
    app.get(`${API}/hidden`, { config: { access: PUBLIC }, schema: { hide: true } }, async () => ({}));
    await app.ready();
    const problems = (await probeRoutes(app)).findings.map((f) => `${f.request} ${f.problem}`);
    expect(problems).toContainEqual(expect.stringMatching(/vague\/-1 \[bad id .*answered 403/));
    expect(problems).toContainEqual(
      expect.stringMatching(/\[name wrong type\] the message does not name name: Bad request/),
    );
    expect(unprobedRoutes(app)).toEqual([`GET ${API}/hidden`]);
    await app.close();
  });
});
