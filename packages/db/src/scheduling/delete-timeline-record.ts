import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { appendLiveEvents } from './live-events.ts';
import type { StoredRecord } from './mapping.ts';
import { recordChangeEvents, selectRecordForUpdate } from './timeline-writes.ts';
import { type ExpectedVersion, notFound, stale, type WriteResult } from './write-result.ts';

/** Deletes a timeline record still at `expected` (its assignments and states go with it). */
export async function deleteTimelineRecord(
  db: Db,
  orgId: string,
  id: string,
  expected: ExpectedVersion,
): Promise<WriteResult<StoredRecord>> {
  return withOrg(db, orgId, async (tx) => {
    const before = await selectRecordForUpdate(tx, orgId, id);
    if (!before) return notFound();
    if (expected !== undefined && before.version !== expected) return stale(before);
    await tx.delete(timelineRecords).where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)));
    await appendLiveEvents(tx, orgId, recordChangeEvents(before, undefined));
    return { ok: true, record: before };
  });
}
