import { describe, expect, it } from 'vitest';
import { distanceMetres, insideGeofence, parseGeofence, pingPlace } from './geo.ts';

const SYDNEY = { lat: -33.8688, lng: 151.2093 };
// ~111 m north per 0.001° of latitude.
const north = (m: number) => ({ lat: SYDNEY.lat + m / 111_195, lng: SYDNEY.lng });

describe('geofence and nearness', () => {
  it('measures great-circle distance in metres', () => {
    expect(Math.round(distanceMetres(SYDNEY, north(500)))).toBe(500);
    expect(distanceMetres(SYDNEY, SYDNEY)).toBe(0);
  });

  it('a circle includes its edge and excludes just beyond it', () => {
    const fence = parseGeofence({ ...SYDNEY, radius: 100 });
    if (!fence) throw new Error('no fence');
    expect(insideGeofence(north(99), fence)).toBe(true);
    expect(insideGeofence(north(101), fence)).toBe(false);
  });

  it('a circle without a radius gets the default 100 m; no geofence is undefined', () => {
    expect(parseGeofence(SYDNEY)).toEqual({ kind: 'circle', center: SYDNEY, radius: 100 });
    expect(parseGeofence(null)).toBeUndefined();
    expect(parseGeofence({ lat: 'x' })).toBeUndefined();
  });

  it('a polygon contains the points inside it', () => {
    const fence = parseGeofence({
      points: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 1 },
        { lat: 1, lng: 1 },
        { lat: 1, lng: 0 },
      ],
    });
    if (!fence) throw new Error('no fence');
    expect(insideGeofence({ lat: 0.5, lng: 0.5 }, fence)).toBe(true);
    expect(insideGeofence({ lat: 1.5, lng: 0.5 }, fence)).toBe(false);
  });

  it('a ping is near the job within the max distance; unknowns are null', () => {
    expect(pingPlace(north(150), { ...SYDNEY, radius: 100 }, SYDNEY, 200)).toEqual({
      inside_geofence: false,
      near_job: true,
      distance_m: 150,
    });
    expect(pingPlace(north(250), undefined, SYDNEY, 200)).toMatchObject({
      inside_geofence: null,
      near_job: false,
    });
    expect(pingPlace(SYDNEY, undefined, null, 200)).toEqual({
      inside_geofence: null,
      near_job: null,
      distance_m: null,
    });
  });
});
