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
import type { PushPayload } from '@rostra/core/notifications/api';
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

/*
 * Notifications outside the app (issue #19): a push message shows as a notification; one asking
 * the worker to confirm a job carries Confirm and Decline actions, answered here with the confirm
 * link's token (no sign-in needed: the signed link is the proof), the outcome shown as a new
 * notification. A tap on the notification itself opens the job in the app.
 */
type PushMessage = Partial<PushPayload>;

const PUSH_TEXT = {
  confirm: 'Confirm',
  decline: 'Decline',
  confirmed: 'Job confirmed',
  declined: 'Job declined',
  failed: 'Could not answer — open the app to confirm',
} as const;

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() ?? '' };
  }
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: message.body ?? '',
    ...(message.record_id ? { tag: message.record_id } : {}),
    data: message,
    ...(message.confirm_token
      ? {
          actions: [
            { action: 'confirm', title: PUSH_TEXT.confirm },
            { action: 'decline', title: PUSH_TEXT.decline },
          ],
        }
      : {}),
  };
  event.waitUntil(self.registration.showNotification(message.title ?? 'Rostra', options));
});

async function answer(token: string, decision: 'confirm' | 'decline', tag: string | undefined) {
  let title: string = PUSH_TEXT.failed;
  try {
    const res = await fetch(`/api/v1/confirm/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ decision }),
      credentials: 'omit',
    });
    if (res.ok) title = decision === 'confirm' ? PUSH_TEXT.confirmed : PUSH_TEXT.declined;
    else {
      const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      title = body.error?.message ?? title;
    }
  } catch {
    // No connection: the failure note says to open the app.
  }
  await self.registration.showNotification(title, tag ? { tag } : {});
}

async function openJob(recordId: string | null | undefined) {
  const url = recordId ? `/bookings?job_id=${encodeURIComponent(recordId)}` : '/bookings';
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => undefined);
  } else await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const message = (event.notification.data ?? {}) as PushMessage;
  event.notification.close();
  const tag = event.notification.tag || undefined;
  if ((event.action === 'confirm' || event.action === 'decline') && message.confirm_token)
    event.waitUntil(answer(message.confirm_token, event.action, tag));
  else event.waitUntil(openJob(message.record_id));
});
