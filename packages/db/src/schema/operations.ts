import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/*
 * Running the service: the error log, the outbox of live events and the background jobs' runs.
 */

/** Client errors, failed requests and server request errors (spec §3 Error log), kept until `ttl_at`. */
export const errorLogs = pgTable(
  'error_logs',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** `error` (kept 30 days) or `request` (kept 10 days). */
    type: text('type').notNull(),
    source: text('source').notNull().default('client'),
    uid: text('uid'),
    err: text('err').notNull().default(''),
    href: text('href'),
    host: text('host'),
    hostname: text('hostname'),
    url: text('url'),
    method: text('method'),
    status: integer('status'),
    durationMs: integer('duration_ms'),
    info: jsonb('info').$type<unknown>(),
    details: jsonb('details').$type<unknown>(),
    internetSpeed: jsonb('internet_speed').$type<unknown>(),
    projectId: text('project_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ttlAt: timestamp('ttl_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('error_logs_ttl_idx').on(t.ttlAt),
    index('error_logs_created_idx').on(t.orgId, t.createdAt),
  ],
);

/**
 * The outbox of live events. A change and its events are written in one transaction; every server
 * instance reads new rows of each organisation in that organisation's `seq` order (woken by
 * NOTIFY, whose payload names the organisation) and sends each to the sockets allowed to see it.
 * Read across organisations by the live layer, so it is a global table (GLOBAL_TABLES); keyed by
 * `(org_id, seq)`, so it can be distributed by organisation (docs/scale-out.md).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The organisation's own sequence number: commit order within the organisation. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    topic: text('topic').notNull(),
    kind: text('kind').notNull(),
    /** Who may receive it: `{ members?, dispatchers?, partners?, uids? }`. */
    audience: jsonb('audience')
      .$type<{ members?: boolean; dispatchers?: boolean; partners?: boolean; uids?: string[] }>()
      .notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.seq] }), index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Each organisation's last live-event `seq`. Appending events updates the organisation's row; its
 * row lock, held until commit, orders that organisation's appends (and only its own), and the
 * number survives pruning, so a `seq` is never handed out twice.
 */
export const liveEventSeqs = pgTable('live_event_seqs', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/** Last run of each background job, so a job runs once per period across every instance. */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.name] })],
);
