import type { Blacklist } from '@rostra/core/records/blacklist';
import type { Customer } from '@rostra/core/records/customer';
import type { Label } from '@rostra/core/records/label';
import type { Resource } from '@rostra/core/records/resource';
import type { ServicePlan } from '@rostra/core/records/service-plan';
import type { Shift } from '@rostra/core/records/shift';
import type { TimelineRecord } from '@rostra/core/records/timeline-record';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import { type Audience, appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import {
  blacklists,
  customers,
  labels,
  resources,
  servicePlans,
  shifts,
  timelineRecordResources,
  timelineRecords,
} from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import {
  customerValues,
  labelValues,
  resourceValues,
  servicePlanValues,
  shiftValues,
  timelineRecordValues,
} from './mapping.ts';
import { CATALOGUE_AUDIENCE, type RecordEventKind } from './record-events.ts';
import { resIdsOf } from './timeline-writes.ts';

/** Validated records of one import, by kind, in the spec's field names. */
export type ImportBatch = {
  labels: Label[];
  resources: Resource[];
  customers: Customer[];
  servicePlans: ServicePlan[];
  shifts: Shift[];
  timeline: (TimelineRecord & { _id: string; utc_begin_plus_tz: number; utc_end_plus_tz: number })[];
  blacklists: Blacklist[];
  /**
   * Settings documents (`job_status_config`, `workflows`): each field given replaces that field of
   * the stored document; the document's other fields stay.
   */
  settings?: { key: string; value: Record<string, unknown> }[];
};

export const IMPORT_ORDER = [
  'labels',
  'resources',
  'customers',
  'servicePlans',
  'shifts',
  'timeline',
  'blacklists',
] as const;
export type ImportKind = (typeof IMPORT_ORDER)[number];

/** Rows written per statement. */
const CHUNK = 250;

export async function organisationExists(db: Db, orgId: string): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return rows.length > 0;
}

/** Ids of the organisation's existing resources and customers among `ids` (reference checks). */
export async function existingIds(
  db: Db,
  orgId: string,
  kind: 'resources' | 'customers',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'resources' ? resources : customers;
  const found = new Set<string>();
  await withOrg(db, orgId, async (tx) => {
    for (let i = 0; i < ids.length; i += 5_000) {
      const rows = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.orgId, orgId), inArray(table.id, ids.slice(i, i + 5_000))));
      for (const r of rows) found.add(r.id);
    }
  });
  return found;
}

/**
 * Writes a validated import into the organisation in ONE transaction (all or nothing): records
 * are inserted, or replace the record with the same id (importing a file twice changes nothing
 * the second time). Timeline records keep their `_uid_r` and also get their resources' and
 * customer's users; `resIds` becomes the assignment relation. `onProgress(kind, done, total)`
 * after each chunk.
 */
