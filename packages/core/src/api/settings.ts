import { z } from 'zod';
import { MENU_SCOPES } from '../settings/documents.ts';
import { ROLES } from '../shell/roles.ts';
import { FLAG, ID, IDS, TEXT, VERSION } from './common.ts';

/*
 * The settings and administration API (issue #8; the /settings screen): the company profile, the
 * menu flags of each scope, the allocation settings, the shell's documents (display, menu,
 * captions), the job status config and exception rules as the screen reads them, and the users
 * and invitations. The server validates and serialises with these; the web takes its types from
 * them. The core's rules (settings/company.ts, settings/documents.ts) check the values' meaning.
 */

const SHORT_ID = z.string().max(60);
const NUMBER_OR_TEXT = z.union([z.number(), z.string().max(40), z.null()]);
const FLAG_KEY = z.string().max(60);

/** A circular geofence around the company's site: centre in degrees, radius in metres. */
export const geofenceSchema = z.strictObject({ lat: z.number(), lng: z.number(), radius: z.number() });
export type Geofence = z.infer<typeof geofenceSchema>;
/** A geofence as stored (older data may lack the radius or carry more). */
export const storedGeofence = z.looseObject({
  lat: z.number(),
  lng: z.number(),
  radius: z.number().optional(),
});

/** A change of the company profile: the fields it changes (the core checks their values). */
export const companyChangeBody = z.strictObject({
  name: TEXT.optional(),
  gst_value: z.number().optional(),
  default_country: z.strictObject({ name: TEXT, code: z.string().max(20) }).optional(),
  date_format: z.string().max(40).optional(),
  time_zone: z.string().max(80).optional(),
  overlap_buffer_minutes: NUMBER_OR_TEXT.optional().describe('minutes; rounded; empty → 5'),
  max_distance: z.number().optional().describe('metres'),
  careplan_type: z.array(TEXT).max(100).optional(),
  event_label_types: z
    .array(z.union([SHORT_ID, z.strictObject({ id: SHORT_ID })]))
    .max(100)
    .optional(),
  doc_statuses: z
    .record(
      z.string().max(100),
      z.union([z.number(), z.strictObject({ order: z.number(), secondary_label: TEXT.optional() })]),
    )
    .optional(),
  geofence: geofenceSchema.nullable().optional(),
  version: VERSION.optional().describe('the version read (or If-Match); stale → 409, none → 428'),
});
export type CompanyChangeBody = z.input<typeof companyChangeBody>;

/** `POST /company/geofence`: the organisation, the geofence (null: none) and the version read. */
export const companyGeofenceBody = z.strictObject({
  org_id: SHORT_ID,
  geofence: geofenceSchema.nullable(),
  version: VERSION.optional().describe("the company document's version read (or If-Match)"),
});

/** The answer of the geofence and logo changes (spec §7). */
export const companyChangeAnswer = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  logo_url: z.string().optional(),
});
export type CompanyChangeAnswer = z.infer<typeof companyChangeAnswer>;

/**
 * The company profile as answered (shell spec §3). The stored JSON fields are kept as imported
 * (older data holds other shapes): the core reads them (`orderedDocStatuses`, `parseGeofence`).
 */
export const companyRecord = z.looseObject({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  gst_value: z.number(),
  default_country: z.object({ name: z.string(), code: z.string() }),
  date_format: z.string(),
  time_zone: z.string(),
  overlap_buffer_minutes: z.number(),
  max_distance: z.number(),
  careplan_type: z.unknown(),
  event_label_types: z.array(z.unknown()),
  doc_statuses: z.record(z.string(), z.unknown()),
  geofence: z.unknown(),
  /** Named by a change (stale → 409). */
  version: z.number(),
});
export type CompanyRecord = z.infer<typeof companyRecord>;

/** The flags of one menu scope: `''` (the organisation) or a role whose flags override it. */
export const menuScope = z.object({
  role: z.string(),
  value: z.record(z.string(), z.boolean()),
  version: z.number(),
});
export type MenuScope = z.infer<typeof menuScope>;
export const menuScopesAnswer = z.object({ scopes: z.array(menuScope) });
export type MenuScopesAnswer = z.infer<typeof menuScopesAnswer>;

export const menuFlagsBody = z.strictObject({
  role: z.enum(MENU_SCOPES).describe("'' for the whole organisation, else the role whose flags override it"),
  value: z.record(FLAG_KEY, z.boolean()),
  version: VERSION.optional(),
});

