import { formatDayLabel } from '@rostra/core/time/calendar';
import { useStatusStyles } from '../../features/boards/model.ts';
import { errorText } from '../../lib/roster.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { BookingChip, hoursOf, onDay, WEEK_TEXT as T, useWeekBookings } from './week-parts.tsx';
import { MyWeek } from './week-screen.tsx';

/**
 * Scheduler (/week2scheduler): the week by day — a column per day with its bookings in time
 * order, each showing customer and resource (unassigned ones marked), and the day's count and
 * hours. A resource sees their own week as a list.
 */
export function SchedulerScreen() {
  const { role } = useShell();
  const week = useWeekBookings();
  const styles = useStatusStyles().data;
  const records = week.list.data ?? [];
  const nav = week.nav;
  if (!week.list.isPending && !week.list.isError && role !== 'dispatcher') {
    return <MyWeek title={T.myWeek} nav={nav} records={records} days={week.days} />;
  }
  return (
    <Page title={T.scheduler} actions={nav} wide>
      {week.list.isPending ? (
        <Skeleton rows={6} className="h-14" />
      ) : week.list.isError ? (
        <ErrorState message={errorText(week.list.error)} onRetry={() => void week.list.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title={T.noBookings} hint={T.noBookingsHint} />
      ) : (
        <div className="-mx-3 flex snap-x snap-mandatory gap-2 overflow-x-auto px-3 pb-2 sm:mx-0 sm:px-0 lg:grid lg:grid-cols-7 lg:overflow-visible">
          {week.days.map((d) => {
            const today = onDay(records, d);
            return (
              <section
                key={d}
                aria-label={`${formatDayLabel(d)}: ${T.bookings(today.length)}`}
                data-day={d}
                className="flex w-[80vw] shrink-0 snap-start flex-col rounded-lg border border-neutral-200 bg-neutral-50 sm:w-52 lg:w-auto lg:min-w-0"
              >
                <h2 className="border-b border-neutral-200 px-2 py-2 text-sm font-semibold text-neutral-800">
                  {formatDayLabel(d)}
                  <span className="block text-xs font-normal text-neutral-500">
                    {today.length === 0
                      ? T.nothingToday
                      : `${T.bookings(today.length)} · ${T.hours(hoursOf(today))}`}
                  </span>
                </h2>
                <div className="flex max-h-[calc(100dvh-14rem)] min-h-24 flex-col gap-1 overflow-y-auto p-1.5">
                  {today.map((r) => (
                    <BookingChip key={r._id} record={r} styles={styles} show="both" />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      )}
    </Page>
  );
}
