import type { Booking } from '@rostra/core/api/bookings';
import type { CursorPage } from '@rostra/core/api/common';
import type { CustomerRecord } from '@rostra/core/api/customers';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { DAY, fromYmd, HOUR, MINUTE, toWallClock, toYmd } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { api } from './client.ts';

/*
 * What the roster, shifts, week and board screens share: the organisation's wall clock, reading
 * every page of a list, the resources and customers of the organisation, and time texts.
 *
 * Times are the spec's wall-clock seconds (the organisation's clock written as UTC), so every
 * date computation here is plain UTC arithmetic and every display formats in UTC.
 */

/** Every page of a list (at most `maxItems`), 250 per request. */
export async function readAll<T>(
  path: string,
  query: Record<string, string | number | undefined> = {},
  maxItems = 5000,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get<CursorPage<T>>(path, { query: { ...query, limit: 250, cursor }, quiet: true });
    out.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && out.length < maxItems);
  return out;
}

/** Now on the organisation's wall clock (seconds). */
export function wallNow(timeZone: string | undefined): number {
  return toWallClock(Date.now(), timeZone ?? 'UTC');
}

export const ROSTER_KEYS = {
  resources: ['roster', 'resources'] as const,
  customers: ['roster', 'customers'] as const,
};

/** The organisation's resources (promoted dispatchers left out, spec §2), by name. */
export function useResources(isEnabled = true) {
  return useQuery({
    queryKey: ROSTER_KEYS.resources,
    enabled: isEnabled,
    staleTime: 60_000,
    queryFn: async () => {
      const all = await readAll<ResourceRecord>('/resources', {}, 1000);
      return all.filter((r) => !r.promoted_dispatcher).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

export function useCustomers(isEnabled = true) {
  return useQuery({
    queryKey: ROSTER_KEYS.customers,
    enabled: isEnabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await readAll<CustomerRecord>('/customers', {}, 2000)).sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Timeline records beginning in `[from, to)`, optionally of one `_key`. */
export function fetchRecords(from: number, to: number, key?: string): Promise<Booking[]> {
  return readAll<Booking>('/timeline-records', { from, to, _key: key }, 5000);
}

/** The message of a failed call, for showing in place. */
export function errorText(error: unknown, fallback = 'Something went wrong'): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Whether a failure is the optimistic-concurrency refusal (someone else saved first). */
export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

// --- time texts ------------------------------------------------------------------------------

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `HH:MM` (24 h) of seconds in a day, for `<input type="time">`; 86 400 is `24:00` → `00:00`. */
export function secondsToHm(secondsInDay: number): string {
  const s = ((secondsInDay % DAY) + DAY) % DAY;
  return `${pad2(Math.floor(s / HOUR))}:${pad2(Math.floor((s % HOUR) / MINUTE))}`;
}

/** Seconds in the day of an `HH:MM` text; NaN when it is not one. */
export function hmToSeconds(hm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hm.trim());
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return Number.NaN;
  return h * HOUR + min * MINUTE;
}

/** `09:30` of a wall-clock time. */
export function clock(sec: number): string {
  return secondsToHm(sec - Math.floor(sec / DAY) * DAY);
}

/** `09:30–17:00` of a record (the end marked `+1` when it is on a later day). */
export function timeRange(begin: number, end: number): string {
  const days = Math.floor(end / DAY) - Math.floor(begin / DAY);
  const endsAtMidnight = end % DAY === 0 && days === 1;
  return `${clock(begin)}–${endsAtMidnight ? '24:00' : clock(end)}${days > 0 && !endsAtMidnight ? ` +${days}` : ''}`;
}

/** `YYYY-MM-DD` for a date input, and back (NaN when empty or invalid). */
export const dateInputValue = (sec: number) => toYmd(sec);
export const dateInputSeconds = (value: string) => fromYmd(value);

/** The customer's name on a record. */
export function customerName(r: Booking, customers?: ReadonlyMap<string, CustomerRecord>): string {
  const fromRecord = [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' ');
  if (fromRecord) return fromRecord;
  const c = r.customerId ? customers?.get(r.customerId) : undefined;
  return c?.name ?? (r.customerId ? r.customerId : 'No customer');
}

/** The first resource's name on a record, or null when nobody is assigned. */
export function resourceName(r: Booking, resources?: ReadonlyMap<string, ResourceRecord>): string | null {
  const fromRecord = [r.resource_first_name, r.resource_last_name].filter(Boolean).join(' ');
  if (fromRecord) return fromRecord;
  const id = r.resIds[0] ?? r.resourceId;
  if (!id) return null;
  return resources?.get(id)?.name ?? id;
}

export function byId<T extends { _id: string }>(items: readonly T[] | undefined): Map<string, T> {
  return new Map((items ?? []).map((i) => [i._id, i]));
}
