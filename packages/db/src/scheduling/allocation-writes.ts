import type { AllocationIssue } from '@rostra/core/allocation/messages';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { formatDateTime } from '@rostra/core/time/calendar';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { LiveEventInput } from '../infra/live-events.ts';
import { type BookingChange, enqueueBookingNotices } from '../notifications/enqueue.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { addNotifications } from './add-notifications.ts';
import { type StoredRecord, timelineRecordValues, type VersionedRecord } from './mapping.ts';
import { loadOrgContext } from './org-context.ts';
import { selectTimelineRecords } from './records.ts';
import { isTemplateItem } from './template-items.ts';
import { readersFor, recordChangeEvents, writeAssignments } from './timeline-writes.ts';

/** The allocation engine's verdict for one job, as written to it. */
export type AllocationVerdict = {
  /** The job as the engine returns it: resIds, resourceId, names, autoallocate, isConflict. */
  job: Record<string, unknown>;
  isConflict: boolean;
  errors: AllocationIssue[];
};

/**
 * Writes an allocation to a booking in the caller's transaction (whose assigned resources it has
 * locked): the assignment relation, resource names, `autoallocate`, `isConflict` and the errors,
 * the derived readers and a new version. Answers the saved record and the live events: the
 * change, and a notification to each newly assigned resource's user. With `deferred`, the
 * notification sends are not written but the change is added to it, for the caller to enqueue
 * with the rest of its batch (`enqueueBookingChanges`) and then `finish` (the live events and
 * the bell, which follow what the sends held as a roster draft).
 */
export async function writeAllocation(
  tx: Tx,
  orgId: string,
  before: StoredRecord,
  verdict: AllocationVerdict,
  now: Date,
  deferred?: BookingChange[],
): Promise<{ record: VersionedRecord; events: LiveEventInput[]; finish: () => Promise<LiveEventInput[]> }> {
  const resIds = Array.isArray(verdict.job.resIds) ? (verdict.job.resIds as string[]) : [];
  const merged: Record<string, unknown> = { ...before };
  delete merged.resource_first_name;
  delete merged.resource_last_name;
  for (const k of ['resource_first_name', 'resource_last_name', 'autoallocate'] as const) {
    if (verdict.job[k] !== undefined) merged[k] = verdict.job[k];
  }
  const readers = await readersFor(tx, orgId, resIds, before.customerId ?? null);
  await tx
    .update(timelineRecords)
    .set({
      ...timelineRecordValues({ ...merged, resIds, resourceId: resIds[0] ?? null }),
      isConflict: verdict.isConflict,
      conflictErrors: verdict.errors as unknown as Record<string, unknown>[],
      readers,
      version: sql`${timelineRecords.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, before._id)));
  await writeAssignments(tx, orgId, before._id, resIds);
  const [record] = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, before._id)),
    1,
  );
  if (!record) throw new Error(`booking ${before._id} vanished while being allocated`);

  // A master-roster template item is no one's job yet: assigning it notifies nobody.
  const added = isTemplateItem(record) ? [] : resIds.filter((id) => !before.resIds.includes(id));
  const addedUsers = added.length
    ? await tx
        .select({ uid: resources.uid })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, added), isNotNull(resources.uid)))
    : [];
  // The start as the organisation prints dates (its `date_format`), read only when someone is told.
  const when = addedUsers.length
    ? formatDateTime(record.utc_begin_plus_tz, (await loadOrgContext(tx, orgId)).dateFormat)
    : '';
  const label = bookingTitle(record);
  // After the sends are enqueued: a roster draft's readers (and so its live events) leave out the
  // workers only newly on it, and its bell tells them nothing yet either.
  const finish = async () => {
    const readers = (record._uid_r as string[] | undefined) ?? [];
    const notified = await addNotifications(
      tx,
      orgId,
      addedUsers
        .filter((u) => u.uid !== null && readers.includes(u.uid))
        .map((u) => ({
          uid: u.uid,
          kind: 'allocation',
          title: 'New booking allocated',
          body: `You have been allocated to booking ${label} on ${when}`,
          recordId: record._id,
        })),
      now,
    );
    return [...recordChangeEvents(before, record), ...notified];
  };
  if (deferred) {
    deferred.push({ before, after: record });
    return { record, events: [], finish };
  }
  await enqueueBookingNotices(tx, orgId, before, record, now);
  return { record, events: await finish(), finish: async () => [] };
}

/** Bookings and group events can be allocated; leaves and breaks cannot. */
export function isAllocatable(record: StoredRecord): boolean {
  const key = record._key ?? 'booking';
  return (key === 'booking' || key === 'groupevent') && record.status !== 'leave';
}
