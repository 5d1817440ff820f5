import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { type ExpectedVersion, invalid, notFound, stale, type WriteFailure } from '../infra/write-result.ts';
import { enqueueBookingNotices } from '../notifications/enqueue.ts';
import { customers, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { guardBlacklist, recordBlacklistOverride } from './blacklist-override.ts';
import { applyBookingRules, flagRuleRefusal, resourceValidationRefusal } from './booking-rules.ts';
import { newRecordId } from './create-record.ts';
import { storeVerdicts } from './job-verdicts.ts';
import { type StoredRecord, timelineRecordValues, type VersionedRecord } from './mapping.ts';
import { loadOrgContext, wallClockOf } from './org-context.ts';
import { type Rechecked, recheckBookings, recheckSpan } from './recheck-bookings.ts';
import { selectTimelineRecords } from './records.ts';
import {
  addState,
  lockResources,
  readersFor,
  recordChangeEvents,
  resIdsOf,
  resourceNames,
  selectRecordForUpdate,
  writeAssignments,
} from './timeline-writes.ts';

export type SaveContext = {
  /** Who writes (the state history names them); null for imports and jobs. */
  uid: string | null;
  now: Date;
  /** Import only: readers to keep besides the derived ones (`_uid_r` of the seed system). */
  extraReaders?: readonly string[];
  /** Resources the customer has blacklisted may be newly assigned only with this (issue 16 point 5). */
  override?: BlacklistOverride | undefined;
  /**
   * The resource of the worker making the change themselves (their decline of the job): it is not
   * held as a roster draft, and they are not notified of it.
   */
  byWorker?: string | undefined;
};

/** Fields that only change through the rules here, whatever the input says. */
const OWNED = [
  '_id',
  'version',
  'isConflict',
  'errors',
  'rechecked',
  '_uid_r',
  '_qa_create_utc',
  '_qa_update_utc',
];

/** A save's answer: the record, and the other bookings its change re-checked (issue 16 point 2). */
export type SaveResult = { ok: true; record: VersionedRecord; rechecked: Rechecked } | WriteFailure;

/**
 * Creates a timeline record (booking, group event, leave or break) from the spec's fields: its
 * resources (`resIds`, else `resourceId`) become the assignment relation, the overlap validator
 * runs with the organisation's buffer and its verdict (`isConflict`, `errors`) is stored, the
 * readers list is derived (the resources' and the customer's users), the first state is recorded
 * and the live event is written, all in one transaction. The assigned resources are locked first.
 */
export async function createTimelineRecord(
  db: Db,
  orgId: string,
  fields: Record<string, unknown>,
  ctx: SaveContext,
): Promise<SaveResult> {
  return refusedAsAnswer(withOrg(db, orgId, (tx) => createTimelineRecordIn(tx, orgId, fields, ctx)));
}

/**
 * {@link createTimelineRecord} inside the caller's transaction (a booking series saves each of
 * its bookings so). A refusal found after the write throws {@link RefusedSave}: the caller's
 * transaction must roll back (see {@link refusedAsAnswer}).
 */
export async function createTimelineRecordIn(
  tx: Tx,
  orgId: string,
  fields: Record<string, unknown>,
  ctx: SaveContext,
): Promise<SaveResult> {
  const id = typeof fields._id === 'string' && fields._id !== '' ? fields._id : newRecordId();
  const [taken] = await tx
    .select({ id: timelineRecords.id })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)));
  if (taken) return { ok: false, error: 'exists' } as const;
  return save(tx, orgId, undefined, { ...strip(fields), _id: id }, ctx);
}

/**
 * Updates a timeline record with the given fields merged over its current ones. Optimistic
 * concurrency: at another version than `expected`, nothing is written (`stale`). The record row
 * is locked for the check-and-write; the overlap validation re-runs when times, resources or the
 * status change (otherwise the stored verdict, e.g. allocation's, stays).
 */
export async function updateTimelineRecord(
  db: Db,
  orgId: string,
  id: string,
  changes: Record<string, unknown>,
  expected: ExpectedVersion,
  ctx: SaveContext,
): Promise<SaveResult> {
  return refusedAsAnswer(
    withOrg(db, orgId, async (tx) => {
      const before = await selectRecordForUpdate(tx, orgId, id);
      if (!before) return notFound();
      if (expected !== undefined && before.version !== expected) return stale(before);
      return save(tx, orgId, before, { ...before, ...strip(changes), _id: id }, ctx, changes);
    }),
  );
}

/** A refusal found after the save wrote (its verdict): thrown to roll the transaction back. */
export class RefusedSave extends Error {
  constructor(readonly failure: WriteFailure) {
    super(failure.error);
  }
}

/** The save's answer, a refusal thrown from inside it (rolled back) included. */
export async function refusedAsAnswer<T>(saving: Promise<T | WriteFailure>): Promise<T | WriteFailure> {
  try {
    return await saving;
  } catch (e) {
    if (e instanceof RefusedSave) return e.failure;
    throw e;
  }
}

