import { describe, expect, it } from 'vitest';
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

  it('trusted origins: the public URL’s, TRUSTED_ORIGINS, and the Vite dev server outside production', () => {
    expect(trustedOriginsFor('https://rostra.example/app', { NODE_ENV: 'production' })).toEqual([
      'https://rostra.example',
    ]);
    expect(
      trustedOriginsFor('http://localhost:3000', { TRUSTED_ORIGINS: 'https://a.example, https://b.example' }),
    ).toEqual(['http://localhost:3000', 'https://a.example', 'https://b.example', 'http://localhost:5173']);
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
