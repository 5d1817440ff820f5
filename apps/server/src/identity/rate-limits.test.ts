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
    for (const name of ['locked', 'other', 'owner', 'typist', 'v6']) {
      await addUser(t, {
        id: name,
        email: `${name}@a.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-a', role: 'resource' }],
      });
    }
  });
  afterAll(() => t?.close());

  it('5 wrong passwords from one address lock that address out of the account, even with the right password, until the window ends', async () => {
    const start = t.clock.now();
    try {
      for (let i = 1; i <= 5; i++) {
        const res = await signInFrom('10.0.0.1', 'locked@a.test', 'wrong-1');
        expect(res.json().error.code, `attempt ${i}`).toBe('wrong-password');
      }
      const locked = await signInFrom('10.0.0.1', 'locked@a.test', FIXTURE_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toEqual({
        code: 'too-many-requests',
        message: IDENTITY_MESSAGES['too-many-requests'],
      });
      // The same address is not locked out of another account.
      expect((await signInFrom('10.0.0.1', 'other@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
      t.clock.set(new Date(start.getTime() + 899_000));
      expect((await signInFrom('10.0.0.1', 'locked@a.test', FIXTURE_PASSWORD)).statusCode).toBe(429);
      t.clock.set(new Date(start.getTime() + 901_000));
      expect((await signInFrom('10.0.0.1', 'locked@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('the owner signs in from another address while a guesser elsewhere is locked out (no lock-out of the owner by others)', async () => {
    // 20 wrong passwords from four addresses, each of them locked out after its fifth.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4']) {
      for (let i = 1; i <= 5; i++) {
        const res = await signInFrom(ip, 'owner@a.test', `guess-${ip}-${i}`);
        expect(res.json().error.code, `${ip} attempt ${i}`).toBe('wrong-password');
      }
      expect((await signInFrom(ip, 'owner@a.test', 'one-more-1')).statusCode).toBe(429);
    }
    const owner = await signInFrom('10.9.9.9', 'owner@a.test', FIXTURE_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email: 'owner@a.test' } });
    // The owner's sign-in does not lift the guessers' lock-out.
    expect((await signInFrom('10.1.0.1', 'owner@a.test', FIXTURE_PASSWORD)).statusCode).toBe(429);
  });

  it('the right password clears its own address’s count: a few typos before it do not add up', async () => {
    // Two rounds of three typos and the right password: six failures, but never five in a row.
    for (let round = 1; round <= 2; round++) {
      for (let i = 1; i <= 3; i++) {
        expect((await signInFrom('10.2.0.1', 'typist@a.test', 'typo-123')).statusCode).toBe(401);
      }
      expect(
        (await signInFrom('10.2.0.1', 'typist@a.test', FIXTURE_PASSWORD)).statusCode,
        `round ${round}`,
      ).toBe(200);
    }
  });

  it('addresses of one IPv6 /64 count as one address; the next /64 is another', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await signInFrom(`2001:db8:0:7::${i}`, 'v6@a.test', 'wrong-1');
      expect(res.json().error.code, `attempt ${i}`).toBe('wrong-password');
    }
    expect((await signInFrom('2001:db8:0:7::99', 'v6@a.test', FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('2001:db8:0:8::1', 'v6@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
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

describe.each(testDatabaseKinds())('account-wide lock-out and sign_in_methods per address on %s', (kind) => {
  let t: TestApp;
  const from = (ip: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { origin: originOf(t) }, payload });
  const signInFrom = (ip: string, email: string, password: string) =>
    from(ip, '/api/auth/sign-in/email', { email, password });
  const methodsFrom = (ip: string, email: string) => from(ip, '/api/v1/sign_in_methods', { email });

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        limits: {
          ...DEFAULT_LIMITS,
          perIp: { max: 1000, windowSeconds: 600 },
          wrongPasswordsPerAccount: { max: 12, windowSeconds: 900 },
        },
      },
    );
    await addOrg(t, 'org-a');
    for (const name of ['target', 'asked']) {
      await addUser(t, {
        id: name,
        email: `${name}@a.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-a', role: 'resource' }],
      });
    }
  });
  afterAll(() => t?.close());

  it('once the account-wide limit of wrong passwords is reached, the account is refused to everyone until the window ends', async () => {
    const start = t.clock.now();
    try {
      // 5 + 5 + 2 = 12 failures from three addresses: the third is not locked out by its own count.
      for (const [ip, n] of [
        ['10.3.0.1', 5],
        ['10.3.0.2', 5],
        ['10.3.0.3', 2],
      ] as const) {
        for (let i = 1; i <= n; i++) {
          expect((await signInFrom(ip, 'target@a.test', 'wrong-1')).json().error.code).toBe('wrong-password');
        }
      }
      const owner = await signInFrom('10.3.9.9', 'target@a.test', FIXTURE_PASSWORD);
      expect(owner.statusCode).toBe(429);
      expect(owner.json().error).toEqual({
        code: 'too-many-requests',
        message: IDENTITY_MESSAGES['too-many-requests'],
      });
      expect((await signInFrom('10.3.0.3', 'target@a.test', FIXTURE_PASSWORD)).statusCode).toBe(429);
      t.clock.set(new Date(start.getTime() + 901_000));
      expect((await signInFrom('10.3.9.9', 'target@a.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('sign_in_methods answers 10 questions about one address from one client address, then "Too many account requests…"', async () => {
    const start = t.clock.now();
    try {
      for (let i = 1; i <= 10; i++) {
        const res = await methodsFrom('10.4.0.1', 'asked@a.test');
        expect(res.statusCode, `question ${i}`).toBe(200);
      }
      const refused = await methodsFrom('10.4.0.1', 'ASKED@a.test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'too-many-ip-requests',
        message: IDENTITY_TEXT.tooManyAccountRequests,
      });
      // Per address asked about: another address from there, and this one from elsewhere, are answered.
      expect((await methodsFrom('10.4.0.1', 'target@a.test')).json()).toEqual({
        methods: ['password', 'email_link'],
      });
      expect((await methodsFrom('10.4.0.2', 'asked@a.test')).json()).toEqual({
        methods: ['password', 'email_link'],
      });
      t.clock.set(new Date(start.getTime() + 901_000));
      expect((await methodsFrom('10.4.0.1', 'asked@a.test')).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });
});
