import { DAY, formatDayLabel } from '@rostra/core/time/calendar';
import { useShell } from '../../shell/shell-context.tsx';
import { Skeleton } from '../../ui/list-state.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { BookingCard } from './booking-card.tsx';
import { moveTargets } from './model.ts';
import { useWeekBoard, WeekBoardPage } from './week-board.tsx';

/**
 * Rostered board (/rostered_board): the week's rostered bookings (what the master roster rolled
 * out) in a column per day, each with the moves the role may make from rostered (confirm by
 * allocating, park, cancel — dispatchers); a moved booking leaves the board.
 */
export function RosteredBoardScreen() {
  const { role } = useShell();
  const board = useWeekBoard('rostered', (r) => r.status === 'rostered');
  const { from, list, styles, busyId, move } = board;
  const days = Array.from({ length: 7 }, (_, i) => from + i * DAY);
  const rostered = list.data ?? [];

  return (
    <WeekBoardPage
      title={T.rosteredBoard}
      board={board}
      isEmpty={rostered.length === 0}
      emptyTitle={T.noRostered}
      emptyHint={T.noRosteredHint}
    >
      <div className="-mx-3 flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pb-3 sm:mx-0 sm:snap-none sm:px-0 xl:grid xl:grid-cols-7 xl:overflow-visible">
        {days.map((day) => {
          const cards = rostered.filter((r) => r.utc_begin_plus_tz >= day && r.utc_begin_plus_tz < day + DAY);
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
    </WeekBoardPage>
  );
}
