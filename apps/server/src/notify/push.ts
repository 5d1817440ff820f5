import type { PushPayload } from '@rostra/core/notifications/api';
import type { Db } from '@rostra/db/client';
import { getOrCreateSecret } from '@rostra/db/identity/secrets';
import { listPushSubscriptions, removePushSubscription } from '@rostra/db/notifications/deliveries';
import type { NotificationChannel } from './channels.ts';
import { PermanentFailure } from './channels.ts';

/*
 * Web Push (RFC 8030, with VAPID, RFC 8292, and the aes128gcm encryption of RFC 8291): `web-push`
 * encrypts and signs, we post. The VAPID key pair is made once and kept in the database
 * (`server_secrets`), so every instance, and every restart, signs with the same key the browsers
 * subscribed with.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SECRET = 'vapid-keys';

/** `web-push` (and its crypto dependencies), loaded on first use rather than at every start. */
const loadWebPush = () => import('web-push').then((m) => m.default);

/** The server's VAPID key pair, created the first time any instance asks. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const webpush = await loadWebPush();
  const stored = await getOrCreateSecret(db, VAPID_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}

export type { PushPayload };

/**
 * Push to every browser the user subscribed in the organisation. The push service keeps one
 * message per `Topic` (the delivery's id), so a send repeated after a crash replaces the first
 * while it is undelivered. A subscription the service says is gone (404, 410) is forgotten.
 * Sent when at least one browser's service accepted it; none subscribed is a permanent failure.
 */
export function pushChannel(input: {
  db: Db;
  contact: string;
  timeoutMs: number;
  allowHttp: boolean;
}): NotificationChannel {
  let keys: Promise<VapidKeys> | undefined;
  return {
    name: 'push',
    async send(d) {
      keys ??= vapidKeys(input.db);
      const vapid = await keys;
      const webpush = await loadWebPush();
      const subscriptions = await listPushSubscriptions(input.db, d.orgId, d.uid);
      if (subscriptions.length === 0) throw new PermanentFailure('no push subscription');
      const payload: PushPayload = {
        title: d.subject,
        body: d.body,
        record_id: d.recordId,
        event: d.event,
        ...(d.confirmToken ? { confirm_token: d.confirmToken } : {}),
      };
      let accepted = 0;
      const problems: string[] = [];
      for (const s of subscriptions) {
        if (!input.allowHttp && !s.endpoint.startsWith('https://')) {
          problems.push('push endpoint is not https');
          continue;
        }
        const request = webpush.generateRequestDetails(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: input.contact,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: 24 * 3600,
            topic: d.id.replaceAll('-', ''),
            urgency: 'high',
          },
        );
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          signal: AbortSignal.timeout(input.timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) accepted++;
        else if (res.status === 404 || res.status === 410) {
          await removePushSubscription(input.db, d.orgId, s.endpoint);
          problems.push(`push subscription gone (${res.status})`);
        } else problems.push(`push service answered ${res.status}`);
      }
      if (accepted > 0) return { providerId: null };
      const why = problems.join('; ') || 'no push subscription';
      if (problems.every((p) => p.startsWith('push subscription gone') || p.endsWith('not https')))
        throw new PermanentFailure(why);
      throw new Error(why);
    },
  };
}
