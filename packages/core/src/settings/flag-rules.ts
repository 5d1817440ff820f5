import { DAY } from '../time/calendar.ts';
import type { DisplayFlags } from './defaults.ts';

/*
 * What the organisation's feature flags (shell spec §3 "Feature flags", scheduling spec §5
 * "flag-controlled rules") change, said once for the server (which enforces) and the web (which
 * shows). The spec names the flags but not their detailed rules; the decisions are ours and
 * written beside each function. A flag counts only when it is `true` (stored values are not yet
 * trusted), except the three that default on (`task_quote`, `planner_plan`,
 * `planner_recurrence`), which count as on unless they are `false`.
 */

/** The organisation's display flags as read from its settings (values not yet trusted). */
export type FlagSettings = { readonly [K in keyof DisplayFlags]?: unknown } | undefined;

export type FlagIssue = { code: string; message: string; field: string };

export const FLAG_RULE_TEXT = {
  resourceRequired: {
    booking: 'Choose at least one resource: this organisation requires resources on new bookings.',
    groupevent: 'Choose at least one resource: this organisation requires resources on group events.',
    calevent: 'Choose at least one resource: this organisation requires resources on calendar events.',
  },
  /** Scheduling spec §5, verbatim: a span the 24-hour date validation refuses. */
  invalidDate: 'you must enter a valid date',
} as const;

/** The kinds of record a resource can be forced on. */
export type ForcedKind = keyof typeof FLAG_RULE_TEXT.resourceRequired;

const FORCE_FLAG = {
  booking: 'force_resource_booking',
  groupevent: 'force_resource_groupevent',
  calevent: 'force_resource_calevent',
} as const satisfies Record<ForcedKind, keyof DisplayFlags>;

/** Whether the organisation forces a resource on a new record of this kind. */
export function isResourceForced(kind: ForcedKind, flags: FlagSettings): boolean {
  return flags?.[FORCE_FLAG[kind]] === true;
}

/**
 * A new booking, group event or calendar event without a resource, refused when the organisation
 * forces resources on that kind (`force_resource_booking`, `force_resource_groupevent`,
 * `force_resource_calevent`). Only new records: an older one without a resource keeps saving.
 */
export function forcedResourceIssue(
  kind: ForcedKind,
  resIds: unknown,
  flags: FlagSettings,
): FlagIssue | null {
  if (!isResourceForced(kind, flags)) return null;
  const ids = Array.isArray(resIds) ? resIds.filter((r) => typeof r === 'string' && r !== '') : [];
  if (ids.length > 0) return null;
  return { code: 'resource_required', message: FLAG_RULE_TEXT.resourceRequired[kind], field: 'resIds' };
}

/**
 * 24-hour date validation (`validate_24_hour_date`): a job (booking or group event) may last at
 * most 24 hours; a longer one is "you must enter a valid date" (spec §5) on its end. Off, any span
 * whose end is after its begin saves. Seconds (wall clock, as `utc_*_plus_tz`).
 */
export function dayLimitIssue(begin: unknown, end: unknown, flags: FlagSettings): FlagIssue | null {
  if (flags?.validate_24_hour_date !== true) return null;
  if (typeof begin !== 'number' || typeof end !== 'number') return null;
  if (end - begin <= DAY) return null;
  return { code: 'invalid_date', message: FLAG_RULE_TEXT.invalidDate, field: 'utc_end_plus_tz' };
}

/** The job cards an organisation can hide from resources. */
export type ResourceCard = 'audit' | 'timeEntry' | 'mileage';

const CARD_FLAG = {
  audit: 'hide_audit_card_resource',
  timeEntry: 'hide_timeentry_card_resource',
  mileage: 'hide_mileage_card_resource',
} as const satisfies Record<ResourceCard, keyof DisplayFlags>;

/** Why the server refuses a resource what a hidden card would do (403 `card_hidden`). */
export const HIDDEN_CARD_TEXT: Record<ResourceCard, string> = {
  audit: "This organisation does not show a job's history to resources",
  timeEntry: 'This organisation does not let resources record their own time',
  mileage: 'This organisation does not let resources record mileage',
};

/**
 * Whether a job card is hidden from this role (`hide_audit_card_resource`,
 * `hide_timeentry_card_resource`, `hide_mileage_card_resource`): only resources, and the server
 * refuses them what the card does — the audit card reads the job's status history, the time-entry
 * card records their own timer (start, pause, stop, lap), the mileage card records in-job mileage.
 * Dispatchers keep all three, for every resource of the job.
 */
