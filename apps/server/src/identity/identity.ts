import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { parseRole } from '@rostra/core/shell/roles';
import { mustAcceptTerms } from '@rostra/core/shell/validators';
import type { Db } from '@rostra/db/client';
import { findMembership, listMemberships, type MembershipRow } from '@rostra/db/identity/memberships';
import { findRequestIdentity } from '@rostra/db/identity/request-identity';
import { getOrCreateSecret } from '@rostra/db/identity/secrets';
import { setActiveMembership } from '@rostra/db/identity/sessions';
import { acceptedTermsOf } from '@rostra/db/identity/terms';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Authentication, Caller, SignedInUser } from '../http/access.ts';
import { createOutboxTransport } from '../notify/outbox-transport.ts';
import { createSmtpTransport } from '../notify/smtp-transport.ts';
import type { MessageTransport } from '../notify/transport.ts';
import { type Auth, COOKIE_PREFIX, createAuth } from './auth.ts';
import type { IdentityOptions } from './options.ts';
import { verifyAccessToken } from './tokens.ts';

/** Everything the identity routes and the access hook share. */
export type Identity = {
  auth: Auth;
  db: Db;
  options: IdentityOptions;
  transport: MessageTransport;
  publicUrl: string;
  /** Origins whose pages may make cookie-authenticated writes. */
  trustedOrigins: string[];
  /** The clock of the identity rules. */
  now(): Date;
  authenticate(request: FastifyRequest): Promise<Authentication>;
};

/** Name under which a generated auth secret is kept in the database. */
export const AUTH_SECRET_NAME = 'auth_secret';

/**
 * The auth secret: AUTH_SECRET when configured, otherwise one generated on first start and kept
 * in the database, so restarts and other instances keep accepting the sessions it signed.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return getOrCreateSecret(db, AUTH_SECRET_NAME, () => randomBytes(32).toString('base64url'));
}

/** The port `npm run dev` serves the web app from (Vite; apps/web/vite.config.ts). */
export const VITE_DEV_PORT = 5173;

/** The three spellings of this machine's own origin on a port. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * The origins whose pages may make cookie-authenticated writes (our access hook and the identity
 * library's own origin and CSRF checks get the same list):
 * - PUBLIC_URL's origin when it is set; when it is not, the server's own origin in every loopback
 *   spelling (localhost, 127.0.0.1, [::1] on its port), so whichever one a person types works;
 * - TRUSTED_ORIGINS (comma-separated);
 * - Vite's dev server (the loopback spellings of port 5173) only under `npm run dev`, which says so
 *   with ROSTRA_DEV_VITE=1 (scripts/dev.mjs), and never in production.
 */
export function trustedOriginsFor(
  config: Pick<ServerConfig, 'publicUrl' | 'publicUrlConfigured' | 'port'>,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const own = [new URL(config.publicUrl).origin];
  if (!config.publicUrlConfigured) own.push(...loopbackOrigins(config.port));
  const extra = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const vite =
    env.ROSTRA_DEV_VITE === '1' && env.NODE_ENV !== 'production' ? loopbackOrigins(VITE_DEV_PORT) : [];
  return [...new Set([...own, ...extra, ...vite])];
}

export async function createIdentity(input: {
  db: Db;
  config: ServerConfig;
  options: IdentityOptions;
  trustedOrigins?: string[];
}): Promise<Identity> {
  const { db, config, options } = input;
  const now = () => options.clock();
  const secret = await resolveAuthSecret(db, config.authSecret);
  const outbox = createOutboxTransport({
    db,
    now,
    echo: options.echoOutbox ? (line) => console.log(line) : undefined,
  });
  const smtp = options.smtpUrl
    ? createSmtpTransport({ smtpUrl: options.smtpUrl, from: options.mailFrom, sms: outbox })
    : undefined;
  // With the development outbox on (browser tests), mail sent through SMTP is kept there too, so
  // the sign-in tests read their links while the notification tests read a real SMTP server.
  const transport =
    options.transport ??
    (smtp && options.devOutbox
      ? {
          send: async (m: Parameters<MessageTransport['send']>[0]) => {
            await smtp.send(m);
            if (m.channel === 'email') await outbox.send(m);
          },
        }
      : (smtp ?? outbox));
  const trustedOrigins = input.trustedOrigins ?? trustedOriginsFor(config);
  const auth = createAuth({
    db,
    secret,
    publicUrl: config.publicUrl,
    trustedOrigins,
    transport,
    options,
    logLevel: config.logLevel,
  });

  const identity: Identity = {
    auth,
    db,
    options,
    transport,
    publicUrl: config.publicUrl,
    trustedOrigins,
    now,
    authenticate: (request) => authenticate(identity, request),
  };
  return identity;
}

const SESSION_COOKIE = new RegExp(
  `(^|;\\s*)(__Secure-)?${COOKIE_PREFIX.replace('.', '\\.')}\\.session_token=`,
);

/** Fastify's headers as Fetch headers (what the identity library reads). */
export function toFetchHeaders(headers: FastifyRequest['headers']): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else out.set(name, String(value));
  }
  return out;
}

const invalidToken: Authentication = {
  status: 'invalid',
  code: 'invalid_token',
  message: IDENTITY_TEXT.sessionExpired,
};

