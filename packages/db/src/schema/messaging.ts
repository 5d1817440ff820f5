import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { organisations } from './organisations.ts';

/*
 * Notifications, last-seen times and the release notes of What's New (shell spec §3, §4).
 */

/** A notification. `uid` null means it is for the organisation's dispatchers (keyed by org id). */
export const notifications = pgTable(
  'notifications',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    uid: text('uid'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    recordId: text('record_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('notifications_uid_idx').on(t.orgId, t.uid, t.createdAt),
  ],
);

/** When a user last opened their notifications in an organisation (`lastseen`). */
export const lastSeen = pgTable(
  'last_seen',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.uid] })],
);

/** Released versions (global): What's New lists them. */
export const versions = pgTable('versions', {
  id: text('id').primaryKey(),
  version: text('version').notNull().unique(),
  releaseDate: timestamp('release_date', { withTimezone: true }).notNull(),
  notes: text('notes').notNull().default(''),
});

/** Versions a user has seen (global, per user). */
export const seenVersions = pgTable(
  'seen_versions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.versionId] })],
);
