import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';

const SCRIPT = `export const screen = "${'my day '.repeat(400)}";\n`;
const ASSET = '/assets/index-Ab12Cd34.js';

/** A built web app as Vite and its compression step leave it: hashed assets with .br and .gz beside. */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rostra-web-built-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><script type="module" src="${ASSET}"></script>`);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, ASSET), SCRIPT);
  writeFileSync(join(dir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, `${ASSET}.gz`), gzipSync(SCRIPT));
  return dir;
}

describe.each(testDatabaseKinds())('the web app and API answers over the wire on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { webDist: builtWebApp() });
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('a hashed asset goes brotli-compressed to a browser that takes brotli, kept for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip to a browser that takes only gzip, the file itself to one that takes neither', async () => {
    const gz = await get(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const accept of [undefined, 'identity']) {
      const plain = await get(ASSET, accept);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('the page and the service worker are checked with the server each time, never kept as immutable', async () => {
    for (const url of ['/', '/bookings', '/index.html', '/sw.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('an API answer over 1 KB is compressed; a small one goes as it is', async () => {
    const big = await get('/api/docs/json', 'br, gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    expect(big.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(document)));

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await get('/healthz', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
