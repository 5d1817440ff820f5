import { randomUUID } from 'node:crypto';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { invalid, type WriteResult } from '../infra/write-result.ts';
import { getSettings } from '../settings.ts';
import { withOrg } from '../tenant.ts';
import { selectRecordRow } from './get-record.ts';
import { recordEvents } from './record-events.ts';
import { type RecordKind, sideOf } from './record-kinds.ts';

/** A new record id when the input has none: short, url-safe, unique. */
export function newRecordId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 20);
}

/**
 * Creates a record from the spec's fields. Its id is the input's id field (`_id`, or `VisitStemID`),
 * else a new one; an id already taken in the organisation answers `exists` and writes nothing.
 * The kind's rules (`check`) refuse with `invalid` before anything is written.
 */
export async function createRecord(
  db: Db,
  orgId: string,
  kind: RecordKind,
  input: Record<string, unknown>,
): Promise<WriteResult<Record<string, unknown>>> {
  const given = input[kind.idField];
  const id = typeof given === 'string' && given !== '' ? given : newRecordId();
  const refused = kind.check?.(input, await getSettings(db, orgId, 'display'), 'create');
  if (refused) return invalid(refused.code, refused.message, refused.field);
  return withOrg(db, orgId, async (tx) => {
    if (await selectRecordRow(tx, orgId, kind, id)) return { ok: false, error: 'exists' } as const;
    const values = { ...kind.values({ ...input, [kind.idField]: id }), orgId, [kind.idKey]: id };
    const [row] = await tx
      .insert(kind.table)
      .values(values as never)
      .returning();
    const record = kind.toRecord(row as Record<string, unknown>);
    await appendLiveEvents(tx, orgId, recordEvents(kind.name, id, undefined, sideOf(kind, record)));
    return { ok: true, record } as const;
  });
}
