import { inventoryTotals } from '@rostra/core/catalogue/inventory';
import { searchBookings } from '@rostra/db/bookings/search-bookings';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { updateTimelineRecord } from '@rostra/db/scheduling/save-timeline-record';
import { z } from 'zod';
import { DISPATCHERS, MEMBERS, readerOf, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import {
  expectedVersion,
  ID,
  idParams,
  notFound,
  recordResponse,
  SECONDS,
  VERSION,
  withETag,
  written,
} from '../http/kit.ts';
import { RECORD_STATUSES } from './schemas.ts';

/**
 * A bookings search: every criterion optional. It is a POST body rather than a query string so
 * that lists are real lists and a criterion of the wrong type is refused (the spec's search calls
 * send their inputs — query, page, hitsPerPage, filters — the same way).
 */
export const bookingListQuery = z.strictObject({
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

export type BookingListQuery = z.infer<typeof bookingListQuery>;

const inventoryBody = z.strictObject({
  inventory: z
    .array(
      z.strictObject({ id: z.number().int().min(0).max(100_000), qty: z.number().int().min(0).max(10_000) }),
    )
    .max(500),
  version: VERSION.optional().describe('the booking version read; or send If-Match'),
});

/**
 * The bookings list (issue 7, point 4): `POST /api/v1/bookings/search` — the bookings the caller may read
 * (dispatchers: the organisation's, narrowed by their published master labels; everyone else: by
 * the readers list), searched and filtered, a numbered page at a time with the total, so that the
 * screen can say "41–80 of 400" (the use-case `searchBookings`).
 *
 * `PUT /api/v1/bookings/:id/inventory`: a moving job's inventory (`{ id, qty }` lines of the core
 * catalogue), checked with the core's `inventoryTotals`; stale version → 409.
 */
export function bookingListRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.post(
    `${API}/bookings/search`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['records'],
        summary: 'Bookings the caller may read: search, filters, numbered pages with the total',
        body: bookingListQuery,
        response: {
          200: z.object({
            items: z.array(recordResponse),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const dispatcherUid = caller.role === 'dispatcher' ? caller.uid : undefined;
      return searchBookings(
        db(),
        caller.orgId,
        request.body,
        { reader: readerOf(caller), dispatcherUid },
        app.identity.now(),
      );
    },
  );

  app.put(
    `${API}/bookings/:id/inventory`,
    {
      config: { access: withRecord(DISPATCHERS, { table: 'timeline_records' }) },
      schema: {
        tags: ['records'],
        summary: "Set a moving job's inventory (catalogue items and quantities; stale version → 409)",
        params: idParams,
        body: inventoryBody,
        response: {
          200: z.object({
            record: recordResponse,
            totals: z.object({ volume: z.number(), price: z.number(), items: z.number() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, inventory } = request.body;
      if (!(await getTimelineRecord(db(), caller.orgId, request.params.id, readerOf(caller))))
        throw notFound();
      const totals = inventoryTotals(inventory);
      if (!totals.ok) {
        throw new HttpError(400, 'invalid_inventory', totals.issues[0]?.message ?? 'Invalid inventory', {
          issues: totals.issues,
        });
      }
      const expected = expectedVersion(request, version);
      // Lines of quantity 0 add nothing: they are not kept.
      const kept = inventory.filter((line) => line.qty > 0);
      const record = written(
        await updateTimelineRecord(db(), caller.orgId, request.params.id, { inventory: kept }, expected, {
          uid: caller.uid,
          now: app.identity.now(),
        }),
      );
      withETag(reply, record);
      return { record, totals: totals.totals };
    },
  );
}
