import { IDENTITY_MESSAGES } from '@rostra/core/shell/messages';
import { listOutbox } from '@rostra/db/identity/outbox';
import { testDatabaseKinds } from '@rostra/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import {
  addOrg,
  addUser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  latestMessage,
  originOf,
  pathOf,
  withCaptcha,
} from './testing.ts';

/** What a caller can tell two answers apart by: status, body, and whether a cookie was set. */
const observed = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  setsCookie: res.headers['set-cookie'] !== undefined,
});

describe.each(testDatabaseKinds())('email enumeration protection on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { origin: originOf(t) }, payload });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { enumerationProtection: true });
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-known',
      email: 'known@a.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
    await addUser(t, {
      id: 'u-nopass',
      email: 'nopass@a.test',
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
    await addUser(t, { id: 'u-locked', email: 'locked@a.test', password: FIXTURE_PASSWORD });
  });
  afterAll(() => t?.close());

  it('at sign-in a wrong password, an unknown email and an account without a password answer alike', async () => {
    const known = await post('/api/auth/sign-in/email', { email: 'known@a.test', password: 'wrong123' });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@a.test', password: 'wrong123' });
    const passwordless = await post('/api/auth/sign-in/email', {
      email: 'nopass@a.test',
      password: 'wrong123',
    });
    expect(observed(known)).toEqual({
      status: 401,
      body: JSON.stringify({
        error: { code: 'wrong-password', message: IDENTITY_MESSAGES['wrong-password'] },
      }),
      setsCookie: false,
    });
    expect(observed(unknown)).toEqual(observed(known));
    expect(observed(passwordless)).toEqual(observed(known));
    // The right password still signs in.
    expect(
      (await post('/api/auth/sign-in/email', { email: 'known@a.test', password: FIXTURE_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('the lock-out reads the same for an unknown email as for a known account', async () => {
    const answers = async (email: string, ip: string) => {
      const seen = [];
      for (let i = 1; i <= 6; i++) {
        seen.push(observed(await post('/api/auth/sign-in/email', { email, password: 'wrong123' }, ip)));
      }
      return seen;
    };
    const known = await answers('locked@a.test', '10.5.0.1');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await answers('ghost@a.test', '10.5.0.2')).toEqual(known);
  });

  it('a password reset answers the same "sent" for every address, and mails only a known one', async () => {
    const known = await post('/api/auth/request-password-reset', {
      email: 'known@a.test',
      redirectTo: '/reset',
    });
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'ghost@a.test',
      redirectTo: '/reset',
    });
    expect(known.statusCode).toBe(200);
    expect(observed(unknown)).toEqual(observed(known));
    await expect(latestMessage(t, 'known@a.test', 'password-reset')).resolves.toMatchObject({
      link: expect.stringContaining('/reset-password/'),
    });
    expect(await listOutbox(t.db.db, { recipient: 'ghost@a.test' })).toEqual([]);
  });

  it('sign_in_methods lists the same methods for known, passwordless and unknown addresses', async () => {
    const answers = await Promise.all(
      ['known@a.test', 'nopass@a.test', 'nobody@a.test'].map((email) =>
        post('/api/v1/sign_in_methods', { email }, '10.6.0.1'),
      ),
    );
    for (const res of answers) {
      expect(observed(res)).toEqual(observed(answers[0] as LightMyRequestResponse));
      expect(res.json()).toEqual({ methods: ['password', 'email_link'] });
    }
    // A malformed address is still refused with the form's text.
    const bad = await post('/api/v1/sign_in_methods', { email: 'nope' }, '10.6.0.1');
    expect(bad.statusCode).toBe(400);
  });

  it('the sign-in screen still works: a new address signs up by the email link offered beside the password', async () => {
    // The screen shows the password step with "email link instead"; the link asked for a new
    // address answers as for a known one, and opening it makes the account.
    const asked = await post('/api/auth/sign-in/magic-link', { email: 'newcomer@a.test', callbackURL: '/' });
    const askedKnown = await post('/api/auth/sign-in/magic-link', {
      email: 'known@a.test',
      callbackURL: '/',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe(askedKnown.body);
    const link = pathOf((await latestMessage(t, 'newcomer@a.test', 'magic-link')).link ?? '');
    const opened = await t.app.inject({ method: 'GET', url: link, headers: { cookie: cookiesFrom(asked) } });
    expect(opened.statusCode).toBe(302);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: cookiesFrom(opened, cookiesFrom(asked)), origin: originOf(t) },
    });
    expect(me.json()).toMatchObject({ user_details: { email: 'newcomer@a.test' }, memberships: [] });
  });

  it('sign-up with a taken address still says so (as identity services do: sign-up is not covered)', async () => {
    const res = await post(
      '/api/auth/sign-up/email',
      await withCaptcha(t, { email: 'known@a.test', password: 'abc123', name: 'K' }),
    );
    expect(res.json().error).toEqual({
      code: 'email-already-in-use',
      message: IDENTITY_MESSAGES['email-already-in-use'],
    });
  });
});
