import { SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { originOf, solvedCaptcha } from './testing.ts';

/** Re-encodes a solved captcha with one field changed. */
function tampered(captcha: string, change: Record<string, unknown>): string {
  const payload = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64');
}

describe.each(testDatabaseKinds())('the captcha of phone sign-in and account creation on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: originOf(t) }, payload });
  const signUp = (captcha?: string) => {
    n += 1;
    return post('/api/auth/sign-up/email', {
      email: `new${n}@captcha.test`,
      password: 'abc12345',
      name: `New ${n}`,
      ...(captcha === undefined ? {} : { captcha }),
    });
  };
  const sendCode = (captcha?: string) => {
    n += 1;
    return post('/api/auth/phone-number/send-otp', {
      phoneNumber: `+614000001${String(n).padStart(2, '0')}`,
      ...(captcha === undefined ? {} : { captcha }),
    });
  };
  const refusedWithSpecText = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'captcha-required', message: SIGN_IN_TEXT.captchaRequired },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('a challenge is signed, small in tests, and never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50 });
  });

  it("without a solution account creation and phone sign-in answer 'Solve the reCAPTCHA'", async () => {
    refusedWithSpecText(await signUp());
    refusedWithSpecText(await sendCode());
    refusedWithSpecText(await signUp('not base64 json'));
  });

  it('a valid solution lets the account be created and the phone code be sent', async () => {
    expect((await signUp(await solvedCaptcha(t))).statusCode).toBe(200);
    expect((await sendCode(await solvedCaptcha(t))).statusCode).toBe(200);
  });

  it('a tampered solution is refused: wrong number, another signature, a longer expiry', async () => {
    const good = await solvedCaptcha(t);
    const { number, salt } = JSON.parse(Buffer.from(good, 'base64').toString('utf8')) as {
      number: number;
      salt: string;
    };
    refusedWithSpecText(await signUp(tampered(good, { number: number + 1 })));
    refusedWithSpecText(await signUp(tampered(good, { signature: '0'.repeat(64) })));
    refusedWithSpecText(
      await sendCode(tampered(good, { salt: salt.replace(/expires=\d+/, 'expires=9999999999') })),
    );
    // Untouched, the same solution still works once.
    expect((await signUp(good)).statusCode).toBe(200);
  });

  it('a solution used once is refused the second time, on either request', async () => {
    const captcha = await solvedCaptcha(t);
    expect((await sendCode(captcha)).statusCode).toBe(200);
    refusedWithSpecText(await sendCode(captcha));
    refusedWithSpecText(await signUp(captcha));
  });

  it('a solution is refused once its challenge has expired (10 minutes)', async () => {
    const captcha = await solvedCaptcha(t);
    t.clock.advance(600);
    refusedWithSpecText(await signUp(captcha));
    t.clock.set(new Date());
  });
});
