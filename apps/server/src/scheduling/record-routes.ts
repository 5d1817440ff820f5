import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import type { Page } from '@rostra/db/infra/paging';
import { createRecord } from '@rostra/db/scheduling/create-record';
import { deleteRecord } from '@rostra/db/scheduling/delete-record';
import { getRecord } from '@rostra/db/scheduling/get-record';
import { listRecords } from '@rostra/db/scheduling/list-records';
import type { RecordKind } from '@rostra/db/scheduling/record-kinds';
import { updateRecord } from '@rostra/db/scheduling/update-record';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Access, type Caller, readerOf, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import {
  CONFLICT,
  idParams,
  notFound,
  paged,
  pageOf,
  pageQuery,
  recordResponse,
  versionToWrite,
  withETag,
  written,
} from '../http/kit.ts';

type Rec = Record<string, unknown>;

/**
 * One record kind served as a versioned REST collection: list (paged, filtered), get, create,
 * update (fields merged, stale version → 409) and delete (stale version → 409). Routes are thin:
 * the rules are in the kind and in @rostra/db/scheduling.
 */
export type RecordRouteSpec = {
  /** Collection path under /api/v1, e.g. `/labels`. */
  path: string;
  tag: string;
  /** Spec name for summaries, e.g. 'label'. */
  noun: string;
  kind: RecordKind;
  /** The table and id column the access test reaches id-addressed routes through. */
  record: { table: string; idColumn?: string };
  read: Access;
  write: Access;
  createBody: z.ZodObject;
  updateBody: z.ZodObject;
  /** The record as answered (its feature's schema in `@rostra/core/api`); any record if absent. */
  response?: z.ZodObject;
  /** Extra query parameters of the list and the conditions they make. */
  filters?: Record<string, z.ZodType>;
  where?: (query: Rec, caller: Caller) => Promise<(SQL | undefined)[]> | (SQL | undefined)[];
  /** Kinds with a readers list (`_uid_r`): lists and reads apply the rule. */
  hasReaders?: boolean;
  /** Fields the server sets on create from the caller (e.g. a quick view's `uid`). */
  ownedBy?: (caller: Caller) => Rec;
  /** A check of a create's or change's body beyond its schema (throws a 400); `id` on a change. */
  checkBody?: (caller: Caller, body: Rec, id?: string) => Promise<void>;
  /** Derived fields added to answers (e.g. a resource's `weightage_cost`). */
  decorate?: (orgId: string, records: Rec[]) => Promise<{ records: Rec[]; extra?: Rec }>;
};

export function recordRoutes(app: App, spec: RecordRouteSpec): void {
  const db = () => app.deps.db.db;
  const url = `${API}${spec.path}`;
  const one = `${url}/:id`;
  const byId = (access: Access) => withRecord(access, spec.record);
  const reader = (caller: Caller) => (spec.hasReaders ? readerOf(caller) : undefined);
  const decorate = async (orgId: string, records: Rec[]): Promise<{ records: Rec[]; extra?: Rec }> =>
    spec.decorate ? spec.decorate(orgId, records) : { records };
  const record = spec.response ?? recordResponse;
  const single = async (orgId: string, record: Rec) => (await decorate(orgId, [record])).records[0] ?? record;

  app.get(
    url,
    {
      config: { access: spec.read },
      schema: {
        tags: [spec.tag],
        summary: `List ${spec.noun} records (paged)`,
        querystring: z.strictObject({ ...pageQuery, ...(spec.filters ?? {}) }),
        response: {
          200: pageOf(record).extend({
            maxCost: z.number().nullable().optional(),
            minCost: z.number().nullable().optional(),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const query = request.query as Rec & { cursor?: string; limit?: number };
      const where = spec.where ? await spec.where(query, caller) : [];
      const page: Page<Rec> = await paged(() =>
        listRecords(db(), caller.orgId, spec.kind, {
          where,
          cursor: query.cursor,
          limit: query.limit,
          reader: reader(caller),
        }),
      );
      const { records, extra } = await decorate(caller.orgId, page.items);
      return { items: records, next_cursor: page.next_cursor, ...(extra ?? {}) };
    },
  );

  app.get(
    one,
    {
      config: { access: byId(spec.read) },
      schema: {
        tags: [spec.tag],
        summary: `Get one ${spec.noun}`,
        params: idParams,
        response: { 200: record },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const found = await getRecord(db(), caller.orgId, spec.kind, request.params.id, reader(caller));
      if (!found) throw notFound();
      return withETag(reply, await single(caller.orgId, found));
    },
  );

  app.post(
    url,
    {
      config: { access: spec.write },
      schema: {
        tags: [spec.tag],
        summary: `Create a ${spec.noun}`,
        body: spec.createBody,
        response: { ...CONFLICT, 201: record },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      await spec.checkBody?.(caller, request.body as Rec);
      const input = { ...(request.body as Rec), ...(spec.ownedBy?.(caller) ?? {}) };
      const record = written(await createRecord(db(), caller.orgId, spec.kind, input));
      return reply.status(201).send(withETag(reply, await single(caller.orgId, record)));
    },
  );

  app.patch(
    one,
    {
      config: { access: byId(spec.write) },
      schema: {
        tags: [spec.tag],
        summary: `Update a ${spec.noun} (fields given are changed; stale version → 409)`,
        params: idParams,
        body: spec.updateBody,
        // Resources, labels and service plans: the bookings the change re-checked.
        response: { ...CONFLICT, 200: record.extend({ rechecked: recheckedSchema.optional() }) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, ...changes } = request.body as Rec & { version?: number };
      await spec.checkBody?.(caller, changes, request.params.id);
      const expected = await versionToWrite(
        request as FastifyRequest,
        version,
        getRecord(db(), caller.orgId, spec.kind, request.params.id),
      );
      const record = written(
        await updateRecord(
          db(),
          caller.orgId,
          spec.kind,
          request.params.id,
          changes,
          expected,
          app.identity.now(),
        ),
      );
      return withETag(reply, await single(caller.orgId, record));
    },
  );

  app.delete(
    one,
    {
      config: { access: byId(spec.write) },
      schema: {
        tags: [spec.tag],
        summary: `Delete a ${spec.noun} (stale version → 409)`,
        params: idParams,
        response: { ...CONFLICT, 200: recordResponse },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const expected = await versionToWrite(
        request as FastifyRequest,
        undefined,
        getRecord(db(), caller.orgId, spec.kind, request.params.id),
      );
      return written(await deleteRecord(db(), caller.orgId, spec.kind, request.params.id, expected));
    },
  );
}
