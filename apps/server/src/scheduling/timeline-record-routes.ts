import {
  bookingRecord,
  bookingStates,
  createBookingBody,
  RECORD_KEYS,
  RECORD_STATUSES,
  savedBooking,
  updateBookingBody,
} from '@rostra/core/api/bookings';
import { readConfirmations } from '@rostra/db/notifications/confirmations';
import { deleteTimelineRecord } from '@rostra/db/scheduling/delete-timeline-record';
import { masterLabelFilters } from '@rostra/db/scheduling/dispatcher-master-labels';
import { listStates } from '@rostra/db/scheduling/list-states';
import { getTimelineRecord, listTimelineRecords } from '@rostra/db/scheduling/read-timeline-records';
import {
  createTimelineRecord,
  type SaveResult,
  updateTimelineRecord,
} from '@rostra/db/scheduling/save-timeline-record';
import { z } from 'zod';
import { DISPATCHERS, MEMBERS, readerOf, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import {
  CONFLICT,
  idParams,
  notFound,
  paged,
  pageOf,
  pageQuery,
  SECONDS,
  versionToWrite,
  withETag,
  written,
} from '../http/kit.ts';
import { refuseHiddenCard } from '../job-life/hidden-cards.ts';

const RECORD = { table: 'timeline_records' };

function withRechecked(result: SaveResult): z.infer<typeof savedBooking> {
  const record = written(result);
  return { ...record, rechecked: result.ok ? result.rechecked : { nowInConflict: [], cleared: [] } };
}

/**
 * Timeline records (bookings, group events, leaves, breaks): dispatchers read and write the
 * organisation's; everyone else reads the ones whose readers list holds them (a record one may not
 * read answers 404, as if it did not exist). Writes validate overlaps with the organisation's
 * buffer and store `isConflict` and `errors`; a stale version answers 409 and writes nothing.
 */
export function timelineRecordRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const url = `${API}/timeline-records`;

  app.get(
    url,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['records'],
        summary: 'List timeline records (paged by begin time)',
        querystring: z.strictObject({
          ...pageQuery,
          _key: z.enum(RECORD_KEYS).optional(),
          status: z.enum(RECORD_STATUSES).optional(),
          from: z.coerce
            .number()
            .pipe(SECONDS)
            .optional()
            .describe('overlapping: end after (wall-clock seconds)'),
          to: z.coerce
            .number()
            .pipe(SECONDS)
            .optional()
            .describe('overlapping: begin before (wall-clock seconds)'),
        }),
        response: { 200: pageOf(bookingRecord) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      const labels =
        caller.role === 'dispatcher'
          ? (await masterLabelFilters(db(), caller.orgId, caller.uid)).bookings
          : undefined;
      const page = await paged(() =>
        listTimelineRecords(db(), caller.orgId, readerOf(caller), {
          key: q._key,
          status: q.status,
          from: q.from,
          to: q.to,
          labels,
          cursor: q.cursor,
          limit: q.limit,
        }),
      );
      // Each booking with its workers' answers to the request to confirm (the boards' mark).
      const reader = readerOf(caller);
      const items = await readConfirmations(
        db(),
        caller.orgId,
        page.items,
        reader.seesAll ? undefined : (caller.resourceId ?? null),
      );
      return { ...page, items };
    },
  );

  app.get(
    `${url}/:id`,
    {
      config: { access: withRecord(MEMBERS, RECORD) },
      schema: {
        tags: ['records'],
        summary: 'Get one timeline record',
        params: idParams,
        response: { 200: bookingRecord },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const record = await getTimelineRecord(db(), caller.orgId, request.params.id, readerOf(caller));
      if (!record) throw notFound();
      return withETag(reply, record);
    },
  );

  app.post(
    url,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['records'],
        summary: 'Create a timeline record (overlaps validated with the organisation buffer)',
        body: createBookingBody,
        response: { 201: savedBooking },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { override, ...fields } = request.body;
      const result = await createTimelineRecord(db(), caller.orgId, fields, {
        uid: caller.uid,
        now: app.identity.now(),
        override,
      });
      return reply.status(201).send(withETag(reply, withRechecked(result)));
    },
  );

  app.patch(
    `${url}/:id`,
    {
      config: { access: withRecord(DISPATCHERS, RECORD) },
      schema: {
        tags: ['records'],
        summary: 'Update a timeline record (stale version → 409)',
        params: idParams,
        body: updateBookingBody,
        response: { ...CONFLICT, 200: savedBooking },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, override, ...changes } = request.body;
      const expected = await versionToWrite(
        request,
        version,
        getTimelineRecord(db(), caller.orgId, request.params.id, readerOf(caller)),
      );
      const result = await updateTimelineRecord(db(), caller.orgId, request.params.id, changes, expected, {
        uid: caller.uid,
        now: app.identity.now(),
        override,
      });
      return withETag(reply, withRechecked(result));
    },
  );

  app.delete(
    `${url}/:id`,
    {
      config: { access: withRecord(DISPATCHERS, RECORD) },
      schema: {
        tags: ['records'],
        summary: 'Delete a timeline record (stale version → 409)',
        params: idParams,
        response: { ...CONFLICT, 200: savedBooking },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const expected = await versionToWrite(
        request,
        undefined,
        getTimelineRecord(db(), caller.orgId, request.params.id, readerOf(caller)),
      );
      return withRechecked(
        await deleteTimelineRecord(db(), caller.orgId, request.params.id, expected, app.identity.now()),
      );
    },
  );

  app.get(
    `${API}/bookings/:id/states`,
    {
      config: { access: withRecord(MEMBERS, RECORD) },
      schema: {
        tags: ['records'],
        summary: "A booking's status history (states), newest first",
        params: idParams,
        response: { 200: bookingStates },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!(await getTimelineRecord(db(), caller.orgId, request.params.id, readerOf(caller))))
        throw notFound();
      await refuseHiddenCard(app, caller, 'audit');
      return { items: await listStates(db(), caller.orgId, request.params.id) };
    },
  );
}
