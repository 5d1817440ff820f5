import { ALERT_TEXT, IDENTITY_TEXT, TOKEN_LOGIN_TEXT } from '@rostra/core/shell/messages';
import { acceptTerms } from '@rostra/db/identity/terms';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import {
  addOrg,
  addUser,
  asBrowser,
  type Browser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  originOf,
  signIn,
} from './testing.ts';

describe.each(testDatabaseKinds())('custom sign-in tokens on %s', (kind) => {
  let t: TestApp;
  let dispatcher: Browser;

  const issue = (body: unknown, headers: Record<string, string> = dispatcher) =>
    t.app.inject({ method: 'POST', url: '/api/v1/signin_tokens', headers, payload: body as object });
  const login = (body: unknown, headers: Record<string, string> = { origin: originOf(t) }) =>
    t.app.inject({ method: 'POST', url: '/api/v1/token_login', headers, payload: body as object });
  const tokenFor = async (uid: string, role: 'resource' | 'customer') => {
    const res = await issue({ uid, role });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; expires_in: number; url: string };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addOrg(t, 'org-b');
    await addUser(t, {
      id: 'd-a',
      email: 'dispatcher@a.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
    });
    await addUser(t, {
      id: 'r-a',
      email: 'Worker@A.test',
      phone: '+61400111222',
      memberships: [{ orgId: 'org-a', role: 'resource', resourceId: 'res-1' }],
    });
    await addUser(t, {
      id: 'c-b',
      email: 'customer@b.test',
      memberships: [{ orgId: 'org-b', role: 'customer', customerId: 'cus-1' }],
    });
    await addUser(t, {
      id: 'res-a2',
      email: 'res2@a.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
    await acceptTerms(t.db.db, 'd-a', '3', new Date());
    await acceptTerms(t.db.db, 'res-a2', '3', new Date());
    dispatcher = await signIn(t, 'dispatcher@a.test');
  });
  afterAll(() => t?.close());

  it('a dispatcher issues a short-lived token and an app URL carrying it as ?token=', async () => {
    const issued = await tokenFor('r-a', 'resource');
    expect(issued.expires_in).toBe(3600);
    expect(new URL(issued.url).searchParams.get('token')).toBe(issued.token);
  });

  it('only for a resource or customer of the dispatcher’s own organisation', async () => {
    expect((await issue({ uid: 'c-b', role: 'customer' })).statusCode).toBe(404);
    expect((await issue({ uid: 'r-a', role: 'customer' })).statusCode).toBe(404);
    expect((await issue({ uid: 'd-a', role: 'dispatcher' })).statusCode).toBe(400);
  });

  it('a resource may not issue one: 403 with the spec’s "not allowed to add records" text', async () => {
    const resource = await signIn(t, 'res2@a.test');
    const res = await issue({ uid: 'r-a', role: 'resource' }, resource);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'forbidden', message: ALERT_TEXT.accessDenied });
  });

  it('without the company email or phone yet, the answer is the prompt, and nobody is signed in', async () => {
    const { token } = await tokenFor('r-a', 'resource');
    const res = await login({ token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'identity-required',
      message: TOKEN_LOGIN_TEXT.identityPrompt,
      details: { field: 'identity' },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the matching company email (any case) or phone signs in to the token’s organisation and role', async () => {
    for (const identity of ['worker@a.test', ' WORKER@a.TEST ', '+61 400 111 222']) {
      // A token signs in once: a fresh one for each way of entering the identity.
      const { token } = await tokenFor('r-a', 'resource');
      const res = await login({ token, identity });
      expect(res.statusCode, identity).toBe(200);
      expect(res.json()).toEqual({ uid: 'r-a', org_id: 'org-a', role: 'resource' });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: asBrowser(t, cookiesFrom(res)),
      });
      expect(me.json(), identity).toMatchObject({
        uid: 'r-a',
        org_id: 'org-a',
        role: 'resource',
        resource_id: 'res-1',
      });
    }
  });

  it('a mismatching entry signs out: 401, and the browser’s existing session ends', async () => {
    const { token } = await tokenFor('r-a', 'resource');
    const bystander = await signIn(t, 'res2@a.test');
    const res = await login({ token, identity: 'someone@else.test' }, bystander);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'identity-mismatch', message: TOKEN_LOGIN_TEXT.identityPrompt });
    expect(cookiesFrom(res, bystander.cookie)).not.toMatch(/session_token/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bystander });
    expect(me.statusCode).toBe(401);
  });

  it('a token missing org_id, uid or role signs out with the missing-information text', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const drop of ['org_id', 'uid', 'role']) {
      const claims: Record<string, unknown> = {
        token_use: 'signin',
        uid: 'r-a',
        org_id: 'org-a',
        role: 'resource',
        email: 'worker@a.test',
        sub: 'r-a',
        iat: now,
        exp: now + 600,
      };
      delete claims[drop];
      const { token } = await t.app.identity.auth.api.signJWT({ body: { payload: claims } });
      const res = await login({ token, identity: 'worker@a.test' });
      expect(res.statusCode, drop).toBe(401);
      expect(res.json().error, drop).toEqual({
        code: 'claim-missing',
        message: ALERT_TEXT.missingVitalInformation,
        details: { missing: [drop] },
      });
    }
  });

  it('an expired or tampered token signs out', async () => {
    const { token } = await tokenFor('r-a', 'resource');
    const issuedAt = t.clock.now();
    t.clock.set(new Date(issuedAt.getTime() + 3600_000));
    const expired = await login({ token, identity: 'worker@a.test' });
    t.clock.set(issuedAt);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({ code: 'token-invalid', message: IDENTITY_TEXT.sessionExpired });
    const tampered = await login({ token: `${token.slice(0, -3)}abc`, identity: 'worker@a.test' });
    expect(tampered.statusCode).toBe(401);
  });

  it('a sign-in token is not an access token, and an access token is not a sign-in token', async () => {
    const { token } = await tokenFor('r-a', 'resource');
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const access = await t.app.inject({ method: 'GET', url: '/api/v1/access_token', headers: dispatcher });
    const res = await login({ token: access.json().access_token, identity: 'dispatcher@a.test' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('token-invalid');
  });
});
