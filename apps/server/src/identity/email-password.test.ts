import { IDENTITY_MESSAGES, IDENTITY_TEXT, SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import {
  addOrg,
  addUser,
  asBrowser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  latestMessage,
  originOf,
  pathOf,
  signIn,
  withCaptcha,
} from './testing.ts';

describe.each(testDatabaseKinds())('email and password sign-in on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: originOf(t), ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a', 'Alpha Care');
    await addUser(t, {
      id: 'u-disp',
      email: 'disp@alpha.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
    });
    await addUser(t, { id: 'u-nopass', email: 'nopass@alpha.test' });
  });
  afterAll(() => t?.close());

  it('signs in with the right password and answers /me with the session cookie', async () => {
    const browser = await signIn(t, 'disp@alpha.test');
    expect(browser.cookie).toMatch(/rostra\.session_token=/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: 'u-disp', org_id: 'org-a', role: 'dispatcher' });
  });

  it('the session cookie is httpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    const res = await post('/api/auth/sign-in/email', {
      email: 'disp@alpha.test',
      password: FIXTURE_PASSWORD,
    });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('a wrong password answers "The email and password you entered don\'t match"', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'disp@alpha.test', password: 'wrong123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'wrong-password', message: IDENTITY_MESSAGES['wrong-password'] },
    });
  });

  it('an unknown email answers "That email address doesn\'t match an existing account"', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'nobody@alpha.test', password: 'whatever1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'user-not-found',
      message: IDENTITY_MESSAGES['user-not-found'],
    });
  });

  it('an account without a password is told to reset it', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'nopass@alpha.test', password: 'whatever1' });
    expect(res.json().error).toEqual({
      code: 'email-without-sign-in-method',
      message: IDENTITY_TEXT.emailWithoutSignInMethod,
    });
  });

  it('missing or malformed fields get the sign-in form texts', async () => {
    const empty = await post('/api/auth/sign-in/email', { email: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(SIGN_IN_TEXT.emailRequired);
    const bad = await post('/api/auth/sign-in/email', { email: 'not-an-address', password: 'x' });
    expect(bad.json().error.message).toBe(SIGN_IN_TEXT.emailInvalid);
    const noPassword = await post('/api/auth/sign-in/email', { email: 'disp@alpha.test', password: '' });
    expect(noPassword.json().error.message).toBe(SIGN_IN_TEXT.passwordRequired);
  });

  it('sign-up creates an account and signs in; the same email again is "already used"', async () => {
    const res = await post(
      '/api/auth/sign-up/email',
      await withCaptcha(t, { email: 'new@alpha.test', password: 'abc123', name: 'New' }),
    );
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: asBrowser(t, cookiesFrom(res)),
    });
    expect(me.json()).toMatchObject({
      user_details: { email: 'new@alpha.test' },
      org_id: null,
      memberships: [],
    });
    const again = await post(
      '/api/auth/sign-up/email',
      await withCaptcha(t, { email: 'new@alpha.test', password: 'abc123', name: 'New' }),
    );
    expect(again.json().error).toEqual({
      code: 'email-already-in-use',
      message: IDENTITY_MESSAGES['email-already-in-use'],
    });
  });

  it('a new password needs 6 characters with letters and numbers', async () => {
    for (const password of ['abc12', 'abcdefgh', '12345678']) {
      const res = await post('/api/auth/sign-up/email', {
        email: `weak-${password}@alpha.test`,
        password,
        name: 'W',
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toEqual({
        code: 'weak-password',
        message: IDENTITY_MESSAGES['weak-password'],
        details: { field: 'newPassword' },
      });
    }
    const ok = await post(
      '/api/auth/sign-up/email',
      await withCaptcha(t, { email: 'strong@alpha.test', password: 'abc123', name: 'S' }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('password reset: the emailed link sets a new password, once', async () => {
    await addUser(t, { id: 'u-reset', email: 'reset@alpha.test', password: 'old123' });
    const asked = await post('/api/auth/request-password-reset', {
      email: 'reset@alpha.test',
      redirectTo: '/reset',
    });
    expect(asked.statusCode).toBe(200);
    const mail = await latestMessage(t, 'reset@alpha.test', 'password-reset');
    const link = mail.link ?? '';
    // Following the link lands on the app's reset page with the token.
    const followed = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(followed.statusCode).toBe(302);
    const token = new URL(followed.headers.location as string, originOf(t)).searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'new456' });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t, 'reset@alpha.test', 'new456')).resolves.toBeDefined();
    const reused = await post('/api/auth/reset-password', { token, newPassword: 'other789' });
    expect(reused.json().error).toEqual({
      code: 'invalid-action-code',
      message: IDENTITY_MESSAGES['invalid-action-code'],
    });
  });

  it('an expired reset link answers "This code has expired."', async () => {
    await addUser(t, { id: 'u-late', email: 'late@alpha.test', password: 'old123' });
    await post('/api/auth/request-password-reset', { email: 'late@alpha.test', redirectTo: '/reset' });
    const token = (await latestMessage(t, 'late@alpha.test', 'password-reset')).link?.match(
      /reset-password\/([^?]+)/,
    )?.[1];
    const before = t.clock.now();
    t.clock.set(new Date(Date.now() + 3601_000));
    const res = await post('/api/auth/reset-password', { token, newPassword: 'new456' });
    t.clock.set(before);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'expired-action-code',
      message: IDENTITY_MESSAGES['expired-action-code'],
    });
  });

  it('reset for an unknown email says the address does not match an account', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'ghost@alpha.test' });
    expect(res.json().error).toEqual({
      code: 'user-not-found',
      message: IDENTITY_MESSAGES['user-not-found'],
    });
  });

  it('sign-out ends the session: the old cookie no longer opens /me', async () => {
    const browser = await signIn(t, 'disp@alpha.test');
    const out = await post('/api/v1/sign_out', undefined, { cookie: browser.cookie });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
    expect(me.statusCode).toBe(401);
  });

  it('the sign-in screen learns the methods of an address: password and link, none when unknown', async () => {
    const known = await post('/api/v1/sign_in_methods', { email: 'DISP@alpha.test' });
    expect(known.json()).toEqual({ methods: ['password', 'email_link'] });
    const passwordless = await post('/api/v1/sign_in_methods', { email: 'nopass@alpha.test' });
    expect(passwordless.json()).toEqual({ methods: ['email_link'] });
    const unknown = await post('/api/v1/sign_in_methods', { email: 'nobody@alpha.test' });
    expect(unknown.json()).toEqual({ methods: [] });
    const bad = await post('/api/v1/sign_in_methods', { email: 'nope' });
    expect(bad.json().error.message).toBe(SIGN_IN_TEXT.emailInvalid);
    const offered = await t.app.inject({ method: 'GET', url: '/api/v1/sign_in_options' });
    expect(offered.json()).toEqual({
      email_password: true,
      email_link: true,
      phone: true,
      anonymous: true,
      federated: [],
    });
  });
});
