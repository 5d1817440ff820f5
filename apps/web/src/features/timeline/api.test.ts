import { createPoolChecker } from '@rostra/core/allocation/pool-check';
import type { AllocationConfig, WindowRecord } from '@rostra/core/api/timeline';
import { describe, expect, it } from 'vitest';
import { type CheckData, windowScenario } from './api.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const WEEK = '2026-01-04_2026-01-10';
const allWeek = (resourceId: string) => ({
  _id: `${resourceId}-${WEEK}`,
  resourceId,
  week_id: WEEK,
  su: true,
  mo: true,
  tu: true,
  we: true,
  th: true,
  fr: true,
  sa: true,
  beg: 0,
  end: 0,
  timings: {},
  version: 1,
});

/** Two resources working all week: 'near' holds the booking's label, 'far' has none and lives 50 km away. */
const data: CheckData = {
  resources: [
    { _id: 'near', name: 'Near', labels: ['l-nurse'], _geoloc: { lat: -33.87, lng: 151.21 } },
    { _id: 'far', name: 'Far', labels: [], _geoloc: { lat: -33.42, lng: 151.21 } },
  ],
  labels: [{ _id: 'l-nurse', name: 'Nurse', type: 'label', unit_price: 0 }],
  blacklists: [],
  shifts: [allWeek('near'), allWeek('far')],
};
const records: WindowRecord[] = [];
const job = {
  _id: 'j1',
  status: 'confirmed',
  labels: ['l-nurse'],
  _geoloc: { lat: -33.87, lng: 151.2 },
  utc_begin_plus_tz: at('2026-01-05T09:00'),
  utc_end_plus_tz: at('2026-01-05T10:00'),
};

/** The drag-time check as the worker runs it: the window's scenario, the dragged booking, some rows. */
function dragVerdict(config?: AllocationConfig) {
  const check = createPoolChecker({ ...windowScenario(records, data, 0, config), job });
  return Object.fromEntries(
    check(job.utc_begin_plus_tz, job.utc_end_plus_tz, ['near', 'far']).map((c) => [
      c.resourceId,
      c.errors.map((e) => e.code),
    ]),
  );
}

describe("the browser's drag check runs with the organisation's allocation config", () => {
  it('without one, the contract defaults fail a row on labels and distance', () => {
    expect(dragVerdict()).toEqual({
      near: [],
      far: ['resource_label_mismatch', 'resource_distance_exceeds_limit'],
    });
  });

  it('a switch the organisation turned off no longer fails the row; its max distance counts', () => {
    const org = { max_distance: 20_000, week_start_day: 0, switches: {} };
    expect(dragVerdict({ ...org, switches: { LABEL_MATCH_NOT_CHECK: true } }).far).toEqual([
      'resource_distance_exceeds_limit',
    ]);
    expect(
      dragVerdict({ ...org, switches: { LABEL_MATCH_NOT_CHECK: true, DISTANCE_NOT_CHECK: true } }).far,
    ).toEqual([]);
    // A wider max distance (metres) lets the far resource pass the distance check.
    expect(dragVerdict({ ...org, max_distance: 100_000 }).far).toEqual(['resource_label_mismatch']);
  });

  it("the overlap buffer, the rest rule's minutes and the date format are the organisation's too", () => {
    /** 'near' already has a job from 07:00 to `end`; the dragged one is 09:00–10:00. */
    const nearErrors = (end: string, config: AllocationConfig) => {
      const before = [
        {
          _id: 'j0',
          _key: 'booking',
          status: 'confirmed',
          resIds: ['near'],
          utc_begin_plus_tz: at('2026-01-05T07:00'),
          utc_end_plus_tz: at(`2026-01-05T${end}`),
        } as WindowRecord,
      ];
      const check = createPoolChecker({ ...windowScenario(before, data, 0, config), job });
      return check(job.utc_begin_plus_tz, job.utc_end_plus_tz, ['near'])[0]?.errors ?? [];
    };
    const org = { max_distance: 20_000, week_start_day: 0, switches: {} };
    // 20 minutes of overlap: busy under the contract's 15, forgiven under a 30-minute buffer.
    expect(nearErrors('09:20', org).map((e) => e.code)).toEqual(['resource_busy']);
    expect(nearErrors('09:20', { ...org, overlap_buffer_minutes: 30 })).toEqual([]);
    // 20 minutes between the jobs, with the rest rule on: enough for an organisation asking 15,
    // not for one asking 30 (the default 600 would fail both).
    const rest = { ...org, switches: { MIN_REST_NOT_CHECK: false } };
    expect(nearErrors('08:40', { ...rest, min_rest_minutes: 15 })).toEqual([]);
    const [tired] = nearErrors('08:40', { ...rest, min_rest_minutes: 30, date_format: 'yyyy-mm-dd' });
    expect(tired?.code).toBe('resource_min_rest');
    expect(tired?.message).toContain('2026-01-05 07:00:00 AM');
  });
});

describe("the browser's drag check counts hours in the organisation's zone", () => {
  // Sydney's clocks go back 03:00 → 02:00 on Sunday 5 April 2026: 01:00–04:00 lasts 4 hours.
  const back = {
    ...job,
    labels: [],
    utc_begin_plus_tz: at('2026-04-05T01:00'),
    utc_end_plus_tz: at('2026-04-05T04:00'),
  };
  const dayOf3: CheckData = {
    ...data,
    resources: [
      { _id: 'near', name: 'Near', labels: [], max_hrs_dy: 3, _geoloc: { lat: -33.87, lng: 151.21 } },
    ],
    shifts: [{ ...allWeek('near'), week_id: '2026-04-05_2026-04-11' }],
  };
  const verdict = (config: AllocationConfig) => {
    const check = createPoolChecker({ ...windowScenario(records, dayOf3, 0, config), job: back });
    return check(back.utc_begin_plus_tz, back.utc_end_plus_tz, ['near'])[0]?.errors.map((e) => e.code);
  };
  const org = { max_distance: 20_000, week_start_day: 0, switches: { MAX_HR_DAY_NOT_CHECK: false } };

  it('01:00–04:00 the night clocks go back fails a 3-hour day in Sydney, and fits it on the wall clock', () => {
    expect(verdict({ ...org, time_zone: 'Australia/Sydney' })).toEqual([
      'resource_cross_max_min_hours_daily',
    ]);
    expect(verdict(org)).toEqual([]);
  });
});
