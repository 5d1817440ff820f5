import { type Column, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { calendarEvents, projectTasks, quickViews } from '../schema/planning.ts';
import { customers, labels, resources, servicePlans } from '../schema/scheduling.ts';
import type { Audience } from './live-events.ts';
import {
  customerValues,
  labelValues,
  resourceValues,
  servicePlanValues,
  toCustomer,
  toLabel,
  toResource,
  toServicePlan,
} from './mapping.ts';
import { audienceWith, CATALOGUE_AUDIENCE, type RecordEventKind, type RecordSide } from './record-events.ts';

/*
 * The record kinds served by the generic list/get/create/update/delete use-cases: each says which
 * table holds it, how a row reads as the spec's record and how a record is written as a row.
 * Kinds with rules of their own (timeline records, shifts, blacklists) have their own use-cases.
 */

type Row = Record<string, unknown>;

export type RecordKind = {
  /** Also the `kind` of its live events (topic `records`). */
  name: RecordEventKind;
  table: PgTable;
  cols: { orgId: PgColumn; id: PgColumn; version: PgColumn; updatedAt: PgColumn; readers?: PgColumn };
  /** The table object's property of the id column (`id`; `visitStemId` for service plans). */
  idKey: string;
  /** The spec field holding the record's id (`_id`; `VisitStemID` for service plans). */
  idField: string;
  toRecord(row: Row): Record<string, unknown>;
  /** Column values of a whole record (spec names in, column properties out), without ids. */
  values(record: Record<string, unknown>): Record<string, unknown>;
  /** Who may read the record (its live events go to them only): as the kind's read routes allow. */
  audience(record: Record<string, unknown>): Audience;
};

/** A record and who may read it, as its live events need them. */
export const sideOf = (kind: RecordKind, record: Record<string, unknown>): RecordSide => ({
  record,
  audience: kind.audience(record),
});

const DISPATCHERS: Audience = { dispatchers: true };
const seconds = (d: unknown) => (d instanceof Date ? Math.floor(d.getTime() / 1000) : undefined);

export const LABELS: RecordKind = {
  name: 'labels',
  table: labels,
  cols: { orgId: labels.orgId, id: labels.id, version: labels.version, updatedAt: labels.updatedAt },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => toLabel(row as typeof labels.$inferSelect),
  values: labelValues,
  audience: () => CATALOGUE_AUDIENCE,
};

export const RESOURCES: RecordKind = {
  name: 'resources',
  table: resources,
  cols: {
    orgId: resources.orgId,
    id: resources.id,
    version: resources.version,
    updatedAt: resources.updatedAt,
  },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => toResource(row as typeof resources.$inferSelect),
  values: resourceValues,
  // Also the resource's own user: their record is theirs to see (and nobody else's resources are).
  audience: (record) => audienceWith(CATALOGUE_AUDIENCE, [record.uid]),
};

export const CUSTOMERS: RecordKind = {
  name: 'customers',
  table: customers,
  cols: {
    orgId: customers.orgId,
    id: customers.id,
    version: customers.version,
    updatedAt: customers.updatedAt,
  },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => {
    const r = row as typeof customers.$inferSelect;
    return { ...toCustomer(r), _qa_create_utc: seconds(r.createdAt), _qa_update_utc: seconds(r.updatedAt) };
  },
  values: customerValues,
  audience: (record) => audienceWith(CATALOGUE_AUDIENCE, [record.uid]),
};

export const SERVICE_PLANS: RecordKind = {
  name: 'service_plans',
  table: servicePlans,
  cols: {
    orgId: servicePlans.orgId,
    id: servicePlans.visitStemId,
    version: servicePlans.version,
    updatedAt: servicePlans.updatedAt,
  },
  idField: 'VisitStemID',
  idKey: 'visitStemId',
  toRecord: (row) => {
    const r = row as typeof servicePlans.$inferSelect;
    return { ...toServicePlan(r), version: r.version, _qa_update_utc: seconds(r.updatedAt) };
  },
  values: servicePlanValues,
  audience: () => DISPATCHERS,
};

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
function others(record: Record<string, unknown>, taken: readonly string[]): Record<string, unknown> {
  const skip = new Set([...taken, '_id', 'version', '_qa_create_utc', '_qa_update_utc']);
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !skip.has(k) && v !== undefined));
}

