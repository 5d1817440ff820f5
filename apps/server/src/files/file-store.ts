import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded bytes live (DESIGN.md: local disk by default; an S3-compatible store would
 * implement the same three calls). The database keeps the record (`uploads`) and the key; the
 * store keeps the bytes. Keys are made here, never taken from a client, and are scoped by
 * organisation: `{org_id}/{uuid}`.
 */
export type FileStore = {
  put(orgId: string, bytes: Uint8Array): Promise<string>;
  /** The bytes, or undefined when the key is unknown or not the organisation's. */
  read(orgId: string, key: string): Promise<Uint8Array | undefined>;
  remove(orgId: string, key: string): Promise<void>;
};

const KEY = /^([A-Za-z0-9_-]{1,128})\/([0-9a-f-]{36})$/;

/** A file store in a folder of the local disk (the server's `DATA_DIR/files`). */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (orgId: string, key: string): string | undefined => {
    const match = KEY.exec(key);
    if (!match || match[1] !== orgId) return undefined;
    return join(root, match[1], match[2] as string);
  };
  return {
    async put(orgId, bytes) {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(orgId)) throw new Error('unusable organisation id for a file key');
      const key = `${orgId}/${randomUUID()}`;
      await mkdir(join(root, orgId), { recursive: true });
      await writeFile(pathOf(orgId, key) as string, bytes);
      return key;
    },
    async read(orgId, key) {
      const path = pathOf(orgId, key);
      if (!path) return undefined;
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(orgId, key) {
      const path = pathOf(orgId, key);
      if (path) await rm(path, { force: true });
    },
  };
}