export async function importRecords(
  db: Db,
  orgId: string,
  batch: ImportBatch,
  onProgress: (kind: ImportKind, done: number, total: number) => void = () => {},
): Promise<Record<ImportKind, number>> {
  return withOrg(db, orgId, async (tx) => {
    const counts = Object.fromEntries(IMPORT_ORDER.map((k) => [k, 0])) as Record<ImportKind, number>;
    const now = new Date();
    const chunked = async <T>(
      kind: ImportKind,
      rows: readonly T[],
      write: (chunk: T[]) => Promise<unknown>,
    ) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await write(rows.slice(i, i + CHUNK));
        counts[kind] = Math.min(i + CHUNK, rows.length);
        onProgress(kind, counts[kind], rows.length);
      }
    };

    await chunked('labels', batch.labels, (c) =>
      tx
        .insert(labels)
        .values(c.map((l) => ({ orgId, id: l._id, ...labelValues(l), updatedAt: now })))
        .onConflictDoUpdate({
          target: [labels.orgId, labels.id],
          set: {
            ...excluded(labels, ['name', 'type', 'unitPrice', 'inactive', 'data']),
            version: sql`${labels.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    await chunked('resources', batch.resources, (c) =>
      tx
        .insert(resources)
        .values(c.map((r) => ({ orgId, id: r._id, ...resourceValues(r), updatedAt: now })))
        .onConflictDoUpdate({
          target: [resources.orgId, resources.id],
          set: {
            ...excluded(resources, [
              'name',
              'firstName',
              'lastName',
              'email',
              'mobile',
              'phone',
              'labels',
              'inactive',
              'inactiveDate',
              'promotedDispatcher',
              'external',
              'maxHrsDy',
              'maxHrsWk',
              'maxHrsFn',
              'lat',
              'lng',
              'uid',
              'data',
            ]),
            version: sql`${resources.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    await chunked('customers', batch.customers, (c) =>
      tx
        .insert(customers)
        .values(c.map((r) => ({ orgId, id: r._id, ...customerValues(r), updatedAt: now })))
        .onConflictDoUpdate({
          target: [customers.orgId, customers.id],
          set: {
            ...excluded(customers, [
              'name',
              'firstName',
              'lastName',
              'email',
              'phone',
              'lat',
              'lng',
              'uid',
              'inactive',
              'data',
            ]),
            version: sql`${customers.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    await chunked('servicePlans', batch.servicePlans, (c) =>
      tx
        .insert(servicePlans)
        .values(
          c.map((p) => ({ orgId, visitStemId: p.VisitStemID, ...servicePlanValues(p), updatedAt: now })),
        )
        .onConflictDoUpdate({
          target: [servicePlans.orgId, servicePlans.visitStemId],
          set: {
            ...excluded(servicePlans, ['updateType', 'endDate', 'data']),
            version: sql`${servicePlans.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    await chunked('shifts', batch.shifts, (c) =>
      tx
        .insert(shifts)
        .values(
          c.map((s) => ({
            orgId,
            id: s._id ?? `${s.resourceId}_${s.week_id}`,
            resourceId: s.resourceId,
            weekId: s.week_id,
            ...shiftValues(s),
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [shifts.orgId, shifts.id],
          set: {
            ...excluded(shifts, ['resourceId', 'weekId', 'days', 'beg', 'end', 'timings', 'data']),
            version: sql`${shifts.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    await chunked('timeline', batch.timeline, (c) => writeTimeline(tx, orgId, c, now));
    await chunked('blacklists', batch.blacklists, (c) =>
      tx
        .insert(blacklists)
        .values(c.map((b) => ({ orgId, customerId: b._id, resIds: [...new Set(b.resIds)], updatedAt: now })))
        .onConflictDoUpdate({
          target: [blacklists.orgId, blacklists.customerId],
          set: {
            ...excluded(blacklists, ['resIds']),
            version: sql`${blacklists.version} + 1`,
            updatedAt: now,
          },
        }),
    );
    const changed: LiveEventInput[] = [];
    for (const { key, value } of batch.settings ?? []) {
      const where = and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, key), eq(orgSettings.role, ''));
      const [row] = await tx.select().from(orgSettings).where(where).for('update');
      const merged = { ...(row?.value ?? {}), ...value };
      const [saved] = row
        ? await tx
            .update(orgSettings)
            .set({ value: merged, version: sql`${orgSettings.version} + 1`, updatedAt: now })
            .where(where)
            .returning()
        : await tx.insert(orgSettings).values({ orgId, key, role: '', value: merged }).returning();
      changed.push({
        topic: 'settings',
        kind: 'settings.changed',
        audience: { members: true },
        payload: { _key: key, value: merged, version: saved?.version ?? 1 },
      });
    }
    await appendLiveEvents(tx, orgId, [...reloadEvents(counts), ...changed]);
    return counts;
  });
}

/**
 * What an import tells the live layer: one `records.reloaded` hint per kind it wrote (not an event
 * per record), carrying no record, so the sockets of that kind reload what they show. Each hint
 * goes to who could read some record of the kind: a resource or customer may have their own
 * record among resources, customers, shifts or bookings; labels are the catalogue readers';
 * service plans and blacklists the dispatchers'.
 */
function reloadEvents(counts: Record<ImportKind, number>): LiveEventInput[] {
  const events: LiveEventInput[] = [];
  const hint = (kind: RecordEventKind, audience: Audience) =>
    events.push({ topic: 'records', kind: 'records.reloaded', audience, payload: { kind } });
  if (counts.labels) hint('labels', CATALOGUE_AUDIENCE);
  if (counts.resources) hint('resources', { members: true });
  if (counts.customers) hint('customers', { members: true });
  if (counts.servicePlans) hint('service_plans', { dispatchers: true });
  if (counts.shifts) hint('shifts', { members: true });
  if (counts.blacklists) hint('blacklists', { dispatchers: true });
  if (counts.timeline)
    events.push({
      topic: 'booking',
      kind: 'records.reloaded',
      audience: { members: true },
      payload: { reload: true },
    });
  return events;
}

async function writeTimeline(
  tx: Tx,
  orgId: string,
  records: ImportBatch['timeline'],
  now: Date,
): Promise<void> {
  const resIdsBy = new Map(records.map((r) => [r._id, resIdsOf(r)]));
  const uidOf = new Map<string, string>();
  const resourceIds = [...new Set([...resIdsBy.values()].flat())];
  const customerIds = [
    ...new Set(records.map((r) => r.customerId).filter((c): c is string => typeof c === 'string')),
  ];
  if (resourceIds.length) {
    for (const r of await tx
      .select({ id: resources.id, uid: resources.uid })
      .from(resources)
      .where(and(eq(resources.orgId, orgId), inArray(resources.id, resourceIds)))) {
      if (r.uid) uidOf.set(`r:${r.id}`, r.uid);
    }
  }
  if (customerIds.length) {
    for (const c of await tx
      .select({ id: customers.id, uid: customers.uid })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), inArray(customers.id, customerIds)))) {
      if (c.uid) uidOf.set(`c:${c.id}`, c.uid);
    }
  }
  const rows = records.map((r) => {
    const resIds = resIdsBy.get(r._id) ?? [];
    const readers = new Set<string>(Array.isArray(r._uid_r) ? (r._uid_r as string[]) : []);
    for (const id of resIds) {
      const uid = uidOf.get(`r:${id}`);
      if (uid) readers.add(uid);
    }
    const cuid = typeof r.customerId === 'string' ? uidOf.get(`c:${r.customerId}`) : undefined;
    if (cuid) readers.add(cuid);
    return {
      orgId,
      id: r._id,
      ...timelineRecordValues({ ...r, resIds, resourceId: resIds[0] ?? null }),
      resourceId: resIds[0] ?? null,
      resIds,
      isConflict: r.isConflict === true,
      readers: [...readers].sort(),
      updatedAt: now,
    };
  });
  await tx
    .insert(timelineRecords)
    .values(rows)
    .onConflictDoUpdate({
      target: [timelineRecords.orgId, timelineRecords.id],
      set: {
        ...Object.fromEntries(
          [
            'key',
            'status',
            'type',
            'customer_id',
            'resource_id',
            'res_ids',
            'utc_begin_plus_tz',
            'utc_end_plus_tz',
            'labels',
            'lat',
            'lng',
            'inactive',
            'is_conflict',
            'readers',
            'data',
          ].map((c) => [c, sql.raw(`excluded.${c}`)]),
        ),
        version: sql`${timelineRecords.version} + 1`,
        updatedAt: now,
      },
    });
  const ids = records.map((r) => r._id);
  await tx
    .delete(timelineRecordResources)
    .where(and(eq(timelineRecordResources.orgId, orgId), inArray(timelineRecordResources.recordId, ids)));
  const links = records.flatMap((r) =>
    (resIdsBy.get(r._id) ?? []).map((resourceId, position) => ({
      orgId,
      recordId: r._id,
      resourceId,
      position,
    })),
  );
  if (links.length) await tx.insert(timelineRecordResources).values(links);
}

/** `set` of an upsert: each named column (by property) takes the value the insert proposed. */
function excluded(table: PgTable, props: readonly string[]): Record<string, ReturnType<typeof sql.raw>> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    props.map((p) => {
      const column = columns[p];
      if (!column) throw new Error(`no column ${p}`);
      return [p, sql.raw(`excluded."${column.name}"`)];
    }),
  );
}
