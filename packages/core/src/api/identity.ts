import { z } from 'zod';
import { ROLES } from '../shell/roles.ts';

/*
 * The identity API our own routes answer (/api/v1: who is signed in, the sign-in methods, company
 * switch, terms, token login, access token, sign-out). The server validates and answers with
 * these; the sign-in screens and the session take their types from them. The identity library's
 * own endpoints under /api/auth are its contract, not ours: the one answer the web reads from
 * them is described at the end, from the library's documented shape.
 */

/** One organisation a person belongs to, with the role and duties held there. */
export const membership = z.object({
  org_id: z.string(),
  org_name: z.string(),
  role: z.string(),
  duties: z.array(z.string()),
  resource_id: z.string().nullable(),
  customer_id: z.string().nullable(),
});
export type Membership = z.infer<typeof membership>;

/** The active organisation's company document (shell spec §3) as `/me` answers it. */
export const meCompany = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logobrand: z.string().nullable(),
  gst_value: z.number(),
  careplan_type: z.unknown(),
  default_country: z.object({ name: z.string(), code: z.string() }),
  date_format: z.string(),
  time_zone: z.string(),
  /** The allocation setting's week start day (0 = Sunday … 6 = Saturday; default 0). */
  week_start_day: z.number().int().min(0).max(6),
  event_label_types: z.array(z.unknown()),
  doc_statuses: z.record(z.string(), z.unknown()),
  geofence: z.unknown(),
  overlap_buffer_minutes: z.number(),
  max_distance: z.number(),
  search_engine: z.string(),
  /** What a change of the company document names (PUT /company, the geofence dialog). */
  version: z.number(),
});
export type Company = z.infer<typeof meCompany>;

/** `GET /me`: who is signed in, every membership, where, and whether terms are due. */
export const meAnswer = z.object({
  user_details: z.object({
    uid: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    photoUrl: z.string().nullable(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    isAnonymous: z.boolean(),
  }),
  memberships: z.array(membership),
  uid: z.string(),
  org_id: z.string().nullable(),
  role: z.string().nullable(),
  duty: z.string().nullable(),
  duties: z.array(z.string()),
  resource_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  terms_required: z.boolean(),
  terms_version: z.string(),
  company: meCompany.nullable(),
});
export type Me = z.infer<typeof meAnswer>;

/** `GET /sign_in_options`: what this server offers at all (today every method; providers vary). */
export const signInOptionsAnswer = z.object({
  email_password: z.boolean(),
  email_link: z.boolean(),
  phone: z.boolean(),
  anonymous: z.boolean(),
  federated: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInOptions = z.infer<typeof signInOptionsAnswer>;

export const signInMethodsBody = z.strictObject({ email: z.string().max(320) });
/** `POST /sign_in_methods`: the methods an address has (`password`, `email_link`, provider ids). */
export const signInMethodsAnswer = z.object({
  /**
   * Empty for an unknown address: the sign-in screen offers account creation. With email
   * enumeration protection on, the same list for every well-formed address.
   */
  methods: z.array(z.string()),
});
export type SignInMethodsAnswer = z.infer<typeof signInMethodsAnswer>;

/**
 * `GET /captcha`: a proof-of-work challenge (ALTCHA's format) for phone sign-in and account
 * creation. The client finds `number` with SHA-256(salt + number) = challenge, 0 ≤ number ≤
 * maxnumber, and sends base64(JSON {algorithm, challenge, number, salt, signature}) as the
 * `captcha` field of the request it protects.
 */
export const captchaChallengeAnswer = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeAnswer>;

/** `POST /switch_org_by_uid`: the organisation and role to move to. */
export const switchOrgBody = z.strictObject({
  org_id: z.string().min(1).max(200),
  role: z.enum(ROLES),
  uid: z.string().min(1).max(200),
});
export type SwitchOrgBody = z.infer<typeof switchOrgBody>;
export const switchOrgAnswer = z.object({
  uid: z.string(),
  org_id: z.string(),
  role: z.string(),
  access_token: z.string(),
  expires_in: z.number().int(),
});
export type SwitchOrgAnswer = z.infer<typeof switchOrgAnswer>;

/** `POST /terms/accept`. */
export const acceptTermsAnswer = z.object({ version: z.string(), accepted: z.literal(true) });

export const tokenLoginBody = z.strictObject({
  token: z.string().min(1).max(4096),
  /** The company email or phone number the person entered. */
  identity: z.string().max(320).optional(),
});
export const tokenLoginAnswer = z.object({ uid: z.string(), org_id: z.string(), role: z.string() });
export type TokenLoginAnswer = z.infer<typeof tokenLoginAnswer>;

export const signOutAnswer = z.object({ signed_out: z.literal(true) });

/** `GET /access_token` (spec §7): the bearer token of the API and its lifetime in seconds. */
export const accessTokenAnswer = z.object({ access_token: z.string(), expires_in: z.number().int() });
export type AccessTokenAnswer = z.infer<typeof accessTokenAnswer>;

/** An in-app path ('/bookings?id=1'); never another site (no open redirect through a link). */
const inAppPath = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^\/(?![/\\])/, 'must be a path inside the app, starting with a single /');

/** `POST /shortlinks` (shell spec §2, §3, §5): a short link to a page of the app. */
export const createShortLinkBody = z.strictObject({ target: inAppPath });
export const shortLinkAnswer = z.object({ id: z.string(), short_url: z.string() });
export type ShortLinkAnswer = z.infer<typeof shortLinkAnswer>;

/** `GET /shortlinks/:id`: the link's in-app target, in the caller's organisation. */
export const resolvedShortLinkAnswer = z.object({ id: z.string(), target: z.string(), utc_qa: z.number() });
export type ResolvedShortLinkAnswer = z.infer<typeof resolvedShortLinkAnswer>;

/**
 * The identity library's (better-auth's) answer to `POST /api/auth/sign-in/social`: its contract,
 * not one of our routes. The web reads only the provider's address to go to.
 */
export type FederatedSignInAnswer = { url?: string | undefined; redirect?: boolean | undefined };
