import { isLocated, type LatLng } from '@rostra/core/maps/geo';
import { DAY } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { fetchMapConfig, OPS_KEYS } from '../../lib/operations.ts';
import { fetchRecords, type ResourceRecord, type TimelineRecord, useResources } from '../../lib/roster.ts';

/*
 * What the maps and vehicle-routes screens read: the day's bookings (wall-clock day `[day, day +
 * 1 day)`), the organisation's resources, and the tile configuration (none: a plain background).
 */

export type MapResource = ResourceRecord & { _geoloc?: LatLng | null };

export const locationOf = (r: object | undefined): LatLng | null => {
  const g = (r as { _geoloc?: unknown } | undefined)?._geoloc as Partial<LatLng> | null | undefined;
  return isLocated(g) ? g : null;
};

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

/** Route colours, distinct and readable on the plain background. */
export const ROUTE_COLORS = [
  '#0369a1',
  '#b45309',
  '#15803d',
  '#7c3aed',
  '#be123c',
  '#0f766e',
  '#a16207',
  '#4338ca',
];
