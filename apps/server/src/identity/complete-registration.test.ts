import { getSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

describe.each(testDatabaseKinds())('POST /api/v2/complete_registration on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-payreg');
  });
  afterAll(() => t?.close());

  const post = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/complete_registration',
      headers,
      payload: payload as object,
    });

  it("records the organisation's payment registration, with the state as the bearer token as the web sends it", async () => {
    const token = (await call(t, p.dispatcher, 'GET', '/access_token')).json() as { access_token: string };
    const res = await post(
      { authorization: `Bearer ${token.access_token}` },
      { code: 'auth-code-1', state: token.access_token, provider: 'stripe' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ registered: true, provider: 'stripe' });
    const stored = await getSettings(t.db.db, p.orgId, 'payment_registration');
    expect(stored).toMatchObject({ provider: 'stripe', registered_by: p.uids.dispatcher });
    expect(JSON.stringify(stored)).not.toContain('auth-code-1');
  });

  it('is refused without a sign-in, to non-dispatchers, and without a code', async () => {
    expect((await post({}, { code: 'c', state: 's', provider: 'stripe' })).statusCode).toBe(401);
    expect((await post(p.resource1, { code: 'c', state: 's', provider: 'stripe' })).statusCode).toBe(403);
    const bad = await post(p.dispatcher, { state: 's', provider: 'stripe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('code');
  });
});
