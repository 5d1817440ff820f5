import type { Booking } from '@rostra/core/api/bookings';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { buildRoute, isLocated, type LatLng, type Route } from '@rostra/core/maps/geo';

/*
 * The vehicle-routes screen's model (pure): the day's jobs grouped into one route per resource,
 * ordered and measured by the core's `buildRoute` (haversine legs).
 */

/** A record's `_geoloc` when it is a usable point, else null. */
export const locationOf = (
  r: { _geoloc?: Partial<LatLng> | null | undefined } | undefined,
): LatLng | null => {
  const g = r?._geoloc;
  return isLocated(g) ? g : null;
};

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

export type ResourceRoute = { resource: ResourceRecord; color: string; route: Route<Booking> };

/**
 * The day's routes, one per resource with jobs (in the resources' order): their jobs in time
 * order, each leg the straight-line distance from the stop before — from the resource's own
 * location for the first, when known. A job with several resources is on each one's route.
 */
export function dayRoutes(jobs: readonly Booking[], resources: readonly ResourceRecord[]): ResourceRoute[] {
  const byResource = new Map<string, Booking[]>();
  for (const j of jobs) for (const id of j.resIds) byResource.set(id, [...(byResource.get(id) ?? []), j]);
  return resources
    .filter((r) => byResource.has(r._id))
    .map((resource, i) => ({
      resource,
      color: ROUTE_COLORS[i % ROUTE_COLORS.length] as string,
      route: buildRoute(
        byResource.get(resource._id) ?? [],
        { begin: (j) => j.utc_begin_plus_tz, at: locationOf, idOf: (j) => j._id },
        locationOf(resource),
      ),
    }));
}
