import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { addOrg, addUser, FIXTURE_PASSWORD } from './testing.ts';

describe.each(testDatabaseKinds())('security headers and cookies on %s', (kind) => {
  let t: TestApp;
  let https: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    https = await createTestApp(kind, { publicUrl: 'https://rostra.example' });
    for (const app of [t, https]) {
      await addOrg(app, 'org-a');
      await addUser(app, {
        id: 'u',
        email: 'u@a.test',
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
  });

  it('the single-page app loads under a CSP that allows its own module scripts and inline styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bookings' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const script = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
  });

  it('the API docs still load: page, scripts and the OpenAPI document, all from our origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', inline = ''] of scripts) {
      // Every script is a file of our own origin; none is inline (which the CSP would block).
      expect(attrs).toMatch(/src="\.?\/?[^":]*"/);
      expect(inline.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)?.[1] ?? '';
      const file = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(file.statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('behind HTTPS the session cookie is Secure (and __Secure- prefixed) and HSTS is sent', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://rostra.example' },
      payload: { email: 'u@a.test', password: FIXTURE_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/^__Secure-rostra\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const me = await https.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: cookie?.split(';')[0] ?? '' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('the identity library refuses a cookie-carrying sign-out from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: 'rostra.session_token=x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBeTypeOf('string');
  });
});
