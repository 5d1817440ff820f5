import { geoTerms } from '../allocation/scenario-index.ts';
import { haversineKm } from '../allocation/score.ts';

/**
 * Geography of the maps and vehicle-routes screens: distances (the allocation's own haversine,
 * R = 6371 km), a resource's day as a route, and a Web Mercator projection that fits a set of
 * points into a box — drawn on a plain background, with map tiles only when a tile server is
 * configured (their zoom and positions come from the same projection).
 */

export type LatLng = { lat: number; lng: number };

/** Great-circle distance in km between two points (degrees). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const p = geoTerms(a.lat, a.lng);
  const q = geoTerms(b.lat, b.lng);
  return haversineKm(
    p.sinHalfLat,
    p.cosHalfLat,
    p.sinHalfLng,
    p.cosHalfLng,
    p.cosLat,
    q.sinHalfLat,
    q.cosHalfLat,
    q.sinHalfLng,
    q.cosHalfLng,
    q.cosLat,
  );
}

/** A usable point: finite degrees within range (null island 0,0 counts as "no location"). */
export function isLocated(p: Partial<LatLng> | null | undefined): p is LatLng {
  return (
    !!p &&
    typeof p.lat === 'number' &&
    typeof p.lng === 'number' &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180 &&
    !(p.lat === 0 && p.lng === 0)
  );
}

export type RouteStop<T> = {
  item: T;
  /** 1-based order in the route. */
  seq: number;
  /** km from the previous located stop (from `start` for the first); null when this stop or nothing before it is located. */
  legKm: number | null;
  /** km travelled when this stop is reached. */
  totalKm: number;
};

export type Route<T> = { stops: RouteStop<T>[]; totalKm: number; located: number };

/**
 * A day's jobs as a route: in begin order (ties by `idOf`), each leg the straight-line distance
 * from the last located stop (or `start`, e.g. the resource's home). Stops without a location
 * stay in the list with no leg and do not break the chain.
 */
export function buildRoute<T>(
  items: readonly T[],
  get: { begin: (t: T) => number; at: (t: T) => LatLng | null | undefined; idOf: (t: T) => string },
  start?: LatLng | null,
): Route<T> {
  const ordered = [...items].sort(
    (a, b) =>
      get.begin(a) - get.begin(b) || (get.idOf(a) < get.idOf(b) ? -1 : get.idOf(a) > get.idOf(b) ? 1 : 0),
  );
  let last: LatLng | null = isLocated(start) ? start : null;
  let total = 0;
  let located = 0;
  const stops = ordered.map((item, i): RouteStop<T> => {
    const at = get.at(item);
    if (!isLocated(at)) return { item, seq: i + 1, legKm: null, totalKm: total };
    located += 1;
    const leg = last ? distanceKm(last, at) : null;
    if (leg !== null) total += leg;
    last = at;
    return { item, seq: i + 1, legKm: leg, totalKm: total };
  });
  return { stops, totalKm: total, located };
}

/** `12.3 km`, or `850 m` under 1 km. */
export function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`;
}

// --- projection --------------------------------------------------------------------------------

export const TILE_SIZE = 256;
const MAX_ZOOM = 18;

/** Web Mercator world pixels at zoom 0 (0..256 on both axes); latitudes clamped to ±85.0511°. */
export function worldPoint(p: LatLng): { x: number; y: number } {
  const lat = Math.max(-85.05112878, Math.min(85.05112878, p.lat));
  const s = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * TILE_SIZE,
    y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * TILE_SIZE,
  };
}

export type Viewport = {
  width: number;
  height: number;
  /** Whole zoom level (tiles exist only at whole levels). */
  zoom: number;
  /** World pixel (at `zoom`) of the box's top-left corner. */
  originX: number;
  originY: number;
};

/**
 * The largest zoom at which every point fits in the box with `padding` px on each side, centred on
 * the points' bounds: a whole zoom when tiles are to be drawn (`wholeZoom`, the default; tiles
 * exist only at whole levels), otherwise the exact fit, so a plain map uses all its room.
 * No points: the whole world. One point: zoom 14 around it.
 */
export function fitViewport(
  points: readonly LatLng[],
  width: number,
  height: number,
  padding = 24,
  wholeZoom = true,
): Viewport {
  const pts = points.filter(isLocated).map(worldPoint);
  const innerW = Math.max(1, width - 2 * padding);
  const innerH = Math.max(1, height - 2 * padding);
  let zoom: number;
  let cx: number;
  let cy: number;
  if (pts.length === 0) {
    zoom = 0;
    cx = TILE_SIZE / 2;
    cy = TILE_SIZE / 2;
  } else {
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const spanX = maxX - minX;
    const spanY = maxY - minY;
    if (spanX === 0 && spanY === 0) zoom = 14;
    else {
      const fit = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
      zoom = wholeZoom ? Math.floor(Math.log2(fit)) : Math.log2(fit);
    }
    zoom = Math.max(0, Math.min(MAX_ZOOM, zoom));
    cx = (minX + maxX) / 2;
    cy = (minY + maxY) / 2;
  }
  const scale = 2 ** zoom;
  return { width, height, zoom, originX: cx * scale - width / 2, originY: cy * scale - height / 2 };
}

/** Where a point falls in the box (px from its top-left). */
export function project(view: Viewport, p: LatLng): { x: number; y: number } {
  const w = worldPoint(p);
  const scale = 2 ** view.zoom;
  return { x: w.x * scale - view.originX, y: w.y * scale - view.originY };
}

export type Tile = { x: number; y: number; z: number; left: number; top: number; url: string };

/**
 * The tiles covering the box from a `{z}/{x}/{y}` URL template (e.g. MAP_TILE_URL); none without
 * a template. Columns wrap around the world; rows outside it are left out.
 */
export function tilesFor(view: Viewport, template: string | null | undefined): Tile[] {
  if (!template || !Number.isInteger(view.zoom)) return [];
  const n = 2 ** view.zoom;
  const tiles: Tile[] = [];
  const x0 = Math.floor(view.originX / TILE_SIZE);
  const y0 = Math.floor(view.originY / TILE_SIZE);
  const x1 = Math.floor((view.originX + view.width - 1) / TILE_SIZE);
  const y1 = Math.floor((view.originY + view.height - 1) / TILE_SIZE);
  for (let ty = Math.max(0, y0); ty <= Math.min(n - 1, y1); ty++)
    for (let tx = x0; tx <= x1; tx++) {
      const wx = ((tx % n) + n) % n;
      tiles.push({
        x: wx,
        y: ty,
        z: view.zoom,
        left: tx * TILE_SIZE - view.originX,
        top: ty * TILE_SIZE - view.originY,
        url: template.replace('{z}', String(view.zoom)).replace('{x}', String(wx)).replace('{y}', String(ty)),
      });
    }
  return tiles;
}
