import { bookingTitle } from '@rostra/core/records/booking-rules';
import type { JobAction } from '@rostra/core/shell/roles';
import { formatDateTime } from '@rostra/core/time/calendar';
import { type JobRecord, type JobUpdate, jobUpdate } from '@rostra/core/timeline/job-update';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import { invalid, notFound, stale, type WriteFailure } from '../infra/write-result.ts';
import { mandatoryFormRefusal } from '../job-life/mandatory-form.ts';
import { enqueueBookingNotices } from '../notifications/enqueue.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { addNotifications, type NotificationInput } from './add-notifications.ts';
import { allocateBooking } from './allocate-booking.ts';
import type { StoredRecord, VersionedRecord } from './mapping.ts';
import { loadOrgContext, wallClockOf } from './org-context.ts';
import { selectTimelineRecords } from './records.ts';
import { isTemplateItem } from './template-items.ts';
import { addState, recordChangeEvents, selectRecordForUpdate } from './timeline-writes.ts';

/**
 * The status each action leads to (spec §4 workflow labels). `options` records the option chosen
 * and changes no status; `allocate` runs the core's auto allocation and confirms the booking when
 * it got its resources without conflict.
 */
export const ACTION_STATUS: Record<JobAction, string | null> = {
  options: null,
  park: 'parked',
  cancel: 'cancelled',
  allocate: 'confirmed',
  dispatch: 'dispatched',
  start: 'active',
  finish: 'finished',
  review: 'reviewed',
};

const TITLES: Record<JobAction, string> = {
  options: 'Booking option chosen',
  park: 'Booking parked',
  cancel: 'Booking cancelled',
  allocate: 'Booking allocated',
  dispatch: 'Resource on the way',
  start: 'Booking started',
  finish: 'Booking finished',
  review: 'Booking reviewed',
};

export type ActionRequest = {
  recordId: string;
  action: JobAction;
  /** Who acts. */
  uid: string;
  /** Whether the actor is a dispatcher (others' actions are also told to the dispatchers). */
  byDispatcher: boolean;
  option?: string | undefined;
  note?: string | undefined;
  expected?: number | undefined;
  now: Date;
};

export type ActionResult =
  | { ok: true; record: VersionedRecord; state: Record<string, unknown>; update: JobUpdate | null }
  | WriteFailure;

/**
 * Takes a status action on a booking or group event (who may is the caller's business: the
 * core's role table). In one transaction it moves the status, writes the state record, works out
 * the job update (only the changed fields, by the core's diff: nothing when nothing changed or the
 * status is not one updates are sent for) and notifies the people concerned: the record's other
 * readers (its resources' and customer's users) and, when a non-dispatcher acted, the dispatchers.
 */
export async function applyAction(db: Db, orgId: string, req: ActionRequest): Promise<ActionResult> {
  if (req.action === 'allocate') {
    let result: { state: Record<string, unknown>; update: JobUpdate | null } | undefined;
    const allocated = await allocateBooking(
      db,
      orgId,
      { jobId: req.recordId, mode: 'auto', expected: req.expected, now: req.now },
      async (tx, before, record, outcome) => {
        const status = outcome.isConflict ? (record.status ?? 'draft') : 'confirmed';
        const done = await finish(tx, orgId, req, before, record, status);
        result = { state: done.state, update: done.update };
        return { record: done.record, events: done.events };
      },
    );
    if (!allocated.ok) return allocated;
    if (!result) throw new Error('allocation finished without its action');
    return { ok: true, record: allocated.record, ...result };
  }
  const action = req.action;
  return withOrg(db, orgId, (tx) => applyActionIn(tx, orgId, { ...req, action }));
}

/**
 * {@link applyAction} of a status action (not `allocate`) inside the caller's transaction: ending a
 * booking series cancels its later bookings so, all or none.
 */
