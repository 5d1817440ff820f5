import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { fileChunks, sharedFileChunks } from '../schema/files.ts';
import { withOrg } from '../tenant.ts';

/*
 * Files kept in the database, chunk by chunk: an organisation's in `file_chunks` (inside its
 * `withOrg` transaction, so row-level security holds), a shared space's (profile photos) in
 * `shared_file_chunks`. Writing a file replaces all of it in one transaction: a reader sees the
 * old file or the new one, never half.
 */

/** Bytes per chunk: small enough for one row, large enough that a photo is a handful of rows. */
export const CHUNK_BYTES = 256 * 1024;

/** Where a file lives: an organisation's space, or a shared one (`shared: true`). */
export type FileSpace = { space: string; shared: boolean };

function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += CHUNK_BYTES) out.push(bytes.subarray(at, at + CHUNK_BYTES));
  // An empty file is one empty chunk: it exists.
  return out.length ? out : [new Uint8Array(0)];
}

const inSpace = <T>(db: Db, where: FileSpace, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  where.shared ? db.transaction(fn) : withOrg(db, where.space, fn);

/** Writes (or replaces) the file at `key`. */
export function writeStoredFile(db: Db, where: FileSpace, key: string, bytes: Uint8Array): Promise<void> {
  return inSpace(db, where, async (tx) => {
    await deleteIn(tx, where, key);
    const chunks = chunksOf(bytes);
    if (where.shared) {
      for (const [n, part] of chunks.entries())
        await tx.insert(sharedFileChunks).values({ space: where.space, key, n, bytes: part });
    } else {
      for (const [n, part] of chunks.entries())
        await tx.insert(fileChunks).values({ orgId: where.space, key, n, bytes: part });
    }
  });
}

/** The file's bytes, or undefined when there is no file at `key` in that space. */
export function readStoredFile(db: Db, where: FileSpace, key: string): Promise<Uint8Array | undefined> {
  return inSpace(db, where, async (tx) => {
    const parts = where.shared
      ? await tx
          .select({ bytes: sharedFileChunks.bytes })
          .from(sharedFileChunks)
          .where(and(eq(sharedFileChunks.space, where.space), eq(sharedFileChunks.key, key)))
          .orderBy(asc(sharedFileChunks.n))
      : await tx
          .select({ bytes: fileChunks.bytes })
          .from(fileChunks)
          .where(and(eq(fileChunks.orgId, where.space), eq(fileChunks.key, key)))
          .orderBy(asc(fileChunks.n));
    if (parts.length === 0) return undefined;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.bytes.byteLength, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p.bytes, at);
      at += p.bytes.byteLength;
    }
    return out;
  });
}

function deleteIn(tx: Tx, where: FileSpace, key: string) {
  return where.shared
    ? tx
        .delete(sharedFileChunks)
        .where(and(eq(sharedFileChunks.space, where.space), eq(sharedFileChunks.key, key)))
    : tx.delete(fileChunks).where(and(eq(fileChunks.orgId, where.space), eq(fileChunks.key, key)));
}

export function deleteStoredFile(db: Db, where: FileSpace, key: string): Promise<void> {
  return inSpace(db, where, async (tx) => {
    await deleteIn(tx, where, key);
  });
}

/** The space's files written before `before` (their keys), for the sweep. */
export function listStoredFiles(db: Db, where: FileSpace, before: Date): Promise<string[]> {
  return inSpace(db, where, async (tx) => {
    const rows = where.shared
      ? await tx
          .select({ key: sharedFileChunks.key })
          .from(sharedFileChunks)
          .where(
            and(
              eq(sharedFileChunks.space, where.space),
              eq(sharedFileChunks.n, 0),
              lt(sharedFileChunks.createdAt, before),
            ),
          )
      : await tx
          .select({ key: fileChunks.key })
          .from(fileChunks)
          .where(
            and(eq(fileChunks.orgId, where.space), eq(fileChunks.n, 0), lt(fileChunks.createdAt, before)),
          );
    return rows.map((r) => r.key).sort();
  });
}