/** Quick views (`_key` quicviews): name, id, uid, cus_view. */
export const QUICK_VIEWS: RecordKind = {
  name: 'quick_views',
  table: quickViews,
  cols: {
    orgId: quickViews.orgId,
    id: quickViews.id,
    version: quickViews.version,
    updatedAt: quickViews.updatedAt,
  },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => {
    const r = row as typeof quickViews.$inferSelect;
    return {
      ...r.data,
      _id: r.id,
      _key: 'quicviews',
      id: r.id,
      name: r.name,
      uid: r.uid,
      cus_view: r.cusView,
      version: r.version,
      _qa_update_utc: seconds(r.updatedAt),
    };
  },
  values: (rec) => ({
    name: str(rec.name),
    uid: str(rec.uid),
    cusView: rec.cus_view === true,
    data: others(rec, ['_key', 'id', 'name', 'uid', 'cus_view']),
  }),
  audience: () => DISPATCHERS,
};

/** Project tasks: simple records with a readers list (`_uid_r`). */
export const PROJECT_TASKS: RecordKind = {
  name: 'project_tasks',
  table: projectTasks,
  cols: {
    orgId: projectTasks.orgId,
    id: projectTasks.id,
    version: projectTasks.version,
    updatedAt: projectTasks.updatedAt,
    readers: projectTasks.readers,
  },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => {
    const r = row as typeof projectTasks.$inferSelect;
    return {
      ...r.data,
      _id: r.id,
      name: r.name,
      status: r.status,
      _uid_r: r.readers,
      version: r.version,
      _qa_create_utc: seconds(r.createdAt),
      _qa_update_utc: seconds(r.updatedAt),
    };
  },
  values: (rec) => ({
    name: str(rec.name),
    status: typeof rec.status === 'string' ? rec.status : null,
    readers: list(rec._uid_r),
    data: others(rec, ['name', 'status', '_uid_r']),
  }),
  audience: (record) => audienceWith(DISPATCHERS, list(record._uid_r)),
};

/** Calendar events (`calevent_id`), optionally of a task (`task_id`); readers list. */
export const CALENDAR_EVENTS: RecordKind = {
  name: 'calendar_events',
  table: calendarEvents,
  cols: {
    orgId: calendarEvents.orgId,
    id: calendarEvents.id,
    version: calendarEvents.version,
    updatedAt: calendarEvents.updatedAt,
    readers: calendarEvents.readers,
  },
  idField: '_id',
  idKey: 'id',
  toRecord: (row) => {
    const r = row as typeof calendarEvents.$inferSelect;
    return {
      ...r.data,
      _id: r.id,
      calevent_id: r.id,
      task_id: r.taskId,
      name: r.name,
      utc_begin_plus_tz: r.beginAt,
      utc_end_plus_tz: r.endAt,
      _uid_r: r.readers,
      version: r.version,
      _qa_create_utc: seconds(r.createdAt),
      _qa_update_utc: seconds(r.updatedAt),
    };
  },
  values: (rec) => ({
    taskId: typeof rec.task_id === 'string' ? rec.task_id : null,
    name: str(rec.name),
    beginAt: num(rec.utc_begin_plus_tz),
    endAt: num(rec.utc_end_plus_tz),
    readers: list(rec._uid_r),
    data: others(rec, ['calevent_id', 'task_id', 'name', 'utc_begin_plus_tz', 'utc_end_plus_tz', '_uid_r']),
  }),
  audience: (record) => audienceWith(DISPATCHERS, list(record._uid_r)),
};

/** A filter on a list: a condition on the kind's table. */
export type ListFilter = SQL | undefined;

/** `column = value` for a column of a kind's table, or no condition when `value` is undefined. */
export function equals(column: Column, value: unknown): ListFilter {
  return value === undefined ? undefined : sql`${column} = ${value}`;
}
