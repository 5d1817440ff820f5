import { randomUUID } from 'node:crypto';
import type { NotifyChannel } from '@rostra/core/notifications/rules';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { notificationDeliveries, pushSubscriptions } from '../schema/notifications.ts';
import { withOrg } from '../tenant.ts';

/*
 * The notification outbox's sending side. A runner claims due rows (FOR UPDATE SKIP LOCKED, so two
 * runners never take the same row) by marking them `sending` with a claim token and a lease; it
 * then sends and marks each one with that token. A runner that dies mid-send leaves its rows
 * `sending` until the lease runs out, when any runner claims them again and sends them with the
 * same idempotency key (the row's id), so the provider can drop the repeat.
 */

export type Delivery = typeof notificationDeliveries.$inferSelect;

/** Claims up to `limit` due sends of the organisation for `leaseMs`. */
export async function claimDeliveries(
  db: Db,
  orgId: string,
  now: Date,
  leaseMs: number,
  limit = 50,
): Promise<Delivery[]> {
  return withOrg(db, orgId, async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.orgId, orgId),
          or(
            and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, now)),
            and(eq(notificationDeliveries.status, 'sending'), lte(notificationDeliveries.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(asc(notificationDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notificationDeliveries)
      .set({
        status: 'sending',
        claim: randomUUID(),
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${notificationDeliveries.attempts} + 1`,
      })
      .where(
        and(
          eq(notificationDeliveries.orgId, orgId),
          inArray(
            notificationDeliveries.id,
            due.map((d) => d.id),
          ),
        ),
      )
      .returning();
  });
}

const claimed = (orgId: string, d: Pick<Delivery, 'id' | 'claim'>) =>
  and(
    eq(notificationDeliveries.orgId, orgId),
    eq(notificationDeliveries.id, d.id),
    eq(notificationDeliveries.status, 'sending'),
    d.claim === null ? isNull(notificationDeliveries.claim) : eq(notificationDeliveries.claim, d.claim),
  );

/** Marks a claimed send sent; false when the claim was lost (another runner took it over). */
export async function markSent(
  db: Db,
  orgId: string,
  d: Pick<Delivery, 'id' | 'claim'>,
  providerId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .update(notificationDeliveries)
      .set({ status: 'sent', sentAt: now, providerId, leaseUntil: null, lastError: null })
      .where(claimed(orgId, d))
      .returning({ id: notificationDeliveries.id }),
  );
  return rows.length > 0;
}

/** Marks a claimed send failed: due again at `retryAt`, or failed for good without one. */
export async function markFailed(
  db: Db,
  orgId: string,
  d: Pick<Delivery, 'id' | 'claim'>,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  await withOrg(db, orgId, (tx) =>
    tx
      .update(notificationDeliveries)
      .set(
        retryAt
          ? { status: 'pending', nextAttemptAt: retryAt, leaseUntil: null, lastError: error.slice(0, 500) }
          : { status: 'failed', leaseUntil: null, lastError: error.slice(0, 500) },
      )
      .where(claimed(orgId, d)),
  );
}

/** One line of a job's delivery log. */
export type DeliveryLogEntry = {
  id: string;
  event: string;
  channel: NotifyChannel;
  uid: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
};

/** The sends about a job, oldest first (the dispatcher's delivery log). */
export async function listJobDeliveries(
  db: Db,
  orgId: string,
  recordId: string,
): Promise<DeliveryLogEntry[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.orgId, orgId), eq(notificationDeliveries.recordId, recordId)))
      .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.channel)),
  );
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    channel: r.channel as NotifyChannel,
    uid: r.uid,
    status: r.status,
    attempts: r.attempts,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
    next_attempt_at: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    last_error: r.lastError,
  }));
}

/** Every send of the organisation (tests and operators). */
export function listDeliveries(db: Db, orgId: string): Promise<Delivery[]> {
  return withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.orgId, orgId))
      .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.channel)),
  );
}

export type PushSubscription = { endpoint: string; p256dh: string; auth: string };

/** A user's push subscriptions in the organisation. */
export async function listPushSubscriptions(db: Db, orgId: string, uid: string): Promise<PushSubscription[]> {
  return withOrg(db, orgId, (tx) =>
    tx
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.orgId, orgId), eq(pushSubscriptions.uid, uid)))
      .orderBy(asc(pushSubscriptions.createdAt)),
  );
}

/** Keeps a browser's subscription for the user (a browser another user had is theirs now). */
export async function savePushSubscription(
  db: Db,
  orgId: string,
  uid: string,
  s: PushSubscription,
  now: Date,
): Promise<void> {
  await withOrg(db, orgId, (tx) =>
    tx
      .insert(pushSubscriptions)
      .values({ orgId, uid, ...s, createdAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.orgId, pushSubscriptions.endpoint],
        set: { uid, p256dh: s.p256dh, auth: s.auth },
      }),
  );
}

/** Forgets a subscription (the push service said it is gone, or the user turned push off). */
export async function removePushSubscription(
  db: Db,
  orgId: string,
  endpoint: string,
  uid?: string,
): Promise<boolean> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.orgId, orgId),
          eq(pushSubscriptions.endpoint, endpoint),
          uid === undefined ? undefined : eq(pushSubscriptions.uid, uid),
        ),
      )
      .returning({ endpoint: pushSubscriptions.endpoint }),
  );
  return rows.length > 0;
}
