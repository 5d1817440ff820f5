import { DAY, dayStart, fromYmd, toWallClock, toYmd } from '@rostra/core/time/calendar';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { VIEW_DAYS, type ViewKind, type Zoom } from './model.ts';
import { periodGrid, periodOf, periodTitle } from './period.ts';
import type { TimelineSearch } from './search.ts';

/** Wall-clock seconds now in the company's time zone, renewed every minute (the now line). */
export function useNow(timeZone: string): number {
  const [now, setNow] = useState(() => toWallClock(Date.now(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => setNow(toWallClock(Date.now(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}

/**
 * The period shown and how (compact rows, the zoom), kept in the address through the route's validated search (`?view=week&date=…`,
 * search.ts): a reload or a shared link opens it. Each value is selected on its own, so the board
 * re-renders when the period changes, not with every change of the router's state (a drag in
 * progress keeps its frame).
 */
export function usePeriod(now: number) {
  const view: ViewKind =
    useSearch({ strict: false, select: (search: TimelineSearch) => search.view }) ?? 'day';
  const searchDate = fromYmd(
    useSearch({ strict: false, select: (search: TimelineSearch) => search.date }) ?? '',
  );
  const density = useSearch({ strict: false, select: (search: TimelineSearch) => search.density });
  const zoom: Zoom = useSearch({ strict: false, select: (search: TimelineSearch) => search.zoom }) ?? 'days';
  const hidesInactive =
    useSearch({ strict: false, select: (search: TimelineSearch) => search.inactive }) === 'hide';
  const navigate = useNavigate();
  const anchor = Number.isNaN(searchDate) ? dayStart(now) : searchDate;
  const show = (next: Partial<TimelineSearch> & { anchor?: number }) =>
    void navigate({
      to: '.',
      search: (prev: TimelineSearch) => {
        const { anchor: nextAnchor, ...rest } = next;
        return { ...prev, view, date: toYmd(nextAnchor ?? anchor), ...rest };
      },
      replace: true,
    });
  // The organisation's first day of the week (from /me; the window answer confirms it).
  const orgWeekStartDay = useOrgDates().weekStartDay;
  const [weekStartDay, setWeekStartDay] = useState(orgWeekStartDay);
  const { from, to } = periodOf(view, anchor, weekStartDay);
  const grid = useMemo(() => periodGrid(view, from, weekStartDay), [from, view, weekStartDay]);
  return {
    view,
    anchor,
    from,
    to,
    grid,
    compact: density === 'compact',
    zoom,
    hidesInactive,
    weekStartDay,
    setWeekStartDay,
    title: periodTitle(view, grid, from),
    setView: (next: ViewKind) => show({ view: next }),
    setCompact: (on: boolean) => show({ density: on ? 'compact' : undefined }),
    setZoom: (next: Zoom) => show({ zoom: next === 'days' ? undefined : next }),
    setHidesInactive: (hide: boolean) => show({ inactive: hide ? 'hide' : undefined }),
    setAnchor: (next: number) => show({ anchor: next }),
    /** The previous or next period. */
    step: (dir: -1 | 1) => show({ anchor: anchor + dir * VIEW_DAYS[view] * DAY }),
  };
}

export type Period = ReturnType<typeof usePeriod>;
