import { DAY, fromYmd, toYmd } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import { itemsOfDay, monthGrid, monthKey, monthStart, shiftMonth } from './month.ts';

describe('the calendar month grid', () => {
  it('covers the month in whole weeks starting on Sunday by default', () => {
    const grid = monthGrid(fromYmd('2026-03-01'));
    expect(toYmd(grid.from)).toBe('2026-03-01');
    expect(grid.weeks).toHaveLength(5);
    expect(toYmd(grid.to)).toBe('2026-04-05');
    const feb = monthGrid(fromYmd('2026-02-01'));
    expect(toYmd(feb.from)).toBe('2026-02-01');
    expect(feb.weeks).toHaveLength(4);
  });

  it('starts weeks on another day when asked (Monday)', () => {
    const grid = monthGrid(fromYmd('2026-03-01'), 1);
    expect(toYmd(grid.from)).toBe('2026-02-23');
    expect(grid.weeks).toHaveLength(6);
  });

  it('marks the fortnight week by ISO week parity: even is week 2', () => {
    // The week of Sunday 8 March 2026 holds Thursday 12 March, ISO week 11 (odd) → week 1.
    const grid = monthGrid(fromYmd('2026-03-01'));
    const byStart = Object.fromEntries(grid.weeks.map((w) => [toYmd(w.start), w.fortnight]));
    expect(byStart['2026-03-08']).toBe(1);
    expect(byStart['2026-03-15']).toBe(2);
    expect(byStart['2026-03-22']).toBe(1);
  });

  it('moves by months across years and reads YYYY-MM keys', () => {
    expect(toYmd(shiftMonth(fromYmd('2026-12-01'), 1))).toBe('2027-01-01');
    expect(toYmd(shiftMonth(fromYmd('2026-01-01'), -1))).toBe('2025-12-01');
    expect(monthKey(fromYmd('2026-03-17'))).toBe('2026-03');
    expect(monthStart('2026-03')).toBe(fromYmd('2026-03-01'));
    expect(monthStart('2026-13')).toBeUndefined();
    expect(monthStart('March')).toBeUndefined();
  });

  it('puts an item on every day it touches, and an instant on its own day', () => {
    const day = fromYmd('2026-03-10');
    const overnight = {
      _id: 'a',
      kind: 'booking' as const,
      name: 'a',
      status: null,
      utc_begin_plus_tz: day + 22 * 3600,
      utc_end_plus_tz: day + DAY + 6 * 3600,
    };
    const instant = { ...overnight, _id: 'b', utc_begin_plus_tz: day + DAY, utc_end_plus_tz: day + DAY };
    expect(itemsOfDay([overnight, instant], day).map((i) => i._id)).toEqual(['a']);
    expect(itemsOfDay([overnight, instant], day + DAY).map((i) => i._id)).toEqual(['a', 'b']);
    // An item ending exactly at midnight is not on the next day.
    const endsAtMidnight = { ...overnight, _id: 'c', utc_end_plus_tz: day + DAY };
    expect(itemsOfDay([endsAtMidnight], day + DAY)).toEqual([]);
  });
});
