import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { type StoredRecord, toTimelineRecord } from './mapping.ts';

/** Assigned resource ids of a record, in order, as one array column (no N+1 queries). */
const resIdsColumn = sql<string[]>`coalesce((
  select array_agg(l.resource_id order by l.position) from timeline_record_resources l
  where l.org_id = ${timelineRecords.orgId} and l.record_id = ${timelineRecords.id}), '{}')`;

/** Timeline records matching `where`, as the spec's records, ordered by begin then id. */
export async function selectTimelineRecords(
  tx: Tx,
  where: SQL | undefined,
  limit?: number,
): Promise<StoredRecord[]> {
  const query = tx
    .select({ row: timelineRecords, resIds: resIdsColumn })
    .from(timelineRecords)
    .where(where)
    .orderBy(timelineRecords.beginAt, timelineRecords.id);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => toTimelineRecord(r.row, r.resIds ?? []));
}
