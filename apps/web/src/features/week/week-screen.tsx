import type { Booking } from '@rostra/core/api/bookings';
import { formatDayLabel } from '@rostra/core/time/calendar';
import { type ReactNode, useMemo, useState } from 'react';
import { useStatusStyles } from '../../features/boards/model.ts';
import { byId, errorText, useResources } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Check } from '../../ui/check.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { RowGrid } from '../../ui/row-grid.tsx';
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
      <Check className="mb-2" checked={showEmpty} onChange={setShowEmpty} label={T.showEmpty} />
      {records.length === 0 && !showEmpty ? (
        <EmptyState title={T.noBookings} hint={T.noBookingsHint} />
      ) : (
        <RowGrid
          testId="week-grid"
          frameClassName="max-h-[calc(100dvh-12rem)] overflow-y-auto"
          tableClassName="min-w-[60rem] text-sm"
          stickyHead
          rowHeadWidth="w-44"
          corner={T.resource}
          columns={week.days.map((d) => ({
            key: String(d),
            day: d,
            headClassName: 'border-l border-neutral-100 px-2 py-2 text-left',
            className: 'border-l border-neutral-100',
            head: (
              <>
                {formatDayLabel(d)}
                <span className="ml-1 font-normal text-neutral-400">{onDay(records, d).length || ''}</span>
              </>
            ),
          }))}
          rows={rows}
          rowKey={(row) => row.id || 'unassigned'}
          rowHeadClassName="py-2 align-top"
          rowHead={(row) => (
            <>
              <span className={`block truncate ${row.id ? 'text-neutral-900' : 'text-amber-800'}`}>
                {row.name}
              </span>
              <span className="text-xs font-normal text-neutral-500">{T.hours(hoursOf(row.records))}</span>
            </>
          )}
          cell={(row, { day }) => (
            <div className="flex flex-col gap-1">
              {onDay(row.records, day).map((r) => (
                <BookingChip key={r._id} record={r} styles={styles} show="customer" />
              ))}
            </div>
          )}
        />
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
