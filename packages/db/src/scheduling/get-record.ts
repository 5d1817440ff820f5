import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { type ExpectedVersion, notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { withOrg } from '../tenant.ts';
import type { RecordKind } from './record-kinds.ts';

/** The condition naming one record of the organisation. */
export const whereId = (kind: RecordKind, orgId: string, id: string) =>
  and(eq(kind.cols.orgId, orgId), eq(kind.cols.id, id));

/** The row of one record in the caller's transaction (locked for update when asked). */
export async function selectRecordRow(
  tx: Tx,
  orgId: string,
  kind: RecordKind,
  id: string,
  options: { forUpdate?: boolean; reader?: Reader | undefined } = {},
): Promise<Record<string, unknown> | undefined> {
  const query = tx
    .select()
    .from(kind.table)
    .where(
      and(
        whereId(kind, orgId, id),
        kind.cols.readers && options.reader ? readableBy(kind.cols.readers, options.reader) : undefined,
      ),
    )
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] as Record<string, unknown> | undefined;
}

/**
 * The record, its row locked for the check-and-write of a versioned write, when it is still at
 * `expected` (any version when undefined); else `not_found`, or `stale` with the current record.
 */
export async function lockAtVersion(
  tx: Tx,
  orgId: string,
  kind: RecordKind,
  id: string,
  expected: ExpectedVersion,
): Promise<WriteResult<Record<string, unknown>>> {
  const row = await selectRecordRow(tx, orgId, kind, id, { forUpdate: true });
  if (!row) return notFound();
  const current = kind.toRecord(row);
  if (expected !== undefined && row.version !== expected) return stale(current);
  return { ok: true, record: current };
}

/**
 * One record of the organisation as the spec's record; undefined when there is none, or when the
 * kind has a readers list and the reader is not on it (a record one may not read does not exist).
 */
export async function getRecord(
  db: Db,
  orgId: string,
  kind: RecordKind,
  id: string,
  reader?: Reader,
): Promise<Record<string, unknown> | undefined> {
  const row = await withOrg(db, orgId, (tx) => selectRecordRow(tx, orgId, kind, id, { reader }));
  return row ? kind.toRecord(row) : undefined;
}
