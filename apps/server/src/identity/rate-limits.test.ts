import { IDENTITY_MESSAGES, IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { DEFAULT_LIMITS } from './options.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, originOf } from './testing.ts';

describe.each(testDatabaseKinds())('sign-in rate limits on %s', (kind) => {
  let t: TestApp;
  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: ip,
      headers: { origin: originOf(t) },
      payload: { email, password },
    });

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      { limits: { ...DEFAULT_LIMITS, perIp: { max: 8, windowSeconds: 600 } } },
    );
    await addOrg(t, 'org-a');
    for (const name of ['locked', 'other']) {
      await addUser(t, {
        id: name,
        email: `${name}@a.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-a', role: 'resource' }],
      });
    }
  });
  afterAll(() => t?.close());

  it('after 5 wrong passwords the account is refused, even with the right one, until the window ends', async () => {
    const start = t.clock.now();
    try {
      for (let i = 1; i <= 5; i++) {
        const res = await signInFrom(`10.0.0.${i}`, 'locked@a.test', 'wrong-1');
        expect(res.json().error.code, `attempt ${i}`).toBe('wrong-password');
      }
      const locked = await signInFrom('10.0.1.1', 'locked@a.test', FIXTURE_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toEqual({
        code: 'too-many-requests',
        message: IDENTITY_MESSAGES['too-many-requests'],
      });
      // Another account is not affected.
      expect((await signInFrom('10.0.1.2', 'other@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
      t.clock.set(new Date(start.getTime() + 899_000));
      expect((await signInFrom('10.0.1.3', 'locked@a.test', FIXTURE_PASSWORD)).statusCode).toBe(429);
      t.clock.set(new Date(start.getTime() + 901_000));
      expect((await signInFrom('10.0.1.4', 'locked@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('more account requests from one IP than allowed: "Too many account requests are coming from your IP address…"', async () => {
    const start = t.clock.now();
    try {
      for (let i = 1; i <= 8; i++) {
        const res = await signInFrom('192.0.2.7', 'other@a.test', FIXTURE_PASSWORD);
        expect(res.statusCode, `request ${i}`).toBe(200);
      }
      const refused = await signInFrom('192.0.2.7', 'other@a.test', FIXTURE_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'too-many-ip-requests',
        message: IDENTITY_TEXT.tooManyAccountRequests,
      });
      // The limit is per address: another IP is served, and the token login counts too.
      expect((await signInFrom('192.0.2.8', 'other@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
      const tokenLogin = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token_login',
        remoteAddress: '192.0.2.7',
        headers: { origin: originOf(t) },
        payload: { token: 'x', identity: 'other@a.test' },
      });
      expect(tokenLogin.statusCode).toBe(429);
      t.clock.set(new Date(start.getTime() + 601_000));
      expect((await signInFrom('192.0.2.7', 'other@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('a client cannot escape the per-IP limit by faking X-Forwarded-For (no proxy is trusted by default)', async () => {
    const start = t.clock.now();
    try {
      for (let i = 1; i <= 8; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '198.51.100.9',
          headers: { origin: originOf(t), 'x-forwarded-for': `203.0.113.${i}` },
          payload: { email: 'other@a.test', password: FIXTURE_PASSWORD },
        });
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '198.51.100.9',
        headers: { origin: originOf(t), 'x-forwarded-for': '203.0.113.99' },
        payload: { email: 'other@a.test', password: FIXTURE_PASSWORD },
      });
      expect(refused.statusCode).toBe(429);
    } finally {
      t.clock.set(new Date(start.getTime() + 601_000));
    }
  });
});
