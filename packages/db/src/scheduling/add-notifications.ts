import { randomUUID } from 'node:crypto';
import type { Tx } from '../client.ts';
import type { LiveEventInput } from '../infra/live-events.ts';
import { notifications } from '../schema/messaging.ts';

/** A notification to write: to one user, or (uid null) to the organisation's dispatchers. */
export type NotificationInput = {
  uid: string | null;
  kind: string;
  title: string;
  body: string;
  recordId?: string | null;
  data?: Record<string, unknown>;
};

export type StoredNotification = {
  _id: string;
  uid: string | null;
  kind: string;
  title: string;
  body: string;
  record_id: string | null;
  data: Record<string, unknown>;
  /** Epoch seconds. */
  _qa_create_utc: number;
};

/**
 * Writes notifications in the caller's transaction and answers the live events that announce
 * them (each only to its recipient, or to the dispatchers); append those with the change's own.
 */
export async function addNotifications(
  tx: Tx,
  orgId: string,
  items: readonly NotificationInput[],
  now: Date,
): Promise<LiveEventInput[]> {
  if (items.length === 0) return [];
  const rows = items.map((n) => ({
    orgId,
    id: randomUUID(),
    uid: n.uid,
    kind: n.kind,
    title: n.title,
    body: n.body,
    recordId: n.recordId ?? null,
    data: n.data ?? {},
    createdAt: now,
  }));
  await tx.insert(notifications).values(rows);
  return rows.map((r) => ({
    topic: 'notifications',
    kind: 'notification.created',
    audience: r.uid === null ? { dispatchers: true } : { uids: [r.uid] },
    payload: toNotification(r),
  }));
}

export function toNotification(
  r: typeof notifications.$inferInsert & { createdAt: Date },
): StoredNotification {
  return {
    _id: r.id,
    uid: r.uid ?? null,
    kind: r.kind,
    title: r.title,
    body: r.body ?? '',
    record_id: r.recordId ?? null,
    data: r.data ?? {},
    _qa_create_utc: Math.floor(r.createdAt.getTime() / 1000),
  };
}
