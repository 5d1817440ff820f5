import { findMembership } from '@rostra/db/identity/memberships';
import { findUserById } from '@rostra/db/identity/users';
import { z } from 'zod';
import { DISPATCHERS, requireAuth } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import { PHONE_EMAIL_DOMAIN } from '../auth.ts';
import type { Identity } from '../identity.ts';
import { SERVER_IDENTITY_TEXT } from '../messages.ts';
import { issueSignInToken } from '../tokens.ts';

export const signInTokenBody = z.strictObject({
  uid: z.string().min(1).max(200),
  role: z.enum(['resource', 'customer']),
});

export const signInTokenResponse = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  url: z.string(),
});

/**
 * POST /signin_tokens: a dispatcher issues a short-lived custom sign-in token for a resource or
 * customer of their own organisation. The token names that person's email and phone, which they
 * must enter to sign in with it (`POST /token_login`); the app opens it as `/?token=…`.
 */
export function signInTokensRoute(app: App, identity: Identity): void {
  app.post(
    `${API}/signin_tokens`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['identity'],
        summary: 'Issue a custom sign-in token for a resource or customer',
        body: signInTokenBody,
        response: { 200: signInTokenResponse },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { uid, role } = request.body;
      const membership = await findMembership(identity.db, { userId: uid, orgId: caller.orgId, role });
      const person = membership ? await findUserById(identity.db, uid) : undefined;
      if (!membership || !person) throw new HttpError(404, 'not_found', SERVER_IDENTITY_TEXT.notFound);
      const hasRealEmail = !person.isAnonymous && !person.email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
      const issued = await issueSignInToken(
        identity.auth,
        {
          uid,
          org_id: caller.orgId,
          role,
          duty: membership.duties[0] ?? null,
          duties: membership.duties,
          email: hasRealEmail ? person.email : null,
          phone_number: person.phoneNumber,
          iss_uid: caller.uid,
        },
        identity.now(),
        identity.options.signInTokenLifetimeSeconds,
      );
      const url = new URL('/', identity.publicUrl);
      url.searchParams.set('token', issued.token);
      return { ...issued, url: url.toString() };
    },
  );
}
