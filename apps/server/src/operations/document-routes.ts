import { randomUUID } from 'node:crypto';
import {
  deletedAnswer,
  equipmentBody,
  equipmentQuery,
  equipmentUpdateBody,
  formBody,
  formsQuery,
  formTemplateRecord,
  formUpdateBody,
  podBody,
  podQuery,
  podUpdateBody,
  stockRecord,
} from '@rostra/core/api/operations';
import { checkTemplate } from '@rostra/core/forms/form-template';
import type { POD_STATUSES } from '@rostra/core/stock/statuses';
import {
  createDocument,
  type DocumentFields,
  deleteDocument,
  getDocument,
  listDocuments,
  type OperationsKind,
  updateDocument,
} from '@rostra/db/documents/documents';
import { jobExists } from '@rostra/db/documents/form-submissions';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Access, DISPATCHERS, requireAuth, screenAccess, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import {
  CONFLICT,
  idParams,
  notFound,
  paged,
  pageOf,
  versionToWrite,
  withETag,
  written,
} from '../http/kit.ts';

/*
 * Form templates, equipments and pods (issue #8): lists with search and paging, one record, create,
 * change (with the version read), delete. Dispatchers write; resources read equipments and pods
 * (spec §2's older layout: equipments and pods for resource and dispatcher), and every role that
 * fills forms on its jobs reads the templates.
 */

export const FORM_READERS: Access = screenAccess('forms');
export const STOCK_READERS: Access = screenAccess('equipments', 'pods');

const docRef = (kind: OperationsKind) => ({ table: 'org_documents', where: { kind } });

type Kind<B, U> = {
  kind: OperationsKind;
  path: string;
  readers: Access;
  label: string;
  body: z.ZodType<B>;
  updateBody: z.ZodType<U>;
  /** The list's query: page, text and the kind's filters. */
  query: z.ZodType;
  /** A document as answered. */
  record: z.ZodType;
  /** Column values and data of a new document, or throws a 400. */
  fields: (body: B, request: FastifyRequest) => Promise<DocumentFields>;
  /** Column values and data of a change, given the current document. */
  patch: (body: U, current: Record<string, unknown>, request: FastifyRequest) => Promise<DocumentFields>;
  filters?: (query: Record<string, unknown>) => { code?: string; status?: string; jobId?: string };
};

