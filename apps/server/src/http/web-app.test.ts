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
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Rostra</title></head><body><script type="module" src="${ASSET}"></script></body></html>`,
  );
  writeFileSync(
    join(dir, 'first-load.json'),
    JSON.stringify({
      'sign-in': ['/assets/sign-in-A1.js'],
      'shell-layout': ['/assets/shell-layout-B2.js', '/assets/shared-C3.js'],
      'my-day': ['/assets/my-day-D4.js', '/assets/shell-layout-B2.js', '/assets/shared-C3.js'],
    }),
  );
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, ASSET), SCRIPT);
  writeFileSync(join(dir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, `${ASSET}.gz`), gzipSync(SCRIPT));
  return dir;
}

describe.each(testDatabaseKinds())('the web app and API answers over the wire on %s', (kind) => {
  let t: TestApp & { dist: string };
  beforeAll(async () => {
    const dist = builtWebApp();
    t = Object.assign(await createTestApp(kind, { webDist: dist }), { dist });
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

  it('a path that is no file of the build gets the app page, an unknown API path a 404, a dotfile neither', async () => {
    writeFileSync(join(t.dist, '.env'), 'SECRET=1');
    for (const url of ['/assets', '/assets/', '/assets/gone-Zz99.js', '/.env', '/bookings/12']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Rostra</title>');
    }
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('a file the build adds while the server runs is served (a rebuild needs no restart)', async () => {
    writeFileSync(join(t.dist, 'assets', 'late-Ef56.js'), 'export {};');
    const res = await get('/assets/late-Ef56.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('export {};');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/late-Ef56.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.body).toBe('');
  });

  /** What the page for `url` asks the browser to fetch at once: module preloads and fetch preloads. */
  const hintsOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="([^"]+)"[^>]*href="([^"]+)"/g)];
    expect(res.body, url).toContain(`<script type="module" src="${ASSET}"></script>`);
    return {
      scripts: links.filter(([, rel]) => rel === 'modulepreload').map(([, , href]) => href),
      fetches: links.filter(([, rel]) => rel === 'preload').map(([, , href]) => href),
    };
  };

  it('the page names what its first screen needs, so a phone fetches it with the app and not a round trip later', async () => {
    expect(await hintsOf('/bookings')).toEqual({
      scripts: ['/assets/shell-layout-B2.js', '/assets/shared-C3.js', '/assets/my-day-D4.js'],
      fetches: ['/api/v1/me', '/api/v1/access_token'],
    });
    expect(await hintsOf('/week2timelinev2')).toEqual({
      scripts: ['/assets/shell-layout-B2.js', '/assets/shared-C3.js'],
      fetches: ['/api/v1/me', '/api/v1/access_token'],
    });
    expect(await hintsOf('/login')).toEqual({ scripts: ['/assets/sign-in-A1.js'], fetches: ['/api/v1/me'] });
    expect(await hintsOf('/reset')).toEqual({ scripts: [], fetches: [] });
  });

  it('an API answer over 1 KB is compressed; a small one goes as it is', async () => {
    const big = await get('/api/docs/json', 'br, gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    expect(big.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(document)));

    // The web app's files are no part of the API's document.
    const paths = Object.keys((document as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((path) => path.includes('*'))).toEqual([]);

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await get('/healthz', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
