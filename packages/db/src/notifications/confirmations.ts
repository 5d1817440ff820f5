import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import { addNotifications } from '../scheduling/add-notifications.ts';
import { bookingConfirmations } from '../schema/notifications.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Confirm or decline (issue #19 point 3): each assigned worker's answer to their job. The row is
 * made pending in the transaction that assigns them (or moves the job), and goes when they are
 * unassigned or the job is cancelled.
 */

export type ConfirmationState = 'pending' | 'confirmed' | 'declined';

export type Confirmation = typeof bookingConfirmations.$inferSelect;

/** A request to confirm: the worker of a job, until when their link is good (the job's start). */
export type ConfirmationRequest = { recordId: string; resourceId: string; uid: string; expiresAt: Date };

/** Asks each worker (again) to confirm, in one statement (a batch allocation's chunk). */
export async function requestConfirmations(
  tx: Tx,
  orgId: string,
  inputs: readonly ConfirmationRequest[],
  now: Date,
): Promise<void> {
  // One row per job and worker: the last request of a pair stands.
  const rows = new Map(
    inputs.map((input) => [
      `${input.recordId}\u0000${input.resourceId}`,
      {
        orgId,
        recordId: input.recordId,
        resourceId: input.resourceId,
        uid: input.uid,
        state: 'pending',
        reason: null,
        via: null,
        expiresAt: input.expiresAt,
        issuedAt: now,
        linkId: randomBytes(16).toString('base64url'),
        decidedAt: null,
      },
    ]),
  );
  if (rows.size === 0) return;
  const fresh = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(bookingConfirmations)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [bookingConfirmations.orgId, bookingConfirmations.recordId, bookingConfirmations.resourceId],
      set: {
        uid: fresh('uid'),
        state: fresh('state'),
        reason: fresh('reason'),
        via: fresh('via'),
        expiresAt: fresh('expires_at'),
        issuedAt: fresh('issued_at'),
        linkId: fresh('link_id'),
        decidedAt: fresh('decided_at'),
      },
    });
}

/** The worker is no longer asked (unassigned, or the job cancelled); a decline stays, with its reason. */
export async function dropConfirmation(
  tx: Tx,
  orgId: string,
  recordId: string,
  resourceId: string,
): Promise<void> {
  await tx
    .delete(bookingConfirmations)
    .where(
      and(
        eq(bookingConfirmations.orgId, orgId),
        eq(bookingConfirmations.recordId, recordId),
        eq(bookingConfirmations.resourceId, resourceId),
        ne(bookingConfirmations.state, 'declined'),
      ),
    );
}

/** A worker's confirmation of a job, by their user id. */
export async function confirmationOf(
  db: Db,
  orgId: string,
  recordId: string,
  uid: string,
): Promise<Confirmation | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bookingConfirmations)
      .where(
        and(
          eq(bookingConfirmations.orgId, orgId),
          eq(bookingConfirmations.recordId, recordId),
          eq(bookingConfirmations.uid, uid),
        ),
      ),
  );
  return row;
}

/** The jobs a worker is still asked to confirm (pending, before the job starts), soonest first. */
export function pendingConfirmationsOf(
  db: Db,
  orgId: string,
  uid: string,
  now: Date,
): Promise<Confirmation[]> {
  return withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bookingConfirmations)
      .where(
        and(
          eq(bookingConfirmations.orgId, orgId),
          eq(bookingConfirmations.uid, uid),
          eq(bookingConfirmations.state, 'pending'),
          gt(bookingConfirmations.expiresAt, now),
        ),
      )
      .orderBy(asc(bookingConfirmations.expiresAt))
      .limit(200),
  );
}

/** Every worker's answer on a job (dispatchers). */
export function listConfirmations(db: Db, orgId: string, recordId: string): Promise<Confirmation[]> {
  return withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bookingConfirmations)
      .where(and(eq(bookingConfirmations.orgId, orgId), eq(bookingConfirmations.recordId, recordId)))
      .orderBy(asc(bookingConfirmations.resourceId)),
  );
}

/**
 * Records the answer when the request it answers is still the current one (`linkId`) and still
 * pending: false when it was already answered or asked again since (a used link).
 */