export function isCardHidden(role: string | undefined, card: ResourceCard, flags: FlagSettings): boolean {
  return role === 'resource' && flags?.[CARD_FLAG[card]] === true;
}

/** Why the server refuses a quote while the organisation has quotes off (409 `quotes_off`). */
export const QUOTES_OFF_TEXT = 'This organisation does not make quotes';

/**
 * Task quote (`task_quote`, on by default): whether a job may get a new quote. Off, the job's
 * Quotes And Invoices tab offers invoices only and the server refuses a new quote; quotes made
 * before stay readable and keep moving (draft → sent → paid).
 */
export function areQuotesOn(flags: FlagSettings): boolean {
  return flags?.task_quote !== false;
}

/** Why the server refuses a job under resource validation (400 `resource_conflict`). */
export const RESOURCE_VALIDATION_TEXT =
  'This organisation does not save a job whose resources fail the checks: choose another resource';

/**
 * Resource validation (`resource_validation`): a booking or group event whose resources a save
 * sets (a new one with resources, or a change of them) is not saved when the checks find a
 * conflict for them; off, it is saved and marked as a conflict (the default). A save that leaves
 * the resources alone keeps its stored verdict.
 */
export function resourceValidationIssue(isConflict: boolean, flags: FlagSettings): FlagIssue | null {
  if (flags?.resource_validation !== true || !isConflict) return null;
  return { code: 'resource_conflict', message: RESOURCE_VALIDATION_TEXT, field: 'resIds' };
}

/** The roles an organisation can stop from changing their own profile. */
export type ProfileLockRole = 'resource' | 'customer';

const EDIT_FLAG = {
  resource: 'disable_edit_resource',
  customer: 'disable_edit_customer',
} as const satisfies Record<ProfileLockRole, keyof DisplayFlags>;

/** Why the server refuses a profile change under the flag (403 `edit_disabled`); the screens say it too. */
export const PROFILE_LOCKED_TEXT: Record<ProfileLockRole, string> = {
  resource: 'This organisation does not let resources change their profile',
  customer: 'This organisation does not let customers change their profile',
};

/**
 * Disable edit for resource or customer (`disable_edit_resource`, `disable_edit_customer`): the
 * profile the organisation shows of that role is the organisation's to keep. On, a person acting
 * in the organisation as that role cannot change their own display name, photo or phone number
 * (the profile menu's edits, however sent: `/me`, `/me/photo`, the identity library's
 * `update-user` and its phone change). Their work goes on — starting and finishing jobs,
 * confirming or declining, chats, forms, reviews, cancellation requests, notification
 * preferences — and so does their account's security (password, sign-in). It follows the role
 * the person acts in: the same person as a dispatcher, or in another organisation, is not held.
 * Answers the refusal's text, or null when the change is allowed.
 */
export function profileLockText(role: string | undefined, flags: FlagSettings): string | null {
  if (role !== 'resource' && role !== 'customer') return null;
  return flags?.[EDIT_FLAG[role]] === true ? PROFILE_LOCKED_TEXT[role] : null;
}

/** Why the server refuses a series while the organisation has recurrence off (409 `recurrence_off`). */
export const RECURRENCE_OFF_TEXT = 'This organisation does not repeat bookings';

/**
 * Planner recurrence (`planner_recurrence`, on by default): whether a dispatcher may repeat a new
 * booking (daily, weekly, fortnightly; core `records/recurrence`). Off, the booking form has no
 * Repeat option and the server refuses a series; series made before stay, as do their bookings.
 */
export function isRecurrenceOn(flags: FlagSettings): boolean {
  return flags?.planner_recurrence !== false;
}

/** Why the server refuses the planner's routes while the organisation has it off (409 `planner_off`). */
export const PLANNER_OFF_TEXT = 'This organisation does not use the planner';

/**
 * Planner plan (`planner_plan`, on by default): the Planner screen (menu key `planner`), where
 * dispatchers see the organisation's booking series and end one. Off, the menu has no Planner
 * entry and the server refuses the planner's routes; the series' bookings stay as they are.
 */
export function isPlannerOn(flags: FlagSettings): boolean {
  return flags?.planner_plan !== false;
}
