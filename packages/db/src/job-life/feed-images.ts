import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { uploads } from '../schema/documents.ts';
import { withOrg } from '../tenant.ts';

/*
 * A chat image's record in `uploads` (the bytes are in the server's file store under
 * `storage_key`). Owned by its job (`feed:<job id>`), so the uploads screen can tell it apart.
 */

export type StoredUpload = { id: string; mimeType: string; size: number; storageKey: string; name: string };

export async function insertFeedUpload(
  db: Db,
  orgId: string,
  input: { jobId: string; name: string; mimeType: string; size: number; storageKey: string; uid: string },
): Promise<string> {
  const id = randomUUID();
  await withOrg(db, orgId, (tx) =>
    tx.insert(uploads).values({
      orgId,
      id,
      name: input.name,
      mimeType: input.mimeType,
      size: input.size,
      storageKey: input.storageKey,
      owner: `feed:${input.jobId}`,
      createdBy: input.uid,
    }),
  );
  return id;
}

export async function getUpload(db: Db, orgId: string, id: string): Promise<StoredUpload | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select({
        id: uploads.id,
        mimeType: uploads.mimeType,
        size: uploads.size,
        storageKey: uploads.storageKey,
        name: uploads.name,
      })
      .from(uploads)
      .where(and(eq(uploads.orgId, orgId), eq(uploads.id, id))),
  );
  return row;
}

/** Removes an upload record (a feed post that failed after its bytes were stored). */
export async function deleteUpload(db: Db, orgId: string, id: string): Promise<void> {
  await withOrg(db, orgId, (tx) =>
    tx.delete(uploads).where(and(eq(uploads.orgId, orgId), eq(uploads.id, id))),
  );
}
