import { blacklistRecord, putBlacklistBody } from '@rostra/core/api/blacklists';
import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import { getBlacklist, listBlacklists, putBlacklist } from '@rostra/db/scheduling/customer-blacklist';
import { z } from 'zod';
import { DISPATCHERS, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import {
  CONFLICT,
  idParams,
  notFound,
  paged,
  pageOf,
  pageQuery,
  SECONDS,
  versionToWrite,
  withETag,
  written,
} from '../http/kit.ts';

/**
 * Customers' blacklists (spec §3): `_id` is the customer. Dispatchers only: resources, customers
 * and partners skip blacklist loading (spec §6).
 */
export function blacklistRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const access = withRecord(DISPATCHERS, { table: 'customers' });

  app.get(
    `${API}/blacklists`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['records'],
        summary: 'Blacklists changed after a time (incremental load), oldest change first',
        querystring: z.strictObject({
          ...pageQuery,
          updated_after: z.coerce.number().pipe(SECONDS).optional().describe('epoch seconds'),
        }),
        response: { 200: pageOf(blacklistRecord) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      return paged(() =>
        listBlacklists(db(), caller.orgId, {
          updatedAfter: q.updated_after,
          cursor: q.cursor,
          limit: q.limit,
        }),
      );
    },
  );

  app.get(
    `${API}/customers/:id/blacklist`,
    {
      config: { access },
      schema: {
        tags: ['records'],
        summary: "A customer's blacklist (an empty one at version 0 when none is stored)",
        params: idParams,
        response: { 200: blacklistRecord },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const list = await getBlacklist(db(), caller.orgId, request.params.id);
      if (!list) throw notFound();
      return withETag(reply, list);
    },
  );

  app.put(
    `${API}/customers/:id/blacklist`,
    {
      config: { access },
      schema: {
        tags: ['records'],
        summary: "Replace a customer's blacklist (version 0 when none yet; stale → 409)",
        params: idParams,
        body: putBlacklistBody,
        response: { ...CONFLICT, 200: blacklistRecord.extend({ rechecked: recheckedSchema }) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const expected = await versionToWrite(
        request,
        request.body.version,
        getBlacklist(db(), caller.orgId, request.params.id),
      );
      return withETag(
        reply,
        written(
          await putBlacklist(
            db(),
            caller.orgId,
            request.params.id,
            request.body.resIds,
            expected,
            app.identity.now(),
          ),
        ),
      );
    },
  );
}