/**
 * Who is calling: a `Bearer` access token (signature, expiry, its session still live and its
 * membership still held), else the session cookie. A credential that is present but no longer
 * good is 'invalid' (401 with the session-expired text), never silently anonymous.
 */
async function authenticate(identity: Identity, request: FastifyRequest): Promise<Authentication> {
  const { db, auth } = identity;
  const now = identity.now();
  const authorization = request.headers.authorization;
  if (authorization !== undefined && /^bearer\s/i.test(authorization)) {
    const claims = await verifyAccessToken(auth, authorization.replace(/^bearer\s+/i, ''), now);
    if (!claims) return invalidToken;
    // The token's session still live and its membership still held, with the user and the
    // terms, in one read.
    const found = await findRequestIdentity(db, {
      sessionId: claims.sid,
      membership: { orgId: claims.org_id, role: claims.role },
    });
    if (!found || found.expiresAt <= now || found.userId !== claims.uid || !found.membership)
      return invalidToken;
    const user: SignedInUser = {
      uid: claims.uid,
      sessionId: claims.sid,
      via: 'bearer',
      isAnonymous: found.isAnonymous,
    };
    return withMembership(identity, user, found.membership, found.acceptedTerms);
  }

  const cookie = request.headers.cookie;
  if (!cookie || !SESSION_COOKIE.test(cookie)) return { status: 'none' };
  const fast = await cookieFastPath(identity, cookie);
  if (fast) return fast;
  const found = await auth.api.getSession({ headers: toFetchHeaders(request.headers) }).catch(() => null);
  if (!found) return invalidToken;
  const s = found.session as typeof found.session & {
    activeOrganizationId?: string | null;
    activeRole?: string | null;
  };
  const user: SignedInUser = {
    uid: found.user.id,
    sessionId: s.id,
    via: 'cookie',
    isAnonymous: Boolean((found.user as { isAnonymous?: boolean | null }).isAnonymous),
  };
  let membership =
    s.activeOrganizationId && s.activeRole
      ? await findMembership(db, { userId: user.uid, orgId: s.activeOrganizationId, role: s.activeRole })
      : undefined;
  if (!membership && !s.activeOrganizationId) {
    // Memberships granted after this session began: start in the first one.
    membership = (await listMemberships(db, user.uid))[0];
    if (membership)
      await setActiveMembership(db, s.id, { orgId: membership.orgId, role: membership.role }, now);
  }
  return withMembership(identity, user, membership);
}

/**
 * The common case of a session cookie, without the identity library: the cookie's signature
 * checked with node:crypto (the library checks it through WebCrypto's asynchronous job queue:
 * about a millisecond of CPU on every request), then session, user, membership and terms in one
 * read. Anything out of the ordinary — no such session, expired, due for the library's sliding
 * refresh, no active organisation yet — returns undefined and takes the library's own path, so
 * what the library decides there (clearing, refreshing, first membership) is unchanged.
 */
async function cookieFastPath(identity: Identity, cookie: string): Promise<Authentication | undefined> {
  const ctx = await identity.auth.$context;
  const token = signedCookieValue(cookie, ctx.authCookies.sessionToken.name, ctx.secret);
  if (!token) return undefined;
  const found = await findRequestIdentity(identity.db, { token });
  if (!found?.activeOrganizationId) return undefined;
  // The library's own clock for sessions is the wall clock.
  const nowMs = Date.now();
  const expiresAt = found.expiresAt.getTime();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  if (expiresAt <= nowMs || expiresAt - expiresIn * 1000 + updateAge * 1000 <= nowMs) return undefined;
  const user: SignedInUser = {
    uid: found.userId,
    sessionId: found.sessionId,
    via: 'cookie',
    isAnonymous: found.isAnonymous,
  };
  return withMembership(identity, user, found.membership, found.acceptedTerms);
}

/**
 * The value of a signed cookie (`value.base64(HMAC-SHA256(secret, value))`, URI-encoded, as the
 * identity library writes it) when its signature holds; the first cookie of that name counts, as
 * in the library.
 */
export function signedCookieValue(header: string, name: string, secret: string): string | undefined {
  let raw: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      raw = part.slice(eq + 1).trim();
      break;
    }
  }
  if (!raw) return undefined;
  if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const signed = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(signed).digest('base64'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? signed : undefined;
}

async function withMembership(
  identity: Identity,
  user: SignedInUser,
  membership: MembershipRow | undefined,
  acceptedTerms?: Record<string, { accepted: boolean }>,
): Promise<Authentication> {
  const role = parseRole(membership?.role);
  if (!membership || !role) return { status: 'signedIn', user, caller: undefined, mustAcceptTerms: false };
  const caller: Caller = {
    ...user,
    orgId: membership.orgId,
    role,
    duties: membership.duties,
    resourceId: membership.resourceId,
    customerId: membership.customerId,
  };
  const terms = mustAcceptTerms({
    role,
    acceptedTerms: acceptedTerms ?? (await acceptedTermsOf(identity.db, user.uid)),
    termsVersion: identity.options.termsVersion,
  });
  return { status: 'signedIn', user, caller, mustAcceptTerms: terms };
}
