import type { SQL } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { toTimelineRecord, type VersionedRecord } from './mapping.ts';

/**
 * Timeline records matching `where`, as the spec's records, ordered by begin (or `begin`) then id. Their
 * `resIds` come from `res_ids`, the trigger-kept copy of the assignment relation (no N+1 queries,
 * no per-record sub-select).
 */
export async function selectTimelineRecords(
  tx: Tx,
  where: SQL | undefined,
  limit?: number,
  /** What the records are ordered by before their id: their begin, unless the caller says. */
  begin: SQL | typeof timelineRecords.beginAt = timelineRecords.beginAt,
): Promise<VersionedRecord[]> {
  const query = tx.select().from(timelineRecords).where(where).orderBy(begin, timelineRecords.id);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => toTimelineRecord(r, r.resIds));
}
