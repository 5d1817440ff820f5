import type { RecordEventKind } from '@rostra/core/api/live';
import type { Audience, LiveEventInput } from '../infra/live-events.ts';

/*
 * Live events of the catalogue and planning records (topic `records`): every write appends them
 * in its own transaction. The payload names the kind and carries the whole record as stored (the
 * spec's fields; derived fields such as a resource's `weightage_cost` are not included), so a
 * client can replace what it holds or reload its list.
 */

/** The kinds of record the `records` topic carries (the live protocol, core `api/live`). */
export type { RecordEventKind };

type Rec = Record<string, unknown>;

/** A record as it stood on one side of a write, and who could read it then. */
export type RecordSide = { record: Rec; audience: Audience };

/** Dispatchers and partners: the catalogue's readers (labels, resources, customers, shifts). */
export const CATALOGUE_AUDIENCE: Audience = { dispatchers: true, partners: true };

/** `base` and the user ids given (empty ones left out: a record with no user has no such reader). */
export function audienceWith(base: Audience, uids: readonly unknown[]): Audience {
  const list = uids.filter((u): u is string => typeof u === 'string' && u !== '');
  return list.length ? { ...base, uids: [...new Set(list)].sort() } : base;
}

function changedKeys(before: Rec, after: Rec): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/**
 * The events of a write from `before` to `after` (undefined for a create or a delete):
 * `record.created` / `record.changed` (with the names of the fields that changed) to who may read
 * the record now; `record.removed` to who could read it before and no longer can (a user id that
 * left its audience, or everyone on a delete), carrying only the kind and id.
 */
export function recordEvents(
  kind: RecordEventKind,
  id: string,
  before: RecordSide | undefined,
  after: RecordSide | undefined,
): LiveEventInput[] {
  const events: LiveEventInput[] = [];
  if (after) {
    const changed = before ? changedKeys(before.record, after.record) : undefined;
    if (!changed || changed.length) {
      events.push({
        topic: 'records',
        kind: before ? 'record.changed' : 'record.created',
        audience: after.audience,
        payload: { kind, _id: id, ...(changed ? { changed } : {}), record: after.record },
      });
    }
  }
  if (before) {
    const kept = new Set(after?.audience.uids ?? []);
    const lost = (before.audience.uids ?? []).filter((u) => !kept.has(u));
    const audience = after ? { uids: lost } : before.audience;
    if (!after || lost.length) {
      events.push({
        topic: 'records',
        kind: 'record.removed',
        audience,
        payload: { kind, _id: id, deleted: !after },
      });
    }
  }
  return events;
}
