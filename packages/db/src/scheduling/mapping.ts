import type { ShiftRecord } from '@rostra/core/api/shifts';
import type { Blacklist } from '@rostra/core/records/blacklist';
import type { Customer } from '@rostra/core/records/customer';
import type { Label } from '@rostra/core/records/label';
import type { Resource } from '@rostra/core/records/resource';
import type { ServicePlan } from '@rostra/core/records/service-plan';
import type { TimelineRecord } from '@rostra/core/records/timeline-record';
import { DAY_CODES, type DayCode } from '@rostra/core/time/calendar';
import type {
  blacklists,
  customers,
  labels,
  resources,
  servicePlans,
  shifts,
  timelineRecords,
} from '../schema/scheduling.ts';

/*
 * Rows ↔ the spec's records. Columns hold what is queried; `data` holds the rest under the spec's
 * names. These functions are the only place that knows both shapes.
 */

const geo = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { _geoloc: { lat, lng } } : {};
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A timeline record as stored: id, times and assignments are always there. */
export type StoredRecord = TimelineRecord & {
  _id: string;
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  resIds: string[];
};
/** A stored record as read from its row: with its version. */
export type VersionedRecord = StoredRecord & { version: number };

export function toTimelineRecord(
  row: typeof timelineRecords.$inferSelect,
  resIds: string[],
): VersionedRecord {
  return {
    ...row.data,
    _id: row.id,
    _key: row.key,
    status: row.status,
    ...(row.type !== null ? { type: row.type } : {}),
    customerId: row.customerId,
    resourceId: resIds[0] ?? row.resourceId,
    resIds,
    utc_begin_plus_tz: row.beginAt,
    utc_end_plus_tz: row.endAt,
    labels: row.labels,
    ...geo(row.lat, row.lng),
    inactive: row.inactive,
    isConflict: row.isConflict,
    errors: row.conflictErrors,
    _uid_r: row.readers,
    version: row.version,
    _qa_create_utc: seconds(row.createdAt),
    _qa_update_utc: seconds(row.updatedAt),
  };
}

export function toResource(row: typeof resources.$inferSelect): Resource {
  return {
    ...row.data,
    _id: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    mobile: row.mobile,
    phone: row.phone,
    labels: row.labels,
    inactive: row.inactive,
    InactiveDate: row.inactiveDate,
    promoted_dispatcher: row.promotedDispatcher,
    external: row.external,
    max_hrs_dy: row.maxHrsDy,
    max_hrs_wk: row.maxHrsWk,
    max_hrs_fn: row.maxHrsFn,
    ...geo(row.lat, row.lng),
    uid: row.uid,
    org_id: row.orgId,
    version: row.version,
    _qa_create_utc: seconds(row.createdAt),
    _qa_update_utc: seconds(row.updatedAt),
  };
}

export function toCustomer(row: typeof customers.$inferSelect): Customer {
  return {
    ...row.data,
    _id: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    ...geo(row.lat, row.lng),
    uid: row.uid,
    inactive: row.inactive,
    version: row.version,
  };
}

export function toLabel(row: typeof labels.$inferSelect): Label {
  return {
    ...row.data,
    _id: row.id,
    name: row.name,
    type: row.type,
    unit_price: row.unitPrice,
    inactive: row.inactive,
    version: row.version,
  };
}

/** A weekly shift with its day flags spelled `su … sa` as the spec has them. */
export function toShift(row: typeof shifts.$inferSelect): ShiftRecord {
  const on = (d: DayCode) => row.days.includes(d);
  return {
    ...row.data,
    _id: row.id,
    resourceId: row.resourceId,
    week_id: row.weekId,
    su: on('su'),
    mo: on('mo'),
    tu: on('tu'),
    we: on('we'),
    th: on('th'),
    fr: on('fr'),
    sa: on('sa'),
    beg: row.beg,
    end: row.end,
    timings: row.timings,
    version: row.version,
  };
}

export function toBlacklist(row: typeof blacklists.$inferSelect): Blacklist {
  return { _id: row.customerId, resIds: row.resIds, _qa_update_utc: seconds(row.updatedAt) };
}

export function toServicePlan(row: typeof servicePlans.$inferSelect): ServicePlan {
  return {
    ...row.data,
    VisitStemID: row.visitStemId,
    ...(row.updateType !== null ? { UpdateType: row.updateType } : {}),
    ...(row.endDate !== null ? { EndDate: row.endDate } : {}),
  };
}

// --- Spec records → rows ------------------------------------------------------------------------