export const allocationSettingsBody = z.strictObject({
  week_start_day: z.number().optional().describe('0 = Sunday … 6 = Saturday'),
  switches: z
    .record(FLAG_KEY, z.boolean())
    .optional()
    .describe('the contract switch names; true = skip that check'),
  min_rest_minutes: z.number().optional().describe('minutes of rest between two jobs (MIN_REST_NOT_CHECK)'),
  optimise_budget_ms: z
    .number()
    .optional()
    .describe('milliseconds an optimised batch improves on the greedy one (0 to 60000)'),
  max_consecutive_days: z
    .number()
    .optional()
    .describe('most calendar days in a row a resource works (MAX_CONSECUTIVE_DAYS_NOT_CHECK)'),
  travel_road_factor: z
    .number()
    .optional()
    .describe('road distance over straight-line distance, 1 to 3 (TRAVEL_TIME_NOT_CHECK)'),
  travel_speed_kmh: z
    .number()
    .optional()
    .describe('average speed between jobs, km/h, 5 to 130 (TRAVEL_TIME_NOT_CHECK)'),
  version: VERSION.optional(),
});

/** The allocation settings: week start day and every switch in effect (true = skip that check). */
export const allocationAnswer = z.object({
  _key: z.literal('allocation'),
  week_start_day: z.number(),
  switches: z.record(z.string(), z.boolean()),
  switch_names: z.array(z.string()),
  min_rest_minutes: z.number(),
  optimise_budget_ms: z.number(),
  max_consecutive_days: z.number(),
  travel_road_factor: z.number(),
  travel_speed_kmh: z.number(),
  version: z.number(),
});
export type AllocationAnswer = z.infer<typeof allocationAnswer>;

/** The settings documents the shell reads (spec §3, §4): display flags, menu flags, captions. */
export const SHELL_SETTINGS_KEYS = ['display', 'menu', 'captions'] as const;

export const shellSettingsBody = z.strictObject({
  key: z.enum(SHELL_SETTINGS_KEYS),
  value: z.record(z.string().max(60), z.union([z.boolean(), z.string().max(80)])),
  version: VERSION.optional(),
});

/** A settings document's values by name: flags (display, menu) or captions (imported data varies). */
const documentValues = z.record(z.string(), z.unknown());
export type SettingsDocument = z.infer<typeof documentValues>;

/** `GET /settings?keys=…`: each document asked for, as the caller's role sees it, and its version. */
export const shellSettingsAnswer = z.object({
  display: documentValues.optional(),
  menu: documentValues.optional(),
  captions: documentValues.optional(),
  versions: z.record(z.string(), z.number()),
});
export type ShellSettingsAnswer = z.infer<typeof shellSettingsAnswer>;

/** One job status (the timeline's colours and names). */
export const statusDefinition = z.object({
  _key: z.string(),
  _value: z.string(),
  color: z.string(),
  textColor: z.string(),
});
export const statusConfigAnswer = z.looseObject({
  _key: z.literal('job_status_config'),
  statusConfig: z.array(statusDefinition),
  version: z.number().describe('0 while the defaults stand (never stored)'),
});
export type StatusConfigAnswer = z.infer<typeof statusConfigAnswer>;

const COLOR = z.string().max(40);
/** `PUT /job-status-config`: every status, in order (replaces the list). */
export const jobStatusConfigBody = z.strictObject({
  statusConfig: z
    .array(z.strictObject({ _key: z.string().max(40), _value: TEXT, color: COLOR, textColor: COLOR }))
    .max(100),
  version: VERSION.optional(),
});

/** A calendar event kind of the workflows (its group and colours). */
const workflowEvent = {
  _key: z.string().max(60),
  _value: TEXT,
  groupID: z.string().max(60).nullish(),
  color: COLOR.nullish(),
  textColor: COLOR.nullish(),
};
const workflowGroup = { groupID: z.string().max(60), name: TEXT.nullish(), isDefault: FLAG.optional() };

/** `PUT /workflows`: the calendar event kinds and their groups (replaces both lists). */
export const workflowsBody = z.strictObject({
  workflow_calevents: z.array(z.strictObject(workflowEvent)).max(500),
  workflow_groups: z.array(z.strictObject(workflowGroup)).max(100),
  version: VERSION.optional(),
});
export const workflowsAnswer = z.looseObject({
  _key: z.literal('workflows'),
  workflow_calevents: z.array(z.looseObject(workflowEvent)),
  workflow_groups: z.array(z.looseObject(workflowGroup)),
  version: z.number().describe('0 while never stored'),
});
export type WorkflowsAnswer = z.infer<typeof workflowsAnswer>;

