import { accessTokenAnswer } from '@rostra/core/api/identity';
import { type Access, requireAuth } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import type { Identity } from '../identity.ts';
import { issueAccessToken } from '../tokens.ts';

/** Token issuing is not a data route: it is allowed before the terms are accepted. */
const ACCESS: Access = { kind: 'signedIn', beforeTerms: true };

/**
 * GET /access_token (shell spec §7): a signed JWT carrying uid, org_id, role, duty and duties of
 * the caller's active membership, for `Authorization: Bearer` on every API call. It names its
 * session, so signing out ends it too.
 */
export function accessTokenRoute(app: App, identity: Identity): void {
  app.get(
    `${API}/access_token`,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: 'An access token for bearer calls',
        response: { 200: accessTokenAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return issueAccessToken(
        identity.auth,
        {
          uid: caller.uid,
          org_id: caller.orgId,
          role: caller.role,
          duty: caller.duties[0] ?? null,
          duties: [...caller.duties],
          sid: caller.sessionId,
        },
        identity.now(),
        identity.options.accessTokenLifetimeSeconds,
      );
    },
  );
}
