import { IDENTITY_MESSAGES, IDENTITY_TEXT, SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { authThrottle } from '@rostra/db/schema/auth';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import { addOrg, addUser, asBrowser, cookiesFrom, latestMessage, originOf, withCaptcha } from './testing.ts';

describe.each(testDatabaseKinds())('phone number sign-in on %s', (kind) => {
  let t: TestApp;
  let start = new Date();
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { origin: originOf(t) }, payload: payload as object });
  const sendCode = async (phoneNumber: string) =>
    post('/api/auth/phone-number/send-otp', await withCaptcha(t, { phoneNumber }));
  const verify = (phoneNumber: string, code: string) =>
    post('/api/auth/phone-number/verify', { phoneNumber, code });
  const codeFor = async (phone: string) => (await latestMessage(t, phone, 'phone-code')).code ?? '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-phone',
      email: 'phone@a.test',
      phone: '+61400000009',
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
  });
  beforeEach(async () => {
    // Each case starts now with no resend or quota window open from the previous one.
    start = new Date();
    t.clock.set(start);
    await t.db.db.delete(authThrottle);
  });
  afterAll(() => t?.close());

  it('a 6-digit code is sent by SMS and verifying it signs in to the account with that number', async () => {
    expect((await sendCode('+61400000009')).statusCode).toBe(200);
    const code = await codeFor('+61400000009');
    expect(code).toMatch(/^[0-9]{6}$/);
    const res = await verify('+61400000009', code);
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: asBrowser(t, cookiesFrom(res)),
    });
    expect(me.json()).toMatchObject({
      uid: 'u-phone',
      org_id: 'org-a',
      user_details: { phoneNumber: '+61400000009' },
    });
  });

  it('a number without an account gets one, with no made-up email shown', async () => {
    await sendCode('+61400000077');
    const res = await verify('+61400000077', await codeFor('+61400000077'));
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: asBrowser(t, cookiesFrom(res)),
    });
    expect(me.json()).toMatchObject({
      user_details: { phoneNumber: '+61400000077', email: null },
      memberships: [],
    });
  });

  it('a wrong code answers "Wrong code. Try again."; a malformed one too, before any check', async () => {
    await sendCode('+61400000009');
    const code = await codeFor('+61400000009');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify('+61400000009', wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid-verification-code',
      message: IDENTITY_MESSAGES['invalid-verification-code'],
    });
    const malformed = await verify('+61400000009', '12ab');
    expect(malformed.json().error.message).toBe(SIGN_IN_TEXT.wrongCode);
    // The right code still works after a wrong try.
    expect((await verify('+61400000009', code)).statusCode).toBe(200);
  });

  it('an expired code answers "This code is no longer valid"', async () => {
    await sendCode('+61400000009');
    const code = await codeFor('+61400000009');
    t.clock.set(new Date(Date.now() + 300_000));
    const res = await verify('+61400000009', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'code-expired', message: IDENTITY_MESSAGES['code-expired'] });
  });

  it('a new code is sent only 15 s after the last one', async () => {
    expect((await sendCode('+61400000009')).statusCode).toBe(200);
    t.clock.set(new Date(start.getTime() + 14_000));
    const early = await sendCode('+61400000009');
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toEqual({
      code: 'resend-too-soon',
      message: SERVER_IDENTITY_TEXT.resendTooSoon,
      details: { retry_after_seconds: 1 },
    });
    t.clock.set(new Date(start.getTime() + 15_000));
    expect((await sendCode('+61400000009')).statusCode).toBe(200);
  });

  it('after 5 codes in an hour: "This phone number has been used too many times"', async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start.getTime() + i * 20_000));
      expect((await sendCode('+61400000055')).statusCode, `code ${i + 1}`).toBe(200);
    }
    t.clock.set(new Date(start.getTime() + 5 * 20_000));
    const sixth = await sendCode('+61400000055');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({
      code: 'phone-quota-exceeded',
      message: IDENTITY_TEXT.phoneUsedTooOften,
    });
  });

  it('a number that is not a phone number: "Enter a valid phone number."', async () => {
    for (const phoneNumber of ['', '0400 000 000', '+12', 'call me']) {
      const res = await sendCode(phoneNumber);
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().error.message, phoneNumber).toBe(SIGN_IN_TEXT.phoneInvalid);
    }
  });
});
