import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { toTimelineRecord } from '../scheduling/mapping.ts';
import { overlapsOpenWindow } from '../scheduling/window-overlap.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { containsPattern, type NumberedPage, numberedPage } from './lists.ts';

/*
 * Group events (issue 8): timeline records of `_key` groupevent, listed with text search, a time
 * window (the events overlapping it) and numbered pages, through the readers-list rule. They are written through the timeline
 * records API like any timeline record (validator, readers, live events).
 */

function text(q: string | undefined): SQL | undefined {
  const t = q?.trim() ?? '';
  if (t === '') return undefined;
  const p = containsPattern(t);
  const d = timelineRecords.data;
  return sql`(${timelineRecords.id} ilike ${p} or coalesce(${d}->>'reference', '') ilike ${p}
    or coalesce(${d}->>'name', '') ilike ${p} or coalesce(${d}->>'all_location', '') ilike ${p}
    or coalesce(${d}->>'notes', '') ilike ${p})`;
}

export function listGroupEvents(
  db: Db,
  orgId: string,
  reader: Reader,
  query: {
    q?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    order?: 'asc' | 'desc' | undefined;
    page: number;
    limit: number;
  },
): Promise<NumberedPage<Record<string, unknown>>> {
  const where = and(
    eq(timelineRecords.orgId, orgId),
    eq(timelineRecords.key, 'groupevent'),
    readableBy(timelineRecords.readers, reader),
    overlapsOpenWindow(query.from, query.to),
    text(query.q),
  );
  const order = query.order === 'desc' ? desc : asc;
  return withOrg(db, orgId, async (tx) => {
    return numberedPage(
      tx,
      timelineRecords,
      where,
      [order(timelineRecords.beginAt), order(timelineRecords.id)],
      query,
      (r) => toTimelineRecord(r, r.resIds),
    );
  });
}
