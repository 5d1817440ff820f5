import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import type { ExpectedVersion, WriteResult } from '../infra/write-result.ts';
import { withOrg } from '../tenant.ts';
import { lockAtVersion, whereId } from './get-record.ts';
import { recordEvents } from './record-events.ts';
import { type RecordKind, sideOf } from './record-kinds.ts';
import { dropFromResIds } from './timeline-writes.ts';

/** Deletes a record that is still at `expected` (else `stale`, nothing deleted). Answers the deleted record. */
export async function deleteRecord(
  db: Db,
  orgId: string,
  kind: RecordKind,
  id: string,
  expected: ExpectedVersion,
): Promise<WriteResult<Record<string, unknown>>> {
  return withOrg(db, orgId, async (tx) => {
    const locked = await lockAtVersion(tx, orgId, kind, id, expected);
    if (!locked.ok) return locked;
    const current = locked.record;
    await tx.delete(kind.table).where(whereId(kind, orgId, id));
    // Its assignments went with it (cascade); the records' ordered copy follows here.
    if (kind.name === 'resources') await dropFromResIds(tx, orgId, id);
    await appendLiveEvents(tx, orgId, recordEvents(kind.name, id, sideOf(kind, current), undefined));
    return { ok: true, record: current } as const;
  });
}
