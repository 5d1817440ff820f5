import { acceptTerms } from '@rostra/db/identity/terms';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, signIn } from './testing.ts';

describe.each(testDatabaseKinds())('terms gating on %s', (kind) => {
  let t: TestApp;
  const dataRoute = { method: 'POST' as const, url: '/api/v1/shortlinks', payload: { target: '/home' } };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { termsVersion: '3.0' });
    await addOrg(t, 'org-a');
    for (const role of ['dispatcher', 'scheduler', 'resource', 'customer'] as const) {
      await addUser(t, {
        id: `u-${role}`,
        email: `${role}@a.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-a', role }],
      });
    }
  });
  afterAll(() => t?.close());

  it('a non-customer without acceptance gets terms_required from /me and 403 terms_required from data routes', async () => {
    for (const role of ['dispatcher', 'scheduler', 'resource']) {
      const browser = await signIn(t, `${role}@a.test`);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
      expect(me.json(), role).toMatchObject({ terms_required: true, terms_version: '3.0' });
      const data = await t.app.inject({ ...dataRoute, headers: browser });
      expect(data.statusCode, role).toBe(403);
      expect(data.json().error, role).toEqual({
        code: 'terms_required',
        message: SERVER_IDENTITY_TEXT.termsRequired,
      });
    }
  });

  it('a customer never has to accept the terms', async () => {
    const browser = await signIn(t, 'customer@a.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
    expect(me.json()).toMatchObject({ terms_required: false });
    expect((await t.app.inject({ ...dataRoute, headers: browser })).statusCode).toBe(200);
  });

  it('accepting records the whole version 3 and opens the data routes', async () => {
    const browser = await signIn(t, 'resource@a.test');
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/terms/accept', headers: browser });
    expect(accepted.json()).toEqual({ version: '3', accepted: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
    expect(me.json()).toMatchObject({ terms_required: false });
    expect((await t.app.inject({ ...dataRoute, headers: browser })).statusCode).toBe(200);
  });

  it('an acceptance recorded under 3 holds while the version is 3.x, not once it is 4', async () => {
    for (const [termsVersion, isRequired] of [
      ['3.9', false],
      ['4.0', true],
    ] as const) {
      const other = await createTestApp(kind, {}, { termsVersion });
      try {
        await addOrg(other, 'org-a');
        await addUser(other, {
          id: 'u',
          email: 'u@a.test',
          password: FIXTURE_PASSWORD,
          memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
        });
        await acceptTerms(other.db.db, 'u', '3', new Date());
        const b = await signIn(other, 'u@a.test');
        const me = await other.app.inject({ method: 'GET', url: '/api/v1/me', headers: b });
        expect(me.json(), termsVersion).toMatchObject({
          terms_required: isRequired,
          terms_version: termsVersion,
        });
      } finally {
        await other.close();
      }
    }
  });

  it('the routes of the terms flow itself stay open before acceptance', async () => {
    const browser = await signIn(t, 'dispatcher@a.test');
    for (const url of ['/api/v1/me', '/api/v1/access_token']) {
      expect((await t.app.inject({ method: 'GET', url, headers: browser })).statusCode, url).toBe(200);
    }
  });
});
