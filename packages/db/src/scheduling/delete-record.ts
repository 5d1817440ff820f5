import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withOrg } from '../tenant.ts';
import { selectRecordRow } from './get-record.ts';
import { appendLiveEvents } from './live-events.ts';
import { recordEvents } from './record-events.ts';
import { type RecordKind, sideOf } from './record-kinds.ts';
import { type ExpectedVersion, notFound, stale, type WriteResult } from './write-result.ts';

/** Deletes a record that is still at `expected` (else `stale`, nothing deleted). Answers the deleted record. */
export async function deleteRecord(
  db: Db,
  orgId: string,
  kind: RecordKind,
  id: string,
  expected: ExpectedVersion,
): Promise<WriteResult<Record<string, unknown>>> {
  return withOrg(db, orgId, async (tx) => {
    const row = await selectRecordRow(tx, orgId, kind, id, { forUpdate: true });
    if (!row) return notFound();
    const current = kind.toRecord(row);
    if (expected !== undefined && row.version !== expected) return stale(current);
    await tx.delete(kind.table).where(and(eq(kind.cols.orgId, orgId), eq(kind.cols.id, id)));
    await appendLiveEvents(tx, orgId, recordEvents(kind.name, id, sideOf(kind, current), undefined));
    return { ok: true, record: current } as const;
  });
}
