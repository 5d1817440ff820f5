import { z } from 'zod';
import { blacklistOverrideSchema } from '../allocation/blacklist-override.ts';
import { RECORD_STATUSES } from '../records/job-status.ts';
import { timelineRecordSchema } from '../records/timeline-record.ts';
import { recheckedSchema } from '../timeline/rechecked.ts';
import {
  cursorPageOf,
  FLAG,
  GEO,
  ID,
  IDS,
  LONG_TEXT,
  numberedPageOf,
  SECONDS,
  stamps,
  TEXT,
  VERSION,
  withVersion,
} from './common.ts';

/*
 * The bookings API (spec §3, §6; issue 7 point 4): a booking as answered, the bookings search and
 * its numbered page, the bodies of a create and a change (`/timeline-records`, which also carries
 * group events, leaves and breaks), a status action, a moving job's inventory and a booking's
 * status history. The server validates and answers with these; the web takes its types from them.
 */

export { RECORD_STATUSES };

export const RECORD_KEYS = ['booking', 'groupevent', 'leave', 'break'] as const;

/**
 * A timeline record's writable fields in the spec's names (§3). Derived fields (`weightage_cost`,
 * `isConflict`, `errors`, `_uid_r`, `version` stamps) are not accepted: the server computes them.
 */
export const timelineRecordFields = {
  _id: ID.optional(),
  _key: z.enum(RECORD_KEYS).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  inactive: FLAG.optional(),
  resourceId: ID.nullish(),
  resIds: IDS.optional(),
  resource_first_name: TEXT.nullish(),
  resource_last_name: TEXT.nullish(),
  rs_not_riyo_id: TEXT.nullish(),
  customerId: ID.nullish(),
  cusIds: IDS.optional(),
  customer_first_name: TEXT.nullish(),
  customer_last_name: TEXT.nullish(),
  reference: TEXT.nullish(),
  labels: IDS.optional(),
  cs_lbls: IDS.optional(),
  lblIds: IDS.optional(),
  servicesIds: IDS.optional(),
  allocation_labels_id: IDS.optional(),
  exclude_labels_id: IDS.optional(),
  utc_begin_plus_tz: SECONDS,
  utc_end_plus_tz: SECONDS,
  day_num: z.number().int().min(0).max(400).nullish(),
  day_n: z.number().int().min(0).max(400).nullish(),
  startAt: z
    .number()
    .int()
    .min(0)
    .max(2 * 24 * 60)
    .nullish(),
  endAt: z
    .number()
    .int()
    .min(0)
    .max(2 * 24 * 60)
    .nullish(),
  week: z.number().int().min(0).max(9).nullish(),
  fortnight_time_boundaries: z.strictObject({ start_time: SECONDS, end_time: SECONDS }).nullish(),
  template_id: ID.nullish(),
  template_name: TEXT.nullish(),
  type: z.string().max(40).nullish(),
  all_location: z.string().max(1000).nullish(),
  addressline1: TEXT.nullish(),
  addressline2: TEXT.nullish(),
  addressline3: TEXT.nullish(),
  _geoloc: GEO.nullish(),
  is_copy: FLAG.nullish(),
  isDeleted: FLAG.nullish(),
  notes: LONG_TEXT.nullish(),
  /** The notes are important: a change to them is notified to the assigned workers (issue #19). */
  notes_important: FLAG.nullish(),
  bk_notes: LONG_TEXT.nullish(),
  bk_id: ID.nullish(),
  tolerance: z.number().int().min(0).max(100_000).nullish(),
  rs_preferred: IDS.nullish(),
  preferred: IDS.nullish(),
  autoallocate: FLAG.nullish(),
  MasterResourceID: z.union([ID, IDS]).nullish(),
  ResourceGroup: z.union([TEXT, IDS]).nullish(),
  external_data: z
    .strictObject({
      IsExternalBooking: FLAG.nullish(),
      IsForceAllocation: FLAG.nullish(),
      VisitStemID: ID.nullish(),
      ParentID: ID.nullish(),
    })
    .nullish(),
};
export const createTimelineRecordBody = z.strictObject(timelineRecordFields);
export const updateTimelineRecordBody = z
  .strictObject({ ...timelineRecordFields, ...withVersion })
  .omit({ _id: true })
  .partial();

/** A write that newly assigns a resource the customer has blacklisted carries why (else 400). */
const override = {
  override: blacklistOverrideSchema
    .optional()
    .describe('assign resources the customer has blacklisted anyway (without it: 400 resource_blacklisted)'),
};
/** `POST /timeline-records`. */
export const createBookingBody = createTimelineRecordBody.extend(override);
/** `PATCH /timeline-records/:id`. */
export const updateBookingBody = updateTimelineRecordBody.extend(override);
export type UpdateBookingBody = z.input<typeof updateBookingBody>;
/** The fields the booking form sends (the collection's `_key` and the version read aside). */
export type BookingInput = Omit<z.input<typeof createBookingBody>, '_id' | '_key'>;

/** One conflict of the overlap validator, as the server stores it on the record (`errors`). */
export const conflictError = z.looseObject({
  code: z.string(),
  title: z.string().optional(),
  message: z.string(),
  resourceId: z.string().optional(),
  conflictId: z.string().optional(),
});
export type ConflictError = z.infer<typeof conflictError>;

