import type {
  ActionAnswer,
  Booking,
  BookingInput,
  BookingPage,
  BookingSearch,
  BookingStates,
  InventoryAnswer,
  LookupPage,
  NamedRecord,
  SavedBooking,
} from '@rostra/core/api/bookings';
import type { CreatedSeries, RepeatRuleBody } from '@rostra/core/api/planner';
import type { InventoryLine } from '@rostra/core/catalogue/rooms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

export type {
  Booking,
  BookingInput,
  BookingPage,
  BookingSearch,
  ConflictError,
  NamedRecord,
  StateRecord,
} from '@rostra/core/api/bookings';

/*
 * The bookings screen's data (issue 7, point 4): the search (POST /bookings/search), one booking
 * (GET /timeline-records/:id), its status history, the lookups behind the filters, and the
 * writes (create, edit, status actions, a moving job's inventory). Times are the spec's
 * wall-clock seconds (`utc_*_plus_tz`): the organisation's local time written as if it were UTC.
 */

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
      api.get<BookingStates>(`/bookings/${encodeURIComponent(id)}/states`, {
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
    const page = await api.get<LookupPage>(path, {
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

export const createBooking = (input: BookingInput) =>
  api.post<SavedBooking>('/timeline-records', { _key: 'booking', ...input }, { quiet: true, retry: false });

/** A new booking repeated by `repeat` (`planner_recurrence`): every booking saved, or none. */
export const createSeries = (input: BookingInput, repeat: RepeatRuleBody) =>
  api.post<CreatedSeries>('/booking-series', { ...input, repeat }, { quiet: true, retry: false });

export const updateBooking = (id: string, version: number, input: BookingInput) =>
  api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...input, version },
    quiet: true,
    retry: false,
  });

export const takeAction = (id: string, action: string, version: number, option?: string) =>
  api.post<ActionAnswer>(
    `/bookings/${encodeURIComponent(id)}/actions/${encodeURIComponent(action)}`,
    { version, ...(option !== undefined ? { option } : {}) },
    { quiet: true, retry: false },
  );

export const putInventory = (id: string, version: number, inventory: InventoryLine[]) =>
  api.request<InventoryAnswer>(`/bookings/${encodeURIComponent(id)}/inventory`, {
    method: 'PUT',
    body: { inventory, version },
    quiet: true,
    retry: false,
  });

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
