import {
  ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS,
  DEFAULT_TERMS_VERSION,
  PHONE_CODE_RESEND_SECONDS,
} from '@rostra/core/shell/constants';
import type { MessageTransport } from '../notify/transport.ts';

/** A generic OpenID Connect provider for federated sign-in (discovered from its issuer URL). */
export type OidcProvider = {
  /** Id in URLs and in `POST /api/auth/sign-in/social { provider }`. */
  providerId: string;
  /** Name shown on the sign-in button. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
};

/** Lifetime of a password-reset link, and of an email-verification link. */
export const RESET_PASSWORD_LIFETIME_SECONDS = 3600;
export const EMAIL_VERIFICATION_LIFETIME_SECONDS = 3600;

/** Rate limits of sign-in. Windows are fixed windows in seconds. */
export type IdentityLimits = {
  /** Account requests (sign-in, sign-up, codes, links) per IP address. */
  perIp: { max: number; windowSeconds: number };
  /**
   * Wrong passwords for one account from one client address (an IPv4 address, an IPv6 /64)
   * before that address is refused sign-in to that account for the rest of the window. The owner
   * signing in from elsewhere is not affected.
   */
  wrongPasswords: { max: number; windowSeconds: number };
  /**
   * Wrong passwords for one account from all addresses together before the account is refused
   * to everyone for the rest of the window: the bound on guessing from many addresses. High
   * enough that taking an owner's sign-in away needs this many addresses' worth of failures.
   */
  wrongPasswordsPerAccount: { max: number; windowSeconds: number };
  /** `sign_in_methods` questions about one email address from one client address. */
  methodLookups: { max: number; windowSeconds: number };
  /** Codes sent to one phone number. */
  phoneCodes: { max: number; windowSeconds: number };
  /** A new code for the same number only after this long (spec §9: 15 s). */
  phoneResendSeconds: number;
};

export type IdentityOptions = {
  /** The clock of every identity rule (token expiry, link age, rate windows). Tests move it. */
  clock: () => Date;
  /** Mail and SMS. Default: the outbox, or SMTP when `smtpUrl` is set. */
  transport?: MessageTransport | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Print each outbox message's link or code to the console (development). */
  echoOutbox: boolean;
  /**
   * GET /api/v1/dev/outbox: the messages sent, readable over HTTP by the browser tests and a
   * developer. Only with ROSTRA_DEV_OUTBOX=1, never when NODE_ENV is production: it hands out
   * sign-in links and codes to anyone who asks.
   */
  devOutbox: boolean;
  oidc?: OidcProvider | undefined;
  /** The current terms version; acceptance is kept per whole number. */
  termsVersion: string;
  accessTokenLifetimeSeconds: number;
  /** Lifetime of a dispatcher-issued custom sign-in token. */
  signInTokenLifetimeSeconds: number;
  /** Lifetime of an emailed sign-in link. */
  magicLinkLifetimeSeconds: number;
  /** Lifetime of a phone code. */
  phoneCodeLifetimeSeconds: number;
  limits: IdentityLimits;
  /**
   * Email enumeration protection (EMAIL_ENUMERATION_PROTECTION): known and unknown addresses get
   * the same answers — a wrong password and an unknown email both `wrong-password`, a reset is
   * "sent" either way (mail only to a known address), `sign_in_methods` lists the same methods
   * for every well-formed address. Off by default: the spec's messages tell them apart.
   */
  enumerationProtection: boolean;
  /**
   * The proof-of-work captcha of phone sign-in and account creation (spec §1, §5): the largest
   * number a challenge may hide (the work is on average half of it, in SHA-256 hashes) and how
   * long a challenge stays good. CAPTCHA_MAX_NUMBER lowers the work (the tests keep it small).
   */
  captcha: { maxNumber: number; lifetimeSeconds: number };
};

/** About a quarter of a second of hashing on a phone, on average. */
export const DEFAULT_CAPTCHA_MAX_NUMBER = 100_000;

export const DEFAULT_LIMITS: IdentityLimits = {
  perIp: { max: 100, windowSeconds: 600 },
  wrongPasswords: { max: 5, windowSeconds: 900 },
  wrongPasswordsPerAccount: { max: 50, windowSeconds: 900 },
  methodLookups: { max: 10, windowSeconds: 900 },
  phoneCodes: { max: 5, windowSeconds: 3600 },
  phoneResendSeconds: PHONE_CODE_RESEND_SECONDS,
};

/** Identity settings from environment variables; every one has a working default. */
export function loadIdentityOptions(env: NodeJS.ProcessEnv = process.env): IdentityOptions {
  return {
    clock: () => new Date(),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Rostra <no-reply@rostra.local>',
    echoOutbox: env.NODE_ENV !== 'production' && env.NODE_ENV !== 'test',
    devOutbox: env.ROSTRA_DEV_OUTBOX === '1' && env.NODE_ENV !== 'production',
    oidc: oidcFromEnv(env),
    termsVersion: env.TERMS_VERSION || DEFAULT_TERMS_VERSION,
    accessTokenLifetimeSeconds: ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS,
    signInTokenLifetimeSeconds: 3600,
    magicLinkLifetimeSeconds: 900,
    phoneCodeLifetimeSeconds: wholeNumber(
      'PHONE_CODE_LIFETIME_SECONDS',
      env.PHONE_CODE_LIFETIME_SECONDS,
      300,
    ),
    limits: {
      ...DEFAULT_LIMITS,
      perIp: {
        ...DEFAULT_LIMITS.perIp,
        max: wholeNumber('SIGNIN_LIMIT_PER_IP', env.SIGNIN_LIMIT_PER_IP, DEFAULT_LIMITS.perIp.max),
      },
    },
    enumerationProtection: onOff('EMAIL_ENUMERATION_PROTECTION', env.EMAIL_ENUMERATION_PROTECTION),
    captcha: {
      maxNumber: wholeNumber('CAPTCHA_MAX_NUMBER', env.CAPTCHA_MAX_NUMBER, DEFAULT_CAPTCHA_MAX_NUMBER),
      lifetimeSeconds: 600,
    },
  };
}

/** A switch from the environment: 1/true/on or 0/false/off (unset is off); anything else is refused. */
function onOff(name: string, value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'off') return false;
  if (v === '1' || v === 'true' || v === 'on') return true;
  throw new Error(`${name} must be 1, true, on, 0, false or off, got "${value}"`);
}

