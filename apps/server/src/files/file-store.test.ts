import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@rostra/db/client';
import { CHUNK_BYTES } from '@rostra/db/files/stored-files';
import { organisations } from '@rostra/db/schema/organisations';
import { openTestDatabase, testDatabaseKinds } from '@rostra/db/testing';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFileStore, createDiskFileStore, type FileStore, fileStoreFor } from './file-store.ts';
import { PROFILE_SPACE } from './keys.ts';
import { parseFileStoreUrl } from './s3-settings.ts';

/** A real S3-protocol server in this process (s3rver), with one bucket. */
async function startS3(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'rostra-s3-')),
    configureBuckets: [{ name: 'rostra-files' }],
  });
  const { port } = await server.run();
  return {
    url: `s3://S3RVER:S3RVER@rostra-files?endpoint=http://127.0.0.1:${port}&region=eu-west-1`,
    close: () => server.close(),
  };
}

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 251);
const later = () => new Date(Date.now() + 60_000);

type Made = { store: FileStore; close(): Promise<void> };
const stores: [string, () => Promise<Made>][] = [
  [
    'disk',
    async () => ({
      store: createDiskFileStore(mkdtempSync(join(tmpdir(), 'rostra-files-'))),
      close: async () => {},
    }),
  ],
  ...testDatabaseKinds().map((kind): [string, () => Promise<Made>] => [
    `database (${kind})`,
    async () => {
      const h: DbHandle = await openTestDatabase(kind);
      await h.db.insert(organisations).values([
        { id: 'org-a', name: 'A', slug: 'a' },
        { id: 'org-b', name: 'B', slug: 'b' },
      ]);
      return { store: createDatabaseFileStore(h.db), close: () => h.close() };
    },
  ]),
  [
    's3 (s3rver)',
    async () => {
      const s3 = await startS3();
      const store = await fileStoreFor(
        { fileStoreUrl: s3.url, dataDir: '/nonexistent' },
        {
          kind: 'pglite',
          db: undefined as never,
        },
      );
      return { store, close: s3.close };
    },
  ],
];

describe.each(stores)('the %s file store', (_name, make) => {
  let made: Made;
  let store: FileStore;
  beforeAll(async () => {
    made = await make();
    store = made.store;
  });
  afterAll(() => made?.close());

  it('gives back what was put, under a key of the organisation, until it is removed', async () => {
    const key = await store.put('org-a', Uint8Array.from([1, 2, 3]));
    expect(key.startsWith('org-a/')).toBe(true);
    expect(await store.read('org-a', key)).toEqual(Uint8Array.from([1, 2, 3]));
    await store.remove('org-a', key);
    expect(await store.read('org-a', key)).toBeUndefined();
  });

  it('keeps a file larger than one chunk and an empty one byte for byte', async () => {
    const big = bytes(CHUNK_BYTES * 2 + 17);
    const key = await store.put('org-a', big);
    expect(await store.read('org-a', key)).toEqual(big);
    const empty = await store.put('org-a', new Uint8Array(0));
    expect(await store.read('org-a', empty)).toEqual(new Uint8Array(0));
  });

  it("never reads another organisation's file or a path made up by a caller", async () => {
    const key = await store.put('org-a', Uint8Array.from([9]));
    expect(await store.read('org-b', key)).toBeUndefined();
    await store.remove('org-b', key);
    expect(await store.read('org-a', key)).toEqual(Uint8Array.from([9]));
    expect(await store.read('org-a', 'org-a/../../etc/passwd')).toBeUndefined();
    expect(await store.read('org-a', `${key}/..`)).toBeUndefined();
  });

  it('keeps profile photos in their own space, and writes at a key made elsewhere', async () => {
    const key = await store.put(PROFILE_SPACE, Uint8Array.from([4, 2]));
    expect(await store.read(PROFILE_SPACE, key)).toEqual(Uint8Array.from([4, 2]));
    const moved = 'org-b/0b0e4cde-5f7b-4c1e-9d36-1d2f3a4b5c6d';
    await store.write('org-b', moved, Uint8Array.from([5]));
    expect(await store.read('org-b', moved)).toEqual(Uint8Array.from([5]));
    await expect(store.write('org-a', moved, Uint8Array.from([6]))).rejects.toThrow();
  });

  it('lists the files of a space written before a time, and none of another space', async () => {
    const key = await store.put('org-b', Uint8Array.from([1]));
    expect(await store.list('org-b', later())).toContain(key);
    expect(await store.list('org-b', new Date(Date.now() - 3_600_000))).not.toContain(key);
    expect(await store.list('org-a', later())).not.toContain(key);
  });
});

describe('FILE_STORE_URL', () => {
  it('is read as a bucket with its endpoint, region and keys', () => {
    expect(
      parseFileStoreUrl('s3://AK:S%2FK@media?endpoint=http://minio:9000&region=eu-central-1'),
    ).toMatchObject({
      bucket: 'media',
      client: {
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'AK', secretAccessKey: 'S/K' },
      },
    });
  });

  it('is refused with a message naming it when it is not an s3:// address', () => {
    expect(() => parseFileStoreUrl('/var/files')).toThrow(/FILE_STORE_URL must be s3:\/\//);
    expect(() => parseFileStoreUrl('https://bucket.example.com')).toThrow(/FILE_STORE_URL must be s3:\/\//);
  });
});
