/*
 * Where a resource was when they pinged (issue #9 pings): inside the organisation's geofence (the
 * company document's `geofence`: a circle `{ lat, lng, radius }` in metres, as the settings'
 * geofence dialog saves it, or a polygon `{ points: [{ lat, lng }, …] }`), and near the job's
 * address (within the company's `max_distance`, metres).
 */

export type Point = { lat: number; lng: number };
export type Geofence =
  | { kind: 'circle'; center: Point; radius: number }
  | { kind: 'polygon'; points: Point[] };

const EARTH_RADIUS_M = 6_371_000;
/** A circle without a usable radius: the settings dialog's default. */
export const DEFAULT_GEOFENCE_RADIUS_M = 100;

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine, R = 6371 km). */
export function distanceMetres(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

const isPoint = (v: unknown): v is Point =>
  typeof v === 'object' &&
  v !== null &&
  Number.isFinite((v as Point).lat) &&
  Number.isFinite((v as Point).lng) &&
  typeof (v as Point).lat === 'number' &&
  typeof (v as Point).lng === 'number';

/** The company document's `geofence` as a shape, or undefined when none is set or it is unusable. */
export function parseGeofence(value: unknown): Geofence | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.points)) {
    const points = v.points.filter(isPoint);
    return points.length >= 3 ? { kind: 'polygon', points } : undefined;
  }
  if (!isPoint(value)) return undefined;
  const r = v.radius;
  const radius = typeof r === 'number' && r > 0 ? r : DEFAULT_GEOFENCE_RADIUS_M;
  return { kind: 'circle', center: { lat: value.lat, lng: value.lng }, radius };
}

/** Whether a point is inside the geofence (on the circle's edge counts as inside). */
export function insideGeofence(p: Point, fence: Geofence): boolean {
  if (fence.kind === 'circle') return distanceMetres(p, fence.center) <= fence.radius;
  // Ray casting on lat/lng (areas of a site's size: planar is exact enough).
  let inside = false;
  const pts = fence.points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i] as Point;
    const b = pts[j] as Point;
    if (
      a.lat > p.lat !== b.lat > p.lat &&
      p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng
    ) {
      inside = !inside;
    }
  }
  return inside;
}

export type PingPlace = {
  inside_geofence: boolean | null;
  near_job: boolean | null;
  distance_m: number | null;
};

/**
 * Where a ping was: inside the geofence (null when the company has none), its distance to the job
 * (metres, rounded; null when the job has no position) and whether that is within `maxDistanceM`.
 */
export function pingPlace(
  p: Point,
  geofence: unknown,
  job: Point | null | undefined,
  maxDistanceM: number,
): PingPlace {
  const fence = parseGeofence(geofence);
  const d = job && isPoint(job) ? distanceMetres(p, job) : null;
  return {
    inside_geofence: fence ? insideGeofence(p, fence) : null,
    near_job: d === null ? null : d <= maxDistanceM,
    distance_m: d === null ? null : Math.round(d),
  };
}
