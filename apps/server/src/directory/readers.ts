import { nonMembers } from '@rostra/db/directory/readers';
import { getRecord } from '@rostra/db/scheduling/get-record';
import type { RecordKind } from '@rostra/db/scheduling/record-kinds';
import type { Caller } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

type Rec = Record<string, unknown>;

export const READERS_TEXT = {
  notMembers: (uids: readonly string[]) =>
    `Readers must be users of this organisation; not members: ${uids.join(', ')}`,
};

/**
 * The check of a written readers list (`_uid_r`) of a project task or calendar event: every user id
 * added must be a member of the caller's organisation, else a 400 naming them (field `_uid_r`).
 * Ids already on the record may stay (a user who left keeps nothing but their place in the list).
 */
export function readersCheck(app: App, kind: RecordKind) {
  return async (caller: Caller, body: Rec, id?: string): Promise<void> => {
    const readers = body._uid_r;
    if (!Array.isArray(readers) || readers.length === 0) return;
    const db = app.deps.db.db;
    const current = id === undefined ? undefined : await getRecord(db, caller.orgId, kind, id);
    const kept = new Set(Array.isArray(current?._uid_r) ? (current._uid_r as unknown[]) : []);
    const added = readers.filter((u): u is string => typeof u === 'string' && !kept.has(u));
    const unknown = await nonMembers(db, caller.orgId, added);
    if (unknown.length)
      throw new HttpError(400, 'unknown_readers', READERS_TEXT.notMembers(unknown), { field: '_uid_r' });
  };
}
