import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { withConfirmations } from '../notifications/confirmations.ts';
import { draftIdsAmong } from '../notifications/publish-roster.ts';
import { asPublished, publishedIn } from '../notifications/roster-drafts.ts';
import { orgSettings } from '../schema/organisations.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { type AllocationConfig, selectAllocationConfig } from './allocation-scenario.ts';
import { masterLabelFiltersIn } from './dispatcher-master-labels.ts';
import type { StoredRecord } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';
import { IS_LIVE_RECORD, liveUnlessSeesAll } from './template-items.ts';
import { overlapsWindow } from './window-overlap.ts';

/** Spec §9: search windows are padded by 900 s; the flat timeline holds at most 2,000 records. */
export const WINDOW_PADDING_S = 900;
export const WINDOW_LIMIT = 2000;

export type WindowQuery = {
  /** Wall-clock seconds; records that overlap [from − 900, to + 900) are in the window. */
  from: number;
  to: number;
  reader: Reader;
  /** The caller's role: display settings are read as it sees them. */
  role: string;
  /** A dispatcher: their published master labels narrow the bookings. */
  masterLabelsOf?: string | undefined;
  /** Every resource of the organisation, or only those of the records in view (and `ownResourceId`). */
  resourceScope: 'organisation' | 'records';
  ownResourceId?: string | null | undefined;
  /** `compact`: the fields a timeline bar shows; `full`: every field of the records. */
  detail: 'compact' | 'full';
};

export type WindowResource = {
  _id: string;
  name: string;
  first_name: string;
  last_name: string;
  labels: string[];
  inactive: boolean;
  InactiveDate: number | null;
  external: boolean;
};

export type TimelineWindow = {
  /** The display setting that decided whether inactive resources are in view. */
  show_inactive_res_timeline: boolean;
  /** The organisation's week start day (allocation settings), for the grid. */
  week_start_day: number;
  /**
   * The organisation's allocation config as the server's engine reads it (max distance, week start
   * day, check switches): the browser's drag-time check runs with the same switches.
   */
  allocation_config: AllocationConfig;
  records: Record<string, unknown>[];
  /** More records are in view than the limit: the window shows the first 2,000 (by begin). */
  truncated: boolean;
  resources: WindowResource[];
  customers: { _id: string; name: string }[];
};

/**
 * The timeline window (spec §7 flat_timelines): the records the reader may read that overlap the
 * padded window (`overlapsWindow`: a leave over three days is in each day's view, a booking begun
 * the evening before is in today's), in begin order, at most 2,000; the resources in view (promoted
 * dispatchers never; inactive ones only when asked) and the customers the records name.
 * One transaction, four queries whatever the window holds.
 */
export async function loadTimelineWindow(
  db: Db,
  orgId: string,
  q: WindowQuery,
  cache?: WindowCache,
): Promise<TimelineWindow> {
  return withOrg(db, orgId, async (tx) => {
    if (!cache || !q.reader.seesAll) return readWindow(tx, orgId, q);
    // Whoever sees the whole organisation sees the same window: one answer per window, reused
    // while the rows it was read from are unchanged (see WindowCache).
    const sig = await windowSignature(tx, orgId, q);
    const key = JSON.stringify([
      orgId,
      q.from,
      q.to,
      q.role,
      q.masterLabelsOf ?? '',
      q.resourceScope,
      q.ownResourceId ?? '',
      q.detail,
    ]);
    const hit = cache.get(key);
    if (hit && hit.sig === sig) return hit.value;
    const value = await readWindow(tx, orgId, q);
    cache.set(key, { sig, value });
    return value;
  });
}

/**
 * Answers of `loadTimelineWindow` for callers who see every record (dispatchers), per instance.
 * Never stale: each use first reads, in the request's transaction, a signature of every row the
 * answer is made of — the window's records, the resources, the customers, the organisation's
 * settings and master labels, its own row (max distance) — as count and sum of `xmin` (every insert, update or delete of a
 * row changes it, trigger-kept columns included), and reuses the answer only when it is equal.
 * Bounded: the oldest of 16 windows goes first.
 */
