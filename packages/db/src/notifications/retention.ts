import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bookingConfirmations, notificationDeliveries } from '../schema/notifications.ts';
import { withOrg } from '../tenant.ts';

/*
 * What the notification outbox keeps (issue #19): a send that is done with (sent, or failed for
 * good) stays in the job's delivery log for the retention period, then goes; a send still
 * pending or being sent is never removed. A confirm request whose link expired (its job started)
 * longer ago than the period goes too, with its link id.
 */

/** The default retention of finished sends and expired confirm links. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** Removes the organisation's finished sends and expired confirm requests older than `before`. */
export async function pruneNotifications(
  db: Db,
  orgId: string,
  before: Date,
): Promise<{ deliveries: number; confirmations: number }> {
  return withOrg(db, orgId, async (tx) => {
    const deliveries = await tx
      .delete(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.orgId, orgId),
          inArray(notificationDeliveries.status, ['sent', 'failed']),
          sql`coalesce(${notificationDeliveries.sentAt}, ${notificationDeliveries.createdAt}) < ${before.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: notificationDeliveries.id });
    const confirmations = await tx
      .delete(bookingConfirmations)
      .where(and(eq(bookingConfirmations.orgId, orgId), lt(bookingConfirmations.expiresAt, before)))
      .returning({ id: bookingConfirmations.recordId });
    return { deliveries: deliveries.length, confirmations: confirmations.length };
  });
}
