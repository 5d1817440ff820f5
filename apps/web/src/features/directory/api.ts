import type { CursorPage, NumberedPage, RecordNames } from '@rostra/core/api/common';
import type { LabelRecord } from '@rostra/core/api/labels';
import type { Member, MembersAnswer } from '@rostra/core/api/settings';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * The directory's calls (issue 8), typed from the API's schemas in `@rostra/core/api/<feature>`:
 * a feature's numbered list (`GET /directory/*`), one record and its writes through the record
 * collections (`/customers`, `/resources`, `/timeline-records`, `/project-tasks`,
 * `/calendar-events`), and the pickers' names. Only types come from core here: zod stays out of
 * the screens that do not validate.
 */

export const DIRECTORY_KEY = ['directory'] as const;

/** One numbered page of a directory list (the previous page stays shown while the next loads). */
export const listQuery = <T>(path: string, query: QueryParams) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, path, query] as const,
    queryFn: ({ signal }) => api.get<NumberedPage<T>>(path, { query, quiet: true, signal }),
    placeholderData: keepPreviousData,
  });

/** One record of a collection (`/customers/:id`); failures are the drawer's to show. */
export const recordQuery = <T>(collection: string, id: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, collection, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.get<T>(`${collection}/${encodeURIComponent(id)}`, { quiet: true, signal, retry: false }),
    retry: false,
  });

/** What a detail shows beside the record (`/directory/<feature>/:id/overview`). */
export const overviewQuery = <T>(path: string, id: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, path, 'overview', id] as const,
    queryFn: ({ signal }) =>
      api.get<T>(`${path}/${encodeURIComponent(id)}/overview`, { quiet: true, signal, retry: false }),
    retry: false,
  });

/** Every record of a small collection, for pickers: up to 1000 (the spec's catalogue limit). */
async function everyPage<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 4; i++) {
    const page = await api.get<CursorPage<T>>(path, { query: { limit: 250, cursor }, quiet: true, signal });
    out.push(...page.items);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return out;
}

export const allQuery = <T>(path: string) =>
  queryOptions({
    queryKey: [...DIRECTORY_KEY, 'all', path] as const,
    queryFn: ({ signal }) => everyPage<T>(path, signal),
    staleTime: 60_000,
  });

/** A label as `GET /labels` answers it. */
export type Label = LabelRecord;

/** The organisation's labels. */
export const labelsQuery = queryOptions({
  queryKey: [...DIRECTORY_KEY, 'labels'] as const,
  queryFn: ({ signal }) => everyPage<Label>('/labels', signal),
  staleTime: 5 * 60_000,
});

/** A member of the organisation as the readers picker shows it (`GET /users`, dispatchers only). */
export type OrgUser = Pick<Member, 'uid' | 'name' | 'email' | 'role'>;

/** The organisation's users, one entry per user (a user with two roles is listed once, roles joined). */
export const orgUsersQuery = queryOptions({
  queryKey: [...DIRECTORY_KEY, 'users'] as const,
  queryFn: async ({ signal }) => {
    const page = await api.get<MembersAnswer>('/users', { quiet: true, signal });
    const byUid = new Map<string, OrgUser>();
    for (const m of page.items) {
      const seen = byUid.get(m.uid);
      byUid.set(m.uid, seen ? { ...seen, role: `${seen.role}, ${m.role}` } : m);
    }
    return [...byUid.values()];
  },
  staleTime: 60_000,
});

/** A create (`body` as the feature's create schema types it). */
export const createRecord = <T, B extends object>(collection: string, body: B) =>
  api.post<T>(collection, body, { quiet: true, retry: false });

/** A change with the version read (409 when someone else changed it since). */
export const updateRecord = <T, B extends object>(collection: string, id: string, version: number, body: B) =>
  api.request<T>(`${collection}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...body, version },
    quiet: true,
    retry: false,
  });

export const deleteRecord = (collection: string, id: string, version: number) =>
  api.request<unknown>(`${collection}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { 'if-match': `"${version}"` },
    quiet: true,
    retry: false,
  });

/** "First Last", else the name, else the fallback. */
export function displayName(r: RecordNames | undefined, fallback = ''): string {
  if (!r) return fallback;
  const parts = [r.first_name, r.last_name].filter((p) => p && p.trim() !== '').join(' ');
  if (parts !== '') return parts;
  return r.name ? r.name : fallback;
}
