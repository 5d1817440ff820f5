import { DAY } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { fetchMapConfig, OPS_KEYS } from '../../lib/operations.ts';
import { locationOf, type MapResource } from '../../lib/operations-routes.ts';
import { fetchRecords, type TimelineRecord, useResources } from '../../lib/roster.ts';

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

export function useMapResources() {
  return useResources() as ReturnType<typeof useResources> & { data?: MapResource[] };
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
export function jobTitle(r: TimelineRecord): string {
  return [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' ') || r._id;
}

export const jobPlace = (r: TimelineRecord): string =>
  (r.all_location as string | null | undefined) || (r.addressline1 as string | null | undefined) || '';
