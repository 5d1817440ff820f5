import { testDatabaseKinds } from '@rostra/db/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC } from './http/access.ts';
import { API } from './http/api.ts';
import { createTestApp, type TestApp } from './testing/app.ts';

describe.each(testDatabaseKinds())('the HTTP application on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('GET /healthz answers 200 while the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown /api paths answer 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/no-such-thing` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: `No such API route: GET ${API}/no-such-thing` },
    });
  });

  it('every other path serves the single-page app, and real files are served as they are', async () => {
    for (const path of ['/', '/bookings', '/week2timelinev2?from=1', '/login/']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.body, path).toContain('<div id="root">');
    }
    const js = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(js.headers['content-type']).toMatch(/javascript/);
  });

  it('/api/docs/json is a valid OpenAPI 3 document that lists every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('healthz');
    for (const route of registeredApiRoutes(t)) expect(listed, route).toContain(route);
  });

  it('describes the answers of the settings and catalogue documents, not just "an object"', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const answered = (path: string, method = 'get') => {
      const schema = doc.paths[`${API}${path}`]?.[method]?.responses?.['200']?.content?.['application/json']
        ?.schema as OpenApiSchema | undefined;
      return schema?.properties?.items?.items ?? schema;
    };
    expect(Object.keys(answered('/job-status-config')?.properties ?? {})).toEqual(
      expect.arrayContaining(['_key', 'statusConfig', 'version']),
    );
    expect(answered('/job-status-config')?.properties?.statusConfig?.items?.required).toEqual(
      expect.arrayContaining(['_key', '_value', 'color', 'textColor']),
    );
    expect(answered('/workflows', 'put')?.required).toEqual(
      expect.arrayContaining(['workflow_calevents', 'workflow_groups', 'version']),
    );
    expect(answered('/labels')?.required).toEqual(expect.arrayContaining(['_id', 'name', 'type']));
    expect(answered('/blacklists')?.required).toEqual(expect.arrayContaining(['_id', 'resIds', 'version']));
    expect(answered('/customers/{id}/blacklist')?.required).toEqual(
      expect.arrayContaining(['_id', 'resIds', 'version']),
    );
    expect(answered('/quick-views')?.required).toEqual(expect.arrayContaining(['_id', 'name', 'uid']));
    expect(answered('/dispatcher-master-labels')?.required).toEqual(
      expect.arrayContaining(['labels', 'cs_lbls', 'res_labels', 'published']),
    );
  });

  it('shows the 409 of a write that can conflict, in the one error shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const conflict = (path: string, method: string) =>
      doc.paths[`${API}${path}`]?.[method]?.responses?.['409']?.content?.['application/json']?.schema as
        | OpenApiSchema
        | undefined;
    for (const [path, method] of [
      ['/customers/{id}', 'patch'],
      ['/customers/{id}', 'delete'],
      ['/timeline-records/{id}', 'patch'],
      ['/settings', 'put'],
      ['/company', 'put'],
      ['/bookings/{id}/cancellation-request', 'post'],
      ['/bookings/{id}/timer', 'post'],
    ] as const) {
      expect(conflict(path, method)?.properties?.error?.required, `${method} ${path}`).toEqual(
        expect.arrayContaining(['code', 'message']),
      );
    }
    // A read cannot conflict: it declares none.
    expect(doc.paths[`${API}/customers/{id}`]?.get?.responses?.['409']).toBeUndefined();
  });
});

type OpenApiSchema = {
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  required?: string[];
};
type OpenApiOperation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** Method + OpenAPI-style path of every route the app registered, other than the docs' own. */
export function registeredApiRoutes(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe('the error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('names the field path of a validation error, and never includes a stack trace', async () => {
    // A route registered on a fresh app, so the test does not depend on any feature route.
    const { buildApp } = await import('./app.ts');
    const local = await buildApp({ db: t.db, config: t.config });
    local.post(
      `${API}/echo`,
      {
        config: { access: PUBLIC },
        schema: { body: z.strictObject({ name: z.string().max(10), n: z.number() }) },
      },
      async (req) => req.body,
    );
    local.get(`${API}/boom`, { config: { access: PUBLIC } }, async () => {
      throw new Error('secret internals');
    });
    await local.ready();
    const bad = await local.inject({
      method: 'POST',
      url: `${API}/echo`,
      payload: { name: 'ok', n: 'seven' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(bad.json().error.message).toMatch(/^body\.n: /);
    expect(bad.json().error.details[0].path).toBe('body.n');

    const broken = await local.inject({
      method: 'POST',
      url: `${API}/echo`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON' },
    });

    const boom = await local.inject({ method: 'GET', url: `${API}/boom` });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong' } });
    expect(boom.body).not.toContain('secret internals');
    await local.close();
  });

  it('refuses to register an /api route that does not declare who may call it', async () => {
    const { buildApp } = await import('./app.ts');
    const local = await buildApp({ db: t.db, config: t.config });
    expect(() => local.get(`${API}/undeclared`, async () => 'x')).toThrow(/does not declare its access/);
    await local.close();
  });

  it('answers 503 from /readyz once the database is gone; /healthz still says it is alive', async () => {
    const gone = await createTestApp('pglite');
    await gone.db.close();
    const res = await gone.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      reason: 'the database does not answer',
      database: 'down',
    });
    expect((await gone.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await gone.app.close();
  });
});
