import { describe, expect, it } from 'vitest';
import { availableHours, hoursAgainstLimits, utilisation } from './analytics.ts';

const H = 3600;

describe('availableHours', () => {
  it('spreads the weekly limit over the period', () => {
    expect(availableHours({ max_hrs_wk: 38 }, 7)).toBe(38);
    expect(availableHours({ max_hrs_wk: 35 }, 14)).toBe(70);
  });
  it("uses the contract's 168 h week when no weekly limit is set", () => {
    expect(availableHours({}, 7)).toBe(168);
    expect(availableHours({ max_hrs_wk: null }, 1)).toBe(24);
  });
});

describe('utilisation', () => {
  it('is booked hours over available hours', () => expect(utilisation(19 * H, 38)).toBe(0.5));
  it('goes above 1 when over-booked', () => expect(utilisation(40 * H, 38)).toBe(1.053));
  it('is null when nothing is available', () => expect(utilisation(5 * H, 0)).toBeNull());
});

describe('hoursAgainstLimits', () => {
  it("uses the allocation check's limits: day = week / 7 when no day limit", () => {
    const row = hoursAgainstLimits({ max_hrs_wk: 35 }, { day: 4 * H, week: 20 * H, fortnight: 30 * H });
    expect(row).toEqual({
      day_hours: 4,
      week_hours: 20,
      fortnight_hours: 30,
      day_limit: 5,
      week_limit: 35,
      fortnight_limit: 336,
      is_over: false,
    });
  });
  it('is over when any period is above its limit', () => {
    expect(
      hoursAgainstLimits({ max_hrs_dy: 8 }, { day: 8.5 * H, week: 8.5 * H, fortnight: 8.5 * H }).is_over,
    ).toBe(true);
    expect(
      hoursAgainstLimits({ max_hrs_wk: 10 }, { day: 1 * H, week: 10.5 * H, fortnight: 10.5 * H }).is_over,
    ).toBe(true);
  });
  it('is not over exactly at the limit', () => {
    expect(hoursAgainstLimits({ max_hrs_dy: 8 }, { day: 8 * H, week: 8 * H, fortnight: 8 * H }).is_over).toBe(
      false,
    );
  });
});
