import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * A check that a text column holds one of the values the API answers for it (an enum of core), so
 * that no row the database accepts fails the answer's schema. The values are literals in the
 * migration: a check's SQL cannot carry parameters.
 */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
