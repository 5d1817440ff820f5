import { and, asc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { toTimelineRecord, type VersionedRecord } from '../scheduling/mapping.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { type NumberedPage, numberedPage } from './lists.ts';

/*
 * The maps screen's list of jobs (spec scheduling §9's map query): the bookings overlapping
 * [from, to) that the reader may read (readers list; a resource by resIds is on it), not
 * cancelled, optionally of one status and of one resource, soonest first, a numbered page at a
 * time with the total. The statuses of the whole window come along for the screen's filter.
 */

export type MapJobsQuery = {
  /** Wall-clock seconds: the jobs overlapping [from, to) (see `overlapsWindow`). */
  from: number;
  to: number;
  status?: string | undefined;
  /** Only jobs with this resource among their resIds. */
  resourceId?: string | undefined;
  page: number;
  limit: number;
};

export type MapJobsPage = NumberedPage<VersionedRecord> & { statuses: string[] };

export function mapJobsPage(
  db: Db,
  orgId: string,
  reader: Reader,
  query: MapJobsQuery,
): Promise<MapJobsPage> {
  const windowed: (SQL | undefined)[] = [
    eq(timelineRecords.orgId, orgId),
    eq(timelineRecords.key, 'booking'),
    or(isNull(timelineRecords.status), ne(timelineRecords.status, 'cancelled')),
    overlapsWindow(query.from, query.to),
    readableBy(timelineRecords.readers, reader),
    query.resourceId === undefined ? undefined : sql`${query.resourceId} = any(${timelineRecords.resIds})`,
  ];
  const where = and(
    ...windowed,
    query.status === undefined ? undefined : eq(timelineRecords.status, query.status),
  );
  return withOrg(db, orgId, async (tx) => {
    const page = await numberedPage(
      tx,
      timelineRecords,
      where,
      [asc(timelineRecords.beginAt), asc(timelineRecords.id)],
      query,
      (r) => toTimelineRecord(r, r.resIds),
    );
    const statuses = await tx
      .selectDistinct({ status: sql<string>`coalesce(${timelineRecords.status}, 'draft')` })
      .from(timelineRecords)
      .where(and(...windowed));
    return { ...page, statuses: statuses.map((s) => s.status).sort() };
  });
}
