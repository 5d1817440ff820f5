import { tokenLoginAnswer, tokenLoginBody } from '@rostra/core/api/identity';
import { ALERT_TEXT, IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { checkTokenClaims, checkTokenIdentity } from '@rostra/core/shell/validators';
import { findMembership } from '@rostra/db/identity/memberships';
import { consumeSignInToken } from '@rostra/db/identity/signin-tokens';
import { hitThrottle } from '@rostra/db/identity/throttle';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import { type Identity, toFetchHeaders } from '../identity.ts';
import { FAILURES } from '../messages.ts';
import { verifySignInToken } from '../tokens.ts';

/**
 * The claims a token login cannot do without. The shell rule also lists the search credentials
 * (alg_client, alg_key) of the original system; Rostra searches in PostgreSQL and has none, so
 * only these three are required (issue 3).
 */
const REQUIRED_CLAIMS = new Set(['org_id', 'uid', 'role']);

/**
 * POST /token_login: signs in with a dispatcher-issued token once the person has entered the
 * company email or phone the token names (shell spec §4, §5). No entry yet → 400 with the prompt
 * 'Please provide your company email or phone number.'. A token that does not verify, lacks
 * org_id, uid or role, or names someone else → 401, and any session of this browser is ended
 * (signed out). A token signs in once: its `jti` is consumed atomically just before the session
 * starts, and a second use is refused like an invalid token. The session it starts is bound to
 * the token's organisation and role (see TOKEN_SESSION_MAY_CALL in auth.ts).
 */
export function tokenLoginRoute(app: App, identity: Identity): void {
  app.post(
    `${API}/token_login`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['identity'],
        summary: 'Sign in with a custom sign-in token and the company email or phone',
        body: tokenLoginBody,
        response: { 200: tokenLoginAnswer },
      },
    },
    async (request, reply) => {
      const now = identity.now();
      const { perIp } = identity.options.limits;
      const ip = await hitThrottle(identity.db, `ip:${request.ip}`, perIp.windowSeconds, now);
      if (ip.count > perIp.max) {
        throw new HttpError(429, FAILURES.tooManyFromIp.code, FAILURES.tooManyFromIp.message);
      }
      const claims = await verifySignInToken(identity.auth, request.body.token, now);
      if (!claims) return signOut(identity, request, reply, 'token-invalid', IDENTITY_TEXT.sessionExpired);
      const missing = checkTokenClaims(claims).filter(
        (i) => i.field !== undefined && REQUIRED_CLAIMS.has(i.field),
      );
      if (missing.length) {
        return signOut(identity, request, reply, 'claim-missing', ALERT_TEXT.missingVitalInformation, {
          missing: missing.map((i) => i.field),
        });
      }
      const issue = checkTokenIdentity(request.body.identity ?? '', claims)[0];
      if (issue?.code === 'identity-required') {
        throw new HttpError(400, issue.code, issue.message, { field: 'identity' });
      }
      if (issue) return signOut(identity, request, reply, issue.code, issue.message);
      const uid = String(claims.uid);
      const orgId = String(claims.org_id);
      const role = String(claims.role);
      const membership = await findMembership(identity.db, { userId: uid, orgId, role });
      if (!membership) return signOut(identity, request, reply, 'not_a_member', ALERT_TEXT.notAMember);
      const jti = claims.jti;
      const isFirstUse =
        typeof jti === 'string' &&
        jti !== '' &&
        (await consumeSignInToken(
          identity.db,
          { jti, userId: uid, expiresAt: new Date(Number(claims.exp) * 1000) },
          now,
        ));
      if (!isFirstUse)
        return signOut(identity, request, reply, 'token-invalid', IDENTITY_TEXT.sessionExpired);
      const started = await identity.auth.api.rostraStartSession({
        body: { userId: uid, orgId, role },
        returnHeaders: true,
      });
      const cookies = started.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { uid, org_id: orgId, role };
    },
  );
}

/** Refuses the token login and signs this browser out (its session, if any, is ended). */
async function signOut(
  identity: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  message: string,
  details?: unknown,
): Promise<never> {
  if (request.headers.cookie) {
    const ended = await identity.auth.api
      .signOut({ headers: toFetchHeaders(request.headers), returnHeaders: true })
      .catch(() => undefined);
    const cookies = ended?.headers.getSetCookie() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
  }
  throw new HttpError(401, code, message, details);
}
