/*
 * Rostra's service worker: the app opens without a connection. A resource on a phone in a lift or
 * a basement can reload it and still see the day kept on the device and queue timer taps
 * (apps/web/src/lib/session.ts keeps who is signed in; lib/job-life-day.ts the day).
 *
 * - Pages (navigations): the network first, so a new build is picked up at once; the last page
 *   answered is kept and served when there is no connection.
 * - Built assets (/assets/*, content-hashed, never changed in place): from the cache, else fetched
 *   and kept. When a page names an entry script not kept yet (a new build), the old assets go.
 * - Everything else (the API, the live socket, uploads) is not touched: data is the server's.
 */
const CACHE = 'rostra-app-v1';
const SHELL = '/';

/** The /assets/ files a page names (its entry script, styles, preloads). */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

/** Keeps a page and what it names; on a new build, drops the previous build's assets. */
async function keepPage(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const assets = assetsOf(html);
  const isNewBuild = assets.length > 0 && !(await cache.match(assets[0]));
  await cache.put(SHELL, response);
  if (!isNewBuild) return;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/assets/')) await cache.delete(request);
  }
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL, { cache: 'no-cache' });
      if (response.ok) await keepPage(response);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          const type = response.headers.get('content-type') ?? '';
          if (response.ok && type.includes('text/html')) event.waitUntil(keepPage(response.clone()));
          return response;
        } catch {
          return (await caches.match(SHELL)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const kept = await caches.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })(),
    );
  }
});
