import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { trustedOriginsFor } from './identity.ts';
import { loadIdentityOptions, oidcFromEnv } from './options.ts';

describe('identity settings from the environment', () => {
  it('no OIDC variables: no federated provider', () => {
    expect(oidcFromEnv({})).toBeUndefined();
  });

  it('issuer, client id and secret turn the OIDC provider on, with defaults for the rest', () => {
    expect(
      oidcFromEnv({
        OIDC_ISSUER: 'https://idp.example',
        OIDC_CLIENT_ID: 'rostra',
        OIDC_CLIENT_SECRET: 's3cret',
      }),
    ).toEqual({
      providerId: 'oidc',
      name: 'Single sign-on',
      issuer: 'https://idp.example',
      clientId: 'rostra',
      clientSecret: 's3cret',
      scopes: ['openid', 'email', 'profile'],
    });
    expect(
      oidcFromEnv({
        OIDC_ISSUER: 'https://idp.example',
        OIDC_CLIENT_ID: 'rostra',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_PROVIDER_ID: 'corp',
        OIDC_NAME: 'Corp login',
        OIDC_SCOPES: 'openid  email',
      }),
    ).toMatchObject({ providerId: 'corp', name: 'Corp login', scopes: ['openid', 'email'] });
  });

  it('a partial OIDC configuration is an error, not a silently missing button', () => {
    expect(() => oidcFromEnv({ OIDC_ISSUER: 'https://idp.example' })).toThrow(/must be set together/);
  });

  it('terms version 3.0 and the spec’s token lifetime by default; TERMS_VERSION and SMTP_URL are read', () => {
    expect(loadIdentityOptions({})).toMatchObject({ termsVersion: '3.0', accessTokenLifetimeSeconds: 3600 });
    expect(loadIdentityOptions({ TERMS_VERSION: '4', SMTP_URL: 'smtp://mail' })).toMatchObject({
      termsVersion: '4',
      smtpUrl: 'smtp://mail',
    });
  });

  it('the outbox is printed in development only', () => {
    expect(loadIdentityOptions({}).echoOutbox).toBe(true);
    expect(loadIdentityOptions({ NODE_ENV: 'production' }).echoOutbox).toBe(false);
  });

  it('trusted origins without PUBLIC_URL: the loopback spellings of the server’s own origin, no Vite', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(trustedOriginsFor(config, {})).toEqual([
      'http://localhost:3100',
      'http://127.0.0.1:3100',
      'http://[::1]:3100',
    ]);
  });

  it('trusted origins with PUBLIC_URL: its origin only, plus TRUSTED_ORIGINS', () => {
    const env = { PUBLIC_URL: 'https://rostra.example/app', PORT: '3100' };
    expect(trustedOriginsFor(loadConfig(env), { ...env, NODE_ENV: 'production' })).toEqual([
      'https://rostra.example',
    ]);
    const withExtra = { ...env, TRUSTED_ORIGINS: 'https://a.example, https://b.example' };
    expect(trustedOriginsFor(loadConfig(withExtra), withExtra)).toEqual([
      'https://rostra.example',
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('trusted origins: Vite’s dev server (5173) only under npm run dev (ROSTRA_DEV_VITE=1), never in production', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(trustedOriginsFor(config, {})).not.toContain('http://localhost:5173');
    expect(trustedOriginsFor(config, { ROSTRA_DEV_VITE: '1' })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
    expect(trustedOriginsFor(config, { ROSTRA_DEV_VITE: '1', NODE_ENV: 'production' })).not.toContain(
      'http://localhost:5173',
    );
  });
});

describe('the per-IP sign-in limit', () => {
  it('is 100 per 10 minutes unless SIGNIN_LIMIT_PER_IP says otherwise', () => {
    expect(loadIdentityOptions({}).limits.perIp).toEqual({ max: 100, windowSeconds: 600 });
    expect(loadIdentityOptions({ SIGNIN_LIMIT_PER_IP: '5000' }).limits.perIp.max).toBe(5000);
  });

  it('refuses a value that is not a whole number above 0', () => {
    for (const bad of ['0', '-3', '2.5', 'lots']) {
      expect(() => loadIdentityOptions({ SIGNIN_LIMIT_PER_IP: bad })).toThrow(/SIGNIN_LIMIT_PER_IP/);
    }
  });
});

describe('the phone code lifetime', () => {
  it('is 300 s unless PHONE_CODE_LIFETIME_SECONDS says otherwise; nonsense is refused', () => {
    expect(loadIdentityOptions({}).phoneCodeLifetimeSeconds).toBe(300);
    expect(loadIdentityOptions({ PHONE_CODE_LIFETIME_SECONDS: '20' }).phoneCodeLifetimeSeconds).toBe(20);
    for (const bad of ['0', '-1', '1.5', 'soon']) {
      expect(() => loadIdentityOptions({ PHONE_CODE_LIFETIME_SECONDS: bad })).toThrow(
        /PHONE_CODE_LIFETIME_SECONDS/,
      );
    }
  });
});

describe('sign-in lock-out and enumeration protection', () => {
  it('locks an address out of an account after 5 wrong passwords, the account for everyone after 50, in 15 minutes', () => {
    const { limits } = loadIdentityOptions({});
    expect(limits.wrongPasswords).toEqual({ max: 5, windowSeconds: 900 });
    expect(limits.wrongPasswordsPerAccount).toEqual({ max: 50, windowSeconds: 900 });
    expect(limits.methodLookups).toEqual({ max: 10, windowSeconds: 900 });
  });

  it('enumeration protection is off unless EMAIL_ENUMERATION_PROTECTION turns it on; nonsense is refused', () => {
    expect(loadIdentityOptions({}).enumerationProtection).toBe(false);
    for (const on of ['1', 'true', 'ON']) {
      expect(loadIdentityOptions({ EMAIL_ENUMERATION_PROTECTION: on }).enumerationProtection).toBe(true);
    }
    for (const off of ['', '0', 'false', 'off']) {
      expect(loadIdentityOptions({ EMAIL_ENUMERATION_PROTECTION: off }).enumerationProtection).toBe(false);
    }
    expect(() => loadIdentityOptions({ EMAIL_ENUMERATION_PROTECTION: 'yes please' })).toThrow(
      /EMAIL_ENUMERATION_PROTECTION/,
    );
  });
});
