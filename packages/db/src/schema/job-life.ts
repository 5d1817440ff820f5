import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orgRef, stamps } from './columns.ts';
import { timelineRecords } from './scheduling.ts';

/*
 * The job's life after allocation (issue #9; shell spec §3 sub-collections of a job-like record:
 * feeds, pings, timings, aggregates, time entry logs, payment status, bill list, purchases,
 * reviews). Every row belongs to one job (a timeline record) and goes with it. Writes a device may
 * retry (after a lost connection or from its offline queue) carry the device's `client_id`, unique
 * per job, so a retry finds the stored row instead of adding a second one.
 *
 * Instants are ms epoch (`bigint`), as the API gives them; money is integer cents.
 */

/** `(org_id, job_id) → timeline_records`, gone with its job. */
const jobRef = (t: { orgId: AnyPgColumn; jobId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.orgId, t.jobId],
    foreignColumns: [timelineRecords.orgId, timelineRecords.id],
  }).onDelete('cascade');

/** One chat message (text or image) of a job's feed. */
export const jobFeeds = pgTable(
  'job_feeds',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    clientId: text('client_id').notNull(),
    kind: text('kind').$type<'text' | 'image'>().notNull(),
    text: text('text'),
    /** The image's row in `uploads` (bytes in the file store). */
    uploadId: text('upload_id'),
    authorUid: text('author_uid').notNull(),
    authorName: text('author_name').notNull().default(''),
    authorRole: text('author_role').notNull(),
    /** ms epoch, the server's clock. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique('job_feeds_client_uq').on(t.orgId, t.jobId, t.clientId),
    index('job_feeds_job_idx').on(t.orgId, t.jobId, t.createdAt, t.id),
    jobRef(t, 'job_feeds_job_fk'),
  ],
);

/**
 * A timer event (start, pause, stop, lap) or a mileage entry of one resource on one job. `at` is
 * the device's time corrected to the server's clock (ms epoch); a dispatcher's correction changes
 * `at` and sets `corrected` (the old value is in `time_entry_logs`).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    resourceId: text('resource_id').notNull(),
    action: text('action').$type<'start' | 'pause' | 'stop' | 'lap' | 'mileage'>().notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    /** Mileage entries only. */
    km: doublePrecision('km'),
    clientId: text('client_id').notNull(),
    /** Who sent it (the resource's user, or a dispatcher acting for them). */
    createdBy: text('created_by').notNull(),
    corrected: boolean('corrected').notNull().default(false),
    /** What the device said: `client_at`, `sent_at`, and the server's receipt time. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique('time_entries_client_uq').on(t.orgId, t.jobId, t.clientId),
    index('time_entries_job_idx').on(t.orgId, t.jobId, t.at),
    index('time_entries_resource_idx').on(t.orgId, t.resourceId, t.at),
    jobRef(t, 'time_entries_job_fk'),
  ],
);

/** The log of dispatcher corrections of time entries (shell spec §3 "time entry logs"). */
export const timeEntryLogs = pgTable(
  'time_entry_logs',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    entryId: text('entry_id').notNull(),
    byUid: text('by_uid').notNull(),
    byName: text('by_name').notNull().default(''),
    /** ms epoch of the correction (server clock). */
    at: bigint('at', { mode: 'number' }).notNull(),
    oldAt: bigint('old_at', { mode: 'number' }),
    newAt: bigint('new_at', { mode: 'number' }),
    oldKm: doublePrecision('old_km'),
    newKm: doublePrecision('new_km'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('time_entry_logs_job_idx').on(t.orgId, t.jobId, t.at),
    jobRef(t, 'time_entry_logs_job_fk'),
  ],
);

/** A resource's position on a job: at start, at finish, or asked for. */
export const jobPings = pgTable(
  'job_pings',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    clientId: text('client_id').notNull(),
    resourceId: text('resource_id'),
    uid: text('uid').notNull(),
    kind: text('kind').$type<'start' | 'finish' | 'on_demand'>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Metres, as the device reports it. */
    accuracy: doublePrecision('accuracy'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique('job_pings_client_uq').on(t.orgId, t.jobId, t.clientId),
    index('job_pings_job_idx').on(t.orgId, t.jobId, t.at),
    jobRef(t, 'job_pings_job_fk'),
  ],
);

/** A job's review: the customer's rating and comment, the dispatcher's notes. One per job. */
export const jobReviews = pgTable(
  'job_reviews',
  {
    orgId: orgRef(),
    jobId: text('job_id').notNull(),
    rating: smallint('rating'),
    comment: text('comment'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: bigint('reviewed_at', { mode: 'number' }),
    notes: text('notes'),
    notesBy: text('notes_by'),
    notesAt: bigint('notes_at', { mode: 'number' }),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.jobId] }), jobRef(t, 'job_reviews_job_fk')],
);

/** A quote or an invoice of a job. Lines and amounts in cents; `number` runs per type. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    type: text('type').$type<'quote' | 'invoice'>().notNull().default('invoice'),
    status: text('status').$type<'draft' | 'sent' | 'paid'>().notNull().default('draft'),
    number: integer('number').notNull(),
    currency: text('currency').notNull().default('AUD'),
    /** `{ description, quantity, unit_price (cents), amount (cents) }[]` */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull().default([]),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    /** Percent, from the company's `gst_value` when the entry was made. */
    gstRate: numeric('gst_rate', { mode: 'number' }).notNull(),
    gst: bigint('gst', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdBy: text('created_by'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique('ledger_entries_number_uq').on(t.orgId, t.type, t.number),
    index('ledger_entries_list_idx').on(t.orgId, t.type, t.createdAt, t.id),
    index('ledger_entries_job_idx').on(t.orgId, t.jobId),
    jobRef(t, 'ledger_entries_job_fk'),
  ],
);

/** A purchase made for a job (materials, parking, …): an invoice line when invoiced. */
export const jobPurchases = pgTable(
  'job_purchases',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    clientId: text('client_id').notNull(),
    description: text('description').notNull(),
    /** Cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique('job_purchases_client_uq').on(t.orgId, t.jobId, t.clientId),
    index('job_purchases_job_idx').on(t.orgId, t.jobId, t.createdAt, t.id),
    jobRef(t, 'job_purchases_job_fk'),
  ],
);

/** A job's payment status (one per job). */
export const jobPaymentStatus = pgTable(
  'job_payment_status',
  {
    orgId: orgRef(),
    jobId: text('job_id').notNull(),
    status: text('status').$type<'unpaid' | 'part_paid' | 'paid'>().notNull().default('unpaid'),
    /** Cents. */
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    updatedBy: text('updated_by'),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.jobId] }), jobRef(t, 'job_payment_status_job_fk')],
);

/**
 * A request on a job by its resource or customer that a dispatcher decides: a cancellation
 * (shell spec §3 flag "resource or customer can request booking cancellation"). At most one open
 * request per job and kind is enforced by the use-case.
 */
export const jobRequests = pgTable(
  'job_requests',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    jobId: text('job_id').notNull(),
    kind: text('kind').$type<'cancellation'>().notNull().default('cancellation'),
    status: text('status').$type<'pending' | 'approved' | 'refused'>().notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    byUid: text('by_uid').notNull(),
    byRole: text('by_role').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    decidedBy: text('decided_by'),
    decidedAt: bigint('decided_at', { mode: 'number' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('job_requests_job_idx').on(t.orgId, t.jobId, t.at),
    index('job_requests_status_idx').on(t.orgId, t.status, t.at),
    jobRef(t, 'job_requests_job_fk'),
  ],
);
