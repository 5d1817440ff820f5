import { TEMPLATE_BEFORE } from '../roster/grid.ts';
import { DAY } from '../time/calendar.ts';
import type { GeoPoint } from './common.ts';

/*
 * The rules a booking's input must meet (issue 16, point 7), said once for the server's routes,
 * the master-roster rollout and the web's booking form:
 * - its end is after its beginning (an end at or before the begin is "you must enter a valid
 *   time", spec §5; a job overnight says so with "ends next day");
 * - it has a customer, unless the organisation's `allow_booking_without_customer` flag is on;
 * - the customer's address, location (`_geoloc`) and labels (`cs_lbls`) are its own unless the
 *   input says otherwise;
 * - its title is the reference, else the customer and the time: never an id.
 * Leaves, breaks, group events and master-roster template items are not bookings here.
 */

export const BOOKING_RULE_TEXT = {
  /** Spec §5, verbatim. */
  invalidTime: 'you must enter a valid time',
  customerRequired: 'Choose the customer of the booking',
  noCustomer: 'No customer',
} as const;

export type BookingIssue = { code: string; message: string; field: string };

type Times = { utc_begin_plus_tz?: unknown; utc_end_plus_tz?: unknown };

/**
 * Whether the booking rules apply to a record: a booking (`_key` `booking`, or none) of real time.
 * A master-roster template item (type `roster` on the 1970 template fortnight) is not one.
 */
export function isLiveBooking(record: { _key?: unknown; type?: unknown } & Times): boolean {
  const key = record._key ?? 'booking';
  if (key !== 'booking') return false;
  const begin = record.utc_begin_plus_tz;
  return !(record.type === 'roster' && typeof begin === 'number' && begin < TEMPLATE_BEFORE);
}

/** An end at or before the beginning (or a time that is not a number) is refused. */
export function checkBookingTimes(record: Times): BookingIssue | null {
  const begin = record.utc_begin_plus_tz;
  const end = record.utc_end_plus_tz;
  if (typeof begin !== 'number' || !Number.isFinite(begin)) {
    return { code: 'invalid_time_range', message: BOOKING_RULE_TEXT.invalidTime, field: 'utc_begin_plus_tz' };
  }
  if (typeof end !== 'number' || !Number.isFinite(end) || end <= begin) {
    return { code: 'invalid_time_range', message: BOOKING_RULE_TEXT.invalidTime, field: 'utc_end_plus_tz' };
  }
  return null;
}

/**
 * A booking's times from a day (wall-clock seconds of its midnight) and two clock times in
 * minutes of the day: the end is on the same day unless `endsNextDay`. An end at or before the
 * beginning is refused ({@link checkBookingTimes}) rather than moved to the next day.
 */
export function bookingTimes(
  day: number,
  beginMinute: number,
  endMinute: number,
  endsNextDay: boolean,
): { ok: true; begin: number; end: number } | { ok: false; issue: BookingIssue } {
  const begin = day + beginMinute * 60;
  const end = day + endMinute * 60 + (endsNextDay ? DAY : 0);
  const issue = checkBookingTimes({ utc_begin_plus_tz: begin, utc_end_plus_tz: end });
  return issue ? { ok: false, issue } : { ok: true, begin, end };
}

/** A booking without a customer is refused unless the organisation allows it. */
export function checkBookingCustomer(
  record: { customerId?: unknown },
  allowWithoutCustomer: boolean,
): BookingIssue | null {
  const id = record.customerId;
  if (allowWithoutCustomer || (typeof id === 'string' && id.trim() !== '')) return null;
  return { code: 'customer_required', message: BOOKING_RULE_TEXT.customerRequired, field: 'customerId' };
}

/** What a booking takes from its customer (a customer record as the API answers it). */
export type CustomerPlace = {
  all_location: string | null;
  addressline1: string | null;
  addressline2: string | null;
  addressline3: string | null;
  _geoloc: GeoPoint | null;
  cs_lbls: string[];
  customer_first_name: string | null;
  customer_last_name: string | null;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The address, location, labels and name a booking takes from its customer. The address is the
 * customer's `all_location`, else its address lines, suburb and postcode joined; the location its
 * `_geoloc`, else its `lat`/`lng`; the labels its `labels` (or `lbls`).
 */
export function customerPlace(customer: Readonly<Record<string, unknown>>): CustomerPlace {
  const lines = [customer.addressline1, customer.addressline2, customer.addressline3, customer.suburb]
    .map(text)
    .filter((s): s is string => s !== null);
  const postcode = text(customer.postcode);
  const joined = [...lines, ...(postcode ? [postcode] : [])].join(', ');
  const geo = (customer._geoloc ?? { lat: customer.lat, lng: customer.lng }) as Record<string, unknown>;
  const isPoint =
    typeof geo?.lat === 'number' &&
    typeof geo?.lng === 'number' &&
    Math.abs(geo.lat) <= 90 &&
    Math.abs(geo.lng) <= 180;
  const labels = Array.isArray(customer.labels) ? customer.labels : customer.lbls;
  let first = text(customer.first_name);
  let last = text(customer.last_name);
  if (!first && !last) {
    const [f = '', ...rest] = (text(customer.name) ?? '').split(' ');
    first = f || null;
    last = rest.join(' ') || null;
  }
  return {
    all_location: text(customer.all_location) ?? (joined || null),
    addressline1: text(customer.addressline1),
    addressline2: text(customer.addressline2),
    addressline3: text(customer.addressline3),
    _geoloc: isPoint ? { lat: geo.lat as number, lng: geo.lng as number } : null,
    cs_lbls: Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : [],
    customer_first_name: first,
    customer_last_name: last,
  };
}

const FILLED = [
  'all_location',
  'addressline1',
  'addressline2',
  'addressline3',
  '_geoloc',
  'cs_lbls',
  'customer_first_name',
  'customer_last_name',
] as const;

/**
 * The input with what it leaves out taken from the customer: a field the input names (even as
 * null, i.e. cleared on purpose) stays as it is.
 */
export function fillFromCustomer<T extends Record<string, unknown>>(
  input: T,
  customer: Readonly<Record<string, unknown>>,
): T & Partial<CustomerPlace> {
  const place = customerPlace(customer);
  const out: Record<string, unknown> = { ...input };
  for (const key of FILLED) {
    if (out[key] === undefined && place[key] !== null) out[key] = place[key];
  }
  return out as T & Partial<CustomerPlace>;
}

const hhmm = (sec: number) => {
  const s = ((sec % DAY) + DAY) % DAY;
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
};

/**
 * A booking's title wherever it prints (lists, timeline bars, boards, feeds, notifications): its
 * reference, else its customer and its time ("Ada Lovelace · 14:00–15:00", wall clock), else
 * "No customer" and the time. Never an id.
 */
export function bookingTitle(booking: object): string {
  const record = booking as {
    reference?: unknown;
    customer_first_name?: unknown;
    customer_last_name?: unknown;
    customerName?: unknown;
  } & Times;
  const reference = text(record.reference);
  if (reference) return reference;
  const who =
    [text(record.customer_first_name), text(record.customer_last_name)].filter(Boolean).join(' ') ||
    text(record.customerName) ||
    BOOKING_RULE_TEXT.noCustomer;
  const begin = record.utc_begin_plus_tz;
  const end = record.utc_end_plus_tz;
  if (typeof begin !== 'number' || !Number.isFinite(begin)) return who;
  const to = typeof end === 'number' && Number.isFinite(end) && end > begin ? `–${hhmm(end)}` : '';
  return `${who} · ${hhmm(begin)}${to}`;
}
