import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge } from '@rostra/core/api/identity';
import { SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { getOrCreateSecret } from '@rostra/db/identity/secrets';
import { hitThrottle } from '@rostra/db/identity/throttle';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Identity } from './identity.ts';
import type { IdentityFailure } from './messages.ts';

/*
 * The captcha of phone sign-in and account creation (shell spec §1 "phone with captcha", §5
 * 'Solve the reCAPTCHA'). No outside service is reachable, so it is a self-hosted proof of work in
 * ALTCHA's format: the server signs a challenge with an HMAC key kept in the database (the same
 * on every instance), the browser spends some hashing finding its number, the server checks the
 * signature, the expiry (by the identity clock) and that the solution was not used before.
 */

/** Sent as the `captcha` field of `/sign-up/email` and `/phone-number/send-otp`. */
export const CAPTCHA_FIELD = 'captcha';

/** The requests that need a solved captcha (paths under /api/auth). */
export const CAPTCHA_PATHS: ReadonlySet<string> = new Set(['/sign-up/email', '/phone-number/send-otp']);

export const CAPTCHA_FAILURE: IdentityFailure = {
  status: 400,
  code: 'captcha-required',
  message: SIGN_IN_TEXT.captchaRequired,
};

const ALGORITHM = 'SHA-256' as const;
const keys = new WeakMap<Identity, Promise<string>>();

function hmacKey(identity: Identity): Promise<string> {
  let key = keys.get(identity);
  if (!key) {
    key = getOrCreateSecret(identity.db, 'captcha-hmac-key', () => randomBytes(32).toString('hex'));
    // A failed read is asked again next time, not remembered.
    key.catch(() => keys.delete(identity));
    keys.set(identity, key);
  }
  return key;
}

/** A new challenge, good for the configured lifetime from the identity clock's now. */
export async function newCaptchaChallenge(identity: Identity): Promise<CaptchaChallenge> {
  const { maxNumber, lifetimeSeconds } = identity.options.captcha;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    hmacKey: await hmacKey(identity),
    maxnumber: maxNumber,
    expires: new Date(identity.now().getTime() + lifetimeSeconds * 1000),
  });
  return { ...challenge, algorithm: ALGORITHM, maxnumber: challenge.maxnumber ?? maxNumber };
}

type Payload = {
  algorithm: typeof ALGORITHM;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
};

function decode(value: unknown): Payload | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  try {
    const p = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Partial<
      Record<keyof Payload, unknown>
    > | null;
    if (
      p &&
      p.algorithm === ALGORITHM &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      Number.isSafeInteger(p.number)
    )
      return p as Payload;
  } catch {
    // Not base64 JSON: no solution.
  }
  return undefined;
}

/**
 * Whether `value` is a valid, unexpired solution not used before; using it counts it as used
 * (one atomic statement, so two instances cannot both accept it).
 */
export async function acceptCaptcha(identity: Identity, value: unknown): Promise<boolean> {
  const payload = decode(value);
  if (!payload) return false;
  const now = identity.now();
  const expires = Number(extractParams(payload).expires);
  if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) return false;
  if (!(await verifySolution(payload, await hmacKey(identity), false))) return false;
  const { lifetimeSeconds } = identity.options.captcha;
  const used = await hitThrottle(identity.db, `captcha:${payload.signature}`, lifetimeSeconds, now);
  return used.count === 1;
}
