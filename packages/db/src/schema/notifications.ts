import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/*
 * Notifications outside the app (issue #19): the delivery outbox, each user's channel choices and
 * their browsers' push subscriptions. Tenant tables: row-level security by `org_id`.
 */

/**
 * One send of one event to one user by one channel, written in the same transaction as the change
 * it tells of (packages/db/src/notifications/enqueue.ts) and carried out by the background runner
 * (apps/server/src/notify/runner.ts). `status`: pending → sending (claimed: `claim` and
 * `lease_until` say by whom and until when) → sent, or back to pending with `next_attempt_at`
 * after a failure, or failed after the last try. `id` is the provider's idempotency key.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** The change this send tells of: one per event, shared by its recipients and channels. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** The job it is about (the delivery log lists a job's sends). */
    recordId: text('record_id'),
    uid: text('uid').notNull(),
    channel: text('channel').notNull(),
    /** The email address or phone number at the time of the change ('' for push). */
    address: text('address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claim: text('claim'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('notification_deliveries_once').on(t.orgId, t.eventId, t.uid, t.channel),
    index('notification_deliveries_due').on(t.orgId, t.status, t.nextAttemptAt),
    index('notification_deliveries_record').on(t.orgId, t.recordId, t.createdAt),
  ],
);

/** A user's channels and quiet hours in an organisation (none stored: every channel, no quiet hours). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    channels: jsonb('channels').$type<string[]>().notNull(),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.uid] })],
);

/** A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys) for a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    uid: text('uid').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.endpoint] }), index('push_subscriptions_uid').on(t.orgId, t.uid)],
);

/**
 * Whether an assigned worker confirmed their job (issue #19 point 3): `pending` from the
 * assignment (or a change of its time or place) until they confirm or decline.
 */
export const bookingConfirmations = pgTable(
  'booking_confirmations',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recordId: text('record_id').notNull(),
    resourceId: text('resource_id').notNull(),
    uid: text('uid').notNull(),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    via: text('via'),
    /** The job's start: a confirm link is good until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** A random id, new with every request to confirm: the confirm link names it, so a link works once. */
    linkId: text('link_id').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.recordId, t.resourceId] })],
);

/**
 * A job with roster changes not yet published (issue #19 point 4): while the organisation
 * publishes rosters, a dispatcher's change to a job's workers, time or address is a draft until a
 * dispatcher publishes its period. `published` is the job as its workers last heard of it (null:
 * it reached no one's roster yet), kept from the first unpublished change on; `published_begin`
 * and `published_end` (wall-clock seconds) place that state in a period.
 */
export const rosterDrafts = pgTable(
  'roster_drafts',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recordId: text('record_id').notNull(),
    published: jsonb('published').$type<Record<string, unknown> | null>(),
    publishedBegin: bigint('published_begin', { mode: 'number' }),
    publishedEnd: bigint('published_end', { mode: 'number' }),
    draftedAt: timestamp('drafted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.recordId] })],
);
