import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The company document (shell spec §3). The tenant root: its `id` is every tenant row's `org_id`.
 * Shaped so better-auth's organization plugin can use it as its `organization` model
 * (id, name, slug, logo, createdAt, metadata).
 */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  logobrand: text('logobrand'),
  gstValue: numeric('gst_value', { mode: 'number' }).notNull().default(10),
  careplanType: jsonb('careplan_type').$type<unknown>().notNull().default(sql`'[]'::jsonb`),
  defaultCountry: jsonb('default_country')
    .$type<{ name: string; code: string }>()
    .notNull()
    .default(sql`'{"name":"AU","code":"+61"}'::jsonb`),
  dateFormat: text('date_format').notNull().default('dd/mmm/yyyy'),
  timeZone: text('time_zone').notNull().default('Australia/Sydney'),
  eventLabelTypes: jsonb('event_label_types').$type<unknown[]>().notNull().default(sql`'["all"]'::jsonb`),
  docStatuses: jsonb('doc_statuses').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  geofence: jsonb('geofence').$type<unknown>(),
  overlapBufferMinutes: integer('overlap_buffer_minutes').notNull().default(5),
  /** Metres. */
  maxDistance: integer('max_distance').notNull().default(20_000),
  searchEngine: text('search_engine').notNull().default('postgres'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-organisation settings store: display flags (`ds`), captions (`cf`), `menu`, feature `flags`,
 * allocation `switches`, … One JSON document per (org, key, role); role '' is the org-wide value,
 * a role name overrides it for that role (the spec keeps display settings per role).
 */
export const orgSettings = pgTable(
  'org_settings',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    role: text('role').notNull().default(''),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key, t.role] })],
);
