import {
  checkBookingCustomer,
  checkBookingTimes,
  fillFromCustomer,
  isLiveBooking,
} from '@rostra/core/records/booking-rules';
import {
  dayLimitIssue,
  forcedResourceIssue,
  resourceValidationIssue,
} from '@rostra/core/settings/flag-rules';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { invalid, type WriteFailure } from '../infra/write-result.ts';
import { orgSettings } from '../schema/organisations.ts';
import { customers } from '../schema/scheduling.ts';
import { toCustomer } from './mapping.ts';

/*
 * The booking rules of the core (`records/booking-rules`, issue 16 point 7) on a write: a booking
 * whose times or customer the write sets must have an end after its begin and a customer (unless
 * the organisation's `allow_booking_without_customer` display flag is on), and takes its
 * customer's address, location and labels where the write leaves them out. A write that touches
 * neither (an inventory change, a status) leaves an older record as it is. Leaves, breaks, group
 * events and template items are not bookings here.
 */

/** The organisation's stored display flags (only what it changed; readers merge the defaults). */
export async function displayFlagsIn(tx: Tx, orgId: string): Promise<Record<string, unknown>> {
  const [display] = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, 'display'), eq(orgSettings.role, '')));
  return display?.value ?? {};
}

/** Whether the organisation lets a booking be saved without a customer. */
export async function allowsBookingWithoutCustomer(tx: Tx, orgId: string): Promise<boolean> {
  return (await displayFlagsIn(tx, orgId)).allow_booking_without_customer === true;
}

/** The kind the feature-flag rules treat a timeline record as: a booking, a group event or neither. */
export function flaggedKind(record: Record<string, unknown>): 'booking' | 'groupevent' | undefined {
  if ((record._key ?? 'booking') === 'groupevent') return 'groupevent';
  return isLiveBooking(record) ? 'booking' : undefined;
}

/**
 * Resource validation (core `resourceValidationIssue`): the refusal of a booking or group event
 * whose resources this save set and whose verdict, as written, is a conflict.
 */
export async function resourceValidationRefusal(
  tx: Tx,
  orgId: string,
  after: Record<string, unknown>,
): Promise<WriteFailure | undefined> {
  if (!flaggedKind(after)) return undefined;
  const issue = resourceValidationIssue(after.isConflict === true, await displayFlagsIn(tx, orgId));
  return issue ? invalid(issue.code, issue.message, issue.field) : undefined;
}

/**
 * The feature-flag rules of a booking or group event (core `settings/flag-rules`): a resource on
 * a new one when the organisation forces it, and the 24-hour date validation when the times change.
 * `resIds` are the record's resources as it will be written.
 */
export async function flagRuleRefusal(
  tx: Tx,
  orgId: string,
  before: Record<string, unknown> | undefined,
  merged: Record<string, unknown>,
  changes: Record<string, unknown>,
  resIds: readonly string[],
): Promise<WriteFailure | undefined> {
  const kind = flaggedKind(merged);
  if (!kind) return undefined;
  const flags = await displayFlagsIn(tx, orgId);
  const forced = before ? null : forcedResourceIssue(kind, resIds, flags);
  if (forced) return invalid(forced.code, forced.message, forced.field);
  if (!before || 'utc_begin_plus_tz' in changes || 'utc_end_plus_tz' in changes) {
    const long = dayLimitIssue(merged.utc_begin_plus_tz, merged.utc_end_plus_tz, flags);
    if (long) return invalid(long.code, long.message, long.field);
  }
  return undefined;
}

/** A customer of the organisation as the API answers it; undefined when there is none. */
export async function customerRecord(
  tx: Tx,
  orgId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.orgId, orgId), eq(customers.id, id)));
  return row ? toCustomer(row) : undefined;
}

/**
 * The record to write after the booking rules: `merged` (the stored record with the changes over
 * it) with what the customer gives, or the refusal. `changes` is what the write names (on a
 * create, the whole record).
 */
export async function applyBookingRules(
  tx: Tx,
  orgId: string,
  before: Record<string, unknown> | undefined,
  merged: Record<string, unknown>,
  changes: Record<string, unknown>,
): Promise<{ ok: true; record: Record<string, unknown> } | WriteFailure> {
  if (!isLiveBooking(merged)) return { ok: true, record: merged };
  const fresh = !before || (before._key ?? 'booking') !== 'booking' || !isLiveBooking(before);
  if (fresh || 'utc_begin_plus_tz' in changes || 'utc_end_plus_tz' in changes) {
    const issue = checkBookingTimes(merged);
    if (issue) return invalid(issue.code, issue.message, issue.field);
  }
  const customerId = typeof merged.customerId === 'string' ? merged.customerId : null;
  const customerChanged = fresh || ('customerId' in changes && customerId !== (before?.customerId ?? null));
  if (!customerChanged) return { ok: true, record: merged };
  if (!customerId) {
    const issue = checkBookingCustomer(merged, await allowsBookingWithoutCustomer(tx, orgId));
    return issue ? invalid(issue.code, issue.message, issue.field) : { ok: true, record: merged };
  }
  const customer = await customerRecord(tx, orgId, customerId);
  // An unknown customer is refused by the save itself.
  if (!customer) return { ok: true, record: merged };
  // What the write names stays; on an update the rest of the place is the new customer's.
  const named = fresh ? merged : changes;
  return { ok: true, record: { ...merged, ...fillFromCustomer(named, customer) } };
}
