import { signOutAnswer } from '@rostra/core/api/identity';
import { deleteSession } from '@rostra/db/identity/sessions';
import { PUBLIC } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { type Identity, toFetchHeaders } from '../identity.ts';
import { verifyAccessToken } from '../tokens.ts';

/**
 * POST /sign_out (what `?signout=y` / `?logout=y` call): ends the session of the cookie or of the
 * bearer token, and clears the cookie. Signing out when not signed in is not an error.
 */
export function signOutRoute(app: App, identity: Identity): void {
  app.post(
    `${API}/sign_out`,
    {
      config: { access: PUBLIC },
      schema: { tags: ['identity'], summary: 'Sign out', response: { 200: signOutAnswer } },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization ?? '';
      if (/^bearer\s/i.test(authorization)) {
        const claims = await verifyAccessToken(
          identity.auth,
          authorization.replace(/^bearer\s+/i, ''),
          identity.now(),
        );
        if (claims) await deleteSession(identity.db, claims.sid);
      }
      if (request.headers.cookie) {
        const ended = await identity.auth.api
          .signOut({ headers: toFetchHeaders(request.headers), returnHeaders: true })
          .catch(() => undefined);
        const cookies = ended?.headers.getSetCookie() ?? [];
        if (cookies.length) reply.header('set-cookie', cookies);
      }
      return { signed_out: true as const };
    },
  );
}
