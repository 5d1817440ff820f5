import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { type ExpectedVersion, invalid, type WriteResult } from '../infra/write-result.ts';
import { getSettings } from '../settings.ts';
import { withOrg } from '../tenant.ts';
import { lockAtVersion, whereId } from './get-record.ts';
import { fromToday, recheckBookings } from './recheck-bookings.ts';
import { recordEvents } from './record-events.ts';
import { type RecordKind, sideOf } from './record-kinds.ts';

/** The kinds whose change re-checks bookings: a resource its own, a label or plan everyone's. */
const RECHECKS: Partial<Record<string, 'own' | 'all'>> = {
  resources: 'own',
  labels: 'all',
  service_plans: 'all',
};

/**
 * Updates a record with the given spec fields merged over its current ones (fields not given stay
 * as they are; a field given as null is cleared). Optimistic concurrency: when the record is no
 * longer at `expected` nothing is written and the answer is `stale` with the current record.
 * The row is locked for the check-and-write, so two writers of one version cannot both win.
 * The kind's rules (`check`) see the fields given and refuse with `invalid` before any write.
 */
export async function updateRecord(
  db: Db,
  orgId: string,
  kind: RecordKind,
  id: string,
  changes: Record<string, unknown>,
  expected: ExpectedVersion,
  now: Date = new Date(),
): Promise<WriteResult<Record<string, unknown>>> {
  const { rechecked: _ignored, ...given } = changes;
  const refused = kind.check?.(given, await getSettings(db, orgId, 'display'), 'update');
  if (refused) return invalid(refused.code, refused.message, refused.field);
  return withOrg(db, orgId, async (tx) => {
    const locked = await lockAtVersion(tx, orgId, kind, id, expected);
    if (!locked.ok) return locked;
    const current = locked.record;
    const merged = { ...current, ...given, [kind.idField]: id };
    const [updated] = await tx
      .update(kind.table)
      .set({
        ...kind.values(merged),
        version: sql`${kind.cols.version} + 1`,
        updatedAt: new Date(),
      } as never)
      .where(whereId(kind, orgId, id))
      .returning();
    const record = kind.toRecord(updated as Record<string, unknown>);
    await appendLiveEvents(
      tx,
      orgId,
      recordEvents(kind.name, id, sideOf(kind, current), sideOf(kind, record)),
    );
    // A resource's, label's or service plan's change can turn bookings' verdicts: those from
    // today on (a resource's own; every one for a label or plan) are checked again.
    const scope = RECHECKS[kind.name];
    if (!scope) return { ok: true, record } as const;
    const rechecked = await recheckBookings(
      tx,
      orgId,
      { ...(await fromToday(tx, orgId, now)), resourceIds: scope === 'own' ? [id] : 'all' },
      now,
    );
    return { ok: true, record: { ...record, rechecked } } as const;
  });
}
