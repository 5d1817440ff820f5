import { DEMO_PASSWORD, DEMO_USERS, HARBOUR_CARE, METRO_MOVERS } from '@rostra/db/seed/demo-users';
import { seedDemo } from '@rostra/db/seed/seed';
import { testDatabaseKinds } from '@rostra/db/testing';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { signIn } from './testing.ts';

describe.each(testDatabaseKinds())('the demo users on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.db.db, { nowMs: Date.UTC(2026, 0, 5), hashPassword });
  });
  afterAll(() => t?.close());

  it('every demo user signs in with demo1234 through POST /api/auth/sign-in/email', async () => {
    for (const u of DEMO_USERS) {
      const browser = await signIn(t, u.email, DEMO_PASSWORD);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
      const first = u.memberships[0];
      expect(me.json(), u.email).toMatchObject({ uid: u.id, org_id: first?.orgId, role: first?.role });
    }
  });

  it('multi@rostra.test starts as dispatcher in Harbour Care and switches to customer in Metro Movers', async () => {
    const browser = await signIn(t, 'multi@rostra.test', DEMO_PASSWORD);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser })).json();
    expect(
      me.memberships.map((m: { org_id: string; role: string }) => `${m.role}@${m.org_id}`).sort(),
    ).toEqual([`customer@${METRO_MOVERS}`, `dispatcher@${HARBOUR_CARE}`].sort());
    expect(me.company).toMatchObject({
      id: HARBOUR_CARE,
      name: 'Harbour Care',
      default_country: { code: '+61' },
    });
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/v1/switch_org_by_uid',
      headers: browser,
      payload: { org_id: METRO_MOVERS, role: 'customer', uid: 'user-multi' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser })).json();
    expect(after).toMatchObject({ org_id: METRO_MOVERS, role: 'customer', terms_required: false });
    expect(after.customer_id).toBeTypeOf('string');
  });
});
