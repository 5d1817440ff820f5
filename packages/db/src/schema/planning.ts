import { bigint, boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { orgRef, stamps } from './columns.ts';

/*
 * The dispatcher's planning aids: quick views, master labels, the timeline workspace and the
 * exception report; and the simple job-like records (project tasks, calendar events).
 */

/** A saved view of a dispatcher (`_key` quicviews): name, id, uid, cus_view. */
export const quickViews = pgTable(
  'quick_views',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    cusView: boolean('cus_view').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('quick_views_uid_idx').on(t.orgId, t.uid)],
);

/** A project task: a simple job-like record with a readers list and no actions. */
export const projectTasks = pgTable(
  'project_tasks',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    name: text('name').notNull().default(''),
    status: text('status'),
    readers: text('readers').array().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/** A calendar event (`calevent_id`), optionally of a project task; readers list, no actions. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    taskId: text('task_id'),
    name: text('name').notNull().default(''),
    beginAt: bigint('utc_begin_plus_tz', { mode: 'number' }),
    endAt: bigint('utc_end_plus_tz', { mode: 'number' }),
    readers: text('readers').array().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('calendar_events_begin_idx').on(t.orgId, t.beginAt),
  ],
);

/**
 * A dispatcher's master labels (`_key` dispatcher_master_labels), keyed by the dispatcher's user id.
 * Once published they narrow that dispatcher's resource, customer and booking lists.
 */
export const dispatcherMasterLabels = pgTable(
  'dispatcher_master_labels',
  {
    orgId: orgRef(),
    /** The dispatcher's user id. */
    id: text('id').notNull(),
    labels: text('labels').array().notNull().default([]),
    csLbls: text('cs_lbls').array().notNull().default([]),
    resLabels: text('res_labels').array().notNull().default([]),
    strict: boolean('strict').notNull().default(false),
    strictRes: boolean('strict_res'),
    strictCus: boolean('strict_cus'),
    strictBoo: boolean('strict_boo'),
    published: boolean('published').notNull().default(false),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/** A user's timeline workspace document (one per user and organisation; `_id` is the uid). */
export const timelineWorkspaces = pgTable(
  'timeline_workspaces',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    uid: text('uid').notNull(),
    name: text('name'),
    lockedIds: text('locked_ids').array().notNull().default([]),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    committed: boolean('committed').notNull().default(false),
    timeBoundaries: jsonb('time_boundaries').$type<Record<string, unknown> | null>(),
    /** `_qa_update_utc`: epoch seconds of the last set. */
    updatedSec: bigint('updated_sec', { mode: 'number' }).notNull(),
    /** `ttl_at`: epoch seconds after which the document is gone (7 days after the last set). */
    ttlAt: bigint('ttl_at', { mode: 'number' }).notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('timeline_workspaces_ttl_idx').on(t.ttlAt)],
);

/** The organisation's current exception report (`current_report`), recomputed every minute. */
export const exceptionReports = pgTable(
  'exception_reports',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    currentReport: boolean('current_report').notNull().default(true),
    entries: jsonb('entries').$type<Record<string, unknown>[]>().notNull().default([]),
    configsMapIds: jsonb('configs_map_ids').$type<Record<string, string[]>>().notNull().default({}),
    /** Digest of the entries: a changed digest is a changed report (and a live event). */
    digest: text('digest').notNull().default(''),
    /** Wall-clock seconds the report was computed for. */
    computedFor: bigint('computed_for', { mode: 'number' }).notNull().default(0),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);
