import {
  createdSeries,
  createSeriesBody,
  endedSeries,
  SERIES_PAGE,
  seriesPage,
  seriesQuery,
} from '@rostra/core/api/planner';
import {
  isPlannerOn,
  isRecurrenceOn,
  PLANNER_OFF_TEXT,
  RECURRENCE_OFF_TEXT,
} from '@rostra/core/settings/flag-rules';
import { createBookingSeries, endBookingSeries, listBookingSeries } from '@rostra/db/planner/booking-series';
import { getSettings } from '@rostra/db/settings';
import { type Access, DISPATCHERS, requireAuth, screenAccess, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, idParams, written } from '../http/kit.ts';

/** Who reads and ends series: the Planner screen's readers (core's screen-access table). */
const PLANNER_READERS: Access = screenAccess('planner');

/**
 * Booking series and the Planner (issue 22 point 1). `POST /booking-series` repeats a new booking
 * (the `planner_recurrence` flag: off, 409 `recurrence_off`); `GET /planner/series` lists the
 * organisation's series and `POST /planner/series/:id/end` ends one (the `planner_plan` flag:
 * off, 409 `planner_off`). The rules are core's (`records/recurrence`, `settings/flag-rules`).
 */
export function plannerRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const flags = (orgId: string) => getSettings(db(), orgId, 'display');

  app.post(
    `${API}/booking-series`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['planner'],
        summary:
          'Repeat a new booking daily, weekly or fortnightly (each booking saved as POST /timeline-records saves one; all or none)',
        body: createSeriesBody,
        response: { ...CONFLICT, 201: createdSeries },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      if (!isRecurrenceOn(await flags(caller.orgId))) {
        throw new HttpError(409, 'recurrence_off', RECURRENCE_OFF_TEXT);
      }
      const { repeat, override, ...fields } = request.body;
      const result = await createBookingSeries(db(), caller.orgId, { ...fields, _key: 'booking' }, repeat, {
        uid: caller.uid,
        now: app.identity.now(),
        override,
      });
      const created = written(result.ok ? { ok: true, record: result } : result);
      return reply.status(201).send({
        series: created.series,
        first: { ...created.first, rechecked: created.rechecked },
        conflicts: created.conflicts,
      });
    },
  );

  app.get(
    `${API}/planner/series`,
    {
      config: { access: PLANNER_READERS },
      schema: {
        tags: ['planner'],
        summary: "The organisation's booking series (30 a page): rule, next booking, count",
        querystring: seriesQuery,
        response: { ...CONFLICT, 200: seriesPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!isPlannerOn(await flags(caller.orgId))) throw new HttpError(409, 'planner_off', PLANNER_OFF_TEXT);
      const limit = Math.min(request.query.limit ?? SERIES_PAGE, SERIES_PAGE);
      return listBookingSeries(db(), caller.orgId, {
        page: request.query.page ?? 1,
        limit,
        now: app.identity.now(),
      });
    },
  );

  app.post(
    `${API}/planner/series/:id/end`,
    {
      config: { access: withRecord(PLANNER_READERS, { table: 'recurring_bookings' }) },
      schema: {
        tags: ['planner'],
        summary: 'End a series: cancel its bookings from now on that are not under way or done',
        params: idParams,
        response: { ...CONFLICT, 200: endedSeries },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!isPlannerOn(await flags(caller.orgId))) throw new HttpError(409, 'planner_off', PLANNER_OFF_TEXT);
      const ended = await endBookingSeries(db(), caller.orgId, request.params.id, {
        uid: caller.uid,
        now: app.identity.now(),
      });
      const done = written(ended.ok ? { ok: true, record: ended } : ended);
      return { series: done.series, cancelled: done.cancelled };
    },
  );
}
