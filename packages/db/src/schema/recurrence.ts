import { REPEAT_FREQUENCIES, type RepeatFrequency } from '@rostra/core/records/recurrence';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf, orgRef } from './columns.ts';
import { timelineRecords } from './scheduling.ts';

/*
 * Booking series (issue 22 point 1, `planner_recurrence`; the spec's `recurring_bookings`): the
 * rule a dispatcher repeated a booking by, and which bookings it made. The bookings themselves are
 * ordinary timeline records.
 */

/** A series: its rule (core `records/recurrence`) and the first booking's times (its anchor). */
export const recurringBookings = pgTable(
  'recurring_bookings',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    frequency: text('frequency').$type<RepeatFrequency>().notNull(),
    /** The last day (wall-clock seconds, any time of it), or null when `count` ends it. */
    until: bigint('until', { mode: 'number' }),
    count: integer('count'),
    beginAt: bigint('utc_begin_plus_tz', { mode: 'number' }).notNull(),
    endAt: bigint('utc_end_plus_tz', { mode: 'number' }).notNull(),
    createdBy: text('created_by'),
    /** When a dispatcher ended it (wall-clock seconds): its later bookings were cancelled. */
    endedAt: bigint('ended_at', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('recurring_bookings_begin_idx').on(t.orgId, t.beginAt),
    check('recurring_bookings_frequency_check', oneOf(t.frequency, REPEAT_FREQUENCIES)),
  ],
);

/** The bookings a series made, in order (`position` 0 is the first booking). */
export const recurringBookingRecords = pgTable(
  'recurring_booking_records',
  {
    orgId: text('org_id').notNull(),
    seriesId: text('series_id').notNull(),
    recordId: text('record_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.seriesId, t.recordId] }),
    index('recurring_booking_records_record_idx').on(t.orgId, t.recordId),
    foreignKey({
      columns: [t.orgId, t.seriesId],
      foreignColumns: [recurringBookings.orgId, recurringBookings.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.orgId, t.recordId],
      foreignColumns: [timelineRecords.orgId, timelineRecords.id],
    }).onDelete('cascade'),
  ],
);
