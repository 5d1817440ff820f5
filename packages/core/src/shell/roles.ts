import type { DisplayFlags } from '../settings/defaults.ts';

/**
 * Role rules of the shell (spec §4, §6): actions on bookings and group events, chat feed buttons,
 * job-detail tabs by stage, the notification dot, and who sees What's New and the terms.
 */

/**
 * A user's role in one organisation. 'dispatcher' is captioned "scheduler" in the UI; 'scheduler'
 * is a role of its own and is never treated as a dispatcher. Partner is a duty, not a role.
 */
export const ROLES = ['dispatcher', 'scheduler', 'resource', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** The role and duties from the identity claims (`role`, `duty`, `duties`). */
export type ShellUser = {
  role: Role;
  duty?: string | undefined;
  duties?: readonly string[] | undefined;
};

/** The claim's role when it is one of {@link ROLES}, else undefined (never throws). */
export function parseRole(value: unknown): Role | undefined {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
    ? (value as Role)
    : undefined;
}

/** Whether the user holds `duty`, given either as the single `duty` claim or in `duties`. */
export function hasDuty(user: ShellUser, duty: string): boolean {
  return user.duty === duty || (user.duties?.includes(duty) ?? false);
}

/** Partner (contractor) duty. */
export function isPartner(user: ShellUser): boolean {
  return hasDuty(user, 'partner');
}

// --- Actions on job-like records (§6) ------------------------------------------------------------

/** Every action of a booking or group event, in the order the action menu lists them. */
export const JOB_ACTIONS = [
  'options',
  'park',
  'cancel',
  'allocate',
  'dispatch',
  'start',
  'finish',
  'review',
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export type RecordKind = 'booking' | 'groupevent' | 'task' | 'calevent';

const RESOURCE_ACTIONS: readonly JobAction[] = ['options', 'dispatch', 'start', 'finish'];

/**
 * Actions a role may take on a record. Bookings and group events: customer none, resource
 * options/dispatch/start/finish, dispatcher all. Tasks and calendar events: none for anyone.
 * The spec gives no actions for the 'scheduler' role, so it gets none (least privilege).
 */
export function recordActions(role: Role, kind: RecordKind): readonly JobAction[] {
  if (kind === 'task' || kind === 'calevent') return [];
  if (role === 'dispatcher') return JOB_ACTIONS;
  if (role === 'resource') return RESOURCE_ACTIONS;
  return [];
}

export function canTakeAction(role: Role, kind: RecordKind, action: JobAction): boolean {
  return recordActions(role, kind).includes(action);
}

// --- Chat feed (§6) ------------------------------------------------------------------------------

export const CHAT_FEED_BUTTONS = ['employee', 'call_customer', 'call_service_provider', 'tasks'] as const;
export type ChatFeedButton = (typeof CHAT_FEED_BUTTONS)[number];

/**
 * Buttons of a job's chat feed. Customer: call service provider only; resource: employee, call
 * customer, tasks; dispatcher: all four. 'scheduler' is not listed in the spec and gets none.
 */
export function chatFeedButtons(role: Role): readonly ChatFeedButton[] {
  switch (role) {
    case 'customer':
      return ['call_service_provider'];
    case 'resource':
      return ['employee', 'call_customer', 'tasks'];
    case 'dispatcher':
      return CHAT_FEED_BUTTONS;
    default:
      return [];
  }
}

// --- Job detail tabs (§4) ------------------------------------------------------------------------

export const JOB_TABS = ['resource', 'review', 'chats', 'details', 'quotes_and_invoices', 'notes'] as const;
export type JobTab = (typeof JOB_TABS)[number];

/**
 * Tabs of the job detail, in display order, for a workflow stage (status name, compared without
 * regard to case). Same for every role except that dispatchers also get Notes at reviewed.
 * Stages the spec does not list (parked, cancelled, rostered, feedback, break, …) show Details
 * only, the one tab every stage has.
 */
export function jobDetailTabs(stage: string, role: Role): readonly JobTab[] {
  switch (stage.toLowerCase()) {
    case 'confirmed':
    case 'dispatched':
      return ['resource', 'chats', 'details'];
    case 'active':
      return ['resource', 'chats', 'details', 'quotes_and_invoices'];
    case 'finished':
      return ['resource', 'review', 'chats', 'details', 'quotes_and_invoices'];
    case 'reviewed':
      return role === 'dispatcher'
        ? ['resource', 'review', 'chats', 'details', 'quotes_and_invoices', 'notes']
        : ['resource', 'review', 'chats', 'details', 'quotes_and_invoices'];
    default:
      return ['details'];
  }
}

// --- Notification dot (§4) -----------------------------------------------------------------------

export type NotificationDotInput = {
  /** Creation times of the user's notifications, epoch seconds. */
  notificationTimes: readonly number[];
  /** Creation times of bids, epoch seconds. */
  bidTimes: readonly number[];
  /** The user's last-seen time for this company, epoch seconds; undefined when never seen. */
  lastSeen: number | undefined;
};

/**
 * The bell shows a dot when any notification or bid is strictly newer than last seen (one created
 * in the same second as last seen counts as seen). Never seen: any item shows the dot.
 * Non-finite times are ignored.
 */
export function hasNotificationDot(input: NotificationDotInput): boolean {
  const lastSeen =
    input.lastSeen !== undefined && Number.isFinite(input.lastSeen) ? input.lastSeen : -Infinity;
  const isNewer = (t: number) => Number.isFinite(t) && t > lastSeen;
  return input.notificationTimes.some(isNewer) || input.bidTimes.some(isNewer);
}

// --- Version info and terms (§2, §6) -------------------------------------------------------------

/** What's New button, the version and 'See what's new in …': everyone except customers. */
export function canSeeWhatsNew(role: Role): boolean {
  return role !== 'customer';
}

/** Whether the role has to accept the terms at all (customers skip them). */
export function isTermsRequired(role: Role): boolean {
  return role !== 'customer';
}

// --- One gate for what a role may do under the organisation's settings (issue 17 point 6) --------

/**
 * Gates the web shows and the server enforces alike. `request_cancellation`: a job's resource or
 * customer asks to cancel it, each only with their organisation flag (`resource_cancel_request`,
 * `customer_cancel_request`); `decide_cancellation`: dispatchers approve or refuse such requests;
 * `write_review`: the job's customer reviews it. Status rules (when) are in records/job-status.
 */
export const GATED_ACTIONS = ['request_cancellation', 'decide_cancellation', 'write_review'] as const;
export type GatedAction = (typeof GATED_ACTIONS)[number];

/** The organisation's display flags as read from its settings (values not yet trusted). */
export type GateSettings = { readonly [K in keyof DisplayFlags]?: unknown };

/**
 * Whether `role` (a person's role to the job, 'other' when they are not one of its people) may
 * take `action` under `settings`. A flag counts only when it is `true`.
 */
export function can(role: Role | 'other', action: GatedAction, settings?: GateSettings): boolean {
  switch (action) {
    case 'request_cancellation':
      if (role === 'resource') return settings?.resource_cancel_request === true;
      if (role === 'customer') return settings?.customer_cancel_request === true;
      return false;
    case 'decide_cancellation':
      return role === 'dispatcher';
    case 'write_review':
      return role === 'customer';
  }
}
