import { randomUUID } from 'node:crypto';
import type { Auth } from './auth.ts';

/**
 * Two kinds of signed JWT, told apart by `token_use` so neither can stand in for the other:
 * - access tokens (`GET /api/v1/access_token`): the spec's identity claims for API calls;
 * - sign-in tokens (`POST /api/v1/signin_tokens`): a dispatcher's custom token that lets a
 *   resource or customer sign in once they confirm their company email or phone.
 * Both are signed with the jwt plugin's keys (EdDSA, private key encrypted at rest).
 */

/** Claims of an access token (shell spec §3 identity claims; no search credentials). */
export type AccessClaims = {
  token_use: 'access';
  uid: string;
  org_id: string;
  role: string;
  duty: string | null;
  duties: string[];
  /** The session the token was issued from; signing out ends the token too. */
  sid: string;
};

/** Claims of a custom sign-in token. `email` and `phone_number` are what the person must enter. */
export type SignInClaims = {
  token_use: 'signin';
  uid: string;
  org_id: string;
  role: string;
  duty: string | null;
  duties: string[];
  email: string | null;
  phone_number: string | null;
  /** Who issued it. */
  iss_uid: string;
};

type Timed = { iat: number; exp: number };

async function sign(
  auth: Auth,
  claims: Record<string, unknown>,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const { token } = await auth.api.signJWT({
    body: {
      payload: { ...claims, sub: String(claims.uid), iat, exp: iat + lifetimeSeconds, jti: randomUUID() },
    },
  });
  return token;
}

/**
 * The token's claims when its signature, issuer and audience hold and it has not expired at
 * `now` (the rule's clock; the library also checks the wall clock). Anything else: undefined.
 */
async function verify(
  auth: Auth,
  token: string,
  now: Date,
): Promise<(Record<string, unknown> & Timed) | undefined> {
  if (token.length > 4096) return undefined;
  const { payload } = await auth.api.verifyJWT({ body: { token } });
  if (!payload || typeof payload !== 'object') return undefined;
  const claims = payload as Record<string, unknown>;
  const exp = claims.exp;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (typeof exp !== 'number' || exp <= nowSeconds) return undefined;
  return claims as Record<string, unknown> & Timed;
}

export async function issueAccessToken(
  auth: Auth,
  claims: Omit<AccessClaims, 'token_use'>,
  now: Date,
  lifetimeSeconds: number,
): Promise<{ access_token: string; expires_in: number }> {
  const access_token = await sign(auth, { ...claims, token_use: 'access' }, now, lifetimeSeconds);
  return { access_token, expires_in: lifetimeSeconds };
}

export async function verifyAccessToken(
  auth: Auth,
  token: string,
  now: Date,
): Promise<AccessClaims | undefined> {
  const c = await verify(auth, token, now);
  if (c?.token_use !== 'access') return undefined;
  if (!isText(c.uid) || !isText(c.org_id) || !isText(c.role) || !isText(c.sid)) return undefined;
  return {
    token_use: 'access',
    uid: c.uid,
    org_id: c.org_id,
    role: c.role,
    duty: isText(c.duty) ? c.duty : null,
    duties: Array.isArray(c.duties) ? c.duties.filter(isText) : [],
    sid: c.sid,
  };
}

export async function issueSignInToken(
  auth: Auth,
  claims: Omit<SignInClaims, 'token_use'>,
  now: Date,
  lifetimeSeconds: number,
): Promise<{ token: string; expires_in: number }> {
  const token = await sign(auth, { ...claims, token_use: 'signin' }, now, lifetimeSeconds);
  return { token, expires_in: lifetimeSeconds };
}

/**
 * A sign-in token's claims as they are (possibly incomplete: the caller checks the required
 * claims with the shell rules), or undefined when it is not a valid, unexpired sign-in token.
 */
export async function verifySignInToken(
  auth: Auth,
  token: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  const c = await verify(auth, token, now);
  if (c?.token_use !== 'signin') return undefined;
  return c;
}

function isText(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}
