import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { invalid, notFound, type WriteResult } from '../infra/write-result.ts';
import { bids } from '../schema/jobs.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { IS_LIVE_RECORD } from './template-items.ts';

export type Bid = {
  _id: string;
  bk_id: string;
  uid: string;
  resourceId: string | null;
  amount: number | null;
  note: string | null;
  /** Epoch seconds. */
  _qa_create_utc: number;
};

const toBid = (r: typeof bids.$inferSelect): Bid => ({
  _id: r.id,
  bk_id: r.recordId,
  uid: r.uid,
  resourceId: r.resourceId,
  amount: r.amount,
  note: r.note,
  _qa_create_utc: Math.floor(r.createdAt.getTime() / 1000),
});

/**
 * The job board's rule, as a condition on `timeline_records`: a booking nobody is assigned to,
 * neither draft nor cancelled nor inactive. Resources see and bid on those, whatever their
 * readers lists say. The board, bids and search all read this one condition. Literals, no bind
 * parameters, and `res_ids` (the record's resource links as migration 0006's triggers mirror
 * them) rather than a sub-select per row: search evaluates it on up to a thousand candidates.
 */
export const ON_JOB_BOARD: SQL = sql`(${timelineRecords.key} = 'booking' and not ${timelineRecords.inactive}
  and ${timelineRecords.status} not in ('draft', 'cancelled')
  and cardinality(${timelineRecords.resIds}) = 0 and ${IS_LIVE_RECORD})`;

/** Whether a booking is on the job board ({@link ON_JOB_BOARD}). */
export async function isOnJobBoard(db: Db, orgId: string, recordId: string): Promise<boolean> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({ id: timelineRecords.id })
      .from(timelineRecords)
      .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, recordId), ON_JOB_BOARD)),
  );
  return rows.length > 0;
}

/** A resource's bid on a job-board item; the dispatchers hear of it live. */
export async function placeBid(
  db: Db,
  orgId: string,
  bid: {
    recordId: string;
    uid: string;
    resourceId: string | null;
    amount?: number | undefined;
    note?: string | undefined;
  },
  now: Date,
): Promise<WriteResult<Bid>> {
  if (!(await isOnJobBoard(db, orgId, bid.recordId))) {
    return invalid('not_on_job_board', 'Bids are placed on unassigned bookings of the job board');
  }
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .insert(bids)
      .values({
        orgId,
        id: randomUUID(),
        recordId: bid.recordId,
        uid: bid.uid,
        resourceId: bid.resourceId,
        amount: bid.amount ?? null,
        note: bid.note ?? null,
        createdAt: now,
      })
      .returning();
    if (!row) return notFound();
    const saved = toBid(row);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'notifications',
        kind: 'bid.created',
        audience: { dispatchers: true, uids: [bid.uid] },
        payload: saved,
      },
    ]);
    return { ok: true, record: saved };
  });
}

/** Bids on a booking, oldest first: every bid for dispatchers, the bidder's own otherwise. */
export async function listBids(db: Db, orgId: string, recordId: string, onlyOf?: string): Promise<Bid[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bids)
      .where(
        and(
          eq(bids.orgId, orgId),
          eq(bids.recordId, recordId),
          onlyOf === undefined ? undefined : eq(bids.uid, onlyOf),
        ),
      )
      .orderBy(asc(bids.createdAt), asc(bids.id)),
  );
  return rows.map(toBid);
}
