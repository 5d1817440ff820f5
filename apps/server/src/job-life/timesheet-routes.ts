import { type TimesheetQuery, timesheetQuery, timesheetWeeks } from '@rostra/core/api/job-life';
import { rangeEnd, timesheetCsv } from '@rostra/core/job-life/timesheet';
import { fromYmd } from '@rostra/core/time/calendar';
import { getTimesheets } from '@rostra/db/job-life/timesheets';
import { type Access, type Caller, requireAuth, screenAccess } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/** The longest range one timesheet request covers (days). */
export const TIMESHEET_MAX_DAYS = 92;

const TIMESHEET_READERS: Access = screenAccess('timesheets');

function rangeOf(q: TimesheetQuery): { from: number; to: number } {
  const from = fromYmd(q.from);
  const to = fromYmd(q.to);
  if (Number.isNaN(from))
    throw new HttpError(400, 'invalid_date', 'querystring.from: not a date', { field: 'from' });
  if (Number.isNaN(to))
    throw new HttpError(400, 'invalid_date', 'querystring.to: not a date', { field: 'to' });
  if (to < from)
    throw new HttpError(400, 'invalid_range', 'querystring.to: the last day is before the first', {
      field: 'to',
    });
  if ((to - from) / 86_400 + 1 > TIMESHEET_MAX_DAYS) {
    throw new HttpError(
      400,
      'range_too_long',
      `querystring.to: at most ${TIMESHEET_MAX_DAYS} days at a time`,
      {
        field: 'to',
      },
    );
  }
  return { from, to: rangeEnd(to) };
}

/** Dispatchers see everyone's (or one resource's); a resource only their own. */
function resourceFilter(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.role === 'dispatcher') return requested;
  if (!caller.resourceId) throw new HttpError(403, 'forbidden', 'Only resources have a timesheet');
  if (requested !== undefined && requested !== caller.resourceId) {
    throw new HttpError(403, 'forbidden', 'A resource sees only their own timesheet');
  }
  return caller.resourceId;
}

/**
 * Timesheets (issue #9 → the timesheets screen of issue #8): worked time per resource per week
 * from finished and reviewed jobs, hours in the spec's h.mm format; also as CSV. Weeks start on the
 * organisation's week start day, which the JSON answer states (`week_start_day`) so that the
 * screen's week picker asks for exactly those weeks.
 */
export function timesheetRoutes(app: App): void {
  const load = async (caller: Caller, q: TimesheetQuery) => {
    const { weekStartDay, weeks } = await getTimesheets(app.deps.db.db, caller.orgId, {
      ...rangeOf(q),
      resourceId: resourceFilter(caller, q.resource),
    });
    return { week_start_day: weekStartDay, weeks };
  };

  app.get(
    `${API}/timesheets`,
    {
      config: { access: TIMESHEET_READERS },
      schema: {
        tags: ['job life'],
        summary: 'Worked time per resource per week from finished and reviewed jobs',
        querystring: timesheetQuery,
        response: { 200: timesheetWeeks },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return load(caller, request.query);
    },
  );

  app.get(
    `${API}/timesheets.csv`,
    {
      config: { access: TIMESHEET_READERS },
      schema: {
        tags: ['job life'],
        summary: 'The timesheets as CSV (week_start, resource_id, name, jobs, worked_seconds, hours)',
        querystring: timesheetQuery,
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const csv = timesheetCsv((await load(caller, request.query)).weeks);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="timesheets-${request.query.from}-${request.query.to}.csv"`,
        )
        .send(csv);
    },
  );
}
