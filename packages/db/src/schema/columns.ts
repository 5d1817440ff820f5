import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/** A tenant row's `org_id`: required, and gone with its organisation. */
export const orgRef = () =>
  text('org_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/** Optimistic-concurrency version and creation/update times of a versioned record. */
export const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
