import { createHmac } from 'node:crypto';
import { checkNewPassword } from '@rostra/core/shell/validators';
import type { Db } from '@rostra/db/client';
import { listMemberships } from '@rostra/db/identity/memberships';
import { moveAcceptedTerms } from '@rostra/db/identity/terms';
import { publishSessionsEnded } from '@rostra/db/infra/live-events';
import { account, invitations, jwks, memberships, session, user, verification } from '@rostra/db/schema/auth';
import { organisations } from '@rostra/db/schema/organisations';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { anonymous, genericOAuth, jwt, magicLink, organization, phoneNumber } from 'better-auth/plugins';
import { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import { magicLinkMail, passwordResetMail, phoneCodeSms } from '../notify/messages.ts';
import type { MessageTransport } from '../notify/transport.ts';
import { FAILURES, SERVER_IDENTITY_TEXT } from './messages.ts';
import {
  EMAIL_VERIFICATION_LIFETIME_SECONDS,
  type IdentityOptions,
  RESET_PASSWORD_LIFETIME_SECONDS,
} from './options.ts';
import { PROFILE_LOCKED_CODE, profileLock } from './profile-lock.ts';

/** Where better-auth is mounted. */
export const AUTH_BASE_PATH = '/api/auth';
/** Prefix of every cookie the identity layer sets (`rostra.session_token`, …). */
export const COOKIE_PREFIX = 'rostra';
/** Cookie that marks the browser an email link was requested from (the "same device" check). */
export const EMAIL_LINK_COOKIE = `${COOKIE_PREFIX}.email_link`;
/** Header the HTTP layer sets to the client address it trusts; clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-rostra-client-ip';
/** Domain of the placeholder emails of accounts made by phone sign-in (never mailed). */
export const PHONE_EMAIL_DOMAIN = 'phone.rostra.invalid';

/**
 * Paths of the library this product does not offer. Organisations and memberships are managed by
 * Rostra itself (company switch is `/api/v1/switch_org_by_uid`); access tokens come from
 * `/api/v1/access_token`; phone sign-in is by code only, so there is no phone password to guess.
 */
const DISABLED_PATHS = [
  '/token',
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
  '/organization/create',
  '/organization/update',
  '/organization/delete',
  '/organization/check-slug',
  '/organization/set-active',
  '/organization/get-full-organization',
  '/organization/invite-member',
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/cancel-invitation',
  '/organization/get-invitation',
  '/organization/list-invitations',
  '/organization/list-user-invitations',
  '/organization/remove-member',
  '/organization/update-member-role',
  '/organization/leave',
  '/organization/list-members',
  '/organization/get-active-member',
  '/organization/get-active-member-role',
  '/organization/has-permission',
  '/organization/create-role',
  '/organization/delete-role',
  '/organization/list-roles',
  '/organization/get-role',
  '/organization/update-role',
];

export type AuthInput = {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  transport: MessageTransport;
  options: IdentityOptions;
  /** The server's log level; the library logs at the nearest level, or not at all when silent. */
  logLevel: ServerConfig['logLevel'];
};

/** The same-device marker of an email link: only the browser that asked for the link holds it. */
export function emailLinkMarker(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`email-link:${token}`).digest('base64url').slice(0, 32);
}

/**
 * Users created during one request (keyed by the request), so that linking a guest can tell a
 * brand-new account (an upgrade) from an account that already existed (a merge conflict).
 */
const createdInRequest = new WeakMap<object, Set<string>>();

/**
 * The better-auth instance: sessions, password hashing, every sign-in method and the signing
 * keys. Rostra's own rules (messages, rate limits, same-device email links) sit around it in the
 * HTTP layer; what must hold for every way in (password strength, the default active
 * organisation, guest upgrades) sits here.
 */
