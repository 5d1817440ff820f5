import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { type ExpectedVersion, notFound, stale } from '../infra/write-result.ts';
import { enqueueBookingNotices } from '../notifications/enqueue.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { recheckBookings, recheckSpan } from './recheck-bookings.ts';
import type { SaveResult } from './save-timeline-record.ts';
import { recordChangeEvents, selectRecordForUpdate } from './timeline-writes.ts';

/**
 * Deletes a timeline record still at `expected` (its assignments and states go with it), and
 * re-checks the bookings its going can clear (a leave removed, a booking no longer in the way).
 */
export async function deleteTimelineRecord(
  db: Db,
  orgId: string,
  id: string,
  expected: ExpectedVersion,
  now: Date = new Date(),
): Promise<SaveResult> {
  return withOrg(db, orgId, async (tx) => {
    const before = await selectRecordForUpdate(tx, orgId, id);
    if (!before) return notFound();
    if (expected !== undefined && before.version !== expected) return stale(before);
    await tx.delete(timelineRecords).where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)));
    await enqueueBookingNotices(tx, orgId, before, undefined, now);
    await appendLiveEvents(tx, orgId, recordChangeEvents(before, undefined));
    const rechecked = await recheckBookings(
      tx,
      orgId,
      { ...(await recheckSpan(tx, orgId, before, undefined)), resourceIds: before.resIds },
      now,
    );
    return { ok: true, record: before, rechecked };
  });
}
