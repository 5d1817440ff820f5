import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/*
 * Identity tables in the shape better-auth's Drizzle adapter expects (property names are its field
 * names; columns are snake_case). They are global, not tenant tables: a user can belong to several
 * organisations. Tenant data is reached only through a membership.
 */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified'),
  isAnonymous: boolean('is_anonymous'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
    activeRole: text('active_role'),
    /**
     * Set on a session started from a custom sign-in token: the organisation and role the token
     * named. Such a session stays in that membership (no switch) and may not manage the account
     * (sessions, name, email, phone, password). Null for every other way of signing in.
     */
    boundOrgId: text('bound_org_id'),
    boundRole: text('bound_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/**
 * Custom sign-in tokens already used, by their `jti`: a token signs in once. Kept until a day
 * past the token's own expiry (after which the token is refused anyway), then pruned.
 */
export const usedSignInTokens = pgTable(
  'used_signin_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_signin_tokens_expires_idx').on(t.expiresAt)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * A user's membership of an organisation (better-auth's `member` model): the role there
 * (dispatcher, scheduler, resource, customer), partner duties, and the resource or customer record
 * the user is in that organisation.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    organizationId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    duties: text('duties').array().notNull().default([]),
    resourceId: text('resource_id'),
    customerId: text('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('memberships_org_user_role').on(t.organizationId, t.userId, t.role),
    index('memberships_user_idx').on(t.userId),
  ],
);

/**
 * Signing keys of the jwt plugin (access tokens and custom sign-in tokens). The private key is
 * stored encrypted with the auth secret; only the public half is ever served (`/api/auth/jwks`).
 */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  alg: text('alg'),
  crv: text('crv'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/**
 * Accepted terms per user (shell spec §3: `users/{uid}/accepted_terms/{whole version}`), keyed by
 * the whole-number part of the terms version ('3'). Global: terms are accepted once per person,
 * not per organisation.
 */
export const acceptedTerms = pgTable(
  'accepted_terms',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    accepted: boolean('accepted').notNull().default(true),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

/**
 * Server-generated secrets (the auth secret when AUTH_SECRET is not configured). In the database
 * rather than on one machine's disk so that every server instance, and every restart, signs and
 * verifies with the same secret.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for sign-in rate limits (per IP, per account, per phone number). In the
 * database so that the limit holds across server instances.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Mail and SMS as sent (the development transport's outbox, and a record of what the SMTP
 * transport handed on). Tests and developers read sign-in links and codes from here.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: text('id').primaryKey(),
    /** Order of sending (several messages can share a timestamp). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    /** What the message is for: 'magic-link', 'password-reset', 'phone-code', … */
    purpose: text('purpose').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The sign-in link it carries, if any. */
    link: text('link'),
    /** The one-time code it carries, if any. */
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/**
 * Short links (shell spec §3, §5): a tenant table, so a link is resolved only inside the
 * organisation that made it. `utc_qa` is the creation time in epoch seconds, as the spec names it.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    target: text('target').notNull(),
    createdBy: text('created_by').notNull(),
    utcQa: bigint('utc_qa', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/**
 * Invitations of the identity library's organization plugin. Rostra adds members itself and
 * keeps the plugin's invitation endpoints switched off; the table exists because the plugin's
 * schema includes it. A tenant table (row-level security by its org_id).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').notNull(),
    organizationId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  // Keyed by organisation first, like every tenant table (docs/scale-out.md).
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('invitations_email_idx').on(t.email)],
);