export class WindowCache {
  private readonly entries = new Map<string, { sig: string; value: TimelineWindow }>();
  constructor(private readonly capacity = 16) {}
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, entry: { sig: string; value: TimelineWindow }) {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

/** The records in view: those overlapping the window padded by 900 s on each side. */
const windowOf = (q: WindowQuery) => overlapsWindow(q.from - WINDOW_PADDING_S, q.to + WINDOW_PADDING_S);

async function windowSignature(tx: Tx, orgId: string, q: WindowQuery): Promise<string> {
  const part = (table: SQL, where: SQL = sql``) =>
    sql`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${table} where org_id = ${orgId} ${where})`;
  const res = (await tx.execute(
    sql`select ${part(
      sql`timeline_records`,
      sql`and ${windowOf(q)}`,
    )} || '/' || ${part(sql`resources`)} || '/' || ${part(sql`customers`)} || '/' || ${part(
      sql`org_settings`,
    )} || '/' || ${part(sql`dispatcher_master_labels`)} || '/' || ${part(sql`booking_confirmations`)} || '/' || ${part(sql`roster_drafts`)} || '/' || (select coalesce(xmin::text, '') from organisations where id = ${orgId}) as sig`,
  )) as unknown as { rows: { sig: string }[] };
  return res.rows[0]?.sig ?? '';
}

/** The window as read from the database (one transaction, four queries whatever it holds). */
async function readWindow(tx: Tx, orgId: string, q: WindowQuery): Promise<TimelineWindow> {
  // Settings and master labels in the same transaction: one round of queries per window.
  const settings = await tx
    .select({ key: orgSettings.key, role: orgSettings.role, value: orgSettings.value })
    .from(orgSettings)
    .where(
      and(
        eq(orgSettings.orgId, orgId),
        inArray(orgSettings.key, ['display', 'allocation']),
        inArray(orgSettings.role, ['', q.role]),
      ),
    );
  const setting = (key: string) => ({
    ...(settings.find((r) => r.key === key && r.role === '')?.value ?? {}),
    ...(settings.find((r) => r.key === key && r.role === q.role && q.role !== '')?.value ?? {}),
  });
  const display = setting('display');
  const allocation = setting('allocation');
  const includeInactive =
    typeof display.show_inactive_res_timeline === 'boolean'
      ? display.show_inactive_res_timeline
      : DISPLAY_DEFAULTS.show_inactive_res_timeline;
  const weekStartDay = typeof allocation.week_start_day === 'number' ? allocation.week_start_day : 0;
  const allocationConfig = await selectAllocationConfig(tx, orgId);
  const labels = q.masterLabelsOf
    ? (await masterLabelFiltersIn(tx, orgId, q.masterLabelsOf)).bookings
    : undefined;
  // Someone who is not a dispatcher reads a draft job as published: where its workers know it.
  const padded = { from: q.from - WINDOW_PADDING_S, to: q.to + WINDOW_PADDING_S };
  const inWindow = q.reader.seesAll
    ? windowOf(q)
    : sql`(${windowOf(q)} or ${publishedIn(orgId, padded.from, padded.to)})`;
  const where = and(
    eq(timelineRecords.orgId, orgId),
    inWindow,
    readableBy(timelineRecords.readers, q.reader),
    liveUnlessSeesAll(q.reader),
    labels,
  );
  let records: Record<string, unknown>[];
  if (q.detail === 'full') {
    records = (await selectTimelineRecords(tx, where, WINDOW_LIMIT + 1)) as StoredRecord[];
  } else {
    // Plain SQL on the hot path: only the bar's fields, rows read as they come.
    const res = (await tx.execute(sql`
        select timeline_records.id, timeline_records.key, timeline_records.status, timeline_records.type, timeline_records.customer_id, timeline_records.labels, timeline_records.inactive, timeline_records.is_conflict, timeline_records.version,
          timeline_records.utc_begin_plus_tz::float8 as b, timeline_records.utc_end_plus_tz::float8 as e,
          timeline_records.data ->> 'customer_first_name' as first, timeline_records.data ->> 'customer_last_name' as last,
          timeline_records.res_ids as res
        from timeline_records
        where timeline_records.org_id = ${orgId} and ${inWindow}
          ${q.reader.seesAll ? sql`` : sql`and timeline_records.readers @> array[${q.reader.uid}]::text[] and ${IS_LIVE_RECORD}`}
          ${labels ? sql`and ${labels}` : sql``}
        order by timeline_records.utc_begin_plus_tz, timeline_records.id
        limit ${WINDOW_LIMIT + 1}`)) as unknown as {
      rows: {
        id: string;
        key: string;
        status: string;
        type: string | null;
        customer_id: string | null;
        labels: string[];
        inactive: boolean;
        is_conflict: boolean;
        version: number;
        b: number;
        e: number;
        first: string | null;
        last: string | null;
        res: string[] | null;
      }[];
    };
    records = res.rows.map((r) => ({
      _id: r.id,
      _key: r.key,
      status: r.status,
      ...(r.type !== null ? { type: r.type } : {}),
      resIds: r.res ?? [],
      ...(r.customer_id !== null ? { customerId: r.customer_id } : {}),
      ...(r.first !== null ? { customer_first_name: r.first } : {}),
      ...(r.last !== null ? { customer_last_name: r.last } : {}),
      utc_begin_plus_tz: Number(r.b),
      utc_end_plus_tz: Number(r.e),
      ...(r.labels.length ? { labels: r.labels } : {}),
      ...(r.inactive ? { inactive: true } : {}),
      ...(r.is_conflict ? { isConflict: true } : {}),
      version: r.version,
    }));
  }
  const truncated = records.length > WINDOW_LIMIT;
  if (truncated) records = records.slice(0, WINDOW_LIMIT);
  if (!q.reader.seesAll) records = await asPublished(tx, orgId, records, q.detail === 'full', padded);
  records = await withConfirmations(
    tx,
    orgId,
    records,
    q.reader.seesAll ? undefined : (q.ownResourceId ?? null),
  );
  if (q.reader.seesAll) {
    // Roster changes not yet published (issue #19 point 4): the bar's draft mark.
    const drafts = await draftIdsAmong(
      tx,
      orgId,
      records.map((r) => r._id as string),
    );
    if (drafts.size) records = records.map((r) => (drafts.has(r._id as string) ? { ...r, draft: true } : r));
  }

  const inView = new Set<string>();
  const customerIds = new Set<string>();
  for (const r of records) {
    for (const id of (r.resIds as string[] | undefined) ?? []) inView.add(id);
    if (typeof r.customerId === 'string') customerIds.add(r.customerId);
  }
  if (q.ownResourceId) inView.add(q.ownResourceId);
  const idList = (ids: Iterable<string>) =>
    sql.join(
      [...ids].map((id) => sql`${id}`),
      sql`, `,
    );
  // Plain SQL: up to a thousand resources and hundreds of customers, read as they come.
  const resourceRows =
    q.resourceScope === 'records' && inView.size === 0
      ? []
      : (
          (await tx.execute(sql`
              select id as "_id", name, first_name, last_name, labels, inactive,
                inactive_date::float8 as "InactiveDate", external
              from resources
              where org_id = ${orgId} and promoted_dispatcher = false
                ${includeInactive ? sql`` : sql`and inactive = false`}
                ${q.resourceScope === 'records' ? sql`and id in (${idList(inView)})` : sql``}
              order by name, id`)) as unknown as { rows: WindowResource[] }
        ).rows;
  const customerRows = customerIds.size
    ? (
        (await tx.execute(sql`
            select id as "_id", name from customers
            where org_id = ${orgId} and id in (${idList(customerIds)}) order by id`)) as unknown as {
          rows: { _id: string; name: string }[];
        }
      ).rows
    : [];
  return {
    show_inactive_res_timeline: includeInactive,
    week_start_day: weekStartDay,
    allocation_config: allocationConfig,
    records,
    truncated,
    resources: resourceRows,
    customers: customerRows,
  };
}
