import { randomUUID } from 'node:crypto';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bids } from '../schema/jobs.ts';
import { timelineRecordResources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { appendLiveEvents } from './live-events.ts';
import { invalid, notFound, type WriteResult } from './write-result.ts';

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
 * Whether a booking is on the job board: a booking nobody is assigned to, neither draft nor
 * cancelled nor inactive. Resources see and bid on those, whatever its readers list says.
 */
export async function isOnJobBoard(db: Db, orgId: string, recordId: string): Promise<boolean> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({ id: timelineRecords.id })
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          eq(timelineRecords.id, recordId),
          eq(timelineRecords.key, 'booking'),
          eq(timelineRecords.inactive, false),
          sql`${timelineRecords.status} not in ('draft', 'cancelled')`,
          notExists(
            sql`(select 1 from ${timelineRecordResources} l where l.org_id = ${timelineRecords.orgId} and l.record_id = ${timelineRecords.id})`,
          ),
        ),
      ),
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
