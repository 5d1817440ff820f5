import type { Booking } from '@rostra/core/api/bookings';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { DAY } from '@rostra/core/time/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchRecords, useResources } from '../../../lib/roster.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { fetchMapConfig, fetchMapJobs, fetchMapResources, OPS_KEYS } from '../api.ts';
import { locationOf } from './day-routes.ts';

export { locationOf };

/*
 * What the maps and vehicle-routes screens read: the day's bookings (wall-clock day `[day, day +
 * 1 day)`), the organisation's resources, and the tile configuration (none: a plain background).
 */

export function useDayJobs(day: number) {
  return useQuery({
    queryKey: ['ops', 'map-day', day],
    queryFn: async () =>
      (await fetchRecords(day, day + DAY, 'booking')).filter((r) => r.status !== 'cancelled'),
  });
}

/**
 * One page of the day's jobs as the server pages them (the map query: 20 a page, soonest first,
 * not cancelled, with the total and the day's statuses); the previous page stays shown while the
 * next one loads.
 */
export function useMapJobsPage(day: number, status: string, page: number) {
  return useQuery({
    queryKey: ['ops', 'map-jobs', day, status, page],
    queryFn: ({ signal }) =>
      fetchMapJobs({ from: day, to: day + DAY, status: status || undefined, page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The map's page size of either list (spec scheduling §9: the map query's limit is 20). */
export const MAP_PAGE = 20;

export type MapResourcesView = {
  items: ResourceRecord[];
  total: number;
  limit: number;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * One page of the resources the map shows, as the server pages them (active ones, A→Z, 20 a page,
 * with the total) for those who read the catalogue; a resource's page is themselves.
 */
export function useMapResourcesPage(page: number): MapResourcesView {
  const { role, me } = useShell();
  const readsCatalogue = role === 'dispatcher' || me.duties.includes('partner');
  const query = useQuery({
    queryKey: ['ops', 'map-resources', page],
    queryFn: ({ signal }) => fetchMapResources({ page, limit: MAP_PAGE }, signal),
    enabled: readsCatalogue,
    placeholderData: keepPreviousData,
  });
  if (!readsCatalogue) {
    const own: ResourceRecord[] = me.resource_id
      ? [{ _id: me.resource_id, name: me.user_details.displayName }]
      : [];
    return {
      items: own,
      total: own.length,
      limit: MAP_PAGE,
      isPending: false,
      isError: false,
      isPlaceholderData: false,
      error: null,
      refetch: () => undefined,
    };
  }
  return {
    items: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    limit: query.data?.limit ?? MAP_PAGE,
    isPending: query.isPending,
    isError: query.isError,
    isPlaceholderData: query.isPlaceholderData,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type MapResources = {
  data: ResourceRecord[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The resources to show: the organisation's for those who read the catalogue (dispatchers and
 * partners); a resource sees only themselves (their own jobs are what they may read).
 */
export function useMapResources(): MapResources {
  const { role, me } = useShell();
  const readsCatalogue = role === 'dispatcher' || me.duties.includes('partner');
  const all = useResources(readsCatalogue);
  if (readsCatalogue) return all;
  const own: ResourceRecord[] = me.resource_id
    ? [{ _id: me.resource_id, name: me.user_details.displayName }]
    : [];
  return { data: own, isPending: false, isError: false, error: null, refetch: () => undefined };
}

export function useMapConfig() {
  return useQuery({
    queryKey: OPS_KEYS.mapConfig,
    staleTime: 10 * 60_000,
    // Without a configuration the map is still drawn: a plain background.
    queryFn: async () => {
      try {
        return await fetchMapConfig();
      } catch {
        return { tile_url: null, attribution: null };
      }
    },
  });
}

/** A booking's customer, or its id. */
export function jobTitle(r: Booking): string {
  return [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' ') || r._id;
}

export const jobPlace = (r: Booking): string =>
  (r.all_location as string | null | undefined) || (r.addressline1 as string | null | undefined) || '';
