import { ICAL_SCOPES } from '@rostra/core/api/settings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf, orgRef, stamps } from './columns.ts';

/*
 * The organisation's simple documents behind the remaining menu screens (forms and their
 * submissions, equipments, pods, announcements), uploaded files, and the secret iCal feeds.
 */

/**
 * The kinds of simple document. Each keeps its spec fields in `data`; the columns are what lists
 * filter, sort and join on.
 */
export const DOCUMENT_KINDS = ['form', 'form_submission', 'equipment', 'pod', 'announcement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * One simple document of a kind: a form template (`data.fields`), a form's submission attached to
 * a job (`job_id`, `parent_id` = the form), an equipment or pod (`code` = its barcode), an
 * announcement broadcast to the organisation's users. `readers` empty = every member may read it.
 */
export const orgDocuments = pgTable(
  'org_documents',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    name: text('name').notNull().default(''),
    status: text('status'),
    /** A barcode or reference number (equipments, pods). */
    code: text('code'),
    /** The job (timeline record) it belongs to, if any. */
    jobId: text('job_id'),
    /** The document it derives from (a submission's form). */
    parentId: text('parent_id'),
    readers: text('readers').array().notNull().default([]),
    createdBy: text('created_by'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('org_documents_kind_idx').on(t.orgId, t.kind, t.updatedAt),
    index('org_documents_job_idx').on(t.orgId, t.jobId).where(sql`${t.jobId} is not null`),
    index('org_documents_code_idx').on(t.orgId, t.kind, t.code).where(sql`${t.code} is not null`),
    // The API answers an equipment or a pod with its code (core `stockRecord`).
    check(
      'org_documents_stock_code_check',
      sql`${t.kind} not in ('equipment', 'pod') or ${t.code} is not null`,
    ),
  ],
);

/**
 * An uploaded file's record (logos, photos, chat images, the uploads screen). The bytes live in
 * the file store (DESIGN.md: local disk under the data folder by default, S3-compatible when
 * configured) at `storage_key`; the type is sniffed from the content, not trusted from the name.
 */
export const uploads = pgTable(
  'uploads',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What it belongs to, e.g. `booking:<id>` or `feed:<id>`; null for the uploads screen. */
    owner: text('owner'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('uploads_created_idx').on(t.orgId, t.createdAt)],
);

/**
 * A secret, revocable iCal feed URL: a resource's jobs (`scope` resource, `target_id` = resource
 * id) or a team's (`scope` label, `target_id` = label id). Only the SHA-256 of the secret is kept;
 * the secret is shown once, at creation. The feed's URL carries the organisation and feed ids and
 * the secret (`/ical/{org_id}/{id}/{secret}.ics`), so the row is found by key inside its tenant.
 */
export const icalFeeds = pgTable(
  'ical_feeds',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    scope: text('scope').$type<(typeof ICAL_SCOPES)[number]>().notNull(),
    targetId: text('target_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last time a calendar app fetched it (ms epoch), for the settings list. */
    lastFetchedAt: bigint('last_fetched_at', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('ical_feeds_target_idx').on(t.orgId, t.scope, t.targetId),
    check('ical_feeds_scope_check', oneOf(t.scope, ICAL_SCOPES)),
  ],
);

/**
 * A customer's service package request (shell spec §5, issue #22 point 14): the type is one of
 * the organisation's service labels, kept by id and by its name when sent (a label renamed or
 * removed later does not change what was asked for). Dispatchers list them and mark them
 * handled (`handled_at`, `handled_by`).
 */
export const packageRequests = pgTable(
  'package_requests',
  {
    orgId: orgRef(),
    id: text('id').notNull(),
    typeId: text('type_id').notNull(),
    typeName: text('type_name').notNull(),
    note: text('note').notNull().default(''),
    /** The customer record of the sender in this organisation, if they have one. */
    customerId: text('customer_id'),
    /** Who sent it, as shown to dispatchers (the customer's name, else the user's). */
    senderName: text('sender_name').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('package_requests_created_idx').on(t.orgId, t.createdAt),
    index('package_requests_sender_idx').on(t.orgId, t.createdBy, t.createdAt),
  ],
);
