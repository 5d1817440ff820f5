import type { Booking } from '@rostra/core/api/bookings';
import type { KindResult, SearchAnswer, SearchHit } from '@rostra/core/api/search';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { SEARCH_KINDS, type SearchKind } from '@rostra/core/shell/search-kinds';
import {
  DAY,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  formatDateTime,
  weekdayLongName,
} from '@rostra/core/time/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { slotOf, TEMPLATE_START } from '../features/roster/template.ts';
import { api } from './client.ts';

/* The top bar's results come from the global search (POST /api/v1/search, scheduling spec §7). */

export type { KindResult, SearchAnswer, SearchHit, SearchKind };
export { SEARCH_KINDS };

/** Hits per kind in the top bar's list; the screens behind each kind show the rest. */
export const TOP_BAR_HITS = 5;
/** Shortest text sent (one character matches far too much to be useful). */
export const MIN_QUERY = 2;
const DEBOUNCE_MS = 200;

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The global search for the top bar: a few hits of every kind, after a pause in typing. */
export function useGlobalSearch(text: string) {
  const query = useDebounced(text.trim().replace(/\s+/g, ' ').slice(0, 100));
  const enabled = query.length >= MIN_QUERY;
  const result = useQuery({
    queryKey: ['global-search', query],
    queryFn: ({ signal }) =>
      api.post<SearchAnswer>('/search', { query, hitsPerPage: TOP_BAR_HITS }, { quiet: true, signal }),
    enabled,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...result, query, enabled, isSettling: query !== text.trim().replace(/\s+/g, ' ').slice(0, 100) };
}

const SEARCH_WEEK = (week: number) => `Week ${week}`;
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' ');

/** Where a hit opens (shell spec §2 query parameters; other kinds go to their menu path). */
export function hitTarget(kind: SearchKind, hit: SearchHit): string {
  const id = encodeURIComponent(hit._id);
  switch (kind) {
    case 'bookings':
      return `/bookings?job_id=${id}`;
    case 'resources':
      return `/resources?id=${id}`;
    case 'customers':
      return `/customers?id=${id}`;
    case 'groupevents':
      return '/groupevents';
    case 'timelines':
      return '/week2timeline';
    case 'boards':
      return '/job_board';
    case 'masterrosters':
      return '/masterroster';
    case 'labels':
      return '/settings';
    case 'forms':
      return '/forms';
  }
}

/** A hit's title and one line of detail, as the results list shows them. */
export function hitText(
  kind: SearchKind,
  hit: SearchHit,
  format: DateFormat = DEFAULT_DATE_FORMAT,
): { title: string; detail: string } {
  switch (kind) {
    case 'bookings':
    case 'groupevents':
    case 'timelines': {
      const who = joined(hit.customer_first_name, hit.customer_last_name) || str(hit.name);
      const begin =
        typeof hit.utc_begin_plus_tz === 'number' ? formatDateTime(hit.utc_begin_plus_tz, format) : '';
      // A booking's title is the core's (reference, else customer and time: never an id).
      const isBooking = kind !== 'groupevents' && (hit._key ?? 'booking') === 'booking';
      const title = isBooking ? bookingTitle(hit) : str(hit.reference) || who || str(hit._key) || hit._id;
      return {
        title,
        detail: [title.startsWith(who) ? '' : who, begin, str(hit.status)].filter(Boolean).join(' · '),
      };
    }
    case 'boards': {
      const who = joined(hit.customer_first_name, hit.customer_last_name);
      const begin =
        typeof hit.utc_begin_plus_tz === 'number' ? formatDateTime(hit.utc_begin_plus_tz, format) : '';
      return { title: who || hit._id, detail: [begin, str(hit.suburb)].filter(Boolean).join(' · ') };
    }
    case 'masterrosters': {
      // A template item's 1970 date means only its weekday and week of the fortnight.
      const slot = slotOf(hit as unknown as Booking);
      const who = joined(hit.customer_first_name, hit.customer_last_name) || str(hit.name);
      const when = slot
        ? `${SEARCH_WEEK(slot.week)} · ${weekdayLongName(TEMPLATE_START + slot.weekday * DAY)} ${clock(slot.startMinute)}`
        : '';
      return { title: who || str(hit.template_name) || hit._id, detail: when };
    }
    case 'resources':
    case 'customers':
      return {
        title: str(hit.name) || joined(hit.first_name, hit.last_name) || hit._id,
        detail: [str(hit.email), str(hit.mobile) || str(hit.phone)].filter(Boolean).join(' · '),
      };
    case 'labels':
      return { title: str(hit.name) || hit._id, detail: str(hit.type) };
    case 'forms':
      return { title: str(hit.name) || hit._id, detail: str(hit.status) };
  }
}

/** "12", or "1000+" when the count stopped early. */
export function countText(result: KindResult): string {
  return result.exhaustiveNbHits ? String(result.nbHits) : `${result.nbHits}+`;
}
