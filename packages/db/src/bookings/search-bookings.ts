import { dayStart } from '@rostra/core/time/calendar';
import { and, arrayContains, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { asPublished, publishedTimes } from '../notifications/roster-drafts.ts';
import { masterLabelFilters } from '../scheduling/dispatcher-master-labels.ts';
import { toTimelineRecord, type VersionedRecord } from '../scheduling/mapping.ts';
import { loadOrgContext, wallClockOf } from '../scheduling/org-context.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { overlapsOpenWindow } from '../scheduling/window-overlap.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** A bookings search (issue 7 point 4): every criterion optional; see the route's schema. */
export type BookingSearch = {
  q?: string | undefined;
  status?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  resource?: string | undefined;
  customer?: string | undefined;
  labels?: readonly string[] | undefined;
  when?: 'upcoming' | 'past' | undefined;
  order?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

export type BookingPage = { items: VersionedRecord[]; total: number; page: number; limit: number };

const DEFAULT_LIMIT = 40;

/**
 * The period a search covers (wall-clock seconds, either end open): its `from`/`to`, narrowed by
 * `when` to today on (`upcoming`) or before today (`past`), today being 00:00 of the
 * organisation's day.
 */
export function searchPeriod(
  q: Pick<BookingSearch, 'from' | 'to' | 'when'>,
  today: number,
): { from: number | undefined; to: number | undefined } {
  if (q.when === 'upcoming') return { from: Math.max(q.from ?? today, today), to: q.to };
  if (q.when === 'past') return { from: q.from, to: Math.min(q.to ?? today, today) };
  return { from: q.from, to: q.to };
}

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where the search text may appear: id, reference, customer and resource names, address. */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  const d = timelineRecords.data;
  return sql`(${timelineRecords.id} ilike ${pattern}
    or coalesce(${d}->>'reference', '') ilike ${pattern}
    or concat_ws(' ', ${d}->>'customer_first_name', ${d}->>'customer_last_name') ilike ${pattern}
    or concat_ws(' ', ${d}->>'resource_first_name', ${d}->>'resource_last_name') ilike ${pattern}
    or coalesce(${d}->>'all_location', '') ilike ${pattern}
    or coalesce(${timelineRecords.customerId}, '') ilike ${pattern})`;
}

/**
 * The bookings `reader` may read, searched and filtered, a numbered page at a time with the total
 * (offset paging: a person pages a few pages deep, and the total needs the same count anyway).
 * A dispatcher's (`dispatcherUid`) published master labels narrow it; master-roster template items
 * are never listed. Upcoming and past are told from the organisation's day at `now`. Everyone but
 * the dispatchers reads a draft job as published: windowed, ordered and shown by its published times.
 */
export async function searchBookings(
  db: Db,
  orgId: string,
  q: BookingSearch,
  who: { reader: Reader; dispatcherUid?: string | undefined },
  now: Date,
): Promise<BookingPage> {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const page = q.page ?? 1;
  const today = q.when
    ? await withOrg(db, orgId, async (tx) => dayStart(wallClockOf(await loadOrgContext(tx, orgId), now)))
    : 0;
  const { from, to } = searchPeriod(q, today);
  const masterLabels =
    who.dispatcherUid === undefined
      ? undefined
      : (await masterLabelFilters(db, orgId, who.dispatcherUid)).bookings;
  const shown = who.reader.seesAll ? undefined : publishedTimes(orgId);
  const begin = shown?.begin ?? timelineRecords.beginAt;
  const where = and(
    eq(timelineRecords.orgId, orgId),
    eq(timelineRecords.key, 'booking'),
    // Master-roster template items live on the master roster only, for dispatchers too.
    IS_LIVE_RECORD,
    readableBy(timelineRecords.readers, who.reader),
    q.status && q.status.length > 0 ? inArray(timelineRecords.status, [...q.status]) : undefined,
    overlapsOpenWindow(from, to, shown),
    q.resource === undefined ? undefined : arrayContains(timelineRecords.resIds, [q.resource]),
    q.customer === undefined ? undefined : eq(timelineRecords.customerId, q.customer),
    q.labels && q.labels.length > 0 ? arrayContains(timelineRecords.labels, [...q.labels]) : undefined,
    q.q === undefined ? undefined : searchCondition(q.q),
    masterLabels,
  );
  const order = (q.order ?? (q.when === 'past' ? 'desc' : 'asc')) === 'desc' ? desc : asc;
  return withOrg(db, orgId, async (tx) => {
    const [counted] = await tx.select({ n: count() }).from(timelineRecords).where(where);
    const rows = await tx
      .select()
      .from(timelineRecords)
      .where(where)
      .orderBy(order(begin), order(timelineRecords.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const items = rows.map((r) => toTimelineRecord(r, r.resIds));
    return {
      items: shown ? await asPublished(tx, orgId, items, true) : items,
      total: Number(counted?.n ?? 0),
      page,
      limit,
    };
  });
}