export async function decideConfirmation(
  db: Db,
  orgId: string,
  input: {
    recordId: string;
    resourceId: string;
    linkId: string;
    state: 'confirmed' | 'declined';
    reason: string | null;
    via: 'link' | 'app';
  },
  now: Date,
): Promise<boolean> {
  return withOrg(db, orgId, async (tx) => {
    const rows = await tx
      .update(bookingConfirmations)
      .set({ state: input.state, reason: input.reason, via: input.via, decidedAt: now })
      .where(
        and(
          eq(bookingConfirmations.orgId, orgId),
          eq(bookingConfirmations.recordId, input.recordId),
          eq(bookingConfirmations.resourceId, input.resourceId),
          eq(bookingConfirmations.state, 'pending'),
          eq(bookingConfirmations.linkId, input.linkId),
        ),
      )
      .returning({ recordId: bookingConfirmations.recordId });
    if (rows.length === 0) return false;
    await appendLiveEvents(tx, orgId, await confirmationEvents(tx, orgId, input));
    return true;
  });
}

/**
 * The live event of an answer, in its transaction: on the `booking` topic with the job's place, so
 * that every timeline window and board showing the job reads it again (the bar's mark).
 */
async function confirmationEvents(
  tx: Tx,
  orgId: string,
  input: { recordId: string; resourceId: string; state: ConfirmationState },
): Promise<LiveEventInput[]> {
  const [job] = await tx
    .select({ begin: timelineRecords.beginAt, end: timelineRecords.endAt, readers: timelineRecords.readers })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, input.recordId)));
  if (!job) return [];
  return [
    {
      topic: 'booking',
      kind: 'confirmation.changed',
      audience: { dispatchers: true, uids: job.readers },
      payload: {
        _id: input.recordId,
        utc_begin_plus_tz: job.begin,
        utc_end_plus_tz: job.end,
        resource_id: input.resourceId,
        state: input.state,
      },
    },
  ];
}

/** Tells the dispatchers (bell and live) that a worker declined a job, with their reason. */
export async function notifyDecline(
  db: Db,
  orgId: string,
  input: { recordId: string; who: string; job: string; reason: string | null },
  now: Date,
): Promise<void> {
  await withOrg(db, orgId, async (tx) => {
    const events = await addNotifications(
      tx,
      orgId,
      [
        {
          uid: null,
          kind: 'confirmation',
          title: 'Job declined',
          body: `${input.who} declined ${input.job}${input.reason ? `: ${input.reason}` : ''}`,
          recordId: input.recordId,
          data: { state: 'declined', reason: input.reason },
        },
      ],
      now,
    );
    await appendLiveEvents(tx, orgId, events);
  });
}

/** The request a confirm link names, if it is still the current one. */
export async function confirmationByLink(
  db: Db,
  orgId: string,
  linkId: string,
): Promise<Confirmation | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bookingConfirmations)
      .where(and(eq(bookingConfirmations.orgId, orgId), eq(bookingConfirmations.linkId, linkId))),
  );
  return row;
}

/**
 * Each record with its workers' answers to the request to confirm (issue #19 point 3), by
 * resource id, for the bar's and the board card's mark: one query for the page. A reader who does
 * not see the whole organisation (a worker, a customer) gets only `onlyOf`'s answer (their own
 * resource's; none for null): a worker on a shared job does not see whether a colleague said no.
 */
export async function withConfirmations<R extends Record<string, unknown>>(
  tx: Tx,
  orgId: string,
  records: R[],
  onlyOf?: string | null,
): Promise<(R & { confirmations?: Record<string, string> })[]> {
  if (records.length === 0) return records;
  const ids = records.map((r) => r._id as string);
  const rows = await tx
    .select({
      recordId: bookingConfirmations.recordId,
      resourceId: bookingConfirmations.resourceId,
      state: bookingConfirmations.state,
    })
    .from(bookingConfirmations)
    .where(and(eq(bookingConfirmations.orgId, orgId), inArray(bookingConfirmations.recordId, ids)));
  if (rows.length === 0) return records;
  const byRecord = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (onlyOf !== undefined && r.resourceId !== onlyOf) continue;
    const states = byRecord.get(r.recordId) ?? {};
    states[r.resourceId] = r.state;
    byRecord.set(r.recordId, states);
  }
  return records.map((r) => {
    const confirmations = byRecord.get(r._id as string);
    return confirmations ? { ...r, confirmations } : r;
  });
}

/** {@link withConfirmations} in a transaction of its own under the organisation (a list's page). */
export function readConfirmations<R extends Record<string, unknown>>(
  db: Db,
  orgId: string,
  records: R[],
  onlyOf?: string | null,
): Promise<(R & { confirmations?: Record<string, string> })[]> {
  return withOrg(db, orgId, (tx) => withConfirmations(tx, orgId, records, onlyOf));
}
