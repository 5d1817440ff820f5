import { publishVersionAnswer, publishVersionBody } from '@rostra/core/api/notifications';
import { checkRelease, RELEASE_TEXT } from '@rostra/core/shell/release';
import { publishVersion } from '@rostra/db/infra/versions';
import { OPERATOR } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/*
 * Publishing a release (What's New). Versions are global to the product, not to an organisation,
 * so no member of one — not even a dispatcher — may publish: it is the operator's action, by the
 * OPERATOR_TOKEN bearer token here or `rostra versions publish` on the server (cli/versions.ts).
 */
export function versionRoutes(app: App): void {
  app.post(
    `${API}/operator/versions`,
    {
      config: { access: OPERATOR },
      schema: {
        tags: ['notifications'],
        summary: "Publish a release to every organisation's What's New (the operator's token)",
        body: publishVersionBody,
        response: { 201: publishVersionAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const checked = checkRelease({
        version: body.version,
        ...(body.release_date !== undefined ? { releaseDate: body.release_date } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
      });
      if (!checked.ok) {
        const path = `body.${checked.field}`;
        throw new HttpError(400, 'validation_failed', `${path}: ${checked.message}`, [
          { path, message: checked.message },
        ]);
      }
      const published = await publishVersion(app.deps.db.db, {
        version: checked.version,
        releaseDate: checked.releaseDate ?? app.identity.now(),
        notes: checked.notes,
      });
      if (!published) throw new HttpError(409, 'conflict', RELEASE_TEXT.duplicate(checked.version));
      return reply.status(201).send({ _id: published.id, ...published });
    },
  );
}
