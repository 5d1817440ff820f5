import { formatHoursHmm } from '@rostra/core/reports/format';
import { menuLabel } from '@rostra/core/shell/menu';
import { DAY, fromYmd, WEEK } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { errorText, useResources, wallNow } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page, Section } from '../../ui/page.tsx';
import { PeriodNav } from '../../ui/period-nav.tsx';
import { CsvLink, DataTable, screenTitle } from './report-parts.tsx';
import { REPORT_TEXT as T } from './report-text.ts';
import {
  csvUrl,
  fetchTimesheets,
  REPORT_KEYS,
  TIMESHEET_WEEK_START_KEY,
  type TimesheetRow,
  weekOf,
  weekStartDayOf,
} from './reports.ts';

/**
 * Timesheets (/timesheets): worked hours per resource per week from finished and reviewed jobs,
 * in the spec's h.mm, with a resource filter, totals and the CSV export. The figures are the
 * server's (`GET /timesheets`, job-life contract); the screen only shows them.
 *
 * Weeks start on the organisation's week start day (allocation settings), as the server's weeks do.
 * The answer states that day (`week_start_day`; the settings themselves are the dispatchers'), so
 * the picker learns it from the first answer (Sunday until then, the spec's default) and keeps it
 * for the next visit; an answer grouped on another day than the one asked is asked again.
 */
export function TimesheetsScreen() {
  const dates = useOrgDates();
  const { me, settings, role } = useShell();
  const queryClient = useQueryClient();
  const now = () => wallNow(me.company?.time_zone);
  // A moment inside the week shown (wall clock); the week around it follows the week start day.
  const [anchor, setAnchor] = useState(now);
  const [weekStartDay, setWeekStartDay] = useState(() =>
    queryClient.getQueryData<number>(TIMESHEET_WEEK_START_KEY),
  );
  const asked = weekStartDay ?? 0;
  const [resource, setResource] = useState('');
  const isDispatcher = role === 'dispatcher';
  const resources = useResources(isDispatcher);
  const range = weekOf(anchor, asked);
  const start = fromYmd(range.from);
  const sheets = useQuery({
    queryKey: REPORT_KEYS.timesheets(range, resource),
    queryFn: () => fetchTimesheets(range, resource),
  });
  const answered = sheets.data ? weekStartDayOf(sheets.data) : undefined;
  useEffect(() => {
    if (answered === undefined) return;
    queryClient.setQueryData(TIMESHEET_WEEK_START_KEY, answered);
    if (answered !== weekStartDay) setWeekStartDay(answered);
  }, [answered, weekStartDay, queryClient]);
  const isSettling = answered !== undefined && answered !== asked;
  const weeks = sheets.data?.weeks.filter((w) => w.rows.length > 0) ?? [];

  return (
    <Page
      title={screenTitle(menuLabel('timesheets', settings?.cf))}
      actions={
        <>
          <PeriodNav
            from={start}
            to={fromYmd(range.to) + DAY}
            unit={T.week}
            onPrevious={() => setAnchor((a) => a - WEEK)}
            onNext={() => setAnchor((a) => a + WEEK)}
            onToday={() => setAnchor(now())}
          />
          {isDispatcher ? (
            <label className="flex items-center gap-2 text-sm text-neutral-700">
              <span className="sr-only">{T.resource}</span>
              <select
                value={resource}
                onChange={(e) => setResource(e.target.value)}
                className="min-h-11 max-w-56 rounded-md border border-neutral-300 bg-white px-2 text-sm sm:min-h-9"
              >
                <option value="">{T.allResources}</option>
                {(resources.data ?? []).map((r) => (
                  <option key={r._id} value={r._id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <CsvLink
            href={csvUrl('/timesheets.csv', { ...range, resource })}
            name={T.weekStarting(dates.date(start))}
          />
        </>
      }
    >
      {sheets.isPending || isSettling ? (
        <Skeleton rows={5} className="h-9" />
      ) : sheets.isError ? (
        <ErrorState message={errorText(sheets.error)} onRetry={() => void sheets.refetch()} />
      ) : weeks.length === 0 ? (
        <EmptyState title={T.noTimesheets} hint={T.noTimesheetsHint} />
      ) : (
        <div className="space-y-5">
          {weeks.map((w) => {
            const seconds = w.rows.reduce((s, r) => s + r.worked_seconds, 0);
            const jobs = w.rows.reduce((s, r) => s + r.jobs, 0);
            const title = T.weekStarting(dates.date(fromYmd(w.week_start)));
            return (
              <Section key={w.week_start} title={title}>
                <DataTable<TimesheetRow>
                  caption={title}
                  rows={w.rows}
                  rowKey={(r) => r.resource_id}
                  columns={[
                    { header: T.resource, cell: (r) => r.name },
                    { header: T.jobs, cell: (r) => r.jobs, isNumber: true },
                    { header: T.hours, cell: (r) => r.hours_hmm, isNumber: true },
                  ]}
                  footer={[T.total, jobs, formatHoursHmm(seconds)]}
                />
              </Section>
            );
          })}
        </div>
      )}
    </Page>
  );
}
