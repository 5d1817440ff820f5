import type { UserNotificationPreferences } from '@rostra/core/notifications/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { notificationPreferences } from '../schema/notifications.ts';
import { withOrg } from '../tenant.ts';
import { preferencesOf } from './enqueue.ts';

/** The user's channels and quiet hours in the organisation (the defaults when never set). */
export async function getPreferences(
  db: Db,
  orgId: string,
  uid: string,
): Promise<UserNotificationPreferences> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.orgId, orgId), eq(notificationPreferences.uid, uid))),
  );
  return preferencesOf(row);
}

/** Replaces the user's channels and quiet hours (already checked by the core's rules). */
export async function putPreferences(
  db: Db,
  orgId: string,
  uid: string,
  prefs: UserNotificationPreferences,
  now: Date,
): Promise<void> {
  const values = {
    channels: [...prefs.channels],
    quietStart: prefs.quietHours?.start ?? null,
    quietEnd: prefs.quietHours?.end ?? null,
    updatedAt: now,
  };
  await withOrg(db, orgId, (tx) =>
    tx
      .insert(notificationPreferences)
      .values({ orgId, uid, ...values })
      .onConflictDoUpdate({
        target: [notificationPreferences.orgId, notificationPreferences.uid],
        set: values,
      }),
  );
}
