import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStore } from './file-store.ts';

import { fileNameIn, isSpace, newKey } from './keys.ts';
import { parseFileStoreUrl } from './s3-settings.ts';

const inSpace = (space: string, key: string) => fileNameIn(space, key) !== undefined;

/** A file store in an S3-compatible bucket: object `{space}/{uuid}` per file. */
export function createS3FileStore(fileStoreUrl: string): FileStore {
  const { bucket, client: config } = parseFileStoreUrl(fileStoreUrl);
  const s3 = new S3Client(config);
  const write = async (space: string, key: string, bytes: Uint8Array) => {
    if (!inSpace(space, key)) throw new Error('not a key of this space');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
  };
  return {
    kind: 's3',
    async put(space, bytes) {
      const key = newKey(space);
      await write(space, key, bytes);
      return key;
    },
    write,
    async read(space, key) {
      if (!inSpace(space, key)) return undefined;
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(space, key) {
      if (inSpace(space, key)) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async list(space, before) {
      if (!isSpace(space)) return [];
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${space}/`, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key && inSpace(space, o.Key) && o.LastModified && o.LastModified < before) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
