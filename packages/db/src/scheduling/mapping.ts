import type { Blacklist } from '@rostra/core/records/blacklist';
import type { Customer } from '@rostra/core/records/customer';
import type { Label } from '@rostra/core/records/label';
import type { Resource } from '@rostra/core/records/resource';
import type { ServicePlan } from '@rostra/core/records/service-plan';
import type { Shift } from '@rostra/core/records/shift';
import type { TimelineRecord } from '@rostra/core/records/timeline-record';
import { DAY_CODES } from '@rostra/core/time/calendar';
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

export function toTimelineRecord(row: typeof timelineRecords.$inferSelect, resIds: string[]): StoredRecord {
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
export function toShift(row: typeof shifts.$inferSelect): Shift {
  const flags = Object.fromEntries(DAY_CODES.map((d) => [d, row.days.includes(d)]));
  return {
    ...row.data,
    _id: row.id,
    resourceId: row.resourceId,
    week_id: row.weekId,
    ...flags,
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
