import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testDatabaseKinds } from '@rostra/db/testing';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { addOrg, addUser, asBrowser, cookiesFrom, originOf, pathOf } from './testing.ts';

/*
 * Federated sign-in against a real OpenID Connect provider (the `oidc-provider` package) on
 * 127.0.0.1 at a random port: discovery, authorization code with PKCE, token exchange, ID token
 * and userinfo, all over loopback. No network beyond this machine is used.
 */

type Jar = Map<string, string>;

/** A minimal browser for the provider's own pages: follows nothing, keeps cookies. */
async function visit(jar: Jar, url: string, init: { method?: string; form?: Record<string, string> } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : undefined };
}

describe.each(testDatabaseKinds())('OpenID Connect sign-in with a local provider on %s', (kind) => {
  let t: TestApp;
  let idp: Server;
  let issuer: string;
  const accounts: Record<string, Record<string, unknown>> = {
    'idp-ida': { sub: 'idp-ida', email: 'ida@idp.test', email_verified: true, name: 'Ida Provider' },
    'idp-dana': { sub: 'idp-dana', email: 'dana@a.test', email_verified: true, name: 'Dana' },
  };

  beforeAll(async () => {
    idp = createServer();
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    const publicUrl = 'http://localhost:3000';
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'rostra',
          client_secret: 'rostra-test-secret',
          redirect_uris: [`${publicUrl}/api/auth/callback/oidc`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => accounts[id] ?? { sub: id } }),
      cookies: { keys: ['oidc-test-cookie-key'] },
      features: { devInteractions: { enabled: true } },
    });
    idp.on('request', provider.callback());
    t = await createTestApp(
      kind,
      { publicUrl },
      {
        oidc: {
          providerId: 'oidc',
          name: 'Test IdP',
          issuer,
          clientId: 'rostra',
          clientSecret: 'rostra-test-secret',
          scopes: ['openid', 'email', 'profile'],
        },
      },
    );
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-dana',
      email: 'dana@a.test',
      memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => idp?.close(resolve));
  });

  /** Runs the whole redirect dance for one account; answers the app's callback response. */
  const signInThroughProvider = async (accountId: string) => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: originOf(t) },
      payload: { provider: 'oidc', callbackURL: '/' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const appCookie = cookiesFrom(start);
    const authorize = new URL(start.json().url as string);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const jar: Jar = new Map();
    let step = await visit(jar, authorize.toString());
    for (let hops = 0; hops < 10 && step.location && !step.location.startsWith(originOf(t)); hops++) {
      const at = step.location;
      if (/\/interaction\/[^/]+$/.test(new URL(at).pathname)) {
        // The provider's login page, then its consent page: submit each as the person would.
        await visit(jar, at);
        step = await visit(jar, at, {
          method: 'POST',
          form: { prompt: 'login', login: accountId, password: 'x' },
        });
        if (step.location && /\/interaction\//.test(step.location)) continue;
      } else {
        step = await visit(jar, at);
      }
      if (step.location && /\/interaction\/[^/]+$/.test(new URL(step.location).pathname)) {
        const consentAt = step.location;
        await visit(jar, consentAt);
        step = await visit(jar, consentAt, { method: 'POST', form: { prompt: 'consent' } });
      }
    }
    expect(step.location, 'the provider sends the browser back to the app').toMatch(
      /\/api\/auth\/callback\/oidc\?/,
    );
    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(step.location ?? ''),
      headers: { cookie: appCookie },
    });
    return { callback, cookie: cookiesFrom(callback, appCookie) };
  };

  it('a new person signs in through the provider and gets an account with its verified email', async () => {
    const { callback, cookie } = await signInThroughProvider('idp-ida');
    expect(callback.statusCode, callback.body).toBe(302);
    expect(new URL(callback.headers.location as string, originOf(t)).pathname).toBe('/');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: asBrowser(t, cookie) });
    expect(me.json()).toMatchObject({
      user_details: { email: 'ida@idp.test', displayName: 'Ida Provider', emailVerified: true },
      memberships: [],
    });
  });

  it('a provider account with the email of an existing user signs in to that user, with its memberships', async () => {
    const { callback, cookie } = await signInThroughProvider('idp-dana');
    expect(callback.statusCode).toBe(302);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: asBrowser(t, cookie) });
    expect(me.json()).toMatchObject({ uid: 'u-dana', org_id: 'org-a', role: 'dispatcher' });
    const methods = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign_in_methods',
      headers: { origin: originOf(t) },
      payload: { email: 'dana@a.test' },
    });
    expect(methods.json()).toEqual({ methods: ['email_link', 'oidc'] });
    const offered = await t.app.inject({ method: 'GET', url: '/api/v1/sign_in_options' });
    expect(offered.json().federated).toEqual([{ id: 'oidc', name: 'Test IdP' }]);
  });

  it("a person who refuses at the provider is back on sign-in with the spec's user-cancelled text", async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: originOf(t) },
      payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login' },
    });
    const state = new URL(start.json().url as string).searchParams.get('state') ?? '';
    // What the provider sends back when the person denies access (RFC 6749 §4.1.2.1).
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/auth/callback/oidc?error=access_denied&error_description=denied&state=${state}`,
      headers: { cookie: cookiesFrom(start), accept: 'text/html' },
    });
    expect(callback.statusCode).toBe(302);
    const back = new URL(callback.headers.location as string, originOf(t));
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('user-cancelled');
    expect(String(callback.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });

  it('a callback without the state of a sign-in this browser started does not sign in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/oidc?code=forged&state=forged',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/error=/);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });
});
