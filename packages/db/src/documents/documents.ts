import type { FormSubmission, FormTemplateRecord, StockRecord } from '@rostra/core/api/operations';
import { and, asc, desc, eq, gt, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { type ExpectedVersion, invalid, notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { type DocumentKind, orgDocuments } from '../schema/documents.ts';
import { withOrg } from '../tenant.ts';
import { appendDocumentEvents, DOCUMENT_EVENT_KIND } from './document-events.ts';

/*
 * The operations screens' simple documents in `org_documents` (forms, form submissions,
 * equipments, pods). The columns hold what lists filter on (name, code, status, job, parent); the
 * rest of a document's fields live in `data` under their JSON names. Announcements share the table
 * but are another module's: every function here is bound to one kind.
 */

export type OperationsKind = Extract<DocumentKind, 'form' | 'form_submission' | 'equipment' | 'pod'>;

/** A document as the API answers it: its data fields, then the columns under their JSON names. */
export type StoredDocument = Record<string, unknown> & {
  _id: string;
  name: string;
  version: number;
};

/**
 * A document of each kind as the API answers it (core's schemas): `data` holds what the routes
 * wrote, checked by the same schemas on the way in.
 */
export type DocumentOf<K extends OperationsKind> = {
  form: FormTemplateRecord;
  form_submission: FormSubmission;
  equipment: StockRecord;
  pod: StockRecord;
}[K];

type Row = typeof orgDocuments.$inferSelect;

/**
 * A row of a kind's document as that kind's answer. `data` is free JSON to the database: a form
 * template stored without its `fields` (an import's, or a row written by hand) has none, rather
 * than failing its answer.
 */
export const documentOf = <K extends OperationsKind>(kind: K, row: Row) => {
  const doc = toDocument(row);
  if (kind === 'form' && !Array.isArray(doc.fields)) doc.fields = [];
  return doc as DocumentOf<K>;
};

export function toDocument(row: Row): StoredDocument {
  return {
    ...row.data,
    _id: row.id,
    name: row.name,
    ...(row.code !== null ? { code: row.code } : {}),
    ...(row.status !== null ? { status: row.status } : {}),
    ...(row.jobId !== null ? { job_id: row.jobId } : {}),
    ...(row.parentId !== null ? { parent_id: row.parentId } : {}),
    ...(row.createdBy !== null ? { created_by: row.createdBy } : {}),
    version: row.version,
    _qa_create_utc: Math.floor(row.createdAt.getTime() / 1000),
    _qa_update_utc: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

/** Column values of a document (what lists filter on); `data` keeps everything else. */
export type DocumentFields = {
  name?: string | undefined;
  code?: string | null | undefined;
  status?: string | null | undefined;
  jobId?: string | null | undefined;
  parentId?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
};

export type DocumentQuery = {
  /** Text in the name or code (case-insensitive). */
  q?: string | undefined;
  /** Exactly this code (a scanned barcode). */
  code?: string | undefined;
  status?: string | undefined;
  jobId?: string | undefined;
  parentId?: string | undefined;
  /** `name` (A→Z, the default) or `newest` (latest created first). */
  order?: 'name' | 'newest' | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the organisation's documents of one kind. Throws InvalidCursorError. */
export async function listDocuments<K extends OperationsKind>(
  db: Db,
  orgId: string,
  kind: K,
  query: DocumentQuery = {},
): Promise<Page<DocumentOf<K>>> {
  const limit = pageSize(query.limit);
  const newest = query.order === 'newest';
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 2);
  if (
    query.cursor !== undefined &&
    (after === undefined || typeof after[0] !== (newest ? 'number' : 'string'))
  )
    throw new InvalidCursorError();
  const d = orgDocuments;
  const text = query.q?.trim();
  let from: SQL | undefined;
  if (after) {
    const id = String(after[1]);
    from = newest
      ? or(
          lt(d.createdAt, new Date(after[0] as number)),
          and(eq(d.createdAt, new Date(after[0] as number)), gt(d.id, id)),
        )
      : or(gt(sql`lower(${d.name})`, after[0]), and(eq(sql`lower(${d.name})`, after[0]), gt(d.id, id)));
  }
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(d)
      .where(
        and(
          eq(d.orgId, orgId),
          eq(d.kind, kind),
          text
            ? or(sql`${d.name} ilike ${contains(text)}`, sql`coalesce(${d.code}, '') ilike ${contains(text)}`)
            : undefined,
          query.code !== undefined ? eq(d.code, query.code) : undefined,
          query.status !== undefined ? eq(d.status, query.status) : undefined,
          query.jobId !== undefined ? eq(d.jobId, query.jobId) : undefined,
          query.parentId !== undefined ? eq(d.parentId, query.parentId) : undefined,
          from,
        ),
      )
      .orderBy(...(newest ? [desc(d.createdAt), asc(d.id)] : [asc(sql`lower(${d.name})`), asc(d.id)]))
      .limit(limit + 1),
  );
  return pageOf(
    rows,
    limit,
    (r) => (newest ? [r.createdAt.getTime(), r.id] : [r.name.toLowerCase(), r.id]),
    (r) => documentOf(kind, r),
  );
}

async function selectOne(tx: Tx, orgId: string, kind: OperationsKind, id: string, lock = false) {
  const q = tx
    .select()
    .from(orgDocuments)
    .where(and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, id), eq(orgDocuments.kind, kind)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function getDocument<K extends OperationsKind>(
  db: Db,
  orgId: string,
  kind: K,
  id: string,
): Promise<DocumentOf<K> | undefined> {
  const row = await withOrg(db, orgId, (tx) => selectOne(tx, orgId, kind, id));
  return row ? documentOf(kind, row) : undefined;
}

/** Another document of the kind holding this code (codes are unique per kind: they are scanned). */
async function codeTaken(tx: Tx, orgId: string, kind: OperationsKind, code: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: orgDocuments.id })
    .from(orgDocuments)
    .where(
      and(
        eq(orgDocuments.orgId, orgId),
        eq(orgDocuments.kind, kind),
        eq(orgDocuments.code, code),
        exceptId ? ne(orgDocuments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const LABEL: Record<OperationsKind, string> = {
  form: 'form',
  form_submission: 'submission',
  equipment: 'equipment',
  pod: 'pod',
};

export const duplicateCode = (kind: OperationsKind, code: string) =>
  invalid('duplicate_code', `Another ${LABEL[kind]} already has the code ${code}`, 'code');

/** Adds a document of the kind; `exists` when the id is taken, `duplicate_code` when the code is. */
export async function createDocument<K extends OperationsKind>(
  db: Db,
  orgId: string,
  kind: K,
  input: DocumentFields & { id: string; createdBy?: string | null | undefined },
): Promise<WriteResult<DocumentOf<K>>> {
  return withOrg(db, orgId, async (tx) => {
    const [existing] = await tx
      .select({ id: orgDocuments.id })
      .from(orgDocuments)
      .where(and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, input.id)));
    if (existing) return { ok: false, error: 'exists' } as const;
    if (input.code && (await codeTaken(tx, orgId, kind, input.code))) return duplicateCode(kind, input.code);
    const [row] = await tx
      .insert(orgDocuments)
      .values({
        orgId,
        id: input.id,
        kind,
        name: input.name ?? '',
        code: input.code ?? null,
        status: input.status ?? null,
        jobId: input.jobId ?? null,
        parentId: input.parentId ?? null,
        createdBy: input.createdBy ?? null,
        data: input.data ?? {},
      })
      .returning();
    const record = documentOf(kind, row as Row);
    await appendDocumentEvents(tx, orgId, DOCUMENT_EVENT_KIND[kind], input.id, undefined, record);
    return { ok: true, record };
  });
}

/**
 * Changes a document when it is still at `expected` (fields left undefined keep their value;
 * `data` replaces the stored data when given).
 */
export async function updateDocument<K extends OperationsKind>(
  db: Db,
  orgId: string,
  kind: K,
  id: string,
  patch: DocumentFields,
  expected: ExpectedVersion,
): Promise<WriteResult<DocumentOf<K>>> {
  return withOrg(db, orgId, async (tx) => {
    const row = await selectOne(tx, orgId, kind, id, true);
    if (!row) return notFound();
    if (expected !== undefined && row.version !== expected) return stale(documentOf(kind, row));
    if (patch.code && (await codeTaken(tx, orgId, kind, patch.code, id)))
      return duplicateCode(kind, patch.code);
    const [saved] = await tx
      .update(orgDocuments)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.code !== undefined ? { code: patch.code } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.jobId !== undefined ? { jobId: patch.jobId } : {}),
        ...(patch.parentId !== undefined ? { parentId: patch.parentId } : {}),
        ...(patch.data !== undefined ? { data: patch.data } : {}),
        version: sql`${orgDocuments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, id)))
      .returning();
    const record = documentOf(kind, saved as Row);
    await appendDocumentEvents(tx, orgId, DOCUMENT_EVENT_KIND[kind], id, toDocument(row), record);
    return { ok: true, record };
  });
}

/** Removes a document of the kind when it is still at `expected`. */
export async function deleteDocument(
  db: Db,
  orgId: string,
  kind: OperationsKind,
  id: string,
  expected: ExpectedVersion,
): Promise<WriteResult<{ _id: string; deleted: true }>> {
  return withOrg(db, orgId, async (tx) => {
    const row = await selectOne(tx, orgId, kind, id, true);
    if (!row) return notFound();
    if (expected !== undefined && row.version !== expected) return stale(documentOf(kind, row));
    await tx.delete(orgDocuments).where(and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, id)));
    await appendDocumentEvents(tx, orgId, DOCUMENT_EVENT_KIND[kind], id, toDocument(row), undefined);
    return { ok: true, record: { _id: id, deleted: true } };
  });
}
