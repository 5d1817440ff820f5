import type { DateRange, ExceptionRow, HoursRow } from '@rostra/core/api/reports';
import { menuLabel } from '@rostra/core/shell/menu';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { errorText, wallNow } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page, Section } from '../../ui/page.tsx';
import { CsvLink, DataTable, PeriodPicker, screenTitle } from './report-parts.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import { csvUrl, fetchExceptions, fetchHours, fetchJobsByStatus, REPORT_KEYS, weekOf } from './reports.ts';

/** The bookings screen's path (menu routes are built at run time, so a plain string). */
const BOOKINGS_PATH: string = '/bookings';

/**
 * Reports (/reports): for a period, booked hours per resource or per label, jobs by status and the
 * exceptions, each with its CSV export. The top bar hides the search box on this route.
 */
export function ReportsScreen() {
  const dates = useOrgDates();
  const { me, settings } = useShell();
  const thisWeek = () => weekOf(wallNow(me.company?.time_zone), dates.weekStartDay);
  const [range, setRange] = useState<DateRange>(thisWeek);
  const [group, setGroup] = useState<'resource' | 'label'>('resource');

  return (
    <Page
      title={screenTitle(menuLabel('reports', settings?.cf))}
      actions={<PeriodPicker value={range} onChange={setRange} onThisWeek={() => setRange(thisWeek())} />}
    >
      <div className="space-y-5">
        <HoursSection range={range} group={group} onGroup={setGroup} />
        <StatusSection range={range} />
        <ExceptionsSection range={range} />
      </div>
    </Page>
  );
}

function HoursSection({
  range,
  group,
  onGroup,
}: {
  range: DateRange;
  group: 'resource' | 'label';
  onGroup: (g: 'resource' | 'label') => void;
}) {
  const hours = useQuery({
    queryKey: REPORT_KEYS.hours(range, group),
    queryFn: () => fetchHours(range, group),
  });
  return (
    <Section
      title={T.hoursTitle}
      actions={
        <>
          <label className="flex items-center gap-2 text-sm text-neutral-700">
            {T.hoursBy}
            <select
              value={group}
              onChange={(e) => onGroup(e.target.value === 'label' ? 'label' : 'resource')}
              className="min-h-11 rounded-md border border-neutral-300 bg-white px-2 text-sm sm:min-h-9"
            >
              <option value="resource">{T.byResource}</option>
              <option value="label">{T.byLabel}</option>
            </select>
          </label>
          <CsvLink href={csvUrl('/reports/hours.csv', { ...range, group })} name={T.hoursTitle} />
        </>
      }
    >
      {hours.isPending ? (
        <Skeleton rows={4} className="h-8" />
      ) : hours.isError ? (
        <ErrorState message={errorText(hours.error)} onRetry={() => void hours.refetch()} />
      ) : hours.data.rows.length === 0 ? (
        <EmptyState title={T.noHours} hint={T.noHoursHint} />
      ) : (
        <DataTable<HoursRow>
          caption={T.hoursTitle}
          rows={hours.data.rows}
          rowKey={(r) => r.key}
          columns={[
            { header: group === 'label' ? T.label : T.resource, cell: (r) => r.name },
            { header: T.jobs, cell: (r) => r.jobs, isNumber: true },
            { header: T.hours, cell: (r) => r.hours_hmm, isNumber: true },
          ]}
          footer={[T.total, hours.data.total.jobs, hours.data.total.hours_hmm]}
        />
      )}
    </Section>
  );
}

function StatusSection({ range }: { range: DateRange }) {
  const statuses = useQuery({
    queryKey: REPORT_KEYS.statuses(range),
    queryFn: () => fetchJobsByStatus(range),
  });
  return (
    <Section
      title={T.jobsByStatus}
      actions={<CsvLink href={csvUrl('/reports/jobs-by-status.csv', { ...range })} name={T.jobsByStatus} />}
    >
      {statuses.isPending ? (
        <Skeleton rows={3} className="h-8" />
      ) : statuses.isError ? (
        <ErrorState message={errorText(statuses.error)} onRetry={() => void statuses.refetch()} />
      ) : statuses.data.rows.length === 0 ? (
        <EmptyState title={T.noJobs} />
      ) : (
        <DataTable
          caption={T.jobsByStatus}
          rows={statuses.data.rows}
          rowKey={(r) => r.status}
          columns={[
            { header: T.status, cell: (r) => <span className="capitalize">{r.status}</span> },
            { header: T.jobs, cell: (r) => r.jobs, isNumber: true },
          ]}
          footer={[T.total, statuses.data.total]}
        />
      )}
    </Section>
  );
}

function ExceptionsSection({ range }: { range: DateRange }) {
  const dates = useOrgDates();
  const exceptions = useQuery({
    queryKey: REPORT_KEYS.exceptions(range),
    queryFn: () => fetchExceptions(range),
  });
  return (
    <Section
      title={T.exceptions}
      actions={<CsvLink href={csvUrl('/reports/exceptions.csv', { ...range })} name={T.exceptions} />}
    >
      {exceptions.isPending ? (
        <Skeleton rows={3} className="h-8" />
      ) : exceptions.isError ? (
        <ErrorState message={errorText(exceptions.error)} onRetry={() => void exceptions.refetch()} />
      ) : exceptions.data.entries.length === 0 ? (
        <EmptyState title={T.noExceptions} hint={T.noExceptionsHint} />
      ) : (
        <div className="space-y-3">
          {exceptions.data.truncated ? <FormMessage tone="info" message={T.exceptionsTruncated} /> : null}
          <ul className="flex flex-wrap gap-2 text-sm">
            {exceptions.data.by_action_status.map((s) => (
              <li key={s.action_status} className="rounded-md bg-amber-50 px-2 py-1 text-amber-900">
                <span className="capitalize">{s.action_status}</span>: <strong>{s.jobs}</strong>
              </li>
            ))}
          </ul>
          <DataTable<ExceptionRow>
            caption={T.exceptions}
            rows={exceptions.data.entries}
            rowKey={(e) => `${e._id}-${e.action_status}`}
            columns={[
              {
                header: T.job,
                cell: (e) => (
                  <Link
                    to={BOOKINGS_PATH}
                    search={{ id: e._id }}
                    aria-label={T.openJob(e.reference ?? e._id)}
                    className="font-medium text-sky-700 underline underline-offset-4 hover:text-sky-900"
                  >
                    {e.reference ?? e._id}
                  </Link>
                ),
              },
              { header: T.customer, cell: (e) => e.customer ?? '—' },
              { header: T.begins, cell: (e) => dates.dateTime(e.utc_begin_plus_tz) },
              { header: T.expected, cell: (e) => <span className="capitalize">{e.action_status}</span> },
              { header: T.current, cell: (e) => <span className="capitalize">{e.curr_state}</span> },
              {
                header: T.since,
                cell: (e) => (e.curr_state_date === null ? '—' : dates.date(e.curr_state_date)),
              },
            ]}
          />
        </div>
      )}
    </Section>
  );
}