/**
 * A whole number above 0 from the environment, or the default when unset:
 * - SIGNIN_LIMIT_PER_IP: account requests one address may make per 10 minutes (default 100). Raise
 *   it where many people share one address (an office NAT, or the browser tests, which all come
 *   from 127.0.0.1).
 * - PHONE_CODE_LIFETIME_SECONDS: how long a phone sign-in code stays valid (default 300). The
 *   browser tests shorten it to see a code expire.
 * - CAPTCHA_MAX_NUMBER: the captcha's work (default 100000); the tests make it small.
 */
function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number above 0, got "${value}"`);
  return n;
}

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET turn federated sign-in on; OIDC_PROVIDER_ID
 * (default 'oidc'), OIDC_NAME and OIDC_SCOPES (space-separated, default 'openid email profile')
 * are optional. A partial configuration is an error, not a silently missing button.
 */
export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcProvider | undefined {
  const issuer = env.OIDC_ISSUER;
  const clientId = env.OIDC_CLIENT_ID;
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret)
    throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  return {
    providerId: env.OIDC_PROVIDER_ID || 'oidc',
    name: env.OIDC_NAME || 'Single sign-on',
    issuer,
    clientId,
    clientSecret,
    scopes: (env.OIDC_SCOPES || 'openid email profile').split(/\s+/).filter(Boolean),
  };
}
