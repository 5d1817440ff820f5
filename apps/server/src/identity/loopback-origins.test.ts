import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { addOrg, addUser, cookiesFrom, FIXTURE_PASSWORD } from './testing.ts';

/**
 * Sign-in from the address a person types: with PUBLIC_URL unset the server is
 * http://localhost:PORT, and http://127.0.0.1:PORT or http://[::1]:PORT is the same server.
 * With PUBLIC_URL set, only its origin (and TRUSTED_ORIGINS) may write with the cookie.
 */
describe.each(testDatabaseKinds())('the loopback spellings of the server’s origin on %s', (kind) => {
  let unset: TestApp;
  let set: TestApp;
  beforeAll(async () => {
    const { port, publicUrl, publicUrlConfigured } = loadConfig({ PORT: '3100' });
    unset = await createTestApp(kind, { port, publicUrl, publicUrlConfigured });
    const configured = loadConfig({ PORT: '3100', PUBLIC_URL: 'https://rostra.example' });
    set = await createTestApp(kind, {
      port: configured.port,
      publicUrl: configured.publicUrl,
      publicUrlConfigured: configured.publicUrlConfigured,
    });
    for (const t of [unset, set]) {
      await addOrg(t, 'org-loop');
      await addUser(t, {
        id: 'u-loop',
        email: 'loop@alpha.test',
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-loop', role: 'dispatcher' }],
      });
    }
  });
  afterAll(async () => {
    await unset?.close();
    await set?.close();
  });

  // A browser that has been here before sends its cookies (an old session's): the identity
  // library checks the origin of every request that carries cookies.
  const signIn = (t: TestApp, origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, cookie: 'rostra.session_token=an-old-session' },
      payload: { email: 'loop@alpha.test', password: FIXTURE_PASSWORD },
    });

  it('PUBLIC_URL unset: signing in at 127.0.0.1 or [::1] on the port works, and so do the cookie’s writes', async () => {
    for (const origin of ['http://127.0.0.1:3100', 'http://[::1]:3100', 'http://localhost:3100']) {
      const res = await signIn(unset, origin);
      expect(res.statusCode, origin).toBe(200);
      const accept = await unset.app.inject({
        method: 'POST',
        url: '/api/v1/terms/accept',
        headers: { origin, cookie: cookiesFrom(res) },
        payload: {},
      });
      expect(accept.statusCode, origin).toBe(200);
    }
  });

  it('PUBLIC_URL unset: another port, or Vite’s 5173 without npm run dev, is still refused', async () => {
    for (const origin of ['http://127.0.0.1:3101', 'http://localhost:5173', 'http://evil.example']) {
      expect((await signIn(unset, origin)).statusCode, origin).toBe(403);
    }
  });

  it('PUBLIC_URL set: its origin only', async () => {
    expect((await signIn(set, 'https://rostra.example')).statusCode).toBe(200);
    for (const origin of ['http://127.0.0.1:3100', 'http://localhost:3100']) {
      expect((await signIn(set, origin)).statusCode, origin).toBe(403);
    }
  });
});
