import { switchOrgAnswer, switchOrgBody } from '@rostra/core/api/identity';
import { findMembership } from '@rostra/db/identity/memberships';
import { findSessionBinding, setActiveMembership } from '@rostra/db/identity/sessions';
import { type Access, requireUser } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import type { Identity } from '../identity.ts';
import { SERVER_IDENTITY_TEXT } from '../messages.ts';
import { issueAccessToken } from '../tokens.ts';

/** Switching must work before terms (to a customer role) and without a usable active membership. */
const ACCESS: Access = { kind: 'signedIn', beforeTerms: true, withoutOrg: true };

/**
 * POST /switch_org_by_uid (shell spec §4, §7): makes (org_id, role) the session's active
 * membership — only one the user holds, and only for themselves; otherwise 403 with a message
 * the company switcher shows as it is. Answers a fresh access token for the new membership.
 * A session started from a sign-in token stays in the token's membership: any other answers 403
 * `session_bound`.
 */
export function switchOrgRoute(app: App, identity: Identity): void {
  app.post(
    `${API}/switch_org_by_uid`,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: 'Switch the active organisation and role',
        body: switchOrgBody,
        response: { 200: switchOrgAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { org_id, role, uid } = request.body;
      const now = identity.now();
      const bound = await findSessionBinding(identity.db, user.sessionId);
      if (bound && (bound.orgId !== org_id || bound.role !== role || uid !== user.uid)) {
        throw new HttpError(403, 'session_bound', SERVER_IDENTITY_TEXT.sessionBound);
      }
      const membership =
        uid === user.uid
          ? await findMembership(identity.db, { userId: uid, orgId: org_id, role })
          : undefined;
      if (!membership) throw new HttpError(403, 'switch_refused', SERVER_IDENTITY_TEXT.switchRefused);
      // A bound session is already in its membership (and the store never moves one).
      if (!bound) await setActiveMembership(identity.db, user.sessionId, { orgId: org_id, role }, now);
      const token = await issueAccessToken(
        identity.auth,
        {
          uid,
          org_id,
          role,
          duty: membership.duties[0] ?? null,
          duties: membership.duties,
          sid: user.sessionId,
        },
        now,
        identity.options.accessTokenLifetimeSeconds,
      );
      return { uid, org_id, role, ...token };
    },
  );
}
