import { timelineRecordFields as API, type Booking } from '@rostra/core/api/bookings';
import { GEO, IDS } from '@rostra/core/api/common';
import { bookingTimes, checkBookingCustomer } from '@rostra/core/records/booking-rules';
import { START_STATUSES } from '@rostra/core/records/job-status';
import { REPEAT_FREQUENCIES, type RepeatRule, repeatIssue } from '@rostra/core/records/recurrence';
import {
  dayLimitIssue,
  type FlagSettings,
  forcedResourceIssue,
  isRecurrenceOn,
} from '@rostra/core/settings/flag-rules';
import { fromYmd, toYmd } from '@rostra/core/time/calendar';
import { z } from 'zod';
import { BOOKINGS_TEXT as T } from './texts.ts';

/*
 * The booking form's values and their checks (spec §5 texts for dates and times): the fields as
 * typed (a day and two clock times), each field checked by the API's own field schema
 * (core/api/bookings: lengths, ids, the location) and the whole by the core's booking rules, then
 * turned into the body of a create or a change (`BookingInput`).
 */

/** The Repeat choices of a new booking (`planner_recurrence`): none, or a frequency of core's. */
export const REPEAT_CHOICES = ['none', ...REPEAT_FREQUENCIES] as const;

/** Where a rule's issue shows in the form (the server names the same fields `repeat…`). */
export const REPEAT_FIELDS = {
  repeat: 'repeatEnd',
  'repeat.until': 'repeatUntil',
  'repeat.count': 'repeatCount',
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (t: string) => {
  const m = TIME.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/** A text field, checked as the API checks that field; sent trimmed, '' as none. */
const optionalText = (field: z.ZodOptional<z.ZodNullable<z.ZodString>>) =>
  field
    .unwrap()
    .unwrap()
    .transform((s) => s.trim() || null);

const hhmm = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 16);

/**
 * The form's checks: a valid day and times; an end at or before the begin is refused unless it
 * "ends next day"; a customer is needed unless the organisation allows none (`allowWithoutCustomer`)
 * or, like the server, an older booking without one keeps none (`keptCustomerId`); the feature
 * flags' resource on a new booking and 24-hour limit (core `settings/flag-rules`). The overlap
 * check is the server's. The output is the create body without the names the lookups give.
 */
export function bookingFormSchema({
  allowWithoutCustomer = false,
  keptCustomerId,
  isNew = true,
  flags,
}: {
  allowWithoutCustomer?: boolean;
  keptCustomerId?: string | undefined;
  /** A new booking (the forced resource applies to new ones only). */
  isNew?: boolean;
  /** The organisation's display flags (forced resource, 24-hour date validation). */
  flags?: FlagSettings;
} = {}) {
  return z
    .object({
      reference: optionalText(API.reference),
      /** The status a new booking starts in (an edit does not send it: the actions change it). */
      status: z.enum(START_STATUSES),
      customerId: z.string(),
      resIds: IDS,
      labels: IDS,
      date: z.string(),
      begin: z.string(),
      end: z.string(),
      /** The end is on the day after the date (an overnight job). */
      endsNextDay: z.boolean(),
      all_location: optionalText(API.all_location),
      /** The location (from the customer) that goes with the address; null once the address is not the customer's. */
      geo: GEO.nullable(),
      /** The customer's labels (`cs_lbls`), taken from the customer when picked. */
      csLabels: IDS,
      notes: optionalText(API.notes),
      /** Repeat the new booking (`planner_recurrence`): none, daily, weekly or fortnightly. */
      repeat: z.enum(REPEAT_CHOICES),
      /** The series ends on a last day or after a number of bookings. */
      repeatEnd: z.enum(['until', 'count']),
      repeatUntil: z.string(),
      repeatCount: z.string(),
    })
    .transform((v, ctx) => {
      const day = v.date ? fromYmd(v.date) : Number.NaN;
      const b = minutes(v.begin);
      const e = minutes(v.end);
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (!Number.isFinite(day)) issue('date', T.invalidDate);
      if (!Number.isFinite(b)) issue('begin', T.invalidTime);
      if (!Number.isFinite(e)) issue('end', T.invalidTime);
      const times = bookingTimes(day, b, e, v.endsNextDay);
      if (!times.ok && Number.isFinite(day + b + e)) issue('end', times.issue.message);
      const isKept = keptCustomerId !== undefined && v.customerId === keptCustomerId;
      const customer = checkBookingCustomer(v, allowWithoutCustomer || isKept);
      if (customer) issue('customerId', customer.message);
      const forced = isNew ? forcedResourceIssue('booking', v.resIds, flags) : null;
      if (forced) issue('resIds', forced.message);
      const long = times.ok ? dayLimitIssue(times.begin, times.end, flags) : null;
      if (long) issue('end', long.message);
      let repeat: RepeatRule | undefined;
      if (isNew && isRecurrenceOn(flags) && v.repeat !== 'none') {
        const count = Number(v.repeatCount);
        const until = fromYmd(v.repeatUntil);
        if (v.repeatEnd === 'count' && !(Number.isInteger(count) && count > 0))
          issue('repeatCount', T.repeatCountInvalid);
        else if (v.repeatEnd === 'until' && !Number.isFinite(until)) issue('repeatUntil', T.invalidDate);
        else {
          repeat = v.repeatEnd === 'count' ? { frequency: v.repeat, count } : { frequency: v.repeat, until };
          const ruled = times.ok ? repeatIssue(times.begin, repeat) : null;
          if (ruled)
            issue(REPEAT_FIELDS[ruled.field as keyof typeof REPEAT_FIELDS] ?? 'repeatEnd', ruled.message);
          if (ruled) repeat = undefined;
        }
        if (!repeat) return z.NEVER;
      }
      if (!times.ok || customer || forced || long) return z.NEVER;
      return {
        ...(repeat ? { repeat } : {}),
        reference: v.reference,
        status: v.status,
        customerId: v.customerId || null,
        resIds: v.resIds,
        labels: v.labels,
        utc_begin_plus_tz: times.begin,
        utc_end_plus_tz: times.end,
        all_location: v.all_location,
        _geoloc: v.geo,
        cs_lbls: v.csLabels,
        notes: v.notes,
      };
    });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;
export type BookingValues = z.input<BookingFormSchema>;

/** The form's values of a booking (empty ones, 09:00–10:00, for a new booking). */
export function valuesOf(b: Booking | undefined): BookingValues {
  if (!b) {
    return {
      reference: '',
      status: 'draft',
      customerId: '',
      resIds: [],
      labels: [],
      date: '',
      begin: '09:00',
      end: '10:00',
      endsNextDay: false,
      all_location: '',
      geo: null,
      csLabels: [],
      notes: '',
      ...NO_REPEAT,
    };
  }
  return {
    reference: b.reference ?? '',
    status: 'draft',
    customerId: b.customerId ?? '',
    resIds: [...b.resIds],
    labels: [...(b.labels ?? [])],
    date: toYmd(b.utc_begin_plus_tz),
    begin: hhmm(b.utc_begin_plus_tz),
    end: hhmm(b.utc_end_plus_tz),
    endsNextDay: toYmd(b.utc_end_plus_tz - 1) > toYmd(b.utc_begin_plus_tz),
    all_location: b.all_location ?? '',
    geo: b._geoloc ? { lat: b._geoloc.lat, lng: b._geoloc.lng } : null,
    csLabels: [...(b.cs_lbls ?? [])],
    notes: b.notes ?? '',
    ...NO_REPEAT,
  };
}

const NO_REPEAT = { repeat: 'none', repeatEnd: 'count', repeatUntil: '', repeatCount: '4' } as const;
