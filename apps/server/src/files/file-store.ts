import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@rostra/db/client';
import {
  deleteStoredFile,
  type FileSpace,
  listStoredFiles,
  readStoredFile,
  writeStoredFile,
} from '@rostra/db/files/stored-files';
import { fileNameIn, isSpace, newKey, PROFILE_SPACE } from './keys.ts';

/**
 * Where uploaded bytes live. The database keeps the record (`uploads`) and the key; the store
 * keeps the bytes. Keys are made here, never taken from a client, and are scoped by space — an
 * organisation, or a shared space such as profile photos: `{space}/{uuid}`.
 *
 * Three stores answer the same calls (see {@link fileStoreFor}): the local disk (the embedded
 * database's default), PostgreSQL itself (the default with `DATABASE_URL`: every instance shares
 * it), and an S3-compatible bucket (`FILE_STORE_URL`).
 */
export type FileStore = {
  /** Which store this is, for logs and `rostra files migrate`. */
  readonly kind: 'disk' | 'database' | 's3';
  put(space: string, bytes: Uint8Array): Promise<string>;
  /** The bytes, or undefined when the key is unknown or not the space's. */
  read(space: string, key: string): Promise<Uint8Array | undefined>;
  remove(space: string, key: string): Promise<void>;
  /** Writes at a key made earlier (by this or another store): `rostra files migrate`. */
  write(space: string, key: string, bytes: Uint8Array): Promise<void>;
  /** The space's keys written before `before` (the sweep's candidates). */
  list(space: string, before: Date): Promise<string[]>;
};

/** Spaces that are not an organisation: their files are nobody's tenant data. */
const SHARED_SPACES: readonly string[] = [PROFILE_SPACE];

/** A file store in a folder of the local disk (the server's `DATA_DIR/files`). */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (space: string, key: string): string | undefined => {
    const name = fileNameIn(space, key);
    return name ? join(root, space, name) : undefined;
  };
  const write = async (space: string, key: string, bytes: Uint8Array) => {
    const path = pathOf(space, key);
    if (!path) throw new Error('not a key of this space');
    await mkdir(join(root, space), { recursive: true });
    await writeFile(path, bytes);
  };
  return {
    kind: 'disk',
    async put(space, bytes) {
      const key = newKey(space);
      await write(space, key, bytes);
      return key;
    },
    write,
    async read(space, key) {
      const path = pathOf(space, key);
      if (!path) return undefined;
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(space, key) {
      const path = pathOf(space, key);
      if (path) await rm(path, { force: true });
    },
    async list(space, before) {
      if (!isSpace(space)) return [];
      const names = await readdir(join(root, space)).catch(() => [] as string[]);
      const keys: string[] = [];
      for (const name of names.sort()) {
        const key = `${space}/${name}`;
        if (!fileNameIn(space, key)) continue;
        const info = await stat(join(root, space, name)).catch(() => undefined);
        if (info && info.mtime < before) keys.push(key);
      }
      return keys;
    },
  };
}

/** A file store in the database (`file_chunks`, `shared_file_chunks`): shared by every instance. */
export function createDatabaseFileStore(db: Db): FileStore {
  const where = (space: string): FileSpace => ({
    space,
    shared: SHARED_SPACES.includes(space),
  });
  return {
    kind: 'database',
    async put(space, bytes) {
      const key = newKey(space);
      await writeStoredFile(db, where(space), key, bytes);
      return key;
    },
    async write(space, key, bytes) {
      if (!fileNameIn(space, key)) throw new Error('not a key of this space');
      await writeStoredFile(db, where(space), key, bytes);
    },
    read: (space, key) =>
      fileNameIn(space, key) ? readStoredFile(db, where(space), key) : Promise.resolve(undefined),
    async remove(space, key) {
      if (fileNameIn(space, key)) await deleteStoredFile(db, where(space), key);
    },
    list: (space, before) => listStoredFiles(db, where(space), before),
  };
}

/**
 * The store the server's settings name: `FILE_STORE_URL` (an `s3://` bucket) when set; else the
 * database when it is PostgreSQL (so every instance sees every file); else the disk beside the
 * embedded database.
 */
export async function fileStoreFor(
  settings: { fileStoreUrl: string | undefined; dataDir: string },
  db: { kind: 'pglite' | 'postgres'; db: Db },
): Promise<FileStore> {
  if (settings.fileStoreUrl) {
    // Loaded only when a bucket is configured: the SDK is large and most starts never need it.
    const { createS3FileStore } = await import('./s3-store.ts');
    return createS3FileStore(settings.fileStoreUrl);
  }
  if (db.kind === 'postgres') return createDatabaseFileStore(db.db);
  return createDiskFileStore(join(settings.dataDir, 'files'));
}