export function createAuth(input: AuthInput) {
  const { db, options, transport } = input;
  const isHttps = input.publicUrl.startsWith('https:');
  const oidc = options.oidc;

  return betterAuth({
    appName: 'Rostra',
    baseURL: input.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: input.secret,
    trustedOrigins: input.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      disabled: input.logLevel === 'silent',
      level: LIBRARY_LOG_LEVEL[input.logLevel],
    },
    // Rostra limits sign-in itself, in the database, so the limit holds across instances.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, jwks, organisations, memberships, invitations },
    }),
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    session: {
      additionalFields: {
        activeRole: { type: 'string', required: false, input: false },
        // A session from a sign-in token: the membership it is held to (see TOKEN_SESSION_MAY_CALL).
        boundOrgId: { type: 'string', required: false, input: false },
        boundRole: { type: 'string', required: false, input: false },
      },
    },
    user: {
      // The spec's profile names: displayName is `name`, photoUrl is `image`.
      additionalFields: {},
    },
    account: { accountLinking: { enabled: true, trustedProviders: oidc ? [oidc.providerId] : [] } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_LIFETIME_SECONDS,
      sendResetPassword: async ({ user: u, url }) => {
        await transport.send(passwordResetMail(u.email, url));
      },
    },
    emailVerification: {
      expiresIn: EMAIL_VERIFICATION_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user: u, url }) => {
        await transport.send({
          channel: 'email',
          recipient: u.email,
          purpose: 'verify-email',
          subject: 'Confirm your email address',
          body: `Open this link to confirm your email address:\n\n${url}`,
          link: url,
        });
      },
    },
    disabledPaths: DISABLED_PATHS,
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            const key = ctx?.request ?? ctx?.headers;
            if (!key) return;
            const set = createdInRequest.get(key) ?? new Set<string>();
            set.add(created.id);
            createdInRequest.set(key, set);
          },
        },
      },
      session: {
        create: {
          // A new session starts in the user's first membership unless the caller chose one
          // (token login does); a user without memberships has no active organisation.
          before: async (s) => {
            const chosen = s as typeof s & {
              activeOrganizationId?: string | null;
              activeRole?: string | null;
            };
            if (chosen.activeOrganizationId && chosen.activeRole) return;
            const first = (await listMemberships(db, s.userId))[0];
            return {
              data: { ...s, activeOrganizationId: first?.orgId ?? null, activeRole: first?.role ?? null },
            };
          },
        },
        // Every session the library ends (sign-out, revocations, password reset, expiry, a
        // withdrawn guest upgrade) closes its live sockets at once, on every instance.
        delete: {
          after: async (s, ctx) => {
            const ended = s as typeof s & { activeOrganizationId?: string | null };
            await publishSessionsEnded(db, [ended]).catch((err: unknown) => {
              // The session is gone either way; its sockets then close at their next re-check.
              ctx?.context.logger.error('could not publish the end of a session to live sockets', err);
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await refuseTokenSession(ctx);
        await refuseLockedProfile(ctx, db);
        // Every way of setting a password follows the spec's rule (6+ characters, letters and digits).
        const field = PASSWORD_FIELDS[ctx.path ?? ''];
        if (!field) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const issue = checkNewPassword(typeof body[field] === 'string' ? (body[field] as string) : '')[0];
        if (issue) throw new APIError('BAD_REQUEST', { code: issue.code, message: issue.message });
      }),
    },
    plugins: [
      organization({
        allowUserToCreateOrganization: false,
        schema: {
          organization: { modelName: 'organisations' },
          invitation: { modelName: 'invitations' },
          member: {
            modelName: 'memberships',
            additionalFields: {
              duties: { type: 'string[]', required: false, input: false, defaultValue: [] },
              resourceId: { type: 'string', required: false, input: false },
              customerId: { type: 'string', required: false, input: false },
            },
          },
        },
      }),
      jwt({
        disableSettingJwtHeader: true,
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: { issuer: input.publicUrl, audience: input.publicUrl, expirationTime: '1h' },
      }),
      magicLink({
        expiresIn: options.magicLinkLifetimeSeconds,
        sendMagicLink: async ({ email, url, token }, ctx) => {
          await transport.send(magicLinkMail(email, url));
          ctx?.setCookie(EMAIL_LINK_COOKIE, emailLinkMarker(input.secret, token), {
            httpOnly: true,
            sameSite: 'lax',
            secure: isHttps,
            path: AUTH_BASE_PATH,
            maxAge: options.magicLinkLifetimeSeconds,
          });
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: options.phoneCodeLifetimeSeconds,
        allowedAttempts: 5,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await transport.send(phoneCodeSms(to, code));
        },
        signUpOnVerification: {
          getTempEmail: (phone) => `${phone.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`,
          getTempName: (phone) => phone,
        },
      }),
      anonymous({
        emailDomainName: 'guest.rostra.invalid',
        generateName: () => 'Guest',
        onLinkAccount: async ({ anonymousUser, newUser, ctx }) => {
          const key = ctx.request ?? ctx.headers;
          const isNewAccount = key ? (createdInRequest.get(key)?.has(newUser.user.id) ?? false) : false;
          if (!isNewAccount) {
            // The guest signed in to an account that already existed: nothing is merged silently.
            // The new session is withdrawn, the guest keeps theirs, and the caller is told.
            await ctx.context.internalAdapter.deleteSession(newUser.session.token);
            throw new APIError('CONFLICT', {
              code: FAILURES.mergeConflict.code,
              message: FAILURES.mergeConflict.message,
            });
          }
          await moveAcceptedTerms(db, anonymousUser.user.id, newUser.user.id);
        },
      }),
      rostraSessions(),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: oidc.providerId,
                  discoveryUrl: `${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: oidc.scopes,
                  pkce: true,
                  // Standard OIDC claim names to the library's user fields.
                  mapProfileToUser: (profile) => ({
                    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
                    ...(typeof profile.picture === 'string' ? { image: profile.picture } : {}),
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const LIBRARY_LOG_LEVEL = {
  fatal: 'error',
  error: 'error',
  warn: 'warn',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  silent: 'error',
} as const satisfies Record<ServerConfig['logLevel'], 'error' | 'warn' | 'info' | 'debug'>;

/** Request paths that set a password, and the body field that carries it. */
const PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * The library's endpoints a session started from a custom sign-in token may still call: reading
 * and ending itself, and the ways of signing in (which start a session of their own). Every other
 * endpoint — listing or revoking sessions, changing the name, email, phone or password, linking
 * or unlinking accounts, deleting the user, updating the session, anything a plugin adds later —
 * answers 403 `session_bound` to such a session: a dispatcher-issued token opens one membership,
 * never the account. Paths are the library's route patterns.
 */
export const TOKEN_SESSION_MAY_CALL: ReadonlySet<string> = new Set([
  '/get-session',
  '/sign-out',
  '/ok',
  '/error',
  '/jwks',
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/magic-link',
  '/magic-link/verify',
  '/sign-in/anonymous',
  '/sign-in/social',
  '/callback/:id',
  '/phone-number/send-otp',
  // Signing in by phone code; with `updatePhoneNumber` it changes the account's phone (refused).
  '/phone-number/verify',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/:token',
  '/verify-email',
  '/send-verification-email',
]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Refuses the request with 403 when it comes from a session bound to a sign-in token's membership. */
async function refuseTokenSession(ctx: HookContext): Promise<void> {
  // Server-side calls without a request (signing tokens, starting a token session) carry no session.
  if (!ctx.headers) return;
  const path = ctx.path ?? '';
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const changesPhone = path === '/phone-number/verify' && Boolean(body.updatePhoneNumber);
  if (TOKEN_SESSION_MAY_CALL.has(path) && !changesPhone) return;
  const current = await getSessionFromCtx(ctx);
  const bound = (current?.session as { boundOrgId?: string | null } | undefined)?.boundOrgId;
  if (bound) {
    throw new APIError('FORBIDDEN', { code: 'session_bound', message: SERVER_IDENTITY_TEXT.sessionBound });
  }
}

/**
 * The library's own ways of changing the profile (the name or photo through `update-user`, the
 * phone through `phone-number/verify` with `updatePhoneNumber`) are refused, like Rostra's `/me`
 * routes, to a resource or customer whose organisation keeps that role's profile (403
 * `edit_disabled`, see core `profileLockText`): the membership the session acts in decides.
 */
async function refuseLockedProfile(ctx: HookContext, db: Db): Promise<void> {
  if (!ctx.headers) return;
  const path = ctx.path ?? '';
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const changesProfile =
    path === '/update-user' || (path === '/phone-number/verify' && Boolean(body.updatePhoneNumber));
  if (!changesProfile) return;
  const current = (await getSessionFromCtx(ctx))?.session as
    | { activeOrganizationId?: string | null; activeRole?: string | null }
    | undefined;
  const locked = await profileLock(db, current?.activeOrganizationId, current?.activeRole);
  // The code names the role; mount.ts answers it as 403 `edit_disabled` with the role's text.
  if (locked) {
    throw new APIError('FORBIDDEN', {
      code: `${PROFILE_LOCKED_CODE}_${current?.activeRole}`,
      message: locked,
    });
  }
}

/**
 * Server-only endpoints Rostra's own routes call: starting a session for a token login, in the
 * token's organisation and role and bound to them (no switch, no account management), with the
 * library's own cookie.
 */
function rostraSessions() {
  return {
    id: 'rostra-sessions',
    endpoints: {
      rostraStartSession: createAuthEndpoint.serverOnly(
        {
          method: 'POST',
          body: z.object({ userId: z.string(), orgId: z.string(), role: z.string() }),
        },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!found)
            throw new APIError('UNAUTHORIZED', { code: 'user-not-found', message: 'User not found' });
          const created = await ctx.context.internalAdapter.createSession(found.id, false, {
            activeOrganizationId: ctx.body.orgId,
            activeRole: ctx.body.role,
            boundOrgId: ctx.body.orgId,
            boundRole: ctx.body.role,
          });
          await setSessionCookie(ctx, { session: created, user: found });
          return ctx.json({ sessionId: created.id });
        },
      ),
    },
  } as const;
}
