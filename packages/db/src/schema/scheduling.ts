import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { orgRef, stamps } from './columns.ts';

/*
 * Scheduling records. Every table is a tenant table: `org_id` leads every primary key and every
 * foreign key, so a row can only ever point at rows of its own organisation.
 *
 * Columns hold what is queried, filtered, indexed or joined; the rest of a record's spec fields
 * (addresses, notes, external_data, …) live in `data` under their spec names, so records from the
 * seed system round-trip unchanged. Times are the spec's wall-clock seconds (`utc_*_plus_tz`).
 */

export const labels = pgTable(
  'labels',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** group, service, certificate, label, site, taskstatus, option_1, eventstate, … */
    type: text('type').notNull().default('label'),
    unitPrice: numeric('unit_price', { mode: 'number' }),
    inactive: boolean('inactive').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

export const resources = pgTable(
  'resources',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    phone: text('phone'),
    /** Label ids. */
    labels: text('labels').array().notNull().default([]),
    inactive: boolean('inactive').notNull().default(false),
    /** Wall-clock seconds from which the resource is inactive. */
    inactiveDate: bigint('inactive_date', { mode: 'number' }),
    promotedDispatcher: boolean('promoted_dispatcher').notNull().default(false),
    external: boolean('external').notNull().default(false),
    maxHrsDy: doublePrecision('max_hrs_dy'),
    maxHrsWk: doublePrecision('max_hrs_wk'),
    maxHrsFn: doublePrecision('max_hrs_fn'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    uid: text('uid'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

export const customers = pgTable(
  'customers',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    uid: text('uid'),
    inactive: boolean('inactive').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/** Bookings, group events, leaves and breaks (`_key`): the timeline's records. */
export const timelineRecords = pgTable(
  'timeline_records',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    key: text('key').notNull().default('booking'),
    status: text('status').notNull().default('draft'),
    type: text('type'),
    customerId: text('customer_id'),
    /** First assigned resource (the spec's `resourceId`); the full list is `timeline_record_resources`. */
    resourceId: text('resource_id'),
    beginAt: bigint('utc_begin_plus_tz', { mode: 'number' }).notNull(),
    endAt: bigint('utc_end_plus_tz', { mode: 'number' }).notNull(),
    labels: text('labels').array().notNull().default([]),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    inactive: boolean('inactive').notNull().default(false),
    isConflict: boolean('is_conflict').notNull().default(false),
    /** The overlap validator's errors behind `isConflict` (API field `errors`). */
    conflictErrors: jsonb('conflict_errors').$type<Record<string, unknown>[]>().notNull().default([]),
    /** User ids allowed to see the record (`_uid_r`). */
    readers: text('readers').array().notNull().default([]),
    /**
     * `resIds` as read: a copy of the ordered `timeline_record_resources` rows, kept by triggers on
     * that table (migration 0006), so hot reads need no per-record sub-select. The relation is
     * the truth and the only thing written; never write this column.
     */
    resIds: text('res_ids').array().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('timeline_records_begin_idx').on(t.orgId, t.beginAt),
    index('timeline_records_resource_idx').on(t.orgId, t.resourceId, t.beginAt),
    index('timeline_records_customer_idx').on(t.orgId, t.customerId),
    // Records longer than LONG_RECORD_S (multi-day leaves, long jobs): with it, "overlaps [from,
    // to)" reads begins from `from − LONG_RECORD_S` on the begin index plus these, instead of
    // every record that began before `to` (see `overlapsWindow`).
    index('timeline_records_long_idx').on(t.orgId, t.endAt).where(sql`${t.endAt} - ${t.beginAt} > 172800`),
  ],
);

/** The spec's `resIds` as a relation, in order (position 0 is `resourceId`). */
export const timelineRecordResources = pgTable(
  'timeline_record_resources',
  {
    orgId: text('org_id').notNull(),
    recordId: text('record_id').notNull(),
    resourceId: text('resource_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.recordId, t.resourceId] }),
    index('timeline_record_resources_resource_idx').on(t.orgId, t.resourceId),
    foreignKey({
      columns: [t.orgId, t.recordId],
      foreignColumns: [timelineRecords.orgId, timelineRecords.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.orgId, t.resourceId],
      foreignColumns: [resources.orgId, resources.id],
    }).onDelete('cascade'),
  ],
);

/** Weekly timesheet records: `_id` is `resourceId_weekId`; `week_id` is `YYYY-MM-DD_YYYY-MM-DD`. */
export const shifts = pgTable(
  'shifts',
  {
    orgId: text('org_id').notNull(),
    id: text('id').notNull(),
    resourceId: text('resource_id').notNull(),
    weekId: text('week_id').notNull(),
    /** Day flags in su..sa order. */
    days: text('days').array().notNull().default([]),
    /** Seconds in the day; `end <= beg` ends the next day. */
    beg: integer('beg').notNull(),
    end: integer('end').notNull(),
    /** Per-day timings `{ mo: [{ beg, end }] }` replacing beg/end for that day. */
    timings: jsonb('timings').$type<Record<string, { beg: number; end: number }[]>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('shifts_week_idx').on(t.orgId, t.weekId),
    foreignKey({
      columns: [t.orgId, t.resourceId],
      foreignColumns: [resources.orgId, resources.id],
    }).onDelete('cascade'),
  ],
);

/** A customer's blacklist: the resources that must never be scheduled for them. */
export const blacklists = pgTable(
  'blacklists',
  {
    orgId: text('org_id').notNull(),
    customerId: text('customer_id').notNull(),
    resIds: text('res_ids').array().notNull().default([]),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.customerId] }),
    foreignKey({
      columns: [t.orgId, t.customerId],
      foreignColumns: [customers.orgId, customers.id],
    }).onDelete('cascade'),
  ],
);

export const servicePlans = pgTable(
  'service_plans',
  {
    orgId: orgRef(),
    visitStemId: text('visit_stem_id').notNull(),
    /** 'Inactive' or 'Ended' (or null when the plan is live). */
    updateType: text('update_type'),
    /** Wall-clock seconds. */
    endDate: bigint('end_date', { mode: 'number' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.visitStemId] })],
);
