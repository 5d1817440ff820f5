import type { Booking } from '@rostra/core/api/bookings';
import { formatDayLabel } from '@rostra/core/time/calendar';
import { type ReactNode, useMemo, useState } from 'react';
import { useStatusStyles } from '../../features/boards/model.ts';
import { byId, errorText, useResources } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { BookingChip, hoursOf, onDay, WEEK_TEXT as T, useWeekBookings } from './week-parts.tsx';

/**
 * Week (/week2): the week's bookings per resource (rows) and day (columns), with each row's
 * hours; unassigned bookings in their own row. A resource sees their own week as a list by day.
 */
export function WeekScreen() {
  const { role } = useShell();
  const week = useWeekBookings();
  const styles = useStatusStyles().data;
  const isDispatcher = role === 'dispatcher';
  const resources = useResources(isDispatcher);
  const resourceMap = useMemo(() => byId(resources.data), [resources.data]);
  const [showEmpty, setShowEmpty] = useState(false);
  const records = week.list.data ?? [];

  const rows = useMemo(() => {
    const by = new Map<string, Booking[]>();
    for (const r of records) {
      for (const id of r.resIds.length ? r.resIds : ['']) by.set(id, [...(by.get(id) ?? []), r]);
    }
    const ids = showEmpty ? ['', ...(resources.data ?? []).map((r) => r._id)] : [...by.keys()];
    const unique = [...new Set(ids)];
    return unique
      .map((id) => ({
        id,
        name: id === '' ? T.unassigned : (resourceMap.get(id)?.name ?? id),
        records: by.get(id) ?? [],
      }))
      .sort((a, b) => (a.id === '' ? -1 : b.id === '' ? 1 : a.name.localeCompare(b.name)));
  }, [records, showEmpty, resources.data, resourceMap]);

  const nav = week.nav;

  if (week.list.isPending) {
    return (
      <Page title={T.week} actions={nav} wide>
        <Skeleton rows={6} className="h-14" />
      </Page>
    );
  }
  if (week.list.isError) {
    return (
      <Page title={T.week} actions={nav} wide>
        <ErrorState message={errorText(week.list.error)} onRetry={() => void week.list.refetch()} />
      </Page>
    );
  }
  if (!isDispatcher) return <MyWeek title={T.myWeek} nav={nav} records={records} days={week.days} />;

  return (
    <Page title={T.week} actions={nav} wide>
      <label className="mb-2 inline-flex items-center gap-2 text-sm text-neutral-700">
        <input
          type="checkbox"
          checked={showEmpty}
          onChange={(e) => setShowEmpty(e.target.checked)}
          className="size-4 accent-sky-700"
        />
        {T.showEmpty}
      </label>
      {records.length === 0 && !showEmpty ? (
        <EmptyState title={T.noBookings} hint={T.noBookingsHint} />
      ) : (
        <div className="max-h-[calc(100dvh-12rem)] overflow-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm" data-testid="week-grid">
            <colgroup>
              <col className="w-44" />
              {week.days.map((d) => (
                <col key={d} />
              ))}
            </colgroup>
            <thead className="sticky top-0 z-20">
              <tr className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600">
                <th scope="col" className="sticky left-0 z-10 bg-neutral-50 px-3 py-2 text-left font-medium">
                  {T.resource}
                </th>
                {week.days.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className="border-l border-neutral-100 px-2 py-2 text-left font-medium"
                  >
                    {formatDayLabel(d)}
                    <span className="ml-1 font-normal text-neutral-400">
                      {onDay(records, d).length || ''}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {rows.map((row) => (
                <tr key={row.id || 'unassigned'} data-row={row.id || 'unassigned'}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-3 py-2 text-left align-top font-medium"
                  >
                    <span className={`block truncate ${row.id ? 'text-neutral-900' : 'text-amber-800'}`}>
                      {row.name}
                    </span>
                    <span className="text-xs font-normal text-neutral-500">
                      {T.hours(hoursOf(row.records))}
                    </span>
                  </th>
                  {week.days.map((d) => (
                    <td key={d} className="border-l border-neutral-100 px-1 py-1 align-top">
                      <div className="flex flex-col gap-1">
                        {onDay(row.records, d).map((r) => (
                          <BookingChip key={r._id} record={r} styles={styles} show="customer" />
                        ))}
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** A resource's own week on any screen: a list by day with large touch targets. */
export function MyWeek({
  title,
  nav,
  records,
  days,
}: {
  title: string;
  nav: ReactNode;
  records: readonly Booking[];
  days: number[];
}) {
  const styles = useStatusStyles().data;
  return (
    <Page title={title} actions={nav}>
      {records.length === 0 ? (
        <EmptyState title={T.noBookings} />
      ) : (
        <ol className="space-y-3">
          {days.map((d) => {
            const today = onDay(records, d);
            return (
              <li key={d} className="rounded-lg border border-neutral-200 bg-white">
                <h2 className="border-b border-neutral-100 px-4 py-2 text-sm font-semibold text-neutral-800">
                  {formatDayLabel(d)}
                </h2>
                {today.length === 0 ? (
                  <p className="px-4 py-3 text-sm text-neutral-400">{T.nothingToday}</p>
                ) : (
                  <div className="space-y-2 p-2">
                    {today.map((r) => (
                      <div
                        key={r._id}
                        className="text-sm [&>button]:min-h-11 [&>button]:py-2 [&>button]:text-sm"
                      >
                        <BookingChip record={r} styles={styles} show="customer" />
                      </div>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Page>
  );
}
