import type { ExceptionConfig, ExceptionReportDetail } from '@rostra/core/api/exceptions';
import {
  compareEntries,
  DEFAULT_ACTION_ATTR,
  type ExceptionEntry,
  type ExceptionSeverity,
  elapsedMinutes,
  exceptionSeverity,
} from '@rostra/core/exceptions/report';
import { toWallClock } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Clock } from 'lucide-react';
import { api } from '../../lib/client.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { SHELL_TEXT, SHELL_EXTRA_TEXT as X } from '../../texts.ts';
import { formatSpan } from '../../ui/format.ts';
import { SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { StatusBadge, statusName, useStatusConfig } from '../../ui/status-badge.tsx';
import { BOOKINGS_TEXT as T } from '../bookings/texts.ts';
import { EXCEPTION_REPORT_KEY, useExceptionReport } from './exception-report.ts';

/** Prefixed with the report's key: a live report change refreshes the detail too. */
const detailQuery = {
  queryKey: [...EXCEPTION_REPORT_KEY, 'detail'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ExceptionReportDetail>('/exception-report/detail', { quiet: true, signal }),
};

const D = {
  customer: 'Customer',
  workers: 'Worker(s)',
  time: 'Time',
  noWorker: 'No worker',
  noCustomer: 'No customer',
  gone: 'This booking no longer exists',
  expectedBy: (status: string, from: string, minutes: number) => `${status} ${minutes} min after the ${from}`,
  start: 'start',
  end: 'end',
};

const exceptionConfigQuery = {
  queryKey: ['exception-report', 'config'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ExceptionConfig>('/exception-report/config', { quiet: true, signal }),
  staleTime: 60_000,
};

const SEVERITY_STYLE: Record<Exclude<ExceptionSeverity, 'none'>, string> = {
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
};

/**
 * /exception-detail (spec §2, §4): the current exception report, reached from the urgent banner.
 * Entries in the core's order (`compareEntries`: the most advanced current state first, then the
 * longest overdue), each linking to its booking, amber or red by the core's `exceptionSeverity`
 * against its config's threshold. Dispatchers only (spec §6).
 */
export function ExceptionDetail() {
  const { role, me } = useShell();
  const isDispatcher = role === 'dispatcher';
  // The live watcher (refreshes the detail when the report changes) and the detail itself.
  useExceptionReport(isDispatcher);
  const report = useQuery({ ...detailQuery, enabled: isDispatcher });
  const config = useQuery({ ...exceptionConfigQuery, enabled: isDispatcher });
  const statusConfig = useStatusConfig();
  const entries = [...(report.data?.entries ?? [])].sort(compareEntries);
  const rules = new Map((config.data?.configs ?? []).map((c) => [c.action_status, c]));
  const minAmber = new Map([...rules].map(([k, c]) => [k, c.exception_min_amber]));
  const timeZone = me.company?.time_zone ?? 'UTC';
  const computedFor = report.data?.computed_for;
  const now = Math.max(toWallClock(Date.now(), timeZone), computedFor ?? 0);

  const expectation = (e: ExceptionEntry): string => {
    const rule = rules.get(e.action_status);
    const status = statusName(statusConfig, e.action_status);
    if (!rule) return status;
    const from = (rule.action_attr ?? DEFAULT_ACTION_ATTR) === 'utc_begin_plus_tz' ? D.start : D.end;
    return D.expectedBy(status, from, rule.exception_min_amber);
  };

  const severityOf = (e: ExceptionEntry): ExceptionSeverity => {
    const threshold = minAmber.get(e.action_status);
    if (e.curr_state_date === null || threshold === undefined) return 'amber';
    const s = exceptionSeverity(e.curr_state_date, now, threshold);
    // In the report means overdue: at least amber, whatever a clock skew says.
    return s === 'none' ? 'amber' : s;
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-xl font-semibold text-neutral-900">{SHELL_TEXT.exceptionDetail}</h1>
      <p className="mt-1 text-sm text-neutral-600">{T.exceptionsCaption}</p>
      <div className="mt-4">
        {!isDispatcher ? (
          <StateMessage title={X.exceptionUnavailable} />
        ) : report.isPending ? (
          <SkeletonRows rows={3} />
        ) : report.isError ? (
          <StateMessage tone="error" title={X.exceptionUnavailable} hint={report.error.message} />
        ) : entries.length === 0 ? (
          <StateMessage title={SHELL_TEXT.noExceptions} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.booking}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    {D.customer}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    {D.workers}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
                    {D.time}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.currentState}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    {X.expected}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {T.overdue}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {entries.map((e) => {
                  const severity = severityOf(e);
                  const job = e.job;
                  const title = job?.reference ?? e._id;
                  const customer = job?.customer?.name ?? D.noCustomer;
                  const workers = job?.workers.length
                    ? job.workers.map((w) => w.name).join(', ')
                    : D.noWorker;
                  const span = job ? formatSpan(job.utc_begin_plus_tz, job.utc_end_plus_tz) : '—';
                  return (
                    <tr key={`${e._id}|${e.action_status}`} data-exception={e._id} data-severity={severity}>
                      <td className="px-3 py-2 align-top">
                        <Link
                          to="/bookings"
                          search={{ job_id: e._id }}
                          aria-label={T.openBooking(title)}
                          className="font-medium text-sky-800 underline-offset-2 hover:underline"
                        >
                          {title}
                        </Link>
                        {/* Narrow screens: customer, workers and time under the reference. */}
                        <p className="mt-0.5 text-xs text-neutral-600 md:hidden">
                          {[customer, workers].join(' · ')}
                        </p>
                        {job ? (
                          <p className="text-xs text-neutral-600 tabular-nums lg:hidden">{span}</p>
                        ) : (
                          <p className="text-xs text-neutral-600">{D.gone}</p>
                        )}
                      </td>
                      <td className="hidden px-3 py-2 align-top md:table-cell" data-field="customer">
                        {customer}
                      </td>
                      <td className="hidden px-3 py-2 align-top md:table-cell" data-field="workers">
                        {workers}
                      </td>
                      <td
                        className="hidden px-3 py-2 align-top text-neutral-700 tabular-nums lg:table-cell"
                        data-field="time"
                      >
                        {span}
                      </td>
                      <td className="px-3 py-2 align-top">
                        <StatusBadge status={e.curr_state} config={statusConfig} />
                      </td>
                      <td
                        className="hidden px-3 py-2 align-top text-neutral-700 sm:table-cell"
                        data-field="expected"
                      >
                        {expectation(e)}
                      </td>
                      <td className="px-3 py-2">
                        <Severity severity={severity} minutes={overdueMinutes(e, now)} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

function overdueMinutes(e: ExceptionEntry, now: number): number | undefined {
  return e.curr_state_date === null ? undefined : Math.max(0, elapsedMinutes(e.curr_state_date, now));
}

function Severity({ severity, minutes }: { severity: ExceptionSeverity; minutes: number | undefined }) {
  if (severity === 'none') return null;
  const Icon = severity === 'red' ? AlertTriangle : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${SEVERITY_STYLE[severity]}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {severity === 'red' ? T.red : T.amber}
      {minutes !== undefined ? <span className="tabular-nums">· {T.minutesOverdue(minutes)}</span> : null}
    </span>
  );
}
