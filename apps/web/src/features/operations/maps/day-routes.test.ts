import type { Booking } from '@rostra/core/api/bookings';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { distanceKm } from '@rostra/core/maps/geo';
import { describe, expect, it } from 'vitest';
import { dayRoutes } from './day-routes.ts';

const HOME = { lat: -33.8688, lng: 151.2093 };
const A = { lat: -33.815, lng: 151.0011 };
const B = { lat: -33.7969, lng: 151.2841 };

const job = (id: string, begin: number, resIds: string[], at?: { lat: number; lng: number }): Booking => ({
  _id: id,
  resIds,
  utc_begin_plus_tz: begin,
  utc_end_plus_tz: begin + 3600,
  version: 1,
  ...(at ? { _geoloc: at } : {}),
});

const res = (id: string, at?: { lat: number; lng: number }): ResourceRecord => ({
  _id: id,
  name: id.toUpperCase(),
  ...(at ? { _geoloc: at } : {}),
});

describe('dayRoutes', () => {
  it("one route per resource with jobs, the jobs in time order, legs from the resource's home", () => {
    const routes = dayRoutes(
      [job('late', 200, ['r1'], B), job('early', 100, ['r1'], A), job('other', 150, ['r2'], A)],
      [res('r1', HOME), res('r2'), res('r3', HOME)],
    );
    expect(routes.map((r) => r.resource._id)).toEqual(['r1', 'r2']);
    const r1 = routes[0]?.route;
    expect(r1?.stops.map((s) => s.item._id)).toEqual(['early', 'late']);
    expect(r1?.stops[0]?.legKm).toBeCloseTo(distanceKm(HOME, A), 9);
    expect(r1?.totalKm).toBeCloseTo(distanceKm(HOME, A) + distanceKm(A, B), 9);
    // Without a home the first stop has no leg.
    expect(routes[1]?.route.stops[0]?.legKm).toBeNull();
    expect(routes[0]?.color).not.toBe(routes[1]?.color);
  });

  it('a job with two resources is on both routes; a job without a location keeps its place without a leg', () => {
    const routes = dayRoutes(
      [job('shared', 100, ['r1', 'r2'], A), job('nowhere', 200, ['r1'])],
      [res('r1'), res('r2')],
    );
    expect(routes.map((r) => r.route.stops.map((s) => s.item._id))).toEqual([
      ['shared', 'nowhere'],
      ['shared'],
    ]);
    expect(routes[0]?.route.stops[1]?.legKm).toBeNull();
    expect(routes[0]?.route.located).toBe(1);
  });
});
