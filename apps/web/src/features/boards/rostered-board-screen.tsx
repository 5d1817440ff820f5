import { DAY, formatDayLabel, WEEK, weekStart } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, fetchRecords, wallNow } from '../../lib/roster.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { PeriodNav } from '../../ui/period-nav.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { BookingCard } from './booking-card.tsx';
import { moveTargets, useStatusStyles } from './model.ts';
import { useBoardMove } from './use-board-move.ts';

/**
 * Rostered board (/rostered_board): the week's rostered bookings (what the master roster rolled
 * out) in a column per day, each with the moves the role may make from rostered (confirm by
 * allocating, park, cancel — dispatchers); a moved booking leaves the board.
 */
export function RosteredBoardScreen() {
  const { role, me } = useShell();
  const [from, setFrom] = useState(() => weekStart(wallNow(me.company?.time_zone)));
  const to = from + WEEK;
  const key = ['board', 'rostered', from];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await fetchRecords(from, to, 'booking')).filter((r) => r.status === 'rostered'),
  });
  const styles = useStatusStyles().data;
  useLiveRefetch({ topic: 'timeline', from, to }, () => void list.refetch());
  const { busyId, error, move } = useBoardMove(key, styles);
  const days = Array.from({ length: 7 }, (_, i) => from + i * DAY);
  const rostered = (list.data ?? []).filter((r) => r.status === 'rostered');

  return (
    <Page
      title={T.rosteredBoard}
      wide
      actions={
        <PeriodNav
          from={from}
          to={to}
          unit={T.week}
          onPrevious={() => setFrom((f) => f - WEEK)}
          onNext={() => setFrom((f) => f + WEEK)}
          onToday={() => setFrom(weekStart(wallNow(me.company?.time_zone)))}
        />
      }
    >
      {error ? (
        <div className="mb-3">
          <ErrorState message={error} />
        </div>
      ) : null}
      {list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : !list.isPending && rostered.length === 0 ? (
        <EmptyState title={T.noRostered} hint={T.noRosteredHint} />
      ) : (
        <div className="-mx-3 flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pb-3 sm:mx-0 sm:snap-none sm:px-0 xl:grid xl:grid-cols-7 xl:overflow-visible">
          {days.map((day) => {
            const cards = rostered.filter(
              (r) => r.utc_begin_plus_tz >= day && r.utc_begin_plus_tz < day + DAY,
            );
            return (
              <section
                key={day}
                aria-label={`${formatDayLabel(day)}: ${cards.length}`}
                className="flex w-[85vw] shrink-0 snap-start flex-col rounded-lg border border-neutral-200 bg-neutral-50 sm:w-56 xl:w-auto xl:min-w-0"
              >
                <h2 className="flex items-center border-b border-neutral-200 px-3 py-2 text-sm font-semibold text-neutral-800">
                  {formatDayLabel(day)}
                  <span className="ml-auto rounded-full bg-white px-2 text-xs font-medium text-neutral-600 tabular-nums ring-1 ring-neutral-200">
                    {cards.length}
                  </span>
                </h2>
                <div className="flex max-h-[calc(100dvh-14rem)] min-h-24 flex-col gap-2 overflow-y-auto p-2">
                  {list.isPending ? (
                    <Skeleton rows={3} className="h-16" />
                  ) : cards.length === 0 ? (
                    <p className="py-4 text-center text-xs text-neutral-400">{T.emptyColumn}</p>
                  ) : (
                    cards.map((r) => (
                      <BookingCard
                        key={r._id}
                        record={r}
                        styles={styles}
                        showDay={false}
                        targets={moveTargets(role, 'rostered')}
                        isBusy={busyId === r._id}
                        onMove={(t) => void move(r, t)}
                      />
                    ))
                  )}
                </div>
              </section>
            );
          })}
        </div>
      )}
    </Page>
  );
}
