import { customerPhoneIssue } from '@rostra/core/records/customer';
import { forcedResourceIssue } from '@rostra/core/settings/flag-rules';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Audience } from '../infra/live-events.ts';
import { calendarEvents, projectTasks, quickViews } from '../schema/planning.ts';
import { customers, labels, resources, servicePlans } from '../schema/scheduling.ts';
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
  /**
   * The kind's record rules (in core): a refusal of the fields `given` by a create (all of them)
   * or a change (only those it changes), under the organisation's display flags.
   */
  check?(
    given: Record<string, unknown>,
    display: Record<string, unknown>,
    on: 'create' | 'update',
  ): RuleRefusal;
};

/** A record rule's refusal, written as a 400 with the code, message and field; undefined passes. */
export type RuleRefusal = { code: string; message: string; field?: string } | undefined;

/** A record and who may read it, as its live events need them. */
export const sideOf = (kind: RecordKind, record: Record<string, unknown>): RecordSide => ({
  record,
  audience: kind.audience(record),
});

/** A tenant table with the shared columns (`orgRef()` and `stamps`, schema/columns.ts). */
type TenantTable = PgTable & { orgId: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * A kind of a tenant table: its columns are the shared ones, the id column `id` (spec field
 * `_id`) unless `id` says otherwise, and `readers` (`_uid_r`) when the kind has a readers list.
 */
function recordKind<T extends TenantTable>(spec: {
  name: RecordEventKind;
  table: T;
  id?: { key: string; field: string };
  readers?: boolean;
  toRecord(row: T['$inferSelect']): Record<string, unknown>;
  values: RecordKind['values'];
  audience: RecordKind['audience'];
  check?: RecordKind['check'];
}): RecordKind {
  const column = (key: string) => (spec.table as unknown as Record<string, PgColumn>)[key] as PgColumn;
  const idKey = spec.id?.key ?? 'id';
  return {
    name: spec.name,
    table: spec.table,
    cols: {
      orgId: spec.table.orgId,
      id: column(idKey),
      version: spec.table.version,
      updatedAt: spec.table.updatedAt,
      ...(spec.readers ? { readers: column('readers') } : {}),
    },
    idKey,
    idField: spec.id?.field ?? '_id',
    toRecord: (row) => spec.toRecord(row as T['$inferSelect']),
    values: spec.values,
    audience: spec.audience,
    ...(spec.check ? { check: spec.check } : {}),
  };
}

const DISPATCHERS: Audience = { dispatchers: true };
const seconds = (d: unknown) => (d instanceof Date ? Math.floor(d.getTime() / 1000) : undefined);
/** `version`, `_qa_create_utc` and `_qa_update_utc` of a row. */
const stampsOf = (r: { version: number; createdAt: Date; updatedAt: Date }) => ({
  version: r.version,
  _qa_create_utc: seconds(r.createdAt),
  _qa_update_utc: seconds(r.updatedAt),
});

export const LABELS = recordKind({
  name: 'labels',
  table: labels,
  toRecord: toLabel,
  values: labelValues,
  audience: () => CATALOGUE_AUDIENCE,
});

export const RESOURCES = recordKind({
  name: 'resources',
  table: resources,
  toRecord: toResource,
  values: resourceValues,
  // Also the resource's own user: their record is theirs to see (and nobody else's resources are).
  audience: (record) => audienceWith(CATALOGUE_AUDIENCE, [record.uid]),
});

export const CUSTOMERS = recordKind({
  name: 'customers',
  table: customers,
  toRecord: (r) => ({ ...toCustomer(r), ...stampsOf(r) }),
  values: customerValues,
  audience: (record) => audienceWith(CATALOGUE_AUDIENCE, [record.uid]),
  // Phone required unless `customer_phone_optional`: on create, and on a change that gives one.
  check: (given, display, on) =>
    on === 'create' || 'phone' in given ? customerPhoneIssue(given.phone, display) : undefined,
});

export const SERVICE_PLANS = recordKind({
  name: 'service_plans',
  table: servicePlans,
  id: { key: 'visitStemId', field: 'VisitStemID' },
  toRecord: (r) => ({ ...toServicePlan(r), version: r.version, _qa_update_utc: seconds(r.updatedAt) }),
  values: servicePlanValues,
  audience: () => DISPATCHERS,
});

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
function others(record: Record<string, unknown>, taken: readonly string[]): Record<string, unknown> {
  const skip = new Set([...taken, '_id', 'version', '_qa_create_utc', '_qa_update_utc']);
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !skip.has(k) && v !== undefined));
}
/** Dispatchers and the record's readers list. */
const readersAudience = (record: Record<string, unknown>) => audienceWith(DISPATCHERS, list(record._uid_r));

/** Quick views (`_key` quicviews): name, id, uid, cus_view. */
export const QUICK_VIEWS = recordKind({
  name: 'quick_views',
  table: quickViews,
  toRecord: (r) => ({
    ...r.data,
    _id: r.id,
    _key: 'quicviews',
    id: r.id,
    name: r.name,
    uid: r.uid,
    cus_view: r.cusView,
    version: r.version,
    _qa_update_utc: seconds(r.updatedAt),
  }),
  values: (rec) => ({
    name: str(rec.name),
    uid: str(rec.uid),
    cusView: rec.cus_view === true,
    data: others(rec, ['_key', 'id', 'name', 'uid', 'cus_view']),
  }),
  audience: () => DISPATCHERS,
});

/** Project tasks: simple records with a readers list (`_uid_r`). */
export const PROJECT_TASKS = recordKind({
  name: 'project_tasks',
  table: projectTasks,
  readers: true,
  toRecord: (r) => ({
    ...r.data,
    _id: r.id,
    name: r.name,
    status: r.status,
    _uid_r: r.readers,
    ...stampsOf(r),
  }),
  values: (rec) => ({
    name: str(rec.name),
    status: typeof rec.status === 'string' ? rec.status : null,
    readers: list(rec._uid_r),
    data: others(rec, ['name', 'status', '_uid_r']),
  }),
  audience: readersAudience,
});

/** Calendar events (`calevent_id`), optionally of a task (`task_id`); readers list. */
export const CALENDAR_EVENTS = recordKind({
  name: 'calendar_events',
  table: calendarEvents,
  readers: true,
  toRecord: (r) => ({
    ...r.data,
    _id: r.id,
    calevent_id: r.id,
    task_id: r.taskId,
    name: r.name,
    utc_begin_plus_tz: r.beginAt,
    utc_end_plus_tz: r.endAt,
    _uid_r: r.readers,
    ...stampsOf(r),
  }),
  values: (rec) => ({
    taskId: typeof rec.task_id === 'string' ? rec.task_id : null,
    name: str(rec.name),
    beginAt: num(rec.utc_begin_plus_tz),
    endAt: num(rec.utc_end_plus_tz),
    readers: list(rec._uid_r),
    data: others(rec, ['calevent_id', 'task_id', 'name', 'utc_begin_plus_tz', 'utc_end_plus_tz', '_uid_r']),
  }),
  audience: readersAudience,
  // A resource on a new event when the organisation forces it (`force_resource_calevent`).
  check: (given, display, on) =>
    on === 'create' ? (forcedResourceIssue('calevent', given.resIds, display) ?? undefined) : undefined,
});
