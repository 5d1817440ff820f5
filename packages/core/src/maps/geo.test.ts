import { describe, expect, it } from 'vitest';
import { buildRoute, distanceKm, fitViewport, formatDistance, isLocated, project, tilesFor } from './geo.ts';

const SYDNEY = { lat: -33.8688, lng: 151.2093 };
const PARRAMATTA = { lat: -33.815, lng: 151.0011 };

describe('distanceKm', () => {
  it('one degree of latitude along a meridian is 6371 × π / 180 km', () => {
    expect(distanceKm({ lat: -34, lng: 151 }, { lat: -33, lng: 151 })).toBeCloseTo((6371 * Math.PI) / 180, 9);
  });
  it('Sydney to Parramatta is about 20 km, and the same both ways; a point to itself is 0', () => {
    expect(distanceKm(SYDNEY, PARRAMATTA)).toBeCloseTo(20.1, 0);
    expect(distanceKm(PARRAMATTA, SYDNEY)).toBeCloseTo(distanceKm(SYDNEY, PARRAMATTA), 12);
    expect(distanceKm(SYDNEY, SYDNEY)).toBe(0);
  });
});

describe('isLocated', () => {
  it('takes finite degrees in range; refuses missing, out-of-range and 0,0', () => {
    expect(isLocated(SYDNEY)).toBe(true);
    expect(isLocated(undefined)).toBe(false);
    expect(isLocated({ lat: 91, lng: 0 })).toBe(false);
    expect(isLocated({ lat: 0, lng: 0 })).toBe(false);
    expect(isLocated({ lat: Number.NaN, lng: 1 })).toBe(false);
  });
});

type Job = { id: string; begin: number; at?: { lat: number; lng: number } };
const get = { begin: (j: Job) => j.begin, at: (j: Job) => j.at, idOf: (j: Job) => j.id };

describe('buildRoute', () => {
  it('orders the stops by begin time and sums the legs between located stops', () => {
    const route = buildRoute<Job>(
      [
        { id: 'b', begin: 200, at: SYDNEY },
        { id: 'a', begin: 100, at: PARRAMATTA },
        { id: 'c', begin: 300, at: PARRAMATTA },
      ],
      get,
    );
    expect(route.stops.map((s) => [s.item.id, s.seq])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const d = distanceKm(SYDNEY, PARRAMATTA);
    expect(route.stops[0]?.legKm).toBeNull();
    expect(route.stops[1]?.legKm).toBeCloseTo(d, 9);
    expect(route.totalKm).toBeCloseTo(2 * d, 9);
    expect(route.located).toBe(3);
  });

  it('a stop without a location keeps its place but has no leg and does not break the chain; a start point makes the first leg', () => {
    const route = buildRoute<Job>(
      [
        { id: 'a', begin: 100, at: SYDNEY },
        { id: 'x', begin: 150 },
        { id: 'b', begin: 200, at: PARRAMATTA },
      ],
      get,
      SYDNEY,
    );
    expect(route.stops.map((s) => s.legKm)).toEqual([0, null, distanceKm(SYDNEY, PARRAMATTA)]);
    expect(route.located).toBe(2);
  });

  it('equal begin times are ordered by id, so the route is the same whatever order the jobs came in', () => {
    const jobs: Job[] = [
      { id: 'z', begin: 1, at: SYDNEY },
      { id: 'a', begin: 1, at: PARRAMATTA },
    ];
    expect(buildRoute(jobs, get).stops.map((s) => s.item.id)).toEqual(['a', 'z']);
    expect(buildRoute([...jobs].reverse(), get).stops.map((s) => s.item.id)).toEqual(['a', 'z']);
  });
});

describe('formatDistance', () => {
  it('metres under 1 km, else km with one decimal', () => {
    expect(formatDistance(0.85)).toBe('850 m');
    expect(formatDistance(1)).toBe('1.0 km');
    expect(formatDistance(20.14)).toBe('20.1 km');
  });
});

describe('fitViewport and project', () => {
  it('every point lands inside the box with its padding, at the largest whole zoom that fits', () => {
    const view = fitViewport([SYDNEY, PARRAMATTA], 800, 500, 24);
    for (const p of [SYDNEY, PARRAMATTA]) {
      const { x, y } = project(view, p);
      expect(x).toBeGreaterThanOrEqual(24);
      expect(x).toBeLessThanOrEqual(776);
      expect(y).toBeGreaterThanOrEqual(24);
      expect(y).toBeLessThanOrEqual(476);
    }
    // One zoom more would not fit: the span doubles past the inner width.
    const a = project({ ...view, zoom: view.zoom + 1 }, SYDNEY);
    const b = project({ ...view, zoom: view.zoom + 1 }, PARRAMATTA);
    expect(Math.abs(a.x - b.x) > 752 || Math.abs(a.y - b.y) > 452).toBe(true);
  });

  it('without tiles the zoom is the exact fit: the farther pair of points spans the inner box', () => {
    const view = fitViewport([SYDNEY, PARRAMATTA], 800, 500, 24, false);
    const a = project(view, SYDNEY);
    const b = project(view, PARRAMATTA);
    expect(Math.max(Math.abs(a.x - b.x) / 752, Math.abs(a.y - b.y) / 452)).toBeCloseTo(1, 9);
    expect(tilesFor(view, 'http://tiles.local/{z}/{x}/{y}.png')).toEqual([]);
  });

  it('west is left and north is up', () => {
    const view = fitViewport([SYDNEY, PARRAMATTA], 800, 500);
    expect(project(view, PARRAMATTA).x).toBeLessThan(project(view, SYDNEY).x);
    expect(project(view, PARRAMATTA).y).toBeLessThan(project(view, SYDNEY).y);
  });

  it('one point sits in the centre at zoom 14; no points shows the world at zoom 0', () => {
    const one = fitViewport([SYDNEY], 400, 300);
    expect(one.zoom).toBe(14);
    expect(project(one, SYDNEY).x).toBeCloseTo(200, 6);
    expect(project(one, SYDNEY).y).toBeCloseTo(150, 6);
    expect(fitViewport([], 400, 300).zoom).toBe(0);
  });
});

describe('tilesFor', () => {
  it('no template, no tiles: the map is drawn on its plain background', () => {
    expect(tilesFor(fitViewport([SYDNEY, PARRAMATTA], 800, 500), undefined)).toEqual([]);
    expect(tilesFor(fitViewport([SYDNEY, PARRAMATTA], 800, 500), '')).toEqual([]);
  });

  it('with a template, the tiles cover the whole box at the view zoom', () => {
    const view = fitViewport([SYDNEY, PARRAMATTA], 800, 500);
    const tiles = tilesFor(view, 'http://tiles.local/{z}/{x}/{y}.png');
    expect(tiles.length).toBeGreaterThan(0);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(800);
    expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(500);
    expect(tiles[0]?.url).toBe(`http://tiles.local/${view.zoom}/${tiles[0]?.x}/${tiles[0]?.y}.png`);
  });
});
