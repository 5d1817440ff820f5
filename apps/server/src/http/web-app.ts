import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { type FirstLoadChunk, firstLoadOf } from '@rostra/core/shell/first-load';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** Marks the routes of the built web app's files (`serveWebApp`): sent as built, never compressed again. */
const WEB_APP_FILE = { webAppFile: true };

/** Built files whose names carry a content hash (Vite's `assets/`): they never change in place. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Compresses what the server makes (API answers, the OpenAPI document, CSV and calendar exports)
 * over 1 KB, brotli or gzip by the request's Accept-Encoding. Must be installed before any route
 * is: it attaches itself to each route as the route is added.
 *
 * Left alone: the built web app's files (served pre-compressed from disk, `serveWebApp`), the live
 * socket (its upgrade is not an HTTP answer), event streams and binary downloads (uploaded
 * files: `application/octet-stream` and other types that mime-db marks incompressible), partial
 * answers (206). Request bodies are not decompressed (a compressed upload is refused as before).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    // The web app's files (`serveWebApp`) are compressed at build; @fastify/websocket marks its sockets.
    const config: unknown = route.config;
    const isBuiltFile = typeof config === 'object' && config !== null && 'webAppFile' in config;
    if (isBuiltFile || route.websocket === true) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // JSON, XML and text except event streams; anything else only when mime-db calls it
    // compressible (JavaScript, CSV, calendars), so octet-stream downloads keep their length.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
  });
}

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The page for a path: the built `index.html` with what the path's first screen needs named in its
 * head (core's `firstLoadOf`), so that the browser fetches it at once, side by side with the app's
 * own code, instead of a round trip after the boot module has run (issue 17 point 8): the
 * screen's scripts as module preloads (the build's `first-load.json`) and the first API answers as
 * fetch preloads, which the boot module's requests (apps/web/src/app/early.ts) take over.
 */
export function firstLoadPage(webDist: string): (pathname: string) => string {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, 'first-load.json');
  const scripts: Partial<Record<FirstLoadChunk, string[]>> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const pages = new Map<string, string>();
  return (pathname) => {
    const { chunks, requests } = firstLoadOf(pathname);
    const key = `${chunks.join()}|${requests.join()}`;
    let page = pages.get(key);
    if (page === undefined) {
      const files = new Set(chunks.flatMap((chunk) => scripts[chunk] ?? []));
      // The API answers first: small, and what the screen waits on longest (a phone has six
      // connections, which the scripts would otherwise take); the screen's scripts after the app's.
      const fetches = requests.map(
        (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attr(url)}">`,
      );
      const modules = [...files].map((file) => `<link rel="modulepreload" crossorigin href="${attr(file)}">`);
      page = html
        .replace(/<head>/i, `<head>${fetches.join('')}`)
        .replace(/<\/head>/i, `${modules.join('')}</head>`);
      pages.set(key, page);
    }
    return page;
  };
}

/**
 * Serves the built single-page app: real files as they are, every other non-API path as
 * `index.html` so the client router can take it. Unknown `/api/*` paths answer 404 JSON.
 *
 * The build (apps/web/vite.config.ts) writes a brotli (`.br`) and a gzip (`.gz`) copy beside
 * each hashed asset; the one the browser accepts is sent (`content-encoding`), else the file
 * itself. Hashed assets may be kept for a year untouched; `index.html`, the service worker and
 * anything else unhashed are checked with the server on every use. A page path gets `index.html`
 * with its first screen's needs named (`firstLoadPage`).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  const pageFor = hasBuild ? firstLoadPage(webDist) : undefined;
  if (hasBuild) {
    // A route per entry at the top of the build (`/assets/*`, `/sw.js`, …) that looks the file up
    // when it is asked for, not a route per file (`wildcard: false`): a build has ~640 files, and
    // listing them and adding a GET and a HEAD route for each took ~0.2 s of every start. A file a
    // rebuild adds under a folder is served too. Not one catch-all at `/*`: the router would then
    // take an API path it cannot match (a parameter over its length limit, answered 414) to it.
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        const inAssets = relative(webDist, path).split(sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
    // No dotfile and no way out of the build: else the not-found handler (the app's page, an
    // unknown API path's 404). A missing file or a folder goes there too (`sendFile` finds out
    // when it opens the file; no look of our own first).
    const send = (file: string, reply: FastifyReply) =>
      file.split('/').every((part) => part !== '' && !part.startsWith('.') && !/[\\\0]/.test(part))
        ? reply.sendFile(file)
        : reply.callNotFound();
    const options = { config: WEB_APP_FILE, schema: { hide: true } };
    for (const entry of readdirSync(webDist, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const top = entry.name;
      if (entry.isDirectory())
        app.get(`/${top}/*`, options, (request, reply) =>
          send(`${top}/${(request.params as { '*': string })['*']}`, reply),
        );
      else app.get(`/${top}`, options, (_request, reply) => send(top, reply));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(errorBody('not_found', `No such API route: ${request.method} ${path}`));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', `Nothing at ${request.method} ${path}`));
    }
    if (!pageFor) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageFor(path));
  });
}
