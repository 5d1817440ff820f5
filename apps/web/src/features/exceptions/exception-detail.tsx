import type {
  ExceptionConfig,
  ExceptionDetailEntry,
  ExceptionReportDetail,
} from '@rostra/core/api/exceptions';
import {
  compareEntries,
  DEFAULT_ACTION_ATTR,
  type ExceptionEntry,
  type ExceptionSeverity,
  elapsedMinutes,
  exceptionSeverity,
  UNCONFIRMED_ACTION,
} from '@rostra/core/exceptions/report';
import { toWallClock } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Clock } from 'lucide-react';
import { api } from '../../lib/client.ts';
import { type OrgDates, useOrgDates } from '../../lib/org-dates.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { SHELL_TEXT, SHELL_EXTRA_TEXT as X } from '../../texts.ts';
import { columnsFor, type DataColumn, DataTable } from '../../ui/data-table.tsx';
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
  unconfirmed: 'Not confirmed by the worker',
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
  const dates = useOrgDates();
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
    if (e.action_status === UNCONFIRMED_ACTION) return D.unconfirmed;
    const rule = rules.get(e.action_status);
    const status = statusName(statusConfig, e.action_status);
    if (!rule) return status;
    const from = (rule.action_attr ?? DEFAULT_ACTION_ATTR) === 'utc_begin_plus_tz' ? D.start : D.end;
    return D.expectedBy(status, from, rule.exception_min_amber);
  };

  const severityOf = (e: ExceptionEntry): ExceptionSeverity => {
    const threshold = minAmber.get(e.action_status);
    if (e.curr_state_date === null || threshold === undefined) return 'amber';
    const s = exceptionSeverity(e.curr_state_date, now, threshold, timeZone);
    // In the report means overdue: at least amber, whatever a clock skew says.
    return s === 'none' ? 'amber' : s;
  };

  const top = 'align-top';
  const columns: DataColumn<ExceptionDetailEntry>[] = [
    col.display({
      id: 'booking',
      header: X.booking,
      meta: { className: top },
      cell: ({ row }) => <BookingCell entry={row.original} />,
    }),
    col.accessor((e) => e.job?.customer?.name ?? D.noCustomer, {
      id: 'customer',
      header: D.customer,
      meta: narrowHidden('md', 'customer'),
    }),
    col.accessor((e) => workersOf(e), {
      id: 'workers',
      header: D.workers,
      meta: narrowHidden('md', 'workers'),
    }),
    col.accessor((e) => spanOf(e, dates), {
      id: 'time',
      header: D.time,
      meta: narrowHidden('lg', 'time', 'text-neutral-700 tabular-nums'),
    }),
    col.display({
      id: 'state',
      header: X.currentState,
      meta: { className: top },
      cell: ({ row }) => <StatusBadge status={row.original.curr_state} config={statusConfig} />,
    }),
    col.accessor((e) => expectation(e), {
      id: 'expected',
      header: X.expected,
      meta: narrowHidden('sm', 'expected', 'text-neutral-700'),
    }),
    col.display({
      id: 'overdue',
      header: T.overdue,
      cell: ({ row }) => (
        <Severity severity={severityOf(row.original)} minutes={overdueMinutes(row.original, now, timeZone)} />
      ),
    }),
  ];

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
          <DataTable
            label={SHELL_TEXT.exceptionDetail}
            columns={columns}
            data={entries}
            getRowId={(e) => `${e._id}|${e.action_status}`}
            rowProps={(e) => ({ 'data-exception': e._id, 'data-severity': severityOf(e) })}
          />
        )}
      </div>
    </div>
  );
}

const col = columnsFor<ExceptionDetailEntry>();

/** A column shown from the `bp` breakpoint up (narrow screens show it under the reference). */
const narrowHidden = (bp: 'sm' | 'md' | 'lg', field: string, extra = '') => ({
  className: `hidden ${bp}:table-cell align-top ${extra}`,
  headerClassName: `hidden ${bp}:table-cell`,
  field,
});

const workersOf = (e: ExceptionDetailEntry): string =>
  e.job?.workers.length ? e.job.workers.map((w) => w.name).join(', ') : D.noWorker;

const spanOf = (e: ExceptionDetailEntry, dates: OrgDates): string =>
  e.job ? dates.span(e.job.utc_begin_plus_tz, e.job.utc_end_plus_tz) : '—';

/** The booking's reference, linked; on narrow screens customer, workers and time under it. */
function BookingCell({ entry: e }: { entry: ExceptionDetailEntry }) {
  const dates = useOrgDates();
  const title = e.job?.reference ?? e._id;
  return (
    <>
      <Link
        to="/bookings"
        search={{ job_id: e._id }}
        aria-label={T.openBooking(title)}
        className="font-medium text-sky-800 underline-offset-2 hover:underline"
      >
        {title}
      </Link>
      <p className="mt-0.5 text-xs text-neutral-600 md:hidden">
        {[e.job?.customer?.name ?? D.noCustomer, workersOf(e)].join(' · ')}
      </p>
      <p className="text-xs text-neutral-600 tabular-nums lg:hidden">{e.job ? spanOf(e, dates) : D.gone}</p>
    </>
  );
}

function overdueMinutes(e: ExceptionEntry, now: number, timeZone: string): number | undefined {
  return e.curr_state_date === null
    ? undefined
    : Math.max(0, elapsedMinutes(e.curr_state_date, now, timeZone));
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
