import { ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS } from '@rostra/core/shell/constants';
import { IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { acceptTerms } from '@rostra/db/identity/terms';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import { addOrg, addUser, type Browser, FIXTURE_PASSWORD, originOf, signIn } from './testing.ts';

/** The claims of a JWT, read without verifying (the server verifies; the test only looks). */
function claimsOf(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe.each(testDatabaseKinds())('access tokens and company switch on %s', (kind) => {
  let t: TestApp;
  let multi: Browser;

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const accessToken = async (headers: Record<string, string>) => {
    const res = await get('/api/v1/access_token', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; expires_in: number };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'harbour', 'Harbour');
    await addOrg(t, 'metro', 'Metro');
    await addUser(t, {
      id: 'u-multi',
      email: 'multi@test.test',
      password: FIXTURE_PASSWORD,
      memberships: [
        { orgId: 'harbour', role: 'dispatcher' },
        { orgId: 'metro', role: 'customer', customerId: 'c-9' },
        { orgId: 'metro', role: 'resource', duties: ['partner'], resourceId: 'r-7' },
      ],
    });
    await acceptTerms(t.db.db, 'u-multi', '3', new Date());
    multi = await signIn(t, 'multi@test.test');
  });
  afterAll(() => t?.close());

  it('GET /access_token answers a signed JWT with uid, org_id, role, duty, duties that lasts 3600 s', async () => {
    const { access_token, expires_in } = await accessToken(multi);
    expect(expires_in).toBe(ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS);
    const claims = claimsOf(access_token);
    expect(claims).toMatchObject({
      uid: 'u-multi',
      org_id: 'harbour',
      role: 'dispatcher',
      duty: null,
      duties: [],
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('a bearer access token works on API calls without the cookie', async () => {
    const { access_token } = await accessToken(multi);
    const me = await get('/api/v1/me', bearer(access_token));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: 'u-multi', org_id: 'harbour', role: 'dispatcher' });
  });

  it('an expired bearer token answers 401 (clock moved past expiry), one second before it still works', async () => {
    const { access_token } = await accessToken(multi);
    const issuedAt = t.clock.now();
    try {
      t.clock.set(new Date(issuedAt.getTime() + 3599_000));
      expect((await get('/api/v1/me', bearer(access_token))).statusCode).toBe(200);
      t.clock.set(new Date(issuedAt.getTime() + 3600_000));
      const res = await get('/api/v1/me', bearer(access_token));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'invalid_token', message: IDENTITY_TEXT.sessionExpired });
    } finally {
      t.clock.set(issuedAt);
    }
  });

  it('a tampered bearer token answers 401: changed claims, changed signature, or not a JWT', async () => {
    const { access_token } = await accessToken(multi);
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const claims = claimsOf(access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, org_id: 'metro', role: 'customer' })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${flipped}`,
      'not-a-jwt',
    ]) {
      const res = await get('/api/v1/me', bearer(token));
      expect(res.statusCode, token.slice(0, 30)).toBe(401);
    }
  });

  it('signing out ends the bearer token of that session too', async () => {
    const browser = await signIn(t, 'multi@test.test');
    const { access_token } = await accessToken(browser);
    expect((await get('/api/v1/me', bearer(access_token))).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/sign_out', headers: browser });
    expect((await get('/api/v1/me', bearer(access_token))).statusCode).toBe(401);
  });

  it('switch_org_by_uid to a membership the user holds: /me and new tokens follow the switch', async () => {
    const browser = await signIn(t, 'multi@test.test');
    const { access_token } = await accessToken(browser);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/switch_org_by_uid',
      headers: bearer(access_token),
      payload: { org_id: 'metro', role: 'resource', uid: 'u-multi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ org_id: 'metro', role: 'resource', uid: 'u-multi', expires_in: 3600 });
    expect(claimsOf(res.json().access_token)).toMatchObject({
      org_id: 'metro',
      role: 'resource',
      duty: 'partner',
    });
    const me = await get('/api/v1/me', browser);
    expect(me.json()).toMatchObject({
      org_id: 'metro',
      role: 'resource',
      duties: ['partner'],
      resource_id: 'r-7',
      company: { id: 'metro', name: 'Metro' },
    });
    expect(claimsOf((await accessToken(browser)).access_token)).toMatchObject({
      org_id: 'metro',
      role: 'resource',
    });
  });

  it('switch_org_by_uid to a membership the user does not hold answers 403 with a readable message', async () => {
    const browser = await signIn(t, 'multi@test.test');
    const refusals = [
      { org_id: 'metro', role: 'dispatcher', uid: 'u-multi' },
      { org_id: 'nowhere', role: 'dispatcher', uid: 'u-multi' },
      { org_id: 'harbour', role: 'dispatcher', uid: 'someone-else' },
    ];
    for (const payload of refusals) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/switch_org_by_uid',
        headers: browser,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().error).toEqual({
        code: 'switch_refused',
        message: SERVER_IDENTITY_TEXT.switchRefused,
      });
    }
    expect((await get('/api/v1/me', browser)).json()).toMatchObject({
      org_id: 'harbour',
      role: 'dispatcher',
    });
  });

  it('a cookie-authenticated write from another origin is refused; the same write with a bearer token is not', async () => {
    const browser = await signIn(t, 'multi@test.test');
    const payload = { org_id: 'harbour', role: 'dispatcher', uid: 'u-multi' };
    const url = '/api/v1/switch_org_by_uid';
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: browser.cookie, origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('origin_refused');
    const none = await t.app.inject({ method: 'POST', url, headers: { cookie: browser.cookie }, payload });
    expect(none.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...browser, origin: originOf(t) },
      payload,
    });
    expect(own.statusCode).toBe(200);
    const { access_token } = await accessToken(browser);
    const withToken = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(access_token), origin: 'https://evil.example' },
      payload,
    });
    expect(withToken.statusCode).toBe(200);
  });
});
