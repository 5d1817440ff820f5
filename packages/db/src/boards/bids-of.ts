import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { bids } from '../schema/jobs.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import type { BidRow } from './open-jobs.ts';

/** A person's bid with the job it is on, as the bid board needs it. */
export type OwnBidRow = BidRow & {
  id: string;
  beginAt: number;
  endAt: number;
  data: Record<string, unknown>;
  resIds: string[];
  status: string;
  inactive: boolean;
};

/** The bids `uid` made on jobs overlapping [from, to), by job time then bid time, at most `limit`. */
export function bidsOf(
  db: Db,
  orgId: string,
  uid: string,
  window: { from: number; to: number; limit: number },
): Promise<OwnBidRow[]> {
  return withOrg(db, orgId, (tx) =>
    tx
      .select({
        bid: bids,
        resourceName: resources.name,
        id: timelineRecords.id,
        beginAt: timelineRecords.beginAt,
        endAt: timelineRecords.endAt,
        data: timelineRecords.data,
        resIds: timelineRecords.resIds,
        status: timelineRecords.status,
        inactive: timelineRecords.inactive,
      })
      .from(bids)
      .innerJoin(
        timelineRecords,
        and(eq(timelineRecords.orgId, bids.orgId), eq(timelineRecords.id, bids.recordId)),
      )
      .leftJoin(resources, and(eq(resources.orgId, bids.orgId), eq(resources.id, bids.resourceId)))
      .where(and(eq(bids.orgId, orgId), eq(bids.uid, uid), overlapsWindow(window.from, window.to)))
      .orderBy(asc(timelineRecords.beginAt), asc(bids.createdAt))
      .limit(window.limit),
  );
}
