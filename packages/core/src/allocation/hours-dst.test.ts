import { describe, expect, it } from 'vitest';
import { allWeek, at, checkOne, job, resource, runBatch } from './fixtures.test-helper.ts';
import { type AllocationConfig, parseScenario } from './scenario.ts';

// Hour limits count real elapsed time in the organisation's zone (`config.time_zone`). Sydney,
// 2026: clocks go back 03:00 → 02:00 on Sunday 5 April and forward 02:00 → 03:00 on Sunday
// 4 October (calendar.test.ts checks both against Intl).

const SYDNEY = { time_zone: 'Australia/Sydney' };
const BACK_WEEK = '2026-04-05_2026-04-11';
const FORWARD_WEEK = '2026-10-04_2026-10-10';
const DAY_ON = { switches: { MAX_HR_DAY_NOT_CHECK: false } };

/** Checks r1 (day limit `maxHrsDy`) for a 01:00–04:00 job on the night of `day`, whose week is `week`. */
const night = (day: string, week: string) => (maxHrsDy: number, config: AllocationConfig) =>
  checkOne({
    job: job({ utc_begin_plus_tz: at(`${day}T01:00`), utc_end_plus_tz: at(`${day}T04:00`) }),
    resources: [resource('r1', { max_hrs_dy: maxHrsDy })],
    shifts: [allWeek('r1', week)],
    config,
  });
const backNight = night('2026-04-05', BACK_WEEK);
const forwardNight = night('2026-10-04', FORWARD_WEEK);

describe('hour limits across daylight saving (config.time_zone)', () => {
  it('01:00–04:00 the night clocks go back is 4 hours: fails a 3-hour day limit', () => {
    expect(backNight(3, { ...DAY_ON, ...SYDNEY }).errors).toEqual([
      { code: 'resource_cross_max_min_hours_daily', message: 'exceeded 3 hours (1 jobs)' },
    ]);
  });

  it('boundary: the same job passes a 4-hour day limit, and a 3-hour one without a zone', () => {
    expect(backNight(4, { ...DAY_ON, ...SYDNEY }).ok).toBe(true);
    expect(backNight(3, DAY_ON).ok).toBe(true);
  });

  it('01:00–04:00 the night clocks go forward is 2 hours: passes a 2-hour day limit, fails 1.5', () => {
    expect(forwardNight(2, { ...DAY_ON, ...SYDNEY }).ok).toBe(true);
    expect(forwardNight(1.5, { ...DAY_ON, ...SYDNEY }).errors).toEqual([
      { code: 'resource_cross_max_min_hours_daily', message: 'exceeded 1.5 hours (1 jobs)' },
    ]);
    // Without a zone it is the wall clock's 3 hours.
    expect(forwardNight(2, DAY_ON).ok).toBe(false);
  });

  it("a booked job's hours count real time too: 4 h on the back night + a 4 h job fills an 8-hour week", () => {
    const week = (limit: number, config: AllocationConfig) =>
      checkOne({
        job: job({ utc_begin_plus_tz: at('2026-04-06T09:00'), utc_end_plus_tz: at('2026-04-06T13:00') }),
        resources: [resource('r1', { max_hrs_wk: limit })],
        timeline: [
          {
            _id: 'b1',
            resIds: ['r1'],
            utc_begin_plus_tz: at('2026-04-05T01:00'),
            utc_end_plus_tz: at('2026-04-05T04:00'),
          },
        ],
        shifts: [allWeek('r1', BACK_WEEK)],
        config,
      });
    expect(week(8, SYDNEY).ok).toBe(true);
    expect(week(7.5, SYDNEY).errors).toEqual([
      { code: 'resource_cross_max_min_hours_week', message: 'exceeded 7.5 hours (2 jobs)' },
    ]);
    expect(week(7.5, {}).ok).toBe(true); // 3 + 4 wall-clock hours
  });

  it('a batch counts the jobs it assigns in real time: the second back-night job no longer fits', () => {
    const outcome = runBatch({
      mode: 'auto',
      jobs: [
        job({
          _id: 'j1',
          utc_begin_plus_tz: at('2026-04-05T01:00'),
          utc_end_plus_tz: at('2026-04-05T04:00'),
        }),
        job({
          _id: 'j2',
          utc_begin_plus_tz: at('2026-04-05T10:00'),
          utc_end_plus_tz: at('2026-04-05T13:00'),
        }),
      ],
      resources: [resource('r1', { max_hrs_dy: 6.5 })],
      shifts: [allWeek('r1', BACK_WEEK)],
      config: { ...DAY_ON, ...SYDNEY },
    });
    // 4 h + 3 h = 7 h > 6.5 in Sydney; on the wall clock 6 h would have fitted.
    expect(outcome.results.map((r) => r.assigned)).toEqual([['r1'], []]);
  });

  it('refuses a time zone that is not an IANA zone, naming the field', () => {
    const parsed = parseScenario({ job: job(), config: { time_zone: 'Mars/Olympus' } });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain('config.time_zone');
  });
});

describe('rest and travel gaps across daylight saving (config.time_zone)', () => {
  /** r1 has a job ending `prevEnd` on `day`; the job checked begins `begin` the same night. */
  const gap = (day: string, week: string, prevEnd: string, begin: string, config: AllocationConfig) =>
    checkOne({
      job: job({
        utc_begin_plus_tz: at(`${day}T${begin}`),
        utc_end_plus_tz: at(`${day}T05:00`),
        _geoloc: { lat: -33.87, lng: 151.21 },
      }),
      resources: [resource('r1')],
      timeline: [
        {
          _id: 'b1',
          resIds: ['r1'],
          utc_begin_plus_tz: at(`${day}T00:00`),
          utc_end_plus_tz: at(`${day}T${prevEnd}`),
          // 40 km away: 78 minutes at 40 km/h with the road factor 1.3.
          _geoloc: { lat: -33.51, lng: 151.21 },
        },
      ],
      shifts: [allWeek('r1', week)],
      config,
    });
  const REST_2H = { switches: { MIN_REST_NOT_CHECK: false }, min_rest_minutes: 120 };
  const TRAVEL = { switches: { TRAVEL_TIME_NOT_CHECK: false } };

  it('the back night: 01:45 to 03:00 is 2 h 15 min of rest, which 2 hours allows; on the wall clock 1 h 15', () => {
    expect(gap('2026-04-05', BACK_WEEK, '01:45', '03:00', { ...REST_2H, ...SYDNEY }).ok).toBe(true);
    expect(gap('2026-04-05', BACK_WEEK, '01:45', '03:00', REST_2H).errors.map((e) => e.code)).toEqual([
      'resource_min_rest',
    ]);
  });

  it('the forward night: 01:30 to 03:15 is 45 minutes, too little rest and too little travel; 1 h 45 on the wall', () => {
    const rest = gap('2026-10-04', FORWARD_WEEK, '01:30', '03:15', {
      switches: { MIN_REST_NOT_CHECK: false },
      min_rest_minutes: 60,
      ...SYDNEY,
    });
    expect(rest.errors).toEqual([
      {
        code: 'resource_min_rest',
        message: 'needs 1 hours rest from the job from 04/Oct/2026 12:00:00 AM to 04/Oct/2026 01:30:00 AM',
      },
    ]);
    expect(
      gap('2026-10-04', FORWARD_WEEK, '01:30', '03:15', { ...TRAVEL, ...SYDNEY }).errors.map((e) => e.code),
    ).toEqual(['resource_travel_time']);
    expect(gap('2026-10-04', FORWARD_WEEK, '01:30', '03:15', TRAVEL).ok).toBe(true);
  });
});