function strip(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !OWNED.includes(k)));
}

async function save(
  tx: Tx,
  orgId: string,
  before: StoredRecord | undefined,
  merged: Record<string, unknown>,
  ctx: SaveContext,
  changes: Record<string, unknown> = merged,
): Promise<SaveResult> {
  const ruled = await applyBookingRules(tx, orgId, before, merged, changes);
  if (!ruled.ok) return ruled;
  merged = ruled.record;
  const id = merged._id as string;
  const begin = merged.utc_begin_plus_tz;
  const end = merged.utc_end_plus_tz;
  if (typeof begin !== 'number' || typeof end !== 'number') {
    return invalid(
      'invalid_time_range',
      'utc_begin_plus_tz and utc_end_plus_tz are required',
      'utc_begin_plus_tz',
    );
  }
  if (end < begin)
    return invalid(
      'invalid_time_range',
      'utc_end_plus_tz must not be before utc_begin_plus_tz',
      'utc_end_plus_tz',
    );

  const resIds =
    'resIds' in changes || 'resourceId' in changes || !before
      ? resIdsOf({
          resIds: (changes.resIds as string[] | null | undefined) ?? undefined,
          resourceId:
            'resIds' in changes
              ? undefined
              : ((changes.resourceId as string | null | undefined) ?? undefined),
        })
      : before.resIds;
  const customerId = typeof merged.customerId === 'string' ? merged.customerId : null;
  if (customerId) {
    const [found] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)));
    if (!found)
      return invalid('unknown_customer', `No customer ${customerId} in this organisation`, 'customerId');
  }
  const flagged = await flagRuleRefusal(tx, orgId, before, merged, changes, resIds);
  if (flagged) return flagged;
  const locked = await lockResources(tx, orgId, resIds);
  const missing = resIds.filter((r) => !locked.includes(r));
  if (missing.length) {
    return invalid('unknown_resource', `No resource ${missing.join(', ')} in this organisation`, 'resIds');
  }
  const guard = await guardBlacklist(tx, orgId, customerId, before?.resIds ?? [], resIds, ctx.override);
  if (!guard.ok) return guard;

  const org = await loadOrgContext(tx, orgId);
  const record: Record<string, unknown> = { ...merged, resIds, resourceId: resIds[0] ?? null };
  // Stored as it was until the one verdict runs over the record as written (storeVerdicts below).
  const verdict = {
    isConflict: before?.isConflict === true,
    errors: (before?.errors as unknown[] | undefined) ?? [],
  };
  const resourcesChanged = !before || before.resIds.join() !== resIds.join();
  if (resourcesChanged) {
    const names = await resourceNames(tx, orgId, resIds[0]);
    delete record.resource_first_name;
    delete record.resource_last_name;
    if (names) Object.assign(record, names);
  }
  const readers = await readersFor(tx, orgId, resIds, customerId, ctx.extraReaders);
  const values = {
    ...timelineRecordValues(record),
    isConflict: verdict.isConflict,
    conflictErrors: verdict.errors as Record<string, unknown>[],
    readers,
  };
  if (before) {
    await tx
      .update(timelineRecords)
      .set({ ...values, version: sql`${timelineRecords.version} + 1`, updatedAt: new Date() })
      .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)));
  } else {
    await tx.insert(timelineRecords).values({ ...values, orgId, id });
  }
  await writeAssignments(tx, orgId, id, resIds);
  const [written] = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, id)),
    1,
  );
  if (!written) throw new Error(`timeline record ${id} vanished while being saved`);
  const [after = written] = await storeVerdicts(tx, orgId, [written]);
  if (resourcesChanged && resIds.length > 0) {
    // Thrown, so that the transaction takes back what this save wrote.
    const refused = await resourceValidationRefusal(tx, orgId, after);
    if (refused) throw new RefusedSave(refused);
  }

  if (!before || before.status !== after.status) {
    await addState(tx, orgId, {
      recordId: id,
      status: after.status ?? 'draft',
      previousStatus: before?.status ?? null,
      action: before ? 'update' : 'create',
      uid: ctx.uid,
      at: wallClockOf(org, ctx.now),
    });
  }
  await recordBlacklistOverride(tx, orgId, after, guard.overridden, {
    ...ctx,
    at: wallClockOf(org, ctx.now),
  });
  await enqueueBookingNotices(tx, orgId, before, after, ctx.now, ctx.byWorker);
  await appendLiveEvents(tx, orgId, recordChangeEvents(before, after));
  // What the change can affect: the bookings of the resources before and after, over the span
  // before and after (whole weeks for a booking, whose hours count per week).
  const rechecked = await recheckBookings(
    tx,
    orgId,
    {
      ...(await recheckSpan(tx, orgId, before, after)),
      resourceIds: [...new Set([...(before?.resIds ?? []), ...after.resIds])],
      exclude: [id],
    },
    ctx.now,
  );
  return { ok: true, record: after, rechecked };
}
