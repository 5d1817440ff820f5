import type { S3ClientConfig } from '@aws-sdk/client-s3';

/**
 * `FILE_STORE_URL` read: `s3://[ACCESS_KEY:SECRET@]BUCKET[?endpoint=URL&region=R]`. Without keys in
 * the URL the SDK's usual sources apply (AWS_ACCESS_KEY_ID…, an instance role). An `endpoint`
 * (MinIO, Ceph, a test server) is addressed path-style. Throws a message naming the setting.
 */
export function parseFileStoreUrl(value: string): { bucket: string; client: S3ClientConfig } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('FILE_STORE_URL must be s3://[KEY:SECRET@]BUCKET[?endpoint=…&region=…]');
  }
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error('FILE_STORE_URL must be s3://[KEY:SECRET@]BUCKET[?endpoint=…&region=…]');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const client: S3ClientConfig = {
    region: url.searchParams.get('region') ?? 'us-east-1',
    // Checksums only where the protocol requires them: S3-compatible servers differ on the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
  };
  return { bucket: url.hostname, client };
}