export async function applyActionIn(
  tx: Tx,
  orgId: string,
  req: ActionRequest & { action: Exclude<JobAction, 'allocate'> },
): Promise<ActionResult> {
  const before = await selectRecordForUpdate(tx, orgId, req.recordId);
  if (!before) return notFound();
  if (req.expected !== undefined && before.version !== req.expected) return stale(before);
  const key = before._key ?? 'booking';
  if (key !== 'booking' && key !== 'groupevent') {
    return invalid('not_actionable', 'Actions are taken on bookings and group events');
  }
  // The "mandatory form on state change" flag (job life, issue #9): finish and review wait for a filled form.
  const formRefusal = await mandatoryFormRefusal(tx, orgId, before._id, req.action);
  if (formRefusal) return invalid(formRefusal.code, formRefusal.message);
  const done = await finish(
    tx,
    orgId,
    req,
    before,
    before,
    ACTION_STATUS[req.action] ?? before.status ?? 'draft',
  );
  await appendLiveEvents(tx, orgId, done.events);
  return { ok: true, record: done.record, state: done.state, update: done.update };
}

async function finish(
  tx: Tx,
  orgId: string,
  req: ActionRequest,
  before: StoredRecord,
  current: VersionedRecord,
  status: string,
): Promise<{
  record: VersionedRecord;
  state: Record<string, unknown>;
  update: JobUpdate | null;
  events: LiveEventInput[];
}> {
  let record = current;
  if (status !== current.status) {
    await tx
      .update(timelineRecords)
      .set({ status, version: sql`${timelineRecords.version} + 1`, updatedAt: req.now })
      .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, current._id)));
    const [after] = await selectTimelineRecords(
      tx,
      and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, current._id)),
      1,
    );
    if (!after) throw new Error(`booking ${current._id} vanished during ${req.action}`);
    record = after;
  }
  const org = await loadOrgContext(tx, orgId);
  const state = await addState(tx, orgId, {
    recordId: record._id,
    status: record.status ?? 'draft',
    previousStatus: before.status ?? null,
    action: req.action,
    uid: req.uid,
    at: wallClockOf(org, req.now),
    data: {
      ...(req.option !== undefined ? { option: req.option } : {}),
      ...(req.note !== undefined ? { note: req.note } : {}),
    },
  });
  // The spec's job update: only the changed fields, only for the statuses and records it names.
  const update = jobUpdate(before as JobRecord, record as JobRecord);
  const label = bookingTitle(record);
  const body = `${label} on ${formatDateTime(record.utc_begin_plus_tz, org.dateFormat)}: ${req.action}${
    req.option ? ` (${req.option})` : ''
  }`;
  // A master-roster template item is no one's job: it notifies nobody (issue 16, point 8).
  const template = isTemplateItem(record);
  const concerned = template
    ? []
    : ((record._uid_r as string[] | undefined) ?? []).filter((u) => u !== req.uid);
  const recipients: NotificationInput[] = concerned.map((uid) => ({
    uid,
    kind: 'status',
    title: TITLES[req.action],
    body,
    recordId: record._id,
    data: { action: req.action, status: record.status, update },
  }));
  if (!req.byDispatcher && !template) {
    recipients.push({
      uid: null,
      kind: 'status',
      title: TITLES[req.action],
      body,
      recordId: record._id,
      data: { action: req.action, status: record.status, update },
    });
  }
  if (record !== current) await enqueueBookingNotices(tx, orgId, current, record, req.now);
  const events: LiveEventInput[] = [
    ...(record === current && current === before ? [] : recordChangeEvents(current, record)),
    ...(update
      ? [
          {
            topic: 'booking' as const,
            kind: 'job.update',
            audience: {
              dispatchers: true,
              uids: template ? [] : ((record._uid_r as string[] | undefined) ?? []),
            },
            payload: { ...update, utc_begin_plus_tz: record.utc_begin_plus_tz, action: req.action },
          },
        ]
      : []),
    ...(await addNotifications(tx, orgId, recipients, req.now)),
  ];
  return { record, state, update, events };
}
