import { IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { listOutbox } from '@rostra/db/identity/outbox';
import { acceptTerms } from '@rostra/db/identity/terms';
import { findUserById } from '@rostra/db/identity/users';
import { session } from '@rostra/db/schema/auth';
import { customers } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import {
  addOrg,
  addUser,
  asBrowser,
  type Browser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  originOf,
  signIn,
  withCaptcha,
} from './testing.ts';

/** The claims of a JWT, read without verifying (the server verifies; the test only looks). */
function claimsOf(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const SESSION_BOUND = { code: 'session_bound', message: SERVER_IDENTITY_TEXT.sessionBound };

/**
 * The library's account endpoints a session from a sign-in token must not reach: with it, a
 * dispatcher of one organisation could read the person's sessions (their raw tokens), end them,
 * or take the account over (name, email, password, linked sign-ins, the session's own fields).
 */
const ACCOUNT_CALLS: { method: 'GET' | 'POST'; path: string; body?: object }[] = [
  { method: 'GET', path: '/list-sessions' },
  { method: 'POST', path: '/update-user', body: { name: 'Taken Over' } },
  { method: 'POST', path: '/revoke-session', body: { token: 'someone-else' } },
  { method: 'POST', path: '/revoke-sessions', body: {} },
  { method: 'POST', path: '/revoke-other-sessions', body: {} },
  { method: 'POST', path: '/change-email', body: { newEmail: 'attacker@evil.test' } },
  {
    method: 'POST',
    path: '/change-password',
    body: { currentPassword: FIXTURE_PASSWORD, newPassword: 'taken0ver', revokeOtherSessions: true },
  },
  { method: 'POST', path: '/delete-user', body: {} },
  { method: 'POST', path: '/link-social', body: { provider: 'google' } },
  { method: 'POST', path: '/unlink-account', body: { providerId: 'credential' } },
  { method: 'GET', path: '/list-accounts' },
  { method: 'POST', path: '/verify-password', body: { password: FIXTURE_PASSWORD } },
  { method: 'POST', path: '/update-session', body: { activeRole: 'dispatcher' } },
  { method: 'GET', path: '/organization/list' },
];

describe.each(testDatabaseKinds())('sessions started from a sign-in token on %s', (kind) => {
  let t: TestApp;
  let harbourDispatcher: Browser;
  /** The victim's own password session (started before any token was issued). */
  let ownSession: Browser;

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const issue = async (uid: string, role: 'resource' | 'customer') => {
    const res = await inject('POST', '/api/v1/signin_tokens', harbourDispatcher, { uid, role });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { token: string }).token;
  };
  const login = (
    token: string,
    identity: string,
    headers: Record<string, string> = { origin: originOf(t) },
  ) => inject('POST', '/api/v1/token_login', headers, { token, identity });
  /** The exact first steps of the filed attack: a token from Harbour, used without a cookie. */
  const tokenSession = async (): Promise<Browser> => {
    const res = await login(await issue('u-victim', 'customer'), 'victim@test.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uid: 'u-victim', org_id: 'harbour', role: 'customer' });
    return asBrowser(t, cookiesFrom(res));
  };
  const metroCustomers = () =>
    withOrg(t.db.db, 'metro', (tx) => tx.select().from(customers).orderBy(customers.id));

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'harbour', 'Harbour Care');
    await addOrg(t, 'metro', 'Metro');
    await addUser(t, {
      id: 'd-harbour',
      email: 'dispatcher@harbour.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'harbour', role: 'dispatcher' }],
    });
    // A customer of Harbour Care who is a dispatcher of Metro.
    await addUser(t, {
      id: 'u-victim',
      email: 'victim@test.test',
      name: 'Vic Tim',
      phone: '+61400111333',
      password: FIXTURE_PASSWORD,
      memberships: [
        { orgId: 'metro', role: 'dispatcher' },
        { orgId: 'harbour', role: 'customer', customerId: 'cus-h' },
      ],
    });
    await addUser(t, {
      id: 'r-harbour',
      email: 'worker@harbour.test',
      phone: '+61400111222',
      memberships: [{ orgId: 'harbour', role: 'resource', resourceId: 'res-1' }],
    });
    await acceptTerms(t.db.db, 'd-harbour', '3', new Date());
    await acceptTerms(t.db.db, 'u-victim', '3', new Date());
    await withOrg(t.db.db, 'metro', (tx) =>
      tx.insert(customers).values({ orgId: 'metro', id: 'metro-cus-1', name: 'Metro Customer' }),
    );
    harbourDispatcher = await signIn(t, 'dispatcher@harbour.test');
    ownSession = await signIn(t, 'victim@test.test');
  });
  afterAll(() => t?.close());

  it('the filed sequence: the switch into the other organisation and every account endpoint answer 403, and nothing changes', async () => {
    const metroBefore = await metroCustomers();
    const attacker = await tokenSession();

    const toMetro = { org_id: 'metro', role: 'dispatcher', uid: 'u-victim' };
    const switched = await inject('POST', '/api/v1/switch_org_by_uid', attacker, toMetro);
    expect(switched.statusCode, switched.body).toBe(403);
    expect(switched.json().error).toEqual(SESSION_BOUND);
    // The same with the token session's own bearer token.
    const access = (await inject('GET', '/api/v1/access_token', attacker)).json().access_token as string;
    const bySwitchBearer = await inject(
      'POST',
      '/api/v1/switch_org_by_uid',
      { authorization: `Bearer ${access}` },
      toMetro,
    );
    expect(bySwitchBearer.statusCode).toBe(403);
    expect(bySwitchBearer.json().error).toEqual(SESSION_BOUND);

    for (const call of ACCOUNT_CALLS) {
      const res = await inject(call.method, `/api/auth${call.path}`, attacker, call.body);
      expect(res.statusCode, `${call.path}: ${res.body}`).toBe(403);
      expect(res.json(), call.path).toEqual({ error: SESSION_BOUND });
    }

    // Still Harbour's customer, nothing more; Metro's records cannot be written.
    const me = await inject('GET', '/api/v1/me', attacker);
    expect(me.json()).toMatchObject({ org_id: 'harbour', role: 'customer', customer_id: 'cus-h' });
    const planted = await inject('POST', '/api/v1/customers', attacker, { name: 'Planted' });
    expect(planted.statusCode).toBe(403);
    expect(await metroCustomers()).toEqual(metroBefore);

    // The account is as it was, and the person's own session still works in Metro.
    const account = await findUserById(t.db.db, 'u-victim');
    expect(account).toMatchObject({
      name: 'Vic Tim',
      email: 'victim@test.test',
      phoneNumber: '+61400111333',
    });
    const own = await inject('GET', '/api/v1/me', ownSession);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ org_id: 'metro', role: 'dispatcher' });
    expect((await signIn(t, 'victim@test.test')).cookie).toMatch(/session_token/);
  });

  it('a token session cannot change the account’s phone with a phone code either', async () => {
    const attacker = await tokenSession();
    const phoneNumber = '+61400555666';
    const sent = await inject(
      'POST',
      '/api/auth/phone-number/send-otp',
      attacker,
      await withCaptcha(t, { phoneNumber }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = await listOutbox(t.db.db, { recipient: phoneNumber, purpose: 'phone-code' });
    const res = await inject('POST', '/api/auth/phone-number/verify', attacker, {
      phoneNumber,
      code: sms?.code ?? '',
      updatePhoneNumber: true,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toEqual(SESSION_BOUND);
    expect((await findUserById(t.db.db, 'u-victim'))?.phoneNumber).toBe('+61400111333');
  });

  it('a token session knows only its membership: /me lists that one, its access tokens name it', async () => {
    const attacker = await tokenSession();
    const me = (await inject('GET', '/api/v1/me', attacker)).json();
    expect(me.memberships).toEqual([
      expect.objectContaining({ org_id: 'harbour', role: 'customer', customer_id: 'cus-h' }),
    ]);
    const access = (await inject('GET', '/api/v1/access_token', attacker)).json().access_token as string;
    expect(claimsOf(access)).toMatchObject({ uid: 'u-victim', org_id: 'harbour', role: 'customer' });
  });

  it('a bearer token naming another of the person’s memberships is refused for a token session', async () => {
    const attacker = await tokenSession();
    const sid = (await inject('GET', '/api/auth/get-session', attacker)).json().session.id as string;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const { token } = await t.app.identity.auth.api.signJWT({
      body: {
        payload: {
          token_use: 'access',
          uid: 'u-victim',
          sub: 'u-victim',
          org_id: 'metro',
          role: 'dispatcher',
          duty: null,
          duties: [],
          sid,
          iat: now,
          exp: now + 600,
        },
      },
    });
    const res = await inject('GET', '/api/v1/me', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'invalid_token', message: IDENTITY_TEXT.sessionExpired });
  });

  it('a token session can still read itself and sign out', async () => {
    const attacker = await tokenSession();
    const current = await inject('GET', '/api/auth/get-session', attacker);
    expect(current.statusCode).toBe(200);
    expect(current.json().user.id).toBe('u-victim');
    const out = await inject('POST', '/api/auth/sign-out', attacker, {});
    expect(out.statusCode, out.body).toBe(200);
    expect((await inject('GET', '/api/v1/me', attacker)).statusCode).toBe(401);
  });

  it('the same person signed in with their password still switches organisation and manages the account', async () => {
    const browser = await signIn(t, 'victim@test.test');
    const toHarbour = await inject('POST', '/api/v1/switch_org_by_uid', browser, {
      org_id: 'harbour',
      role: 'customer',
      uid: 'u-victim',
    });
    expect(toHarbour.statusCode, toHarbour.body).toBe(200);
    const back = await inject('POST', '/api/v1/switch_org_by_uid', browser, {
      org_id: 'metro',
      role: 'dispatcher',
      uid: 'u-victim',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await inject('GET', '/api/v1/me', browser)).json().memberships).toHaveLength(2);
    expect((await inject('GET', '/api/auth/list-sessions', browser)).statusCode).toBe(200);
    const renamed = await inject('POST', '/api/auth/update-user', browser, { name: 'Victoria Tim' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await findUserById(t.db.db, 'u-victim'))?.name).toBe('Victoria Tim');
    await inject('POST', '/api/auth/update-user', browser, { name: 'Vic Tim' });
  });

  it('a sign-in token signs in once: a second use, by email or by phone, is refused like an invalid token', async () => {
    const token = await issue('r-harbour', 'resource');
    expect((await login(token, 'worker@harbour.test')).statusCode).toBe(200);
    for (const identity of ['worker@harbour.test', '+61 400 111 222']) {
      const again = await login(token, identity);
      expect(again.statusCode, identity).toBe(401);
      expect(again.json().error).toEqual({ code: 'token-invalid', message: IDENTITY_TEXT.sessionExpired });
      expect(again.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a replay from a signed-in browser signs that browser out, as any refused token login does', async () => {
    const token = await issue('r-harbour', 'resource');
    const first = await login(token, 'worker@harbour.test');
    const browser = asBrowser(t, cookiesFrom(first));
    const again = await login(token, 'worker@harbour.test', browser);
    expect(again.statusCode).toBe(401);
    expect((await inject('GET', '/api/v1/me', browser)).statusCode).toBe(401);
  });

  it('a wrong entry does not use the token up: the right one still signs in', async () => {
    const token = await issue('r-harbour', 'resource');
    expect((await login(token, 'someone@else.test')).statusCode).toBe(401);
    expect((await login(token, 'worker@harbour.test')).statusCode).toBe(200);
  });

  it('two uses of one token at the same moment: exactly one signs in, and exactly one session exists', async () => {
    await addUser(t, {
      id: 'r-race',
      email: 'race@harbour.test',
      memberships: [{ orgId: 'harbour', role: 'resource' }],
    });
    const token = await issue('r-race', 'resource');
    const answers = await Promise.all([login(token, 'race@harbour.test'), login(token, 'race@harbour.test')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const sessions = await t.db.db
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.userId, 'r-race'), isNotNull(session.boundOrgId)));
    expect(sessions).toHaveLength(1);
    const all = await t.db.db.select({ id: session.id }).from(session).where(eq(session.userId, 'r-race'));
    expect(all).toHaveLength(1);
  });
});
