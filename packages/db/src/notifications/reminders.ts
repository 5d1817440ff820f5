import { reminderDue, reminderWindow } from '@rostra/core/notifications/rules';
import { fromWallClock, toWallClock } from '@rostra/core/time/calendar';
import { and, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { selectTimelineRecords } from '../scheduling/records.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { aboutJob, enqueueNotices, type Notice, orgNoticeContext } from './enqueue.ts';

/*
 * Reminders (issue #19 point 2): the organisation's `reminderMinutes` before a job's start, each
 * of its workers is reminded once. A background job calls this every minute; the reminder's
 * event key names the job and its start, so the outbox's unique index keeps it to one per worker
 * and channel however often it runs, and a job moved to a new start is reminded of that one.
 */

/** The key of a job's reminder for the start `begin` (wall-clock seconds). */
export const reminderKey = (recordId: string, begin: number) => `reminder:${recordId}:${begin}`;

/** Writes the reminders due at `now` in the organisation; answers how many jobs were due. */
export async function enqueueReminders(db: Db, orgId: string, now: Date): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    const { settings, timeZone } = await orgNoticeContext(tx, orgId);
    const window = reminderWindow(now, settings);
    if (!window) return 0;
    const jobs = await selectTimelineRecords(
      tx,
      and(
        eq(timelineRecords.orgId, orgId),
        inArray(timelineRecords.key, ['booking', 'groupevent']),
        notInArray(timelineRecords.status, ['draft', 'cancelled', 'leave']),
        eq(timelineRecords.inactive, false),
        sql`cardinality(${timelineRecords.resIds}) > 0`,
        gt(timelineRecords.beginAt, toWallClock(window.from.getTime(), timeZone)),
        lte(timelineRecords.beginAt, toWallClock(window.to.getTime(), timeZone)),
        IS_LIVE_RECORD,
      ),
    );
    const startOf = (job: (typeof jobs)[number]) => new Date(fromWallClock(job.utc_begin_plus_tz, timeZone));
    const due = jobs.filter((job) => reminderDue(startOf(job), now, settings));
    const notices: Notice[] = due.flatMap((job) =>
      job.resIds.map((resourceId) => ({
        event: 'reminder' as const,
        key: reminderKey(job._id, job.utc_begin_plus_tz),
        // Held by quiet hours past the start, a reminder is moot: it is not sent.
        until: startOf(job),
        resourceId,
        ...aboutJob(job),
      })),
    );
    await enqueueNotices(tx, orgId, notices, now);
    return due.length;
  });
}
