import { hasNotificationDot } from '@rostra/core/shell/roles';
import { and, desc, eq, isNull, lt, max, ne, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf } from '../infra/paging.ts';
import { bids } from '../schema/jobs.ts';
import { lastSeen, notifications } from '../schema/messaging.ts';
import { withOrg } from '../tenant.ts';
import { type StoredNotification, toNotification } from './add-notifications.ts';

/** Spec §9: notifications load 40 at a time. */
export const NOTIFICATION_PAGE = 40;

/** Who reads: dispatchers also get the organisation's (uid null) notifications. */
export type Recipient = { uid: string; isDispatcher: boolean };

const mine = (r: Recipient) =>
  r.isDispatcher ? or(eq(notifications.uid, r.uid), isNull(notifications.uid)) : eq(notifications.uid, r.uid);

/** The recipient's notifications, newest first, 40 per page. Throws InvalidCursorError. */
export async function listNotifications(
  db: Db,
  orgId: string,
  who: Recipient,
  cursor?: string,
): Promise<Page<StoredNotification>> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor, 2);
  if (cursor !== undefined && (after === undefined || typeof after[0] !== 'number'))
    throw new InvalidCursorError();
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.orgId, orgId),
          mine(who),
          after
            ? or(
                lt(notifications.createdAt, new Date(after[0] as number)),
                and(
                  eq(notifications.createdAt, new Date(after[0] as number)),
                  lt(notifications.id, String(after[1])),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_PAGE + 1),
  );
  return pageOf(rows, NOTIFICATION_PAGE, (r) => [r.createdAt.getTime(), r.id], toNotification);
}

/** Stores when the user last opened their notifications in this organisation (`lastseen`). */
export async function markNotificationsSeen(db: Db, orgId: string, uid: string, now: Date): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    await tx
      .insert(lastSeen)
      .values({ orgId, uid, seenAt: now })
      .onConflictDoUpdate({ target: [lastSeen.orgId, lastSeen.uid], set: { seenAt: now } });
    const seconds = Math.floor(now.getTime() / 1000);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'notifications',
        kind: 'notifications.seen',
        audience: { uids: [uid] },
        payload: { last_seen: seconds },
      },
    ]);
    return seconds;
  });
}

export type NotificationState = {
  /** Epoch seconds; null when never seen. */
  last_seen: number | null;
  latest_notification: number | null;
  latest_bid: number | null;
  /** The bell's dot: any notification or bid newer than last seen (the core's rule). */
  dot: boolean;
};

/**
 * The notification dot: the newest notification of the recipient and, for dispatchers, the newest
 * bid someone else placed, against their last-seen time.
 */
export async function notificationState(db: Db, orgId: string, who: Recipient): Promise<NotificationState> {
  return withOrg(db, orgId, async (tx) => {
    const [seen] = await tx
      .select({ at: lastSeen.seenAt })
      .from(lastSeen)
      .where(and(eq(lastSeen.orgId, orgId), eq(lastSeen.uid, who.uid)));
    const [latest] = await tx
      .select({ at: max(notifications.createdAt) })
      .from(notifications)
      .where(and(eq(notifications.orgId, orgId), mine(who)));
    const [bid] = who.isDispatcher
      ? await tx
          .select({ at: max(bids.createdAt) })
          .from(bids)
          .where(and(eq(bids.orgId, orgId), ne(bids.uid, who.uid)))
      : [{ at: null }];
    const ms = (d: Date | string | null | undefined) =>
      d === null || d === undefined ? null : new Date(d).getTime();
    const sec = (t: number | null) => (t === null ? null : Math.floor(t / 1000));
    const at = { seen: ms(seen?.at), notification: ms(latest?.at), bid: ms(bid?.at) };
    return {
      last_seen: sec(at.seen),
      latest_notification: sec(at.notification),
      latest_bid: sec(at.bid),
      // Compared to the millisecond: a notification in the same second as "seen", but after it,
      // still lights the dot (whole seconds would hide it).
      dot: hasNotificationDot({
        notificationTimes: at.notification === null ? [] : [at.notification],
        bidTimes: at.bid === null ? [] : [at.bid],
        lastSeen: at.seen ?? undefined,
      }),
    };
  });
}
