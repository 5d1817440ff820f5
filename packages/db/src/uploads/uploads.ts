import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendDocumentEvents } from '../documents/document-events.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { uploads } from '../schema/documents.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Records of uploaded files (the uploads screen). The bytes are in the server's file store under
 * `storage_key`; this module keeps only the record. `storage_key` never leaves the server.
 */

export type UploadRecord = {
  _id: string;
  name: string;
  mime_type: string;
  size: number;
  owner: string | null;
  created_by: string | null;
  /** Epoch seconds. */
  _qa_create_utc: number;
};

type Row = typeof uploads.$inferSelect;

export const toUpload = (r: Row): UploadRecord => ({
  _id: r.id,
  name: r.name,
  mime_type: r.mimeType,
  size: r.size,
  owner: r.owner,
  created_by: r.createdBy,
  _qa_create_utc: Math.floor(r.createdAt.getTime() / 1000),
});

/** The organisation's uploads, newest first; `q` matches the name. Throws InvalidCursorError. */
export async function listUploads(
  db: Db,
  orgId: string,
  query: {
    q?: string | undefined;
    type?: 'image' | 'pdf' | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<Page<UploadRecord>> {
  const limit = pageSize(query.limit);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 2);
  if (query.cursor !== undefined && (after === undefined || typeof after[0] !== 'number'))
    throw new InvalidCursorError();
  const text = query.q?.trim();
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.orgId, orgId),
          text ? sql`${uploads.name} ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
          query.type === 'image' ? sql`${uploads.mimeType} like 'image/%'` : undefined,
          query.type === 'pdf' ? eq(uploads.mimeType, 'application/pdf') : undefined,
          after
            ? or(
                lt(uploads.createdAt, new Date(after[0] as number)),
                and(eq(uploads.createdAt, new Date(after[0] as number)), lt(uploads.id, String(after[1]))),
              )
            : undefined,
        ),
      )
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(limit + 1),
  );
  return pageOf(rows, limit, (r) => [r.createdAt.getTime(), r.id], toUpload);
}

/** One upload's record with its storage key (for the server only). */
export async function getUpload(
  db: Db,
  orgId: string,
  id: string,
): Promise<(UploadRecord & { storageKey: string }) | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(uploads)
      .where(and(eq(uploads.orgId, orgId), eq(uploads.id, id))),
  );
  return row ? { ...toUpload(row), storageKey: row.storageKey } : undefined;
}

export async function insertUpload(
  db: Db,
  orgId: string,
  input: {
    id: string;
    name: string;
    mimeType: string;
    size: number;
    storageKey: string;
    owner?: string | null;
    createdBy: string | null;
    createdAt?: Date;
  },
): Promise<UploadRecord> {
  const [row] = await withOrg(db, orgId, async (tx) => {
    const inserted = await tx
      .insert(uploads)
      .values({
        orgId,
        id: input.id,
        name: input.name,
        mimeType: input.mimeType,
        size: input.size,
        storageKey: input.storageKey,
        owner: input.owner ?? null,
        createdBy: input.createdBy,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning();
    const [made] = inserted;
    if (made) await appendDocumentEvents(tx, orgId, 'uploads', input.id, undefined, toUpload(made));
    return inserted;
  });
  return toUpload(row as Row);
}

/** Removes the record; answers its storage key (the caller removes the bytes), undefined when absent. */
export async function deleteUpload(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const [row] = await withOrg(db, orgId, async (tx) => {
    const removed = await tx
      .delete(uploads)
      .where(and(eq(uploads.orgId, orgId), eq(uploads.id, id)))
      .returning();
    const [gone] = removed;
    if (gone) await appendDocumentEvents(tx, orgId, 'uploads', id, toUpload(gone), undefined);
    return removed;
  });
  return row?.storageKey;
}

/**
 * Upload records whose owner is a job that no longer exists (`feed:<job>`, `booking:<job>`: the
 * job was deleted, its chat went with it): removed. Answers their storage keys (the caller
 * removes the bytes). The sweep's first step.
 */
export async function deleteOrphanUploads(db: Db, orgId: string): Promise<string[]> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(uploads)
      .where(
        and(
          eq(uploads.orgId, orgId),
          sql`split_part(${uploads.owner}, ':', 1) in ('feed', 'booking')`,
          sql`not exists (select 1 from ${timelineRecords} r
                where r.org_id = ${uploads.orgId} and r.id = substr(${uploads.owner}, strpos(${uploads.owner}, ':') + 1))`,
        ),
      )
      .returning();
    for (const row of gone)
      await appendDocumentEvents(tx, orgId, 'uploads', row.id, toUpload(row), undefined);
    return gone.map((r) => r.storageKey);
  });
}

/** Every storage key the organisation's upload records name (what the sweep must keep). */
export async function uploadStorageKeys(db: Db, orgId: string): Promise<string[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.orgId, orgId)),
  );
  return rows.map((r) => r.key);
}
