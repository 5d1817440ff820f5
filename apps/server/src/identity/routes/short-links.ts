import { randomBytes } from 'node:crypto';
import { createShortLinkBody, resolvedShortLinkAnswer, shortLinkAnswer } from '@rostra/core/api/identity';
import { checkShortLink } from '@rostra/core/shell/validators';
import { createShortLink, findShortLink } from '@rostra/db/identity/short-links';
import { z } from 'zod';
import { type Access, MEMBERS, requireAuth } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import type { Identity } from '../identity.ts';
import { SERVER_IDENTITY_TEXT } from '../messages.ts';

const RESOLVE: Access = { kind: 'signedIn', record: { table: 'short_links' } };

/**
 * Short links (shell spec §2, §3, §5): `POST /shortlinks { target }` → `{ id, short_url }`, where
 * short_url opens the app with `?link=<id>`; `GET /shortlinks/:id` resolves one inside the
 * caller's organisation. A link made 3599 s or more ago answers 410 'Sorry your link got
 * expired'; another organisation's link does not exist (404).
 */
export function shortLinkRoutes(app: App, identity: Identity): void {
  app.post(
    `${API}/shortlinks`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['identity'],
        summary: 'Make a short link to a page of the app',
        body: createShortLinkBody,
        response: { 200: shortLinkAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const id = randomBytes(9).toString('base64url');
      await createShortLink(identity.db, caller.orgId, {
        id,
        target: request.body.target,
        createdBy: caller.uid,
        utcQa: Math.floor(identity.now().getTime() / 1000),
      });
      const url = new URL('/', identity.publicUrl);
      url.searchParams.set('link', id);
      return { id, short_url: url.toString() };
    },
  );

  app.get(
    `${API}/shortlinks/:id`,
    {
      config: { access: RESOLVE },
      schema: {
        tags: ['identity'],
        summary: 'Resolve a short link',
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 200: resolvedShortLinkAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const link = await findShortLink(identity.db, caller.orgId, request.params.id);
      if (!link) throw new HttpError(404, 'not_found', SERVER_IDENTITY_TEXT.notFound);
      const expired = checkShortLink(link, Math.floor(identity.now().getTime() / 1000))[0];
      if (expired) throw new HttpError(410, expired.code, expired.message);
      return { id: link.id, target: link.target, utc_qa: link.utc_qa };
    },
  );
}
