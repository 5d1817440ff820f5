import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orgRef } from './columns.ts';

/*
 * The file store in the database (apps/server/src/files): what every instance shares when
 * `DATABASE_URL` is set and no `FILE_STORE_URL` names a bucket. A file is its chunks in order.
 */

/** Raw bytes. node-postgres answers a Buffer and PGlite a Uint8Array: both are given back as one. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
  fromDriver: (v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
});

/** An organisation's files (logos, chat images, uploads): a tenant table like any other. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    orgId: orgRef(),
    /** The store's key, `{org_id}/{uuid}`. */
    key: text('key').notNull(),
    /** The chunk's place in the file, from 0. */
    n: integer('n').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key, t.n] })],
);

/**
 * Files of a space that is not an organisation (profile photos belong to a person): not tenant
 * data, so not under row-level security; the server makes and checks their keys.
 */
export const sharedFileChunks = pgTable(
  'shared_file_chunks',
  {
    space: text('space').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.space, t.key, t.n] })],
);
