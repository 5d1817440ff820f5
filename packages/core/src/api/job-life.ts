import { z } from 'zod';
import { TIMER_ACTIONS } from '../job-life/timer.ts';
import { ID, VERSION } from './common.ts';

/*
 * The job life API (issue #9, docs/job-life-api.md; issue 17 point 1): a job's chat feed and
 * contacts, timers, time entries and mileage, pings, review and notes, quotes, invoices,
 * purchases and payment status, promote/demote, cancellation requests and timesheets. The server
 * validates and answers with these; the web takes its types from them. Times are ms epoch unless
 * a field says otherwise; money is integer cents.
 */

/** Made by the device: a retry with the same id changes nothing. */
export const CLIENT_ID = z.uuid().meta({
  description: 'made by the device; a retry with the same id changes nothing',
  examples: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
});

/** ms epoch within years 2000..2100: a device's clock can be wrong, not absurd. */
const MS = z.number().int().min(946_684_800_000).max(4_102_444_800_000);

// --- Chat feed ------------------------------------------------------------------------------

/** The largest chat image (issue #9: ≤ 2 MB). */
export const FEED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const feedItem = z.object({
  _id: z.string(),
  client_id: z.string(),
  kind: z.enum(['text', 'image']),
  text: z.string().optional(),
  image_url: z.string().optional(),
  author: z.object({ uid: z.string(), name: z.string(), role: z.string() }),
  created_at: z.number(),
});
export type FeedItem = z.infer<typeof feedItem>;
export const feedPage = z.object({ items: z.array(feedItem), next_cursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPage>;

/** `POST /bookings/:id/feeds`: a message, an image (data URL) or both. */
export const feedBody = z.strictObject({
  client_id: CLIENT_ID,
  text: z.string().max(4000).optional(),
  image: z
    .string()
    .max(Math.ceil((FEED_IMAGE_MAX_BYTES * 4) / 3) + 100)
    .regex(/^data:image\//, 'The image must be an image data URL (data:image/…;base64,…)')
    .optional()
    .describe('a data URL (data:image/…;base64,…) of at most 2 MB'),
});
export type FeedInput = z.input<typeof feedBody>;

export const CHAT_BUTTONS = ['employee', 'call_customer', 'call_service_provider', 'tasks'] as const;
/** `GET /bookings/:id/contacts`: the chat's buttons for the caller's role and the numbers behind them. */
export const contacts = z.object({
  buttons: z.array(z.enum(CHAT_BUTTONS)),
  customer_phone: z.string().optional(),
  service_provider_phone: z.string().optional(),
  resources: z.array(z.object({ _id: z.string(), name: z.string(), phone: z.string().optional() })),
});
export type Contacts = z.infer<typeof contacts>;
export type ChatButton = (typeof CHAT_BUTTONS)[number];

// --- Timers, time entries, mileage ----------------------------------------------------------

const aggregateShape = {
  state: z.enum(['idle', 'running', 'paused', 'stopped']),
  worked_seconds: z.number(),
  break_seconds: z.number(),
  laps: z.array(z.number()),
  running_since: z.number().nullable(),
  mileage_km: z.number(),
};
/** What the timer and mileage routes answer: the job's entries, mileage and the rolled-up times. */
export const timeAnswer = z.object({
  entries: z.array(
    z.object({
      _id: z.string(),
      resource_id: z.string(),
      action: z.enum(TIMER_ACTIONS),
      at: z.number(),
      client_id: z.string(),
      corrected: z.boolean().optional(),
    }),
  ),
  mileage: z.array(
    z.object({
      _id: z.string(),
      resource_id: z.string(),
      km: z.number(),
      at: z.number(),
      client_id: z.string(),
      corrected: z.boolean().optional(),
    }),
  ),
  aggregate: z.object({ ...aggregateShape, by_resource: z.record(z.string(), z.object(aggregateShape)) }),
});
export type TimeAnswer = z.infer<typeof timeAnswer>;
/** A dispatcher's correction of an entry, as logged. */
export const correction = z.object({
  _id: z.string(),
  entry_id: z.string(),
  by: z.object({ uid: z.string(), name: z.string() }),
  at: z.number(),
  old_at: z.number().nullable(),
  new_at: z.number().nullable(),
  old_km: z.number().nullable(),
  new_km: z.number().nullable(),
  reason: z.string(),
});
export type Correction = z.infer<typeof correction>;
/** `GET /bookings/:id/time-entries`: with the corrections log. */
export const timeEntries = timeAnswer.extend({ log: z.array(correction) });
export type TimeEntries = z.infer<typeof timeEntries>;

/** `POST /bookings/:id/timer`. */
export const timerBody = z.strictObject({
  action: z.enum(TIMER_ACTIONS),
  client_id: CLIENT_ID,
  client_at: MS.describe('when it happened, on the device clock (ms)'),
  sent_at: MS.describe('the device clock when sent (ms)'),
  resource_id: ID.optional().describe('dispatchers: the resource acted for'),
});
export type TimerInput = z.input<typeof timerBody>;

/** `POST /bookings/:id/mileage`. */
export const mileageBody = z.strictObject({
  client_id: CLIENT_ID,
  km: z.number().min(0).max(10_000),
  resource_id: ID.optional().describe('dispatchers: the resource acted for'),
});
export type MileageInput = z.input<typeof mileageBody>;

/** `PATCH /bookings/:id/time-entries`: one entry's time (or a mileage entry's km), and why. */
export const correctionBody = z.strictObject({
  entry_id: ID.describe('the time or mileage entry to correct'),
  at: MS.optional().describe('the corrected time (ms)'),
  km: z.number().min(0).max(10_000).optional().describe('mileage entries: the corrected km'),
  reason: z.string().trim().min(1, 'Give a reason for the correction').max(500),
});
export type CorrectionInput = z.input<typeof correctionBody>;
export const correctionAnswer = timeAnswer.extend({ entry: z.looseObject({}), log: correction });
export type CorrectionAnswer = z.infer<typeof correctionAnswer>;

// --- Pings, review, notes -------------------------------------------------------------------

export const PING_KINDS = ['start', 'finish', 'on_demand'] as const;
export type PingKind = (typeof PING_KINDS)[number];
export const ping = z.object({
  _id: z.string(),
  client_id: z.string(),
  kind: z.enum(PING_KINDS),
  resource_id: z.string().nullable(),
  uid: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.number(),
});
/** A ping as listed: where it was against the geofence and the job. */
export const placedPing = ping.extend({
  inside_geofence: z.boolean().nullable(),
  near_job: z.boolean().nullable(),
  distance_m: z.number().nullable(),
});
export type PlacedPing = z.infer<typeof placedPing>;
export const pings = z.object({ items: z.array(placedPing) });
export type Pings = z.infer<typeof pings>;
/** `POST /bookings/:id/pings`. */
export const pingBody = z.strictObject({
  client_id: CLIENT_ID,
  kind: z.enum(PING_KINDS),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1_000_000).optional().describe('metres'),
});
export type PingInput = z.input<typeof pingBody>;

export const review = z.object({
  job_id: z.string(),
  rating: z.number().nullable(),
  comment: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.number().nullable(),
  notes: z.string().nullable().optional(),
  notes_by: z.string().nullable().optional(),
  notes_at: z.number().nullable().optional(),
  version: z.number(),
});
export type Review = z.infer<typeof review>;
/** `PUT /bookings/:id/review`: the customer's rating and comment. */
export const reviewBody = z.strictObject({
  rating: z.number().int().min(1, 'Choose a rating from 1 to 5').max(5, 'Choose a rating from 1 to 5'),
  comment: z.string().max(2000).default(''),
});
/** `PUT /bookings/:id/notes`: the dispatcher's notes. */
export const notesBody = z.strictObject({ notes: z.string().max(5000) });

// --- Quotes, invoices, purchases, payment ---------------------------------------------------

export const LEDGER_TYPES = ['quote', 'invoice'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_STATUSES = ['draft', 'sent', 'paid'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'part_paid', 'paid'] as const;

/** Cents: whole numbers up to a billion dollars. */
const CENTS = z.number().int().min(-100_000_000_000).max(100_000_000_000);

const line = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
});
export type LedgerLine = z.infer<typeof line>;
export const ledgerEntry = z.object({
  _id: z.string(),
  job_id: z.string(),
  type: z.enum(LEDGER_TYPES),
  status: z.enum(LEDGER_STATUSES),
  number: z.number(),
  lines: z.array(line),
  subtotal: z.number(),
  gst_rate: z.number(),
  gst: z.number(),
  total: z.number(),
  currency: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  version: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const jobLedger = z.object({ items: z.array(ledgerEntry) });
export type JobLedger = z.infer<typeof jobLedger>;

const lineInput = z.strictObject({
  description: z.string().trim().min(1, 'Describe the line').max(500),
  quantity: z.number().min(0).max(1_000_000),
  unit_price: CENTS.describe('cents'),
});
const linesInput = z.array(lineInput).max(200);
/** `POST /bookings/:id/ledger`: a quote or invoice, its lines given or built by the server. */
export const ledgerBody = z.strictObject({
  type: z.enum(LEDGER_TYPES).default('invoice'),
  lines: linesInput.optional(),
});
/** `PATCH /bookings/:id/ledger`: a status forward or a draft's lines, with the version read. */
export const ledgerChangeBody = z.strictObject({
  entry_id: ID.describe('the quote or invoice'),
  status: z.enum(LEDGER_STATUSES).optional(),
  lines: linesInput.optional(),
  version: VERSION.describe('the version read; a stale one answers 409'),
});
export type LedgerChange = z.input<typeof ledgerChangeBody>;
/** `GET /ledger`: the organisation's quotes or invoices. */
export const ledgerQuery = z.strictObject({
  type: z.enum(LEDGER_TYPES).default('invoice'),
  status: z.enum(LEDGER_STATUSES).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('0-based'),
});
export const ledgerPage = z.object({
  items: z.array(ledgerEntry),
  total: z.number(),
  page: z.number(),
  next_cursor: z.string().nullable().describe('the next page number, or null on the last page'),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const paymentStatus = z.object({
  job_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paid_amount: z.number(),
  updated_at: z.number().nullable(),
  updated_by: z.string().nullable(),
  version: z.number(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;
/** `PUT /bookings/:id/payment-status`. */
export const paymentStatusBody = z.strictObject({
  status: z.enum(PAYMENT_STATUSES),
  paid_amount: z.number().int().min(0).max(100_000_000_000).describe('cents'),
});
/** `GET /bookings/:id/bills`: its invoices sent or paid, with the payment status. */
export const bills = z.object({
  items: z.array(ledgerEntry),
  payment_status: paymentStatus,
  outstanding: z.number(),
});
export type Bills = z.infer<typeof bills>;

export const purchase = z.object({
  _id: z.string(),
  client_id: z.string(),
  description: z.string(),
  amount: z.number(),
  created_by: z.string(),
  created_at: z.number(),
});
export type Purchase = z.infer<typeof purchase>;
export const purchasePage = z.object({ items: z.array(purchase), next_cursor: z.string().nullable() });
/** `POST /bookings/:id/purchases`. */
export const purchaseBody = z.strictObject({
  client_id: CLIENT_ID,
  description: z.string().trim().min(1, 'Describe the purchase').max(500),
  amount: z.number().int().min(0).max(100_000_000_000).describe('cents'),
});

// --- Promote/demote, cancellation requests --------------------------------------------------

export const promotion = z.object({
  resource_id: z.string(),
  uid: z.string(),
  promoted_dispatcher: z.boolean(),
  labels: z.array(z.string()),
});
export type Promotion = z.infer<typeof promotion>;
/** `POST /resources/:id/promote`. */
export const promoteBody = z.strictObject({
  labels: z.array(ID).max(200).describe('label ids the promoted dispatcher sees'),
});

export const cancellationRequest = z.object({
  _id: z.string(),
  job_id: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  reason: z.string(),
  by: z.object({ uid: z.string(), role: z.string() }),
  at: z.number(),
  decided_by: z.string().nullable(),
  decided_at: z.number().nullable(),
});
export type CancellationRequest = z.infer<typeof cancellationRequest>;
/** `POST /bookings/:id/cancellation-request`. */
export const cancellationBody = z.strictObject({ reason: z.string().max(2000).default('') });

// --- Timesheets -----------------------------------------------------------------------------

const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .meta({ examples: ['2026-03-09'] });
/** `GET /timesheets` (and `.csv`). */
export const timesheetQuery = z.strictObject({
  from: DATE.describe('first day (YYYY-MM-DD), inclusive'),
  to: DATE.describe('last day (YYYY-MM-DD), inclusive'),
  resource: ID.optional().describe('one resource only (a resource always sees only their own)'),
});
export type TimesheetQuery = z.infer<typeof timesheetQuery>;
export const timesheetWeeks = z.object({
  week_start_day: z
    .number()
    .describe("the organisation's week start day the weeks start on (0 = Sunday … 6 = Saturday)"),
  weeks: z.array(
    z.object({
      week_start: z.string(),
      rows: z.array(
        z.object({
          resource_id: z.string(),
          name: z.string(),
          worked_seconds: z.number(),
          jobs: z.number(),
          hours_hmm: z.string(),
        }),
      ),
    }),
  ),
});
export type TimesheetWeeks = z.infer<typeof timesheetWeeks>;
