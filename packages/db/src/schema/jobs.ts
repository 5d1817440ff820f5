import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orgRef } from './columns.ts';
import { timelineRecords } from './scheduling.ts';

/*
 * What happens to a job after it is booked: its status history and the bids resources place on
 * job-board items. Both hang off a timeline record of the same organisation.
 */

/** A job's status history (the spec's `states` sub-collection); the latest row is the current state. */
export const jobStates = pgTable(
  'job_states',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    /**
     * Position in the record's own history (1, 2, …): the latest state is the highest. Per record,
     * not a global identity, so the order holds when the table is spread over several nodes.
     */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    recordId: text('record_id').notNull(),
    status: text('status').notNull(),
    previousStatus: text('previous_status'),
    /** The action that led here (options, park, cancel, …) or `update` for an edit of the status. */
    action: text('action').notNull(),
    /** Who did it. */
    uid: text('uid'),
    /** When, on the organisation's wall clock (the `utc_*_plus_tz` scale), seconds. */
    utcPlusTz: bigint('utc_plus_tz', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('job_states_record_seq_uq').on(t.orgId, t.recordId, t.seq),
    foreignKey({
      columns: [t.orgId, t.recordId],
      foreignColumns: [timelineRecords.orgId, timelineRecords.id],
    }).onDelete('cascade'),
  ],
);

/** A resource's bid on a job-board item. */
export const bids = pgTable(
  'bids',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    recordId: text('record_id').notNull(),
    uid: text('uid').notNull(),
    resourceId: text('resource_id'),
    amount: numeric('amount', { mode: 'number' }),
    note: text('note'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('bids_record_idx').on(t.orgId, t.recordId),
    index('bids_created_idx').on(t.orgId, t.createdAt),
    foreignKey({
      columns: [t.orgId, t.recordId],
      foreignColumns: [timelineRecords.orgId, timelineRecords.id],
    }).onDelete('cascade'),
  ],
);
