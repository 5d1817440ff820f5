import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ON_JOB_BOARD } from '../scheduling/bids.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { bids } from '../schema/jobs.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** A job of the boards: what a resource needs to decide (never notes or the readers list). */
export type BoardJobRow = {
  id: string;
  status: string;
  beginAt: number;
  endAt: number;
  labels: string[];
  version: number;
  data: Record<string, unknown>;
};

/** A bid with its bidder's resource name (null when the bidder is no resource here). */
export type BidRow = { bid: typeof bids.$inferSelect; resourceName: string | null };

/**
 * The open jobs of the job board (unassigned bookings, neither draft nor cancelled nor inactive:
 * `ON_JOB_BOARD`) overlapping [from, to), in time order, at most `limit`, with every bid on them
 * by job id, oldest first.
 */
export function openJobs(
  db: Db,
  orgId: string,
  window: { from: number; to: number; limit: number },
): Promise<{ rows: BoardJobRow[]; bidsByJob: Map<string, BidRow[]> }> {
  return withOrg(db, orgId, async (tx) => {
    const rows: BoardJobRow[] = await tx
      .select({
        id: timelineRecords.id,
        status: timelineRecords.status,
        beginAt: timelineRecords.beginAt,
        endAt: timelineRecords.endAt,
        labels: timelineRecords.labels,
        version: timelineRecords.version,
        data: timelineRecords.data,
      })
      .from(timelineRecords)
      .where(and(eq(timelineRecords.orgId, orgId), ON_JOB_BOARD, overlapsWindow(window.from, window.to)))
      .orderBy(asc(timelineRecords.beginAt), asc(timelineRecords.id))
      .limit(window.limit);
    const found = rows.length
      ? await tx
          .select({ bid: bids, resourceName: resources.name })
          .from(bids)
          .leftJoin(resources, and(eq(resources.orgId, bids.orgId), eq(resources.id, bids.resourceId)))
          .where(
            and(
              eq(bids.orgId, orgId),
              inArray(
                bids.recordId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(bids.createdAt), asc(bids.id))
      : [];
    const bidsByJob = new Map<string, BidRow[]>();
    for (const row of found) {
      const list = bidsByJob.get(row.bid.recordId) ?? [];
      list.push(row);
      bidsByJob.set(row.bid.recordId, list);
    }
    return { rows, bidsByJob };
  });
}
