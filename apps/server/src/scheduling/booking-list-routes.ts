import { bookingPage, bookingSearchQuery, inventoryAnswer, inventoryBody } from '@rostra/core/api/bookings';
import { inventoryTotals } from '@rostra/core/catalogue/inventory';
import { searchBookings } from '@rostra/db/bookings/search-bookings';
import { getTimelineRecord } from '@rostra/db/scheduling/read-timeline-records';
import { updateTimelineRecord } from '@rostra/db/scheduling/save-timeline-record';
import { DISPATCHERS, MEMBERS, readerOf, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, expectedVersion, idParams, notFound, withETag, written } from '../http/kit.ts';

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
        body: bookingSearchQuery,
        response: { 200: bookingPage },
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
        response: { ...CONFLICT, 200: inventoryAnswer },
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
