import type {
  PackageRequest,
  PackageRequestBody,
  PackageRequestPage,
  PackageTypes,
} from '@rostra/core/api/package-requests';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';
import { useLive } from '../../lib/live.ts';

/*
 * Package requests (issue #22 point 14): `GET /package-requests/types` (the organisation's
 * active service labels), `GET /package-requests?open&page&limit` (dispatchers: all; a customer:
 * their own), `POST /package-requests` `{ type, note? }` (customers) and
 * `POST /package-requests/{id}/handled` (dispatchers). Changes arrive live on the
 * `notifications` topic (kind `package_request`).
 */

export const PACKAGES_KEY = ['package-requests'] as const;

export const packageTypesQuery = queryOptions({
  queryKey: [...PACKAGES_KEY, 'types'] as const,
  queryFn: ({ signal }) => api.get<PackageTypes>('/package-requests/types', { quiet: true, signal }),
});

export const packageRequestsQuery = (query: { open?: boolean; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...PACKAGES_KEY, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<PackageRequestPage>('/package-requests', {
        query: {
          page: query.page,
          limit: query.limit,
          ...(query.open === undefined ? {} : { open: String(query.open) }),
        },
        quiet: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const sendPackageRequest = (body: PackageRequestBody) =>
  api.post<PackageRequest>('/package-requests', body, { quiet: true, retry: false });

export const markHandled = (id: string) =>
  api.post<PackageRequest>(`/package-requests/${encodeURIComponent(id)}/handled`, undefined, {
    quiet: true,
    retry: false,
  });

/** Refreshes the lists when a request is sent or handled (told live). */
export function usePackageRequestsLive(): void {
  const queryClient = useQueryClient();
  useLive({ topic: 'notifications' }, (e) => {
    if (e.type === 'event' && e.kind === 'package_request')
      void queryClient.invalidateQueries({ queryKey: [...PACKAGES_KEY, 'list'] });
  });
}
