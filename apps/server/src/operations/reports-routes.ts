import {
  analytics,
  type DateRange,
  exceptionsReport,
  type HoursQuery,
  hoursQuery,
  hoursReport,
  periodQuery,
  statusReport,
} from '@rostra/core/api/reports';
import { utilisation } from '@rostra/core/reports/analytics';
import { formatHoursHmm, toCsv } from '@rostra/core/reports/format';
import { bucketSize, type Period, parsePeriod } from '@rostra/core/reports/period';
import { dateFormatOf, formatDate } from '@rostra/core/time/calendar';
import { getCompany } from '@rostra/db/identity/company';
import { resourceFigures } from '@rostra/db/reports/analytics';
import { conflictsByReason } from '@rostra/db/reports/conflicts';
import { exceptionsInPeriod } from '@rostra/db/reports/exceptions';
import { hoursByLabel, hoursByResource } from '@rostra/db/reports/hours';
import { jobsByStatus, jobsByStatusOverTime } from '@rostra/db/reports/jobs-by-status';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Access, type Caller, requireAuth, screenAccess } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/*
 * Reports and analytics (issue #8; shell §2 reports, analytics; core §9 formats). Aggregates run in
 * the database (`packages/db/src/reports`), shaping rules are the core's (`core/reports`).
 * - Reports (/reports screen): the organisation's dispatchers, and partners (the older layout shows
 *   reports to dispatchers and the partner duty). Each has a JSON and a `.csv` form.
 * - Analytics: dispatchers see the organisation's numbers, a resource only their own (shell §6:
 *   analytics for dispatcher and resource); customers and schedulers none. Both come from the
 *   core's screen-access table, which the menu reads too: the menu never offers what is refused.
 */

const REPORT_READERS: Access = screenAccess('reports');
const ANALYTICS_READERS: Access = screenAccess('analytics');

function period(q: DateRange): Period {
  const parsed = parsePeriod(q.from, q.to);
  if (!parsed.ok) {
    const { field, message } = parsed.issue;
    throw new HttpError(400, 'invalid_period', `querystring.${field}: ${message}`, [
      { path: `querystring.${field}`, message },
    ]);
  }
  return parsed.period;
}

