/// <reference lib="webworker" />
/*
 * Rostra's service worker (built by vite-plugin-pwa, `injectManifest`, into dist/sw.js): the app
 * opens without a connection. A resource on a phone in a lift or a basement can reload it and
 * still see the day kept on the device and queue timer taps (lib/session.ts keeps who is signed
 * in; features/job-life/day.ts the day).
 *
 * - Built files: the build's manifest (every hashed script and style, each screen's chunk
 *   included, and index.html) is precached when the worker installs, so any screen opens offline
 *   and not only the one first visited. A new build brings a new worker with a new manifest; it
 *   takes over at once and the previous build's files go.
 * - Pages (navigations): the network first, so a new build is picked up at once; the last page
 *   answered is kept and served when there is no connection (else the precached index.html).
 * - Other /assets/* (a newer build's, asked for by a page fetched before its worker arrived):
 *   from the cache, else fetched and kept until the next worker takes over.
 * - Everything else (the API, the live socket, uploads) is not touched: data is the server's.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const SHELL_CACHE = 'rostra-shell-v1';
const SHELL = '/';
const ASSETS_CACHE = 'rostra-assets-v1';
/** The hand-written worker's cache (before Workbox): dropped when this worker takes over. */
const OLD_CACHES = ['rostra-app-v1'];

self.skipWaiting();
clientsClaim();

// Registered first: a navigation must never be answered by the precache route (cache first).
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const response = await fetch(request);
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.includes('text/html')) {
          const copy = response.clone();
          event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL, copy)));
        }
        return response;
      } catch {
        return (
          (await caches.match(SHELL, { cacheName: SHELL_CACHE })) ??
          (await matchPrecache('/index.html')) ??
          Response.error()
        );
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([...OLD_CACHES, ASSETS_CACHE].map((name) => caches.delete(name))));
});
