import { can, type GateSettings, type Role } from '../shell/roles.ts';

/**
 * Status rules of a booking's life that the server enforces and the web shows (issue 17 point 6):
 * who may ask for a cancellation and when, when a resource's first timer start also starts the
 * job, and when the customer may review. Statuses are the spec's (scheduling-core §Job statuses).
 */

/** Statuses a timeline record can carry (§4), with the leave and workflow ones. */
export const RECORD_STATUSES = [
  'draft',
  'rostered',
  'confirmed',
  'dispatched',
  'active',
  'finished',
  'reviewed',
  'feedback',
  'break',
  'parked',
  'cancelled',
  'leave',
  'MultiDay',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The statuses that mark a leave, a break or a multi-day span rather than a booking's stage. */
const NOT_BOOKING_STATUSES = ['break', 'leave', 'MultiDay'] as const;
export type BookingStatus = Exclude<RecordStatus, (typeof NOT_BOOKING_STATUSES)[number]>;

/** A booking's statuses in workflow order (the bookings list filters by them). */
export const BOOKING_STATUSES: readonly BookingStatus[] = RECORD_STATUSES.filter(
  (s): s is BookingStatus => !(NOT_BOOKING_STATUSES as readonly string[]).includes(s),
);

/** Whether `status` is one a record may be written with (a stored record may carry an imported other). */
export function isRecordStatus(status: unknown): status is RecordStatus {
  return (RECORD_STATUSES as readonly unknown[]).includes(status);
}

/** The organisation's display flags as read from its settings (values not yet trusted). */
export type DisplayFlagValues = GateSettings;

/** A rule's refusal: a code for callers and the message shown to people. */
export type RuleIssue = { code: string; message: string };

/** Stages at which a booking's cancellation can still be asked for. */
export const CANCELLATION_REQUEST_STATUSES: readonly string[] = [
  'draft',
  'rostered',
  'confirmed',
  'dispatched',
  'active',
  'parked',
];

/**
 * Why the job's `role` may not ask to cancel a booking at `status`, or undefined when they may:
 * `can(role, 'request_cancellation')` under the organisation's flags, and the booking still open (see
 * {@link CANCELLATION_REQUEST_STATUSES}). Whether they are the job's people is the caller's check.
 */
export function cancellationRequestIssue(
  role: Role | 'other',
  status: string | null | undefined,
  flags: DisplayFlagValues | undefined,
): RuleIssue | undefined {
  if (!can(role, 'request_cancellation', flags)) {
    return { code: 'requests_disabled', message: 'Your organisation does not take cancellation requests' };
  }
  if (status === 'cancelled') return { code: 'not_open', message: 'This booking is already cancelled' };
  if (!CANCELLATION_REQUEST_STATUSES.includes(status ?? 'draft')) {
    return { code: 'not_open', message: 'This booking can no longer be cancelled' };
  }
  return undefined;
}

/** Statuses from which a resource's first timer start also starts the job (status action `start`). */
export const TIMER_STARTS_JOB_STATUSES: readonly string[] = ['rostered', 'confirmed', 'dispatched'];

/** Whether a resource's timer start on a booking at `status` also takes the job's `start` action. */
export function isJobStartedByTimer(status: string | null | undefined): boolean {
  return TIMER_STARTS_JOB_STATUSES.includes(status ?? '');
}

/**
 * Statuses a new booking or group event may start in (the forms offer only these); later ones are
 * reached by the status actions.
 */
export const START_STATUSES = ['draft', 'rostered', 'confirmed'] as const;

/** Statuses at which the customer may review a booking. */
export const REVIEW_STATUSES = ['finished', 'reviewed'] as const;

/** Whether a booking at `status` takes a review (finished or reviewed). */
export function isReviewable(status: string | null | undefined): boolean {
  return (REVIEW_STATUSES as readonly string[]).includes(status ?? '');
}

/** Whether `role` may write the review of a booking at `status`: its customer, once finished. */
export function canWriteReview(role: Role | 'other', status: string | null | undefined): boolean {
  return can(role, 'write_review') && isReviewable(status);
}