/** `PUT /dispatcher-master-labels/:id`: the labels that narrow a dispatcher's lists. */
export const masterLabelsBody = z.strictObject({
  labels: IDS.optional(),
  cs_lbls: IDS.optional(),
  res_labels: IDS.optional(),
  strict: FLAG.optional(),
  strict_res: FLAG.nullish(),
  strict_cus: FLAG.nullish(),
  strict_boo: FLAG.nullish(),
  published: FLAG.optional(),
  version: VERSION.optional().describe('the version read (0 when none is stored yet); or If-Match'),
});
/** A dispatcher's master labels (`_id` is their user id; version 0: none stored yet). */
export const masterLabelsAnswer = z.object({
  _id: z.string(),
  _key: z.literal('dispatcher_master_labels'),
  labels: z.array(z.string()),
  cs_lbls: z.array(z.string()),
  res_labels: z.array(z.string()),
  strict: z.boolean(),
  strict_res: z.boolean().nullable(),
  strict_cus: z.boolean().nullable(),
  strict_boo: z.boolean().nullable(),
  published: z.boolean(),
  version: z.number(),
});
export type MasterLabelsAnswer = z.infer<typeof masterLabelsAnswer>;

/** A dispatcher's master labels while none are stored (version 0): no labels, not strict, not published. */
export function emptyMasterLabels(uid: string): MasterLabelsAnswer {
  return {
    _id: uid,
    _key: 'dispatcher_master_labels',
    labels: [],
    cs_lbls: [],
    res_labels: [],
    strict: false,
    strict_res: null,
    strict_cus: null,
    strict_boo: null,
    published: false,
    version: 0,
  };
}

/** One exception-report rule: a status (and attribute) late by more than the amber minutes. */
export const exceptionRule = z.object({
  action_status: z.string(),
  action_attr: z.string().optional(),
  exception_min_amber: z.number(),
});
export type ExceptionRule = z.infer<typeof exceptionRule>;
export const exceptionConfigAnswer = z.looseObject({ configs: z.array(exceptionRule), version: z.number() });

/** Duties a member may hold (spec §6: partner). */
export const DUTIES = ['partner'] as const;
const DUTY_LIST = z
  .array(z.enum(DUTIES))
  .max(DUTIES.length)
  .transform((d) => [...new Set(d)]);
const MEMBER_ID = z.string().min(1).max(80);

export const inviteBody = z.strictObject({
  email: z.email("That email address isn't correct").max(254),
  role: z.enum(ROLES),
  duties: DUTY_LIST.default([]),
});
export const changeMemberBody = z.strictObject({
  id: MEMBER_ID,
  role: z.enum(ROLES),
  duties: DUTY_LIST.default([]),
});
export const memberIdBody = z.strictObject({ id: MEMBER_ID });
export const acceptInvitationBody = z.strictObject({ org_id: MEMBER_ID, id: MEMBER_ID });

/** A member of the organisation (a person's membership: role and duties). */
export const member = z.looseObject({
  id: z.string(),
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  duties: z.array(z.string()),
});
export type Member = z.infer<typeof member>;

export const invitation = z.looseObject({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  duties: z.array(z.string()),
  status: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const membersAnswer = z.object({ items: z.array(member) });
export type MembersAnswer = z.infer<typeof membersAnswer>;
export const invitationsAnswer = z.object({ items: z.array(invitation) });
export type InvitationsAnswer = z.infer<typeof invitationsAnswer>;

/** What a calendar feed follows: a resource's jobs or a team's (a label's). */
export const ICAL_SCOPES = ['resource', 'label'] as const;

/** A secret iCal feed URL as listed (`GET /ical_feeds`); its secret is shown once, at creation. */
export const icalFeed = z.object({
  _id: z.string(),
  scope: z.enum(ICAL_SCOPES),
  target_id: z.string(),
  target_name: z.string(),
  created_by: z.string().nullable(),
  created_at: z.number(),
  revoked_at: z.number().nullable(),
  last_fetched_at: z.number().nullable(),
});
export type IcalFeed = z.infer<typeof icalFeed>;
export const icalFeedsAnswer = z.object({ items: z.array(icalFeed) });
export type IcalFeedsAnswer = z.infer<typeof icalFeedsAnswer>;
/** `POST /ical_feeds`: the new feed and its secret URL. */
export const createdIcalFeed = icalFeed.extend({ url: z.string() });
export type CreatedIcalFeed = z.infer<typeof createdIcalFeed>;
export const icalFeedBody = z.strictObject({
  scope: z.enum(ICAL_SCOPES).describe("'resource' (their jobs) or 'label' (a team's jobs)"),
  target_id: ID.describe('the resource id or label id'),
});
