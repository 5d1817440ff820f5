import { randomUUID } from 'node:crypto';
import { recordResources } from '@rostra/core/timeline/conflicts';
import { changedFields, type JobRecord } from '@rostra/core/timeline/job-update';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { LiveEventInput } from '../infra/live-events.ts';
import { jobStates } from '../schema/jobs.ts';
import { customers, resources, timelineRecordResources, timelineRecords } from '../schema/scheduling.ts';
import { draftViews } from './draft-views.ts';
import type { StoredRecord, VersionedRecord } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';
import { isTemplateItem } from './template-items.ts';

/*
 * Building blocks of every write to timeline records (CRUD, allocation, status actions), so that
 * each write takes the same locks, keeps the same derived fields and publishes the same events.
 */

/** The record (with its resIds), locked for update; undefined when the organisation has none. */
export async function selectRecordForUpdate(
  tx: Tx,
  orgId: string,
  id: string,
): Promise<VersionedRecord | undefined> {
  await tx.execute(
    sql`select 1 from ${timelineRecords} where ${timelineRecords.orgId} = ${orgId} and ${timelineRecords.id} = ${id} for update`,
  );
  const [record] = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)),
    1,
  );
  return record;
}

/**
 * Locks the rows of these resources (FOR NO KEY UPDATE, in id order so two writers never wait on
 * each other in a cycle) and answers the ids that exist. Every write that assigns a resource takes
 * this lock before it validates overlaps, so two writers assigning one resource run one after the
 * other and the second sees the first's record.
 */
export async function lockResources(tx: Tx, orgId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), inArray(resources.id, [...ids])))
    .orderBy(asc(resources.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

/**
 * The readers list (`_uid_r`) a record gets: the user ids of its resources and of its customer.
 * Dispatchers read everything anyway; these are the other people the record concerns.
 */
export async function readersFor(
  tx: Tx,
  orgId: string,
  resIds: readonly string[],
  customerId: string | null | undefined,
  extra: readonly string[] = [],
): Promise<string[]> {
  const uids = new Set(extra);
  if (resIds.length) {
    const rows = await tx
      .select({ uid: resources.uid })
      .from(resources)
      .where(and(eq(resources.orgId, orgId), inArray(resources.id, [...resIds]), isNotNull(resources.uid)));
    for (const r of rows) if (r.uid) uids.add(r.uid);
  }
  if (customerId) {
    const rows = await tx
      .select({ uid: customers.uid })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId), isNotNull(customers.uid)));
    for (const r of rows) if (r.uid) uids.add(r.uid);
  }
  return [...uids].sort();
}

/** `resource_first_name` / `resource_last_name` of the first resource (as allocation sets them). */
export async function resourceNames(
  tx: Tx,
  orgId: string,
  resourceId: string | undefined,
): Promise<{ resource_first_name: string; resource_last_name: string } | undefined> {
  if (!resourceId) return undefined;
  const [r] = await tx
    .select({ first: resources.firstName, last: resources.lastName, name: resources.name })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), eq(resources.id, resourceId)));
  if (!r) return undefined;
  return { resource_first_name: r.first || r.name, resource_last_name: r.last };
}

/** Replaces the record's assignments (`resIds`, in order) and its `resource_id` column. */
export async function writeAssignments(tx: Tx, orgId: string, recordId: string, resIds: readonly string[]) {
  await tx
    .delete(timelineRecordResources)
    .where(and(eq(timelineRecordResources.orgId, orgId), eq(timelineRecordResources.recordId, recordId)));
  if (resIds.length) {
    await tx
      .insert(timelineRecordResources)
      .values(resIds.map((resourceId, position) => ({ orgId, recordId, resourceId, position })));
  }
  // `res_ids` is the copy of these rows in order; kept here, not by a trigger (docs/scale-out.md).
  await tx
    .update(timelineRecords)
    .set({ resourceId: resIds[0] ?? null, resIds: [...resIds] })
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, recordId)));
}

/** A deleted resource leaves the `res_ids` of the records it was assigned to (its links cascade). */
export async function dropFromResIds(tx: Tx, orgId: string, resourceId: string): Promise<void> {
  await tx
    .update(timelineRecords)
    .set({ resIds: sql`array_remove(${timelineRecords.resIds}, ${resourceId})` })
    .where(and(eq(timelineRecords.orgId, orgId), sql`${resourceId} = any(${timelineRecords.resIds})`));
}

/**
 * The organisation's other records that share a resource with `record` and could overlap it:
 * every record of those resources (assigned through `resIds` or as `resourceId`) that begins
 * before the record ends and ends after it begins. The validator decides what counts.
 */
