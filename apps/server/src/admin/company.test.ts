import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Company = Record<string, unknown> & { name: string; version: number };

/**
 * The company document is versioned as every shared record is: a change names the version it
 * read (body `version` or `If-Match`), a stale one answers 409 and writes nothing, none 428.
 */
describe.each(testDatabaseKinds())('versioned changes of the company document on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-co');
  });
  afterAll(() => t?.close());

  const read = async () => ok<Company>(await call(t, p.dispatcher, 'GET', '/company'));

  it('twenty concurrent changes of the same version: exactly one is written, nineteen answer 409', async () => {
    const before = await read();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t, p.dispatcher, 'PUT', '/company', { name: `Writer ${i}`, version: before.version }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)?.json() as Company;
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json().error.code).toBe('version_conflict');
      expect(lost.json().error.details.current).toMatchObject({ name: winner.name });
    }
    const after = await read();
    expect(after.name).toBe(winner.name);
    expect(after.version).toBe(before.version + 1);
    expect(winner.version).toBe(after.version);
  });

  it('a change without a version is refused with 428 and nothing is stored', async () => {
    const before = await read();
    const res = await call(t, p.dispatcher, 'PUT', '/company', { name: 'No version' });
    expect(res.statusCode).toBe(428);
    expect(res.json().error.code).toBe('version_required');
    const geofence = await call(t, p.dispatcher, 'POST', '/company/geofence', {
      org_id: p.orgId,
      geofence: { lat: 1, lng: 2, radius: 30 },
    });
    expect(geofence.statusCode).toBe(428);
    expect(await read()).toEqual(before);
  });

  it('If-Match names the version too; answers carry the ETag; /me carries the version', async () => {
    const first = await call(t, p.dispatcher, 'GET', '/company');
    const version = (first.json() as Company).version;
    expect(first.headers.etag).toBe(`"${version}"`);
    const put = await call(
      t,
      p.dispatcher,
      'PUT',
      '/company',
      { name: 'By If-Match' },
      { 'if-match': `"${version}"` },
    );
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toBe(`"${version + 1}"`);
    const again = await call(
      t,
      p.dispatcher,
      'PUT',
      '/company',
      { name: 'Stale' },
      { 'if-match': `"${version}"` },
    );
    expect(again.statusCode).toBe(409);
    const me = ok<{ company: Company }>(await call(t, p.customer, 'GET', '/me'));
    expect(me.company).toMatchObject({ name: 'By If-Match', version: version + 1 });
  });

  it('the geofence dialog’s change is versioned: stale → 409, nothing stored', async () => {
    const before = await read();
    const fence = { lat: -33.86, lng: 151.21, radius: 250 };
    expect(
      ok(
        await call(t, p.dispatcher, 'POST', '/company/geofence', {
          org_id: p.orgId,
          geofence: fence,
          version: before.version,
        }),
      ),
    ).toEqual({ status: true });
    const stale = await call(t, p.dispatcher, 'POST', '/company/geofence', {
      org_id: p.orgId,
      geofence: null,
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(await read()).toMatchObject({ geofence: fence, version: before.version + 1 });
  });
});