function sendCsv(reply: FastifyReply, name: string, q: DateRange, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${q.from}-${q.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

const csvSchema = { 200: z.string().describe('text/csv') };

export function reportsRoutes(app: App): void {
  const db = () => app.deps.db.db;

  const hours = async (caller: Caller, q: HoursQuery) => {
    const p = period(q);
    const rows = await (q.group === 'label' ? hoursByLabel : hoursByResource)(db(), caller.orgId, p);
    const seconds = rows.reduce((s, r) => s + r.seconds, 0);
    const jobs = rows.reduce((s, r) => s + r.jobs, 0);
    return {
      from: q.from,
      to: q.to,
      group: q.group,
      rows,
      total: { jobs, seconds, hours_hmm: formatHoursHmm(seconds) },
    };
  };
  const statuses = async (caller: Caller, q: DateRange) => {
    const rows = await jobsByStatus(db(), caller.orgId, period(q));
    return { from: q.from, to: q.to, rows, total: rows.reduce((s, r) => s + r.jobs, 0) };
  };
  const exceptions = async (caller: Caller, q: DateRange) => ({
    from: q.from,
    to: q.to,
    ...(await exceptionsInPeriod(db(), caller.orgId, period(q), app.identity.now())),
  });

  app.get(
    `${API}/reports/hours`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: 'Booked hours per resource or per label over a period (h.mm), counted bookings only',
        querystring: hoursQuery,
        response: { 200: hoursReport },
      },
    },
    async (request) => hours(requireAuth(request), request.query),
  );
  app.get(
    `${API}/reports/hours.csv`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: 'The hours report as CSV',
        querystring: hoursQuery,
        response: csvSchema,
      },
    },
    async (request, reply) => {
      const r = await hours(requireAuth(request), request.query);
      const csv = toCsv(
        [r.group, 'id', 'jobs', 'hours'],
        [
          ...r.rows.map((x) => [x.name, x.key, x.jobs, x.hours_hmm]),
          ['Total', '', r.total.jobs, r.total.hours_hmm],
        ],
      );
      return sendCsv(reply, `hours-by-${r.group}`, request.query, csv);
    },
  );

  app.get(
    `${API}/reports/jobs-by-status`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: 'Bookings beginning in a period by status',
        querystring: periodQuery,
        response: { 200: statusReport },
      },
    },
    async (request) => statuses(requireAuth(request), request.query),
  );
  app.get(
    `${API}/reports/jobs-by-status.csv`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: 'Jobs by status as CSV',
        querystring: periodQuery,
        response: csvSchema,
      },
    },
    async (request, reply) => {
      const r = await statuses(requireAuth(request), request.query);
      const csv = toCsv(['status', 'jobs'], [...r.rows.map((x) => [x.status, x.jobs]), ['Total', r.total]]);
      return sendCsv(reply, 'jobs-by-status', request.query, csv);
    },
  );

  app.get(
    `${API}/reports/exceptions`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: "Exceptions (the exception report's rule) among the current jobs overlapping a period",
        querystring: periodQuery,
        response: { 200: exceptionsReport },
      },
    },
    async (request) => exceptions(requireAuth(request), request.query),
  );
  app.get(
    `${API}/reports/exceptions.csv`,
    {
      config: { access: REPORT_READERS },
      schema: {
        tags: ['reports'],
        summary: 'Exceptions as CSV',
        querystring: periodQuery,
        response: csvSchema,
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const r = await exceptions(caller, request.query);
      // Dates for people: in the organisation's date format.
      const format = dateFormatOf((await getCompany(db(), caller.orgId))?.date_format);
      const csv = toCsv(
        ['job', 'reference', 'customer', 'begins', 'expected status', 'current status', 'since'],
        r.entries.map((e) => [
          e._id,
          e.reference,
          e.customer,
          formatDate(e.utc_begin_plus_tz, format),
          e.action_status,
          e.curr_state,
          e.curr_state_date === null ? null : formatDate(e.curr_state_date, format),
        ]),
      );
      return sendCsv(reply, 'exceptions', request.query, csv);
    },
  );

  app.get(
    `${API}/analytics`,
    {
      config: { access: ANALYTICS_READERS },
      schema: {
        tags: ['reports'],
        summary:
          'Utilisation per resource and label, jobs by status over time, conflicts by reason, hours against limits (a resource: their own)',
        querystring: periodQuery,
        response: { 200: analytics },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      const p = period(q);
      // A resource sees only their own numbers; a resource member without a resource record, none.
      const scope = caller.role === 'dispatcher' ? {} : { resourceId: caller.resourceId ?? '\u0000' };
      const [people, byLabel, overTime, conflicts] = await Promise.all([
        resourceFigures(db(), caller.orgId, p, scope),
        hoursByLabel(db(), caller.orgId, p, scope),
        jobsByStatusOverTime(db(), caller.orgId, p, scope),
        conflictsByReason(db(), caller.orgId, p, scope),
      ]);
      const labels = byLabel.map((l) => {
        const pool = people.filter((r) => r.labels.includes(l.key));
        const available = pool.reduce((s, r) => s + r.available_hours, 0);
        return {
          key: l.key,
          name: l.name,
          jobs: l.jobs,
          booked_seconds: l.seconds,
          hours_hmm: l.hours_hmm,
          available_hours: Math.round(available * 100) / 100,
          utilisation: utilisation(l.seconds, available),
        };
      });
      return {
        from: q.from,
        to: q.to,
        bucket_seconds: bucketSize(p),
        resources: people.map(({ labels: _labels, ...r }) => ({
          ...r,
          hours_hmm: formatHoursHmm(r.booked_seconds),
        })),
        labels,
        jobs_by_status_over_time: overTime,
        conflicts_by_reason: conflicts,
      };
    },
  );
}