/** A line of a moving job's inventory: a catalogue item and its quantity. */
export const inventoryLine = z.object({
  id: z.number().int().min(0).max(100_000),
  qty: z.number().int().min(0).max(10_000),
});

/**
 * A booking (any timeline record) as the API answers it: the stored fields, extra imported ones
 * passed through; id, times, assignments and the version are always there (every answer is a
 * stored record).
 */
export const bookingRecord = timelineRecordSchema.extend({
  _id: z.string(),
  resIds: z.array(z.string()),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  errors: z.array(conflictError).nullish(),
  inventory: z.array(inventoryLine).nullish(),
  _uid_r: z.array(z.string()).nullish(),
  ...stamps,
  version: z.number(),
});
export type Booking = z.infer<typeof bookingRecord>;

/**
 * A resource's day list as a phone keeps it for when it is offline (the web's "my day" copy): when
 * it was loaded, and those of its items that still read as bookings (anything else is dropped).
 */
export const dayCopy = z.object({
  saved_at: z.number(),
  items: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const booking = bookingRecord.safeParse(item);
      return booking.success ? [booking.data] : [];
    }),
  ),
});
export type DayCopy = z.infer<typeof dayCopy>;

/** A write's answer (`POST`, `PATCH`, `DELETE /timeline-records`): the record and the bookings re-checked. */
export const savedBooking = bookingRecord.extend({ rechecked: recheckedSchema });
export type SavedBooking = z.infer<typeof savedBooking>;

/**
 * `POST /bookings/search`: every criterion optional. A POST body rather than a query string, so
 * that lists are real lists and a criterion of the wrong type is refused.
 */
export const bookingSearchQuery = z.strictObject({
  q: z.string().max(100).optional().describe('text in the id, reference, customer, resource or address'),
  status: z.array(z.enum(RECORD_STATUSES)).max(RECORD_STATUSES.length).optional().describe('any of these'),
  from: SECONDS.optional().describe('overlapping: ending after (wall-clock seconds)'),
  to: SECONDS.optional().describe('overlapping: beginning before (wall-clock seconds)'),
  resource: ID.optional().describe('assigned to this resource (any position of resIds)'),
  customer: ID.optional().describe("this customer's bookings"),
  labels: z.array(ID).max(50).optional().describe('carrying every one of these labels'),
  when: z
    .enum(['upcoming', 'past'])
    .optional()
    .describe("upcoming: from today (the organisation's day) on; past: before today; default both"),
  order: z
    .enum(['asc', 'desc'])
    .optional()
    .describe('by begin time; default asc (soonest first), desc (newest first) for the past'),
  page: z.number().int().min(1).max(100_000).optional().describe('1-based; default 1'),
  limit: z.number().int().min(1).max(250).optional().describe('page size, default 40, at most 250'),
});
export type BookingSearch = z.input<typeof bookingSearchQuery>;
export const bookingPage = numberedPageOf(bookingRecord);
export type BookingPage = z.infer<typeof bookingPage>;

/** One entry of a booking's status history (`GET /bookings/:id/states`), newest first. */
export const stateRecord = z.looseObject({
  _id: z.string().optional(),
  bk_id: z.string().optional(),
  status: z.string().optional(),
  previous_status: z.string().nullish(),
  action: z.string().optional(),
  uid: z.string().nullish(),
  _utc_plus_tz: z.number().optional(),
  /** An option chosen (the options action). */
  option: z.string().nullish(),
  /** Whom a blacklist override let through, and why. */
  resIds: z.array(z.string()).nullish(),
  reason: z.string().nullish(),
});
export type StateRecord = z.infer<typeof stateRecord>;
export const bookingStates = z.object({ items: z.array(stateRecord) });
export type BookingStates = z.infer<typeof bookingStates>;

/** `POST /bookings/:id/actions/:action`'s body. */
export const actionBody = z.strictObject({
  version: VERSION.optional().describe('the booking version read; a stale one answers 409'),
  option: TEXT.optional().describe('options: the option chosen'),
  note: z.string().max(2000).optional(),
});
/** What an action answers: the booking, the state it wrote and the update it sent, if any. */
export const actionAnswer = z.object({
  record: bookingRecord,
  state: stateRecord,
  update: z.looseObject({}).nullable(),
});
export type ActionAnswer = z.infer<typeof actionAnswer>;

/** `PUT /bookings/:id/inventory`: the lines (quantity 0 drops one) and the version read. */
export const inventoryBody = z.strictObject({
  inventory: z.array(z.strictObject(inventoryLine.shape)).max(500),
  version: VERSION.optional().describe('the booking version read; or send If-Match'),
});
export const inventoryAnswer = z.object({
  record: bookingRecord,
  totals: z.object({ volume: z.number(), price: z.number(), items: z.number() }),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswer>;

/** A record of a filter's picker (resources, customers, labels): its id and name parts. */
export const namedRecord = z.looseObject({
  _id: z.string(),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  type: z.string().nullish(),
  inactive: z.boolean().nullish(),
  /** A resource promoted to dispatcher (the job's people tab offers to demote them). */
  promoted_dispatcher: z.boolean().nullish(),
});
export type NamedRecord = z.infer<typeof namedRecord>;
/** One page of a lookup (`GET /resources`, `/customers`, `/labels`: cursor pages). */
export const lookupPage = cursorPageOf(namedRecord);
export type LookupPage = z.infer<typeof lookupPage>;
