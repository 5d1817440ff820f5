import { z } from 'zod';
import { allocationConfigSchema } from '../allocation/scenario.ts';
import { jobConfirmations } from '../notifications/confirm.ts';
import { DAY_CODES } from '../time/calendar.ts';
import { bookingRecord } from './bookings.ts';
import { ID, namedRef, queryBoolean, SECONDS, TEXT } from './common.ts';

/*
 * The timeline API (spec §7 flat_timelines, §3 workspaces): the window's query and answer (its
 * records, the resources and customers in view, the organisation's allocation config and the
 * roster grid) and the caller's workspace with the locks others hold. The server validates and
 * documents with these; the web takes its types from them.
 */

/** `GET /timeline?from&to`: the window (at most 62 days) and the grid's options. */
export const timelineQuery = z.strictObject({
  from: z.coerce.number().pipe(SECONDS).describe('window start, wall-clock seconds'),
  to: z.coerce.number().pipe(SECONDS).describe('window end (exclusive), wall-clock seconds'),
  detail: z
    .enum(['compact', 'full'])
    .optional()
    .describe('compact (default): the fields a timeline bar shows'),
  fortnight: queryBoolean.optional(),
  start_hr: z.coerce.number().int().min(0).max(23).optional(),
  end_hr: z.coerce.number().int().min(1).max(24).optional(),
  resolution: z.coerce.number().int().min(1).max(60).optional(),
});
export type TimelineQuery = z.input<typeof timelineQuery>;

/**
 * A record of the window: compact (`_id`, `_key`, `status`, `type`, `resIds`, customer, times,
 * `labels`, `inactive`, `isConflict`, `version`) or full (every stored field, which pass through).
 */
export const windowRecord = bookingRecord.extend({
  version: z.number(),
  confirmations: jobConfirmations
    .optional()
    .describe("each asked worker's answer by resource id: pending, confirmed or declined"),
  draft: z
    .boolean()
    .optional()
    .describe('true: roster changes not yet published (dispatchers only; issue #19 point 4)'),
});
export type WindowRecord = z.infer<typeof windowRecord>;

/** A resource in view: the fields the rows show and sort by. */
export const windowResource = z.object({
  _id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  labels: z.array(z.string()),
  inactive: z.boolean(),
  InactiveDate: z.number().nullable(),
  external: z.boolean(),
});
export type WindowResource = z.infer<typeof windowResource>;

/** The organisation's allocation config: the scenario's `config`, as the server's engine reads it. */
export type { AllocationConfig } from '../allocation/scenario.ts';

const timeBoundaries = z.object({ start_time: z.number(), end_time: z.number() });
const gridHour = z.object({
  hour: z.number(),
  start: z.number(),
  end: z.number(),
  afterhours: z.boolean(),
  children: z.array(z.object({ start: z.number(), end: z.number() })),
});
const gridDay = z.object({
  date: z.string(),
  label: z.string(),
  start: z.number(),
  end: z.number(),
  weekday: z.number(),
  day_code: z.enum(DAY_CODES),
  week: z.union([z.literal(1), z.literal(2)]),
  children: z.array(gridHour),
});
/** The roster grid of the window (core `roster/grid`): days, hours and slots in wall-clock seconds. */
export const rosterGrid = z.object({
  set: z.record(z.string(), gridDay).describe('keyed by YYYY-MM-DD, in date order'),
  unit_of_time: timeBoundaries,
  time_boundaries: timeBoundaries,
  fortnight_time_boundaries: timeBoundaries,
  no_of_days: z.number(),
  start_hr: z.number(),
  end_hr: z.number(),
  resolution: z.number(),
  fortnight: z.boolean(),
  week_start_day: z.number(),
  masterroster: z.boolean(),
});

/**
 * The window's answer: the records overlapping the window padded by 900 s (begin order, at most
 * 2,000; `truncated` says there were more), the resources in view, the customers the records name.
 */
export const timelineWindow = z.object({
  from: z.number(),
  to: z.number(),
  window: z.object({ from: z.number(), to: z.number() }).describe('the window padded by 900 s'),
  records: z.array(windowRecord).describe('timeline records (spec names), begin order'),
  truncated: z.boolean(),
  resources: z.array(windowResource),
  customers: z.array(namedRef),
  show_inactive_res_timeline: z.boolean(),
  allocation_config: allocationConfigSchema
    .optional()
    .describe('dispatchers: the allocation config the drag-time check in the browser runs with'),
  grid: rosterGrid,
});
export type TimelineWindow = z.infer<typeof timelineWindow>;

// --- workspace --------------------------------------------------------------------------------

const SCALAR = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const ITEM = z
  .record(z.string().max(100), z.union([SCALAR, z.array(SCALAR).max(100)]))
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 fields per item');

/** `PUT /timeline-workspace`: the items the caller holds locked (selected or being dragged). */
export const workspaceBody = z.strictObject({
  name: TEXT.nullish(),
  locked_ids: z.array(ID).max(2000),
  items: z.array(ITEM).max(500),
  committed: z.boolean(),
  time_boundaries: z.strictObject({ start_time: z.number(), end_time: z.number() }).nullish(),
});
export type WorkspaceBody = z.input<typeof workspaceBody>;

/** A workspace document (spec §3), times in epoch seconds. */
export const workspaceRecord = z.looseObject({
  _id: z.string(),
  uid: z.string(),
  name: z.string().nullable(),
  locked_ids: z.array(z.string()),
  items: z.array(z.unknown()),
  committed: z.boolean(),
  time_boundaries: z.looseObject({}).nullable(),
  _qa_update_utc: z.number(),
  ttl_at: z.number(),
});
export type WorkspaceRecord = z.infer<typeof workspaceRecord>;

/** An item another dispatcher holds locked: whose document, who, and when it was set. */
export const workspaceLock = z.object({
  docId: z.string(),
  uid: z.string(),
  name: z.string().optional(),
  updated_at: z.number(),
});
export type WorkspaceLock = z.infer<typeof workspaceLock>;

/** `GET /timeline-workspace`: the caller's own document and the locks of the others, by item id. */
export const workspaceAnswer = z.object({
  own: workspaceRecord.nullable(),
  locks: z.record(z.string(), workspaceLock),
});
export type WorkspaceAnswer = z.infer<typeof workspaceAnswer>;
