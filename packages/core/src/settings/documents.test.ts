import { describe, expect, it } from 'vitest';
import {
  checkAllocationSettings,
  checkCaptions,
  checkDisplayFlags,
  checkMenuFlags,
  DOCUMENT_TEXT,
  effectiveMaxConsecutiveDays,
  effectiveMinRest,
  effectiveSwitches,
  effectiveTravelRoadFactor,
  effectiveTravelSpeed,
} from './documents.ts';

describe('menu flags', () => {
  it('take menu keys with on or off', () => {
    expect(checkMenuFlags({ bookings: true, planner: false })).toEqual({
      ok: true,
      value: { bookings: true, planner: false },
    });
  });
  it('refuse unknown keys and non-boolean values, by field', () => {
    expect(checkMenuFlags({ nowhere: true, board: 'yes' })).toEqual({
      ok: false,
      issues: [
        { field: 'nowhere', code: 'unknown_key', message: DOCUMENT_TEXT.unknownMenuKey },
        { field: 'board', code: 'invalid', message: DOCUMENT_TEXT.flagNotBoolean },
      ],
    });
    expect(checkMenuFlags([]).ok).toBe(false);
  });
});

describe('display and feature flags', () => {
  it('take the known flags only', () => {
    expect(checkDisplayFlags({ fortnight_calendar: false }).ok).toBe(true);
    expect(checkDisplayFlags({ made_up: true }).ok).toBe(false);
  });
});

describe('captions', () => {
  it('are trimmed; an empty caption falls back (dropped)', () => {
    expect(checkCaptions({ m_bookings: ' Visits ', m_home: '  ' })).toEqual({
      ok: true,
      value: { m_bookings: 'Visits' },
    });
  });
  it('refuse bad names and long or non-text values', () => {
    const checked = checkCaptions({ 'm-x': 'a', m_board: 'x'.repeat(81), m_pods: 3 });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.issues.map((i) => i.field)).toEqual(['m-x', 'm_board', 'm_pods']);
    expect(checkCaptions({ m_board: 'x'.repeat(80) }).ok).toBe(true);
  });
});

describe('allocation settings', () => {
  it('take the contract switches and a week start day 0 to 6', () => {
    expect(checkAllocationSettings({ week_start_day: 1, switches: { DISTANCE_NOT_CHECK: true } })).toEqual({
      ok: true,
      value: { week_start_day: 1, switches: { DISTANCE_NOT_CHECK: true } },
    });
    expect(checkAllocationSettings({ week_start_day: 7 }).ok).toBe(false);
    const bad = checkAllocationSettings({ switches: { NO_SUCH_CHECK: true } });
    expect(bad.ok ? [] : bad.issues).toEqual([
      { field: 'switches.NO_SUCH_CHECK', code: 'unknown_key', message: DOCUMENT_TEXT.unknownSwitch },
    ]);
  });
  it('minimum rest: whole minutes from 0 to 1440; 600 in effect when none is stored', () => {
    expect(checkAllocationSettings({ min_rest_minutes: 0 })).toEqual({
      ok: true,
      value: { min_rest_minutes: 0 },
    });
    expect(checkAllocationSettings({ min_rest_minutes: 1440 }).ok).toBe(true);
    expect(checkAllocationSettings({ min_rest_minutes: 1441 }).ok).toBe(false);
    expect(checkAllocationSettings({ min_rest_minutes: 7.5 }).ok).toBe(false);
    expect(effectiveMinRest(undefined)).toBe(600);
    expect(effectiveMinRest(45)).toBe(45);
  });
  it('consecutive working days: whole days from 1 to 28; 6 in effect when none is stored', () => {
    expect(checkAllocationSettings({ max_consecutive_days: 1 })).toEqual({
      ok: true,
      value: { max_consecutive_days: 1 },
    });
    expect(checkAllocationSettings({ max_consecutive_days: 28 }).ok).toBe(true);
    expect(checkAllocationSettings({ max_consecutive_days: 0 }).ok).toBe(false);
    expect(checkAllocationSettings({ max_consecutive_days: 29 }).ok).toBe(false);
    expect(checkAllocationSettings({ max_consecutive_days: 2.5 }).ok).toBe(false);
    expect(effectiveMaxConsecutiveDays(undefined)).toBe(6);
    expect(effectiveMaxConsecutiveDays(4)).toBe(4);
  });
  it('travel time: a road factor from 1 to 3 and a whole speed from 5 to 130 km/h; 1.3 and 40 when none is stored', () => {
    expect(checkAllocationSettings({ travel_road_factor: 1, travel_speed_kmh: 130 })).toEqual({
      ok: true,
      value: { travel_road_factor: 1, travel_speed_kmh: 130 },
    });
    expect(checkAllocationSettings({ travel_road_factor: 3, travel_speed_kmh: 5 }).ok).toBe(true);
    expect(checkAllocationSettings({ travel_road_factor: 0.99 }).ok).toBe(false);
    expect(checkAllocationSettings({ travel_road_factor: 3.01 }).ok).toBe(false);
    expect(checkAllocationSettings({ travel_speed_kmh: 4 }).ok).toBe(false);
    expect(checkAllocationSettings({ travel_speed_kmh: 131 }).ok).toBe(false);
    expect(checkAllocationSettings({ travel_speed_kmh: 40.5 }).ok).toBe(false);
    expect(effectiveTravelRoadFactor(undefined)).toBe(1.3);
    expect(effectiveTravelRoadFactor(2)).toBe(2);
    expect(effectiveTravelSpeed(undefined)).toBe(40);
    expect(effectiveTravelSpeed(60)).toBe(60);
  });
  it('effective switches are the contract defaults (daily and fortnight limits skipped) with changes on top', () => {
    const s = effectiveSwitches({ MAX_HR_DAY_NOT_CHECK: false, LEAVE_NOT_CHECK: 'yes' });
    expect(s.MAX_HR_DAY_NOT_CHECK).toBe(false);
    expect(s.MAX_HR_FORTNIGHT_NOT_CHECK).toBe(true);
    expect(s.LEAVE_NOT_CHECK).toBe(false);
  });
});