function documentRoutes<B, U extends { version?: number | undefined }>(app: App, k: Kind<B, U>): void {
  const db = () => app.deps.db.db;
  const base = `${API}/${k.path}`;
  const one = withRecord(k.readers, docRef(k.kind));
  const write = withRecord(DISPATCHERS, docRef(k.kind));

  app.get(
    base,
    {
      config: { access: k.readers },
      schema: {
        tags: ['operations'],
        summary: `${k.label}: a page, A→Z by name`,
        querystring: k.query,
        response: { 200: pageOf(k.record) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query as Record<string, unknown> & { q?: string; cursor?: string; limit?: number };
      return paged(() =>
        listDocuments(db(), caller.orgId, k.kind, {
          q: q.q,
          cursor: q.cursor,
          limit: q.limit,
          ...(k.filters ? k.filters(q) : {}),
        }),
      );
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: one },
      schema: {
        tags: ['operations'],
        summary: `One ${k.label}`,
        params: idParams,
        response: { 200: k.record },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getDocument(db(), caller.orgId, k.kind, request.params.id);
      if (!doc) throw notFound();
      return withETag(reply, doc);
    },
  );

  app.post(
    base,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['operations'],
        summary: `Add ${k.label}`,
        body: k.body,
        response: { ...CONFLICT, 201: k.record },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const fields = await k.fields(request.body as B, request);
      const saved = written(
        await createDocument(db(), caller.orgId, k.kind, {
          ...fields,
          id: randomUUID(),
          createdBy: caller.uid,
        }),
      );
      return reply.status(201).send(withETag(reply, saved));
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags: ['operations'],
        summary: `Change ${k.label} (the version read in the body or If-Match; stale → 409)`,
        params: idParams,
        body: k.updateBody,
        response: { ...CONFLICT, 200: k.record },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const body = request.body as U;
      const current = await getDocument(db(), caller.orgId, k.kind, request.params.id);
      const expected = await versionToWrite(request, body.version, Promise.resolve(current));
      const patch = await k.patch(body, current as Record<string, unknown>, request);
      return withETag(
        reply,
        written(await updateDocument(db(), caller.orgId, k.kind, request.params.id, patch, expected)),
      );
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags: ['operations'],
        summary: `Delete ${k.label} (the version read in If-Match; stale → 409)`,
        params: idParams,
        response: { ...CONFLICT, 200: deletedAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const expected = await versionToWrite(
        request,
        undefined,
        getDocument(db(), caller.orgId, k.kind, request.params.id),
      );
      return written(await deleteDocument(db(), caller.orgId, k.kind, request.params.id, expected));
    },
  );
}

/** A 400 naming the field, in the API's error shape. */
const refused = (code: string, message: string, field: string) =>
  new HttpError(400, code, message, { field });

function checkedTemplate(body: { name: string; fields: z.infer<typeof formBody>['fields'] }) {
  const issues = checkTemplate({ name: body.name, fields: body.fields });
  const first = issues[0];
  if (first) throw refused(first.code, `${first.field}: ${first.message}`, first.field);
}

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function operationsDocumentRoutes(app: App): void {
  const db = () => app.deps.db.db;

  documentRoutes(app, {
    kind: 'form',
    path: 'forms',
    readers: FORM_READERS,
    label: 'form template',
    body: formBody,
    updateBody: formUpdateBody,
    query: formsQuery,
    record: formTemplateRecord,
    fields: async (body) => {
      checkedTemplate(body);
      return {
        name: body.name.trim(),
        data: withoutUndefined({ description: body.description, fields: body.fields }),
      };
    },
    patch: async (body) => {
      checkedTemplate(body);
      return {
        name: body.name.trim(),
        data: withoutUndefined({ description: body.description, fields: body.fields }),
      };
    },
  });

  documentRoutes(app, {
    kind: 'equipment',
    path: 'equipments',
    readers: STOCK_READERS,
    label: 'equipment',
    body: equipmentBody,
    updateBody: equipmentUpdateBody,
    query: equipmentQuery,
    record: stockRecord,
    filters: (q) => withoutUndefined({ code: q.code, status: q.status }),
    fields: async (body) => ({
      name: body.name,
      code: body.code,
      status: body.status ?? 'available',
      data: withoutUndefined({ notes: body.notes }),
    }),
    patch: async (body, current) => ({
      name: body.name,
      code: body.code,
      status: body.status,
      ...(body.notes !== undefined ? { data: { ...dataOf(current), notes: body.notes } } : {}),
    }),
  });

  /** A pod booked, loaded or delivered is on a job of the organisation; an available one on none. */
  const podPlace = async (
    request: FastifyRequest,
    status: (typeof POD_STATUSES)[number],
    jobId: string | null | undefined,
  ): Promise<string | null> => {
    if (status === 'available') return null;
    if (!jobId) throw refused('job_required', `A ${status} pod needs the job it is on`, 'job_id');
    const caller = requireAuth(request);
    if (!(await jobExists(db(), caller.orgId, jobId)))
      throw refused('unknown_job', `No job ${jobId} in this organisation`, 'job_id');
    return jobId;
  };

  documentRoutes(app, {
    kind: 'pod',
    path: 'pods',
    readers: STOCK_READERS,
    label: 'pod',
    body: podBody,
    updateBody: podUpdateBody,
    query: podQuery,
    record: stockRecord,
    filters: (q) => withoutUndefined({ code: q.code, status: q.status, jobId: q.job_id }),
    fields: async (body, request) => {
      const status = body.status ?? (body.job_id ? 'booked' : 'available');
      return {
        name: body.name,
        code: body.code,
        status,
        jobId: await podPlace(request, status, body.job_id),
        data: withoutUndefined({ notes: body.notes }),
      };
    },
    patch: async (body, current, request) => {
      const status =
        body.status ?? (current.status as (typeof POD_STATUSES)[number] | undefined) ?? 'available';
      const jobId = body.job_id !== undefined ? body.job_id : (current.job_id as string | undefined);
      return {
        name: body.name,
        code: body.code,
        status,
        jobId: await podPlace(request, status, jobId),
        ...(body.notes !== undefined ? { data: { ...dataOf(current), notes: body.notes } } : {}),
      };
    },
  });
}

/** The stored data fields of a document as answered (the column fields left out). */
function dataOf(doc: Record<string, unknown>): Record<string, unknown> {
  const {
    _id: _i,
    name: _n,
    code: _c,
    status: _s,
    job_id: _j,
    parent_id: _p,
    created_by: _b,
    version: _v,
    _qa_create_utc: _qc,
    _qa_update_utc: _qu,
    ...data
  } = doc;
  return data;
}