export async function recordsSharingResources(
  tx: Tx,
  orgId: string,
  record: { _id?: string | undefined; utc_begin_plus_tz: number; utc_end_plus_tz: number },
  resIds: readonly string[],
): Promise<StoredRecord[]> {
  if (resIds.length === 0) return [];
  const ids = [...resIds];
  const linked = tx
    .select({ id: timelineRecordResources.recordId })
    .from(timelineRecordResources)
    .where(and(eq(timelineRecordResources.orgId, orgId), inArray(timelineRecordResources.resourceId, ids)));
  const others = await selectTimelineRecords(
    tx,
    and(
      eq(timelineRecords.orgId, orgId),
      or(inArray(timelineRecords.id, linked), inArray(timelineRecords.resourceId, ids)),
      sql`${timelineRecords.beginAt} < ${record.utc_end_plus_tz}`,
      sql`${timelineRecords.endAt} > ${record.utc_begin_plus_tz}`,
    ),
  );
  return others.filter((o) => o._id !== record._id);
}

export type StateInput = {
  recordId: string;
  status: string;
  previousStatus: string | null;
  action: string;
  uid: string | null;
  /** Wall-clock seconds. */
  at: number;
  data?: Record<string, unknown>;
};

/** A state document of the record's status history (`states`). */
export async function addState(tx: Tx, orgId: string, state: StateInput): Promise<Record<string, unknown>> {
  const id = randomUUID();
  await tx.insert(jobStates).values({
    orgId,
    id,
    recordId: state.recordId,
    // The next position in this record's history (the record is locked by its writer).
    seq: sql`(select coalesce(max(s.seq), 0) + 1 from job_states s
      where s.org_id = ${orgId} and s.record_id = ${state.recordId})`,
    status: state.status,
    previousStatus: state.previousStatus,
    action: state.action,
    uid: state.uid,
    utcPlusTz: state.at,
    data: state.data ?? {},
  });
  return toState({ id, ...state, data: state.data ?? {} });
}

export function toState(s: {
  id: string;
  recordId: string;
  status: string;
  previousStatus: string | null;
  action: string;
  uid: string | null;
  at: number;
  data: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    ...s.data,
    _id: s.id,
    bk_id: s.recordId,
    status: s.status,
    previous_status: s.previousStatus,
    action: s.action,
    uid: s.uid,
    _utc_plus_tz: s.at,
  };
}

/** What a client needs to place a change on a timeline window. */
function where(record: StoredRecord) {
  return {
    _id: record._id,
    _key: record._key,
    utc_begin_plus_tz: record.utc_begin_plus_tz,
    utc_end_plus_tz: record.utc_end_plus_tz,
  };
}

/**
 * The live events of a change from `before` to `after` (either undefined for a create or a delete):
 * the record's readers and the dispatchers get what changed (only the changed fields, by the core's
 * diff); people who could read it before and no longer can are only told it is gone from their view.
 */
export function recordChangeEvents(
  before: StoredRecord | undefined,
  after: StoredRecord | undefined,
): LiveEventInput[] {
  const view = after && draftViews.get(after);
  if (!view) return changeEvents(before, after);
  // A roster draft: the dispatchers get the change, the others what they read of it (as published).
  return [
    ...changeEvents(before, after).flatMap((e) =>
      e.audience.dispatchers ? [{ ...e, audience: { dispatchers: true } }] : [],
    ),
    ...changeEvents(view.before, view.after).flatMap((e) =>
      e.audience.uids?.length ? [{ ...e, audience: { uids: e.audience.uids } }] : [],
    ),
  ];
}

function changeEvents(before: StoredRecord | undefined, after: StoredRecord | undefined): LiveEventInput[] {
  const events: LiveEventInput[] = [];
  // Master-roster template items are the dispatchers' alone: their readers hear nothing of them.
  const readersOf = (r: StoredRecord | undefined) =>
    !r || isTemplateItem(r) ? [] : ((r._uid_r as string[] | undefined) ?? []);
  const oldReaders = readersOf(before);
  const newReaders = readersOf(after);
  if (after) {
    const changed = before ? changedFields(before as JobRecord, after as JobRecord) : Object.keys(after);
    if (changed.length) {
      const fields: Record<string, unknown> = {};
      for (const k of changed) fields[k] = after[k] === undefined ? null : after[k];
      events.push({
        topic: 'booking',
        kind: before ? 'record.changed' : 'record.created',
        audience: { dispatchers: true, uids: newReaders },
        payload: {
          ...where(after),
          ...(before
            ? { previous_begin: before.utc_begin_plus_tz, previous_end: before.utc_end_plus_tz }
            : {}),
          changed,
          fields,
        },
      });
    }
  }
  const gone = after ? oldReaders.filter((u) => !newReaders.includes(u)) : oldReaders;
  if (before && (gone.length || !after)) {
    events.push({
      topic: 'booking',
      kind: 'record.removed',
      audience: after ? { uids: gone } : { dispatchers: true, uids: gone },
      payload: { ...where(before), deleted: !after },
    });
  }
  return events;
}

/** The resources a record names, in order (`resIds`, else `resourceId`). */
export function resIdsOf(record: {
  resIds?: readonly string[] | null | undefined;
  resourceId?: string | null | undefined;
}): string[] {
  return recordResources({
    resIds: record.resIds ?? undefined,
    resourceId: record.resourceId ?? undefined,
    utc_begin_plus_tz: 0,
    utc_end_plus_tz: 0,
  });
}
