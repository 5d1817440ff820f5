import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { InventoryLine } from '@rostra/core/catalogue/rooms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

/*
 * The bookings screen's data (issue 7, point 4): the search (POST /bookings/search), one booking
 * (GET /timeline-records/:id), its status history, the lookups behind the filters, and the
 * writes (create, edit, status actions, a moving job's inventory). Times are the spec's
 * wall-clock seconds (`utc_*_plus_tz`): the organisation's local time written as if it were UTC.
 */

/** One conflict of the overlap validator, as the server stores it on the record (`errors`). */
export type ConflictError = {
  code: string;
  title?: string;
  message: string;
  resourceId?: string;
  conflictId?: string;
};

export type Booking = {
  _id: string;
  _key?: string;
  status?: string;
  reference?: string | null;
  customerId?: string | null;
  customer_first_name?: string | null;
  customer_last_name?: string | null;
  resourceId?: string | null;
  resIds: string[];
  resource_first_name?: string | null;
  resource_last_name?: string | null;
  labels?: string[];
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  all_location?: string | null;
  notes?: string | null;
  bk_notes?: string | null;
  isConflict?: boolean;
  errors?: ConflictError[];
  inventory?: InventoryLine[];
  MasterResourceID?: string | string[] | null;
  version: number;
  [field: string]: unknown;
};

/** The search's criteria, all optional (see BookingFilters in model.ts). */
export type BookingSearch = {
  /** Upcoming: from today (the organisation's day) on; past: before today. */
  when?: 'upcoming' | 'past';
  q?: string;
  status?: string[];
  from?: number;
  to?: number;
  resource?: string;
  customer?: string;
  labels?: string[];
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
};

export type BookingPage = { items: Booking[]; total: number; page: number; limit: number };

export type StateRecord = {
  _id?: string;
  status?: string;
  previous_status?: string | null;
  action?: string;
  uid?: string;
  _utc_plus_tz?: number;
  [field: string]: unknown;
};

export type NamedRecord = {
  _id: string;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  type?: string | null;
  inactive?: boolean;
};

export const BOOKINGS_KEY = ['bookings'] as const;

export const bookingSearchQuery = (search: BookingSearch) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'search', search] as const,
    queryFn: ({ signal }) => api.post<BookingPage>('/bookings/search', search, { quiet: true, signal }),
    placeholderData: keepPreviousData,
  });

export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.get<Booking>(`/timeline-records/${encodeURIComponent(id)}`, { quiet: true, signal, retry: false }),
    retry: false,
  });

export const bookingStatesQuery = (id: string) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'states', id] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: StateRecord[] }>(`/bookings/${encodeURIComponent(id)}/states`, {
        quiet: true,
        signal,
      }),
  });

/** Every page of a catalogue list (resources, customers, labels), for the filter pickers. */
async function allOf(path: string, signal: AbortSignal): Promise<NamedRecord[]> {
  const out: NamedRecord[] = [];
  let cursor: string | undefined;
  // Bounded: the spec stops loading resources at 1000.
  for (let i = 0; i < 4; i++) {
    const page = await api.get<{ items: NamedRecord[]; next_cursor: string | null }>(path, {
      query: { limit: 250, cursor },
      quiet: true,
      signal,
    });
    out.push(...page.items);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return out;
}

const lookup = (path: string) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'lookup', path] as const,
    queryFn: ({ signal }) => allOf(path, signal),
    staleTime: 5 * 60_000,
  });

/** Resources, customers and labels: only dispatchers may read the catalogue. */
export function useLookups(isEnabled: boolean) {
  const resources = useQuery({ ...lookup('/resources'), enabled: isEnabled });
  const customers = useQuery({ ...lookup('/customers'), enabled: isEnabled });
  const labels = useQuery({ ...lookup('/labels'), enabled: isEnabled });
  return { resources, customers, labels };
}

/** The fields the create and edit form sends. */
export type BookingInput = {
  status?: string;
  reference?: string | null;
  customerId?: string | null;
  customer_first_name?: string | null;
  customer_last_name?: string | null;
  resIds?: string[];
  resource_first_name?: string | null;
  resource_last_name?: string | null;
  labels?: string[];
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  all_location?: string | null;
  /** The customer's location that goes with the address (issue 16 point 7). */
  _geoloc?: { lat: number; lng: number } | null;
  /** The customer's labels. */
  cs_lbls?: string[];
  notes?: string | null;
  /** Assign resources the customer has blacklisted anyway, saying why (issue 16 point 5). */
  override?: BlacklistOverride;
};

export const createBooking = (input: BookingInput) =>
  api.post<Booking>('/timeline-records', { _key: 'booking', ...input }, { quiet: true, retry: false });

export const updateBooking = (id: string, version: number, input: BookingInput) =>
  api.request<Booking>(`/timeline-records/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...input, version },
    quiet: true,
    retry: false,
  });

export const takeAction = (id: string, action: string, version: number, option?: string) =>
  api.post<{ record: Booking }>(
    `/bookings/${encodeURIComponent(id)}/actions/${encodeURIComponent(action)}`,
    { version, ...(option !== undefined ? { option } : {}) },
    { quiet: true, retry: false },
  );

export const putInventory = (id: string, version: number, inventory: InventoryLine[]) =>
  api.request<{ record: Booking; totals: { volume: number; price: number; items: number } }>(
    `/bookings/${encodeURIComponent(id)}/inventory`,
    { method: 'PUT', body: { inventory, version }, quiet: true, retry: false },
  );

/** "First Last" of a record's name parts, else its name, else the fallback. */
export function personName(
  first: string | null | undefined,
  last: string | null | undefined,
  fallback: string,
): string {
  const name = [first, last].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');
  return name === '' ? fallback : name;
}

export function recordName(record: NamedRecord | undefined, fallback: string): string {
  if (!record) return fallback;
  const parts = personName(record.first_name, record.last_name, '');
  return parts !== '' ? parts : (record.name ?? fallback);
}
