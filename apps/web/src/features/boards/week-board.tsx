import type { Booking } from '@rostra/core/api/bookings';
import { dayStart, FORTNIGHT, WEEK } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { errorText, fetchRecords } from '../../lib/roster.ts';
import { useLiveRefetch } from '../../lib/use-live-refetch.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { EmptyState, ErrorState } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { usePeriod } from '../../ui/period-nav.tsx';
import { BOARDS_TEXT as T } from './boards-text.ts';
import { useStatusStyles } from './model.ts';
import { useBoardMove } from './use-board-move.ts';

/** The job and bid boards' period: a fortnight from today, in the organisation's time zone. */
export function useFortnight() {
  const { me } = useShell();
  return usePeriod({
    length: FORTNIGHT,
    startOf: dayStart,
    timeZone: me.company?.time_zone,
    unit: T.fortnight,
  });
}

/**
 * A week of bookings on a board (`name` keys its query; `keep` picks the board's bookings): the
 * week and its nav, the list kept live, the status styles and the role's moves.
 */
export function useWeekBoard(name: string, keep: (record: Booking) => boolean = () => true) {
  const { me } = useShell();
  const dates = useOrgDates();
  const period = usePeriod({
    length: WEEK,
    startOf: dates.weekStart,
    timeZone: me.company?.time_zone,
    unit: T.week,
  });
  const { from, to } = period;
  const key = ['board', name, from];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await fetchRecords(from, to, 'booking')).filter(keep),
  });
  useLiveRefetch({ topic: 'timeline', from, to }, () => void list.refetch());
  const styles = useStatusStyles().data;
  return { ...period, list, styles, ...useBoardMove(key, styles) };
}

/** A week board's page: a move's error above; then the list's failure, its empty state, or the board. */
export function WeekBoardPage({
  title,
  board,
  isEmpty,
  emptyTitle,
  emptyHint,
  children,
}: {
  title: string;
  board: ReturnType<typeof useWeekBoard>;
  isEmpty: boolean;
  emptyTitle: string;
  emptyHint: string;
  children: ReactNode;
}) {
  const { list } = board;
  return (
    <Page title={title} wide actions={board.nav}>
      {board.error ? (
        <div className="mb-3">
          <ErrorState message={board.error} />
        </div>
      ) : null}
      {list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : !list.isPending && isEmpty ? (
        <EmptyState title={emptyTitle} hint={emptyHint} />
      ) : (
        children
      )}
    </Page>
  );
}
