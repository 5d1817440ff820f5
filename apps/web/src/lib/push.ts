import type { PushPublicKey } from '@rostra/core/notifications/api';
import { api } from './client.ts';

/*
 * Web Push for the worker's app (issue #19 point 1): permission is asked only when the worker
 * asks for it (my day's "Get notified"), never at load. The browser's subscription, made with the
 * server's VAPID key, is kept by the server for this user (POST /me/push-subscriptions).
 */

export type PushSupport = 'unsupported' | 'default' | 'granted' | 'denied';

/** Whether this browser can take push, and what the person has said so far. */
export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('Notification' in window) ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes and gives the server the subscription; the outcome. */
export async function enablePush(): Promise<PushSupport> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await api.get<PushPublicKey>('/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  const json = subscription.toJSON();
  await api.post('/me/push-subscriptions', {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return 'granted';
}
