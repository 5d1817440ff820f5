import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { aboutJob, enqueueNotices } from '../notifications/enqueue.ts';
import { addNotifications } from '../scheduling/add-notifications.ts';
import { type AllocateResult, allocateBooking } from '../scheduling/allocate-booking.ts';
import { isOnJobBoard } from '../scheduling/bids.ts';
import { bids } from '../schema/jobs.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** Why a bid cannot be accepted, before any allocation is tried. */
export type BidRefusal = { ok: false; error: 'unknown_bid' | 'bid_without_resource' | 'not_on_job_board' };

export type AcceptBidResult = AllocateResult | BidRefusal;

export const isBidRefusal = (result: AcceptBidResult): result is BidRefusal =>
  !result.ok &&
  (result.error === 'unknown_bid' ||
    result.error === 'bid_without_resource' ||
    result.error === 'not_on_job_board');

/**
 * Accepts bid `bidId` on booking `jobId`: the booking is allocated to the bidder's resource (a
 * manual allocation: the same checks, lock and `isConflict` as any), the bidder is told it was
 * accepted and every other bidder that it went to someone else (in the app, and by their
 * notification channels), in the allocation's transaction.
 * A booking the organisation lacks is `not_found`; a bid not on it `unknown_bid`; a bidder who is
 * no resource `bid_without_resource`; a job no longer open `not_on_job_board`.
 */
export async function acceptBid(
  db: Db,
  orgId: string,
  input: { jobId: string; bidId: string; now: Date },
): Promise<AcceptBidResult> {
  const { jobId, now } = input;
  const all = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(bids)
      .where(and(eq(bids.orgId, orgId), eq(bids.recordId, jobId))),
  );
  const bid = all.find((b) => b.id === input.bidId);
  if (!bid) {
    const [exists] = await withOrg(db, orgId, (tx) =>
      tx
        .select({ id: timelineRecords.id })
        .from(timelineRecords)
        .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, jobId))),
    );
    return { ok: false, error: exists ? 'unknown_bid' : 'not_found' };
  }
  if (!bid.resourceId) return { ok: false, error: 'bid_without_resource' };
  if (!(await isOnJobBoard(db, orgId, jobId))) return { ok: false, error: 'not_on_job_board' };
  return allocateBooking(
    db,
    orgId,
    { jobId, mode: 'manual', candidateIds: [bid.resourceId], now },
    async (tx, _before, record) => {
      const others = [...new Set(all.filter((b) => b.uid !== bid.uid).map((b) => b.uid))];
      const events = await addNotifications(
        tx,
        orgId,
        [
          {
            uid: bid.uid,
            kind: 'bid',
            title: 'Bid accepted',
            body: 'Your bid was accepted: the job is yours.',
            recordId: jobId,
            data: { bid_id: bid.id },
          },
          ...others.map((uid) => ({
            uid,
            kind: 'bid',
            title: 'Bid not accepted',
            body: 'The job you bid on went to someone else.',
            recordId: jobId,
          })),
        ],
        now,
      );
      // And outside the app (issue 19): the bidder hears `bid_accepted` besides `assigned` (with
      // the confirm link); the other bidders `bid_declined`, as for any allocation of an open job
      // (notifications/enqueue.ts).
      await enqueueNotices(tx, orgId, [{ event: 'bid_accepted', uid: bid.uid, ...aboutJob(record) }], now);
      return { record, events };
    },
  );
}