/** Fields the server derives or owns: never taken from input, never stored in `data`. */
const DERIVED = ['_id', 'version', '_qa_create_utc', '_qa_update_utc', 'org_id', 'weightage_cost'];

type Input = Record<string, unknown>;

/** `input` without `taken` (the fields that became columns) and without derived fields. */
function rest(input: Input, taken: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || taken.includes(k) || DERIVED.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

const has = (input: Input, key: string) => Object.hasOwn(input, key) && input[key] !== undefined;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean => v === true;
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const point = (v: unknown): { lat: number | null; lng: number | null } => {
  const g = v as { lat?: unknown; lng?: unknown } | null | undefined;
  return { lat: num(g?.lat), lng: num(g?.lng) };
};

/** The whole spec record (old merged with new) as column values and `data`. */
export function timelineRecordValues(record: Input) {
  const taken = [
    '_key',
    'status',
    'type',
    'customerId',
    'resourceId',
    'resIds',
    'utc_begin_plus_tz',
    'utc_end_plus_tz',
    'labels',
    '_geoloc',
    'inactive',
    'isConflict',
    'errors',
    '_uid_r',
  ];
  return {
    key: str(record._key) ?? 'booking',
    status: str(record.status) ?? (record._key === 'leave' ? 'leave' : 'draft'),
    type: str(record.type),
    customerId: str(record.customerId),
    beginAt: num(record.utc_begin_plus_tz) ?? 0,
    endAt: num(record.utc_end_plus_tz) ?? 0,
    labels: list(record.labels),
    ...point(record._geoloc),
    inactive: bool(record.inactive),
    data: rest(record, taken),
  };
}

export function resourceValues(record: Input) {
  const taken = [
    'name',
    'first_name',
    'last_name',
    'email',
    'mobile',
    'phone',
    'labels',
    'lbls',
    'inactive',
    'InactiveDate',
    'promoted_dispatcher',
    'external',
    'max_hrs_dy',
    'max_hrs_wk',
    'max_hrs_fn',
    '_geoloc',
    'uid',
  ];
  return {
    ...personValues(record),
    mobile: str(record.mobile),
    labels: has(record, 'labels') && record.labels !== null ? list(record.labels) : list(record.lbls),
    inactive: bool(record.inactive),
    inactiveDate: num(record.InactiveDate),
    promotedDispatcher: bool(record.promoted_dispatcher),
    external: bool(record.external),
    maxHrsDy: num(record.max_hrs_dy),
    maxHrsWk: num(record.max_hrs_wk),
    maxHrsFn: num(record.max_hrs_fn),
    data: rest(record, taken),
  };
}

export function customerValues(record: Input) {
  const taken = ['name', 'first_name', 'last_name', 'email', 'phone', '_geoloc', 'uid', 'inactive'];
  return { ...personValues(record), inactive: bool(record.inactive), data: rest(record, taken) };
}

/** The name, contact, place and user columns of a resource or a customer. */
function personValues(record: Input) {
  const first = str(record.first_name) ?? '';
  const last = str(record.last_name) ?? '';
  return {
    name: str(record.name) ?? (`${first} ${last}`.trim() || String(record._id ?? '')),
    firstName: first,
    lastName: last,
    email: str(record.email),
    phone: str(record.phone),
    ...point(record._geoloc),
    uid: str(record.uid),
  };
}

export function labelValues(record: Input) {
  return {
    name: str(record.name) ?? String(record._id ?? ''),
    type: str(record.type) ?? 'label',
    unitPrice: num(record.unit_price),
    inactive: bool(record.inactive),
    data: rest(record, ['name', 'type', 'unit_price', 'inactive']),
  };
}

export function servicePlanValues(record: Input) {
  return {
    updateType: str(record.UpdateType),
    endDate: num(record.EndDate),
    data: rest(record, ['VisitStemID', 'UpdateType', 'EndDate']),
  };
}

/** A weekly shift's columns; `days` are the truthy day flags in su..sa order. */
export function shiftValues(record: Input) {
  const timings = (record.timings ?? {}) as Record<string, { beg: number; end: number }[] | null>;
  const clean: Record<string, { beg: number; end: number }[]> = {};
  for (const [d, list] of Object.entries(timings)) if (Array.isArray(list)) clean[d] = list;
  return {
    days: DAY_CODES.filter((d) => Boolean(record[d])),
    beg: num(record.beg) ?? 0,
    end: num(record.end) ?? 0,
    timings: clean,
    data: rest(record, ['resourceId', 'week_id', ...DAY_CODES, 'beg', 'end', 'timings']),
  };
}
