import { isRecordStatus, type RecordStatus } from '@rostra/core/records/job-status';
import { DAY, fromYmd } from '@rostra/core/time/calendar';
import type { BookingSearch } from './api.ts';

/*
 * The bookings list's state lives in the URL (shareable, survives a reload, back/forward work):
 * `?when=past&q&status=a,b&from=YYYY-MM-DD&to=YYYY-MM-DD&resource&customer&labels=a,b&order&page`,
 * and `job_id` or `id` (shell spec §2) for the booking whose detail is open. The list opens at
 * today: upcoming bookings, soonest first; `when=past` is the bookings before today, newest first
 * (issue 16, point 9). The server tells today from the organisation's clock and time zone.
 */

/** Which side of today the list shows. */
export type BookingWhen = 'upcoming' | 'past';

/** The order a tab opens in: upcoming soonest first, the past newest first. */
export function defaultOrder(when: BookingWhen): 'asc' | 'desc' {
  return when === 'past' ? 'desc' : 'asc';
}

export type BookingFilters = {
  when: BookingWhen;
  q: string;
  status: RecordStatus[];
  /** First day shown, `YYYY-MM-DD`, or ''. */
  from: string;
  /** Last day shown (inclusive), `YYYY-MM-DD`, or ''. */
  to: string;
  resource: string;
  customer: string;
  labels: string[];
  order: 'asc' | 'desc';
  page: number;
};

export const PAGE_SIZE = 40;

export const EMPTY_FILTERS: BookingFilters = {
  when: 'upcoming',
  q: '',
  status: [],
  from: '',
  to: '',
  resource: '',
  customer: '',
  labels: [],
  order: 'asc',
  page: 1,
};

const list = (v: string | undefined) => (v ? v.split(',').filter((x) => x !== '') : []);
const ymd = (v: string | undefined) => (v && Number.isFinite(fromYmd(v)) ? v : '');

/** The filters in a URL's search values; anything unreadable is left at its default. */
export function filtersFromSearch(search: Readonly<Record<string, unknown>>): BookingFilters {
  const s = (k: string) => (typeof search[k] === 'string' ? (search[k] as string) : undefined);
  const page = Number(s('page'));
  const when: BookingWhen = s('when') === 'past' ? 'past' : 'upcoming';
  const order = s('order');
  return {
    when,
    q: s('q') ?? '',
    status: list(s('status')).filter(isRecordStatus),
    from: ymd(s('from')),
    to: ymd(s('to')),
    resource: s('resource') ?? '',
    customer: s('customer') ?? '',
    labels: list(s('labels')),
    order: order === 'desc' || order === 'asc' ? order : defaultOrder(when),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL search values of the filters (defaults left out), keeping other keys of `base`. */
export function searchFromFilters(
  filters: BookingFilters,
  base: Readonly<Record<string, unknown>> = {},
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(base)) if (typeof v === 'string') out[k] = v;
  const put = (k: string, v: string) => {
    out[k] = v === '' ? undefined : v;
  };
  put('when', filters.when === 'past' ? 'past' : '');
  put('q', filters.q.trim());
  put('status', filters.status.join(','));
  put('from', filters.from);
  put('to', filters.to);
  put('resource', filters.resource);
  put('customer', filters.customer);
  put('labels', filters.labels.join(','));
  put('order', filters.order === defaultOrder(filters.when) ? '' : filters.order);
  put('page', filters.page > 1 ? String(filters.page) : '');
  return out;
}

/** The server search of the filters: days become wall-clock seconds, `to` inclusive of its day. */
export function toBookingSearch(filters: BookingFilters, limit = PAGE_SIZE): BookingSearch {
  const from = filters.from ? fromYmd(filters.from) : Number.NaN;
  const to = filters.to ? fromYmd(filters.to) + DAY : Number.NaN;
  return {
    when: filters.when,
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.status.length ? { status: filters.status } : {}),
    ...(Number.isFinite(from) ? { from } : {}),
    ...(Number.isFinite(to) ? { to } : {}),
    ...(filters.resource ? { resource: filters.resource } : {}),
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.labels.length ? { labels: filters.labels } : {}),
    order: filters.order,
    page: filters.page,
    limit,
  };
}

/**
 * Clear filters: every filter and the search go, the tab (Upcoming or Past) stays, in its own
 * order, at its first page. Both Clear filters buttons (the filter bar's and the empty list's).
 */
export function clearFilters(filters: BookingFilters): BookingFilters {
  return switchWhen(EMPTY_FILTERS, filters.when);
}

/** The filters of the other tab: its first page in its own order, the other filters kept. */
export function switchWhen(filters: BookingFilters, when: BookingWhen): BookingFilters {
  return { ...filters, when, order: defaultOrder(when), page: 1 };
}

/** How many filters (besides the tab, the search text and order) narrow the list: the Filters button's count. */
export function activeFilterCount(filters: BookingFilters): number {
  return (
    (filters.status.length ? 1 : 0) +
    (filters.from || filters.to ? 1 : 0) +
    (filters.resource ? 1 : 0) +
    (filters.customer ? 1 : 0) +
    (filters.labels.length ? 1 : 0)
  );
}

/** The booking the URL opens: `job_id`, else `id` (shell spec §2). */
export function selectedBookingId(search: Readonly<Record<string, unknown>>): string | undefined {
  const pick = (k: string) =>
    typeof search[k] === 'string' && search[k] !== '' ? (search[k] as string) : undefined;
  return pick('job_id') ?? pick('id');
}

/** "41–80 of 400" parts of a page: first and last position shown (0 when empty). */
export function pageRange(
  page: number,
  limit: number,
  total: number,
): { first: number; last: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return { first: 0, last: 0, pages };
  const first = Math.min((page - 1) * limit + 1, total);
  return { first, last: Math.min(page * limit, total), pages };
}
