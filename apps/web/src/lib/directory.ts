import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/*
 * The directory screens' data (issue 8): numbered lists of customers, resources and group events
 * (`GET /directory/*`), what a customer's and a resource's detail show beside the record, the
 * records themselves and their writes through the scheduling collections (`/customers`,
 * `/resources`, `/timeline-records`, `/project-tasks`, `/calendar-events`), announcements, the
 * home page and the calendar. Times are the spec's wall-clock seconds (`utc_*_plus_tz`).
 */

export type Rec = Record<string, unknown> & { _id: string; version?: number };
export type NumberedPage<T = Rec> = { items: T[]; total: number; page: number; limit: number };
export type CursorPage<T = Rec> = { items: T[]; next_cursor: string | null };

export const DIRECTORY_KEY = ['directory'] as const;

type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** A GET the screen shows failures of itself (no toast). */
const get = <T>(path: string, query: Query, signal: AbortSignal) =>
  api.get<T>(path, { query, quiet: true, signal });

export const numberedListQuery = (path: string, query: Query) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, path, query] as const,
    queryFn: ({ signal }) => get<NumberedPage>(path, query, signal),
    placeholderData: keepPreviousData,
  });

export const cursorListQuery = (path: string, query: Query) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, path, query] as const,
    queryFn: ({ signal }) => get<CursorPage>(path, query, signal),
    placeholderData: keepPreviousData,
  });

export const recordQuery = (collection: string, id: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, collection, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.get<Rec>(`${collection}/${encodeURIComponent(id)}`, { quiet: true, signal, retry: false }),
    retry: false,
  });

export const overviewQuery = <T>(collection: '/directory/customers' | '/directory/resources', id: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, collection, 'overview', id] as const,
    queryFn: ({ signal }) =>
      api.get<T>(`${collection}/${encodeURIComponent(id)}/overview`, { quiet: true, signal, retry: false }),
    retry: false,
  });

export type Label = { _id: string; name: string; type?: string; inactive?: boolean };

/** The organisation's labels (every page; the spec stops catalogue loading at 1000). */
export const labelsQuery = queryOptions({
  queryKey: [...DIRECTORY_KEY, 'labels'] as const,
  queryFn: async ({ signal }) => {
    const out: Label[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 4; i++) {
      const page = await api.get<CursorPage<Label>>('/labels', {
        query: { limit: 250, cursor },
        quiet: true,
        signal,
      });
      out.push(...page.items);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    return out;
  },
  staleTime: 5 * 60_000,
});

/** Every record of a small collection (names for pickers): up to 1000. */
export const allQuery = (path: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'all', path] as const,
    queryFn: async ({ signal }) => {
      const out: Rec[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 4; i++) {
        const page = await api.get<CursorPage>(path, { query: { limit: 250, cursor }, quiet: true, signal });
        out.push(...page.items);
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return out;
    },
    staleTime: 60_000,
  });

export const createRecord = (collection: string, body: Record<string, unknown>) =>
  api.post<Rec>(collection, body, { quiet: true, retry: false });

export const updateRecord = (
  collection: string,
  id: string,
  version: number,
  body: Record<string, unknown>,
) =>
  api.request<Rec>(`${collection}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...body, version },
    quiet: true,
    retry: false,
  });

export const deleteRecord = (collection: string, id: string, version: number) =>
  api.request<Rec>(`${collection}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { 'if-match': `"${version}"` },
    quiet: true,
    retry: false,
  });

/** "First Last", else the name, else the fallback. */
export function displayName(r: Record<string, unknown> | undefined, fallback = ''): string {
  if (!r) return fallback;
  const parts = [r.first_name, r.last_name].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');
  if (parts !== '') return parts;
  return typeof r.name === 'string' && r.name !== '' ? r.name : fallback;
}

export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
export const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** A page number from the URL (1 when absent or not a positive whole number). */
export function pageFrom(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** `?key=` values of the URL as one string (empty when absent). */
export const param = (search: Record<string, unknown>, key: string): string => str(search[key]);
