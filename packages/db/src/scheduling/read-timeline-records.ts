import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { asPublished, publishedIn, publishedTimes } from '../notifications/roster-drafts.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import type { VersionedRecord } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';
import { liveUnlessSeesAll } from './template-items.ts';
import { overlapsOpenWindow } from './window-overlap.ts';

/** One timeline record the reader may read (readers-list rule); undefined otherwise. */
export async function getTimelineRecord(
  db: Db,
  orgId: string,
  id: string,
  reader: Reader,
): Promise<VersionedRecord | undefined> {
  const [record] = await withOrg(db, orgId, async (tx) => {
    const found = await selectTimelineRecords(
      tx,
      and(
        eq(timelineRecords.orgId, orgId),
        eq(timelineRecords.id, id),
        readableBy(timelineRecords.readers, reader),
        liveUnlessSeesAll(reader),
      ),
      1,
    );
    // A draft job reads as published to everyone but the dispatchers.
    return reader.seesAll ? found : asPublished(tx, orgId, found, true);
  });
  return record;
}

export type TimelineRecordQuery = {
  key?: string | undefined;
  status?: string | undefined;
  /** Overlapping [from, to) (wall-clock seconds; see `overlapsWindow`). */
  from?: number | undefined;
  to?: number | undefined;
  /** A condition from the dispatcher's master labels (see master-label-filters). */
  labels?: SQL | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** A page of the timeline records the reader may read, by begin then id. Throws InvalidCursorError. */
export async function listTimelineRecords(
  db: Db,
  orgId: string,
  reader: Reader,
  query: TimelineRecordQuery,
): Promise<Page<VersionedRecord>> {
  const limit = pageSize(query.limit);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 2);
  if (query.cursor !== undefined && (after === undefined || typeof after[0] !== 'number')) {
    throw new InvalidCursorError();
  }
  // Someone who is not a dispatcher reads a draft job as published: their list is ordered,
  // windowed and paged by the times they read (else a page boundary skips or repeats a job).
  const shown = reader.seesAll ? undefined : publishedTimes(orgId);
  const begin = shown?.begin ?? timelineRecords.beginAt;
  const { from, to } = query;
  const records = await withOrg(db, orgId, async (tx) => {
    const found = await selectTimelineRecords(
      tx,
      and(
        eq(timelineRecords.orgId, orgId),
        readableBy(timelineRecords.readers, reader),
        liveUnlessSeesAll(reader),
        query.key === undefined ? undefined : eq(timelineRecords.key, query.key),
        query.status === undefined ? undefined : eq(timelineRecords.status, query.status),
        shown === undefined
          ? overlapsOpenWindow(from, to)
          : and(
              // The indexed window, or a draft published in it; then the window as they read it.
              from !== undefined && to !== undefined
                ? or(overlapsOpenWindow(from, to), publishedIn(orgId, from, to))
                : undefined,
              overlapsOpenWindow(from, to, shown),
            ),
        query.labels,
        after
          ? or(
              sql`${begin} > ${after[0] as number}`,
              and(sql`${begin} = ${after[0] as number}`, sql`${timelineRecords.id} > ${String(after[1])}`),
            )
          : undefined,
      ),
      limit + 1,
      begin,
    );
    return reader.seesAll ? found : asPublished(tx, orgId, found, true);
  });
  return pageOf(
    records,
    limit,
    (r) => [r.utc_begin_plus_tz, r._id],
    (r) => r,
  );
}
