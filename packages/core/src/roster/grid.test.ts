import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../time/calendar.ts';
import {
  buildRosterGrid,
  isAfterHours,
  type RosterGrid,
  type RosterGridOptions,
  templateStart,
} from './grid.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

function grid(options: RosterGridOptions): RosterGrid {
  const result = buildRosterGrid(options);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.grid;
}

describe('roster grid: days', () => {
  it('a plain grid has no_of_days entries keyed YYYY-MM-DD from 00:00 of week_start, default 7', () => {
    const g = grid({ week_start: at('2026-01-05T13:45:00') });
    expect(Object.keys(g.set)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
    ]);
    expect(g.time_boundaries).toEqual({
      start_time: at('2026-01-05T00:00:00'),
      end_time: at('2026-01-12T00:00:00'),
    });
    expect(g.no_of_days).toBe(7);
  });

  it('each day carries label, weekday, day code and start/end at start_hr/end_hr', () => {
    const g = grid({ week_start: at('2026-01-05T00:00:00'), no_of_days: 1, start_hr: 6, end_hr: 20 });
    expect(g.set['2026-01-05']).toMatchObject({
      date: '2026-01-05',
      label: 'Mon 05 Jan',
      weekday: 1,
      day_code: 'mo',
      start: at('2026-01-05T06:00:00'),
      end: at('2026-01-05T20:00:00'),
    });
    expect(g.unit_of_time).toEqual({ start_time: 6 * HOUR, end_time: 20 * HOUR });
    expect(g.set['2026-01-05']?.children.map((h) => h.hour)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });

  it('a grid crossing the year end keeps consecutive keys and labels', () => {
    const g = grid({ week_start: at('2026-12-30T00:00:00'), no_of_days: 4 });
    expect(Object.values(g.set).map((d) => d.label)).toEqual([
      'Wed 30 Dec',
      'Thu 31 Dec',
      'Fri 01 Jan',
      'Sat 02 Jan',
    ]);
  });

  it('property: a grid covers exactly no_of_days consecutive days and its boundaries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        (start, days) => {
          const g = grid({ week_start: start, no_of_days: days, resolution: 60 });
          const entries = Object.values(g.set);
          expect(entries).toHaveLength(days);
          entries.forEach((d, i) => {
            expect(d.start).toBe(g.time_boundaries.start_time + i * DAY);
          });
          expect(g.time_boundaries.end_time - g.time_boundaries.start_time).toBe(days * DAY);
          expect(start - g.time_boundaries.start_time).toBeGreaterThanOrEqual(0);
          expect(start - g.time_boundaries.start_time).toBeLessThan(DAY);
        },
      ),
    );
  });
});

describe('roster grid: hour slots', () => {
  const hours =
    grid({ week_start: at('2026-01-05T00:00:00'), no_of_days: 1 }).set['2026-01-05']?.children ?? [];
  const flag = (h: number) => hours.find((s) => s.hour === h)?.afterhours;

  it('hours before 8 are after hours: the 07:00 slot is, the 08:00 slot is not', () => {
    expect(flag(0)).toBe(true);
    expect(flag(7)).toBe(true);
    expect(flag(8)).toBe(false);
  });

  it('hours after 18 are after hours: the 18:00 slot is not, the 19:00 slot is', () => {
    expect(flag(18)).toBe(false);
    expect(flag(19)).toBe(true);
    expect(flag(23)).toBe(true);
    expect([7, 8, 18, 19].map(isAfterHours)).toEqual([true, false, false, true]);
  });

  it('hour children tile the hour at the resolution in minutes', () => {
    const g = grid({
      week_start: at('2026-01-05T00:00:00'),
      no_of_days: 1,
      start_hr: 9,
      end_hr: 10,
      resolution: 15,
    });
    const nine = g.set['2026-01-05']?.children[0];
    expect(nine).toMatchObject({ start: at('2026-01-05T09:00:00'), end: at('2026-01-05T10:00:00') });
    expect(nine?.children).toEqual([
      { start: at('2026-01-05T09:00:00'), end: at('2026-01-05T09:15:00') },
      { start: at('2026-01-05T09:15:00'), end: at('2026-01-05T09:30:00') },
      { start: at('2026-01-05T09:30:00'), end: at('2026-01-05T09:45:00') },
      { start: at('2026-01-05T09:45:00'), end: at('2026-01-05T10:00:00') },
    ]);
  });

  it('defaults: the whole day 0–24 at 60-minute resolution, one child per hour', () => {
    expect(hours).toHaveLength(24);
    expect(hours.every((h) => h.children.length === 1)).toBe(true);
  });

  it('property: slots are contiguous from day start to day end for every resolution that divides 60', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 }),
        (resolution, a, b) => {
          fc.pre(b > a);
          const day = grid({ week_start: 0, no_of_days: 1, start_hr: a, end_hr: b, resolution }).set[
            '1970-01-01'
          ];
          let cursor = day?.start;
          for (const h of day?.children ?? []) {
            for (const s of h.children) {
              expect(s.start).toBe(cursor);
              expect(s.end - s.start).toBe(resolution * MINUTE);
              cursor = s.end;
            }
          }
          expect(cursor).toBe(day?.end);
        },
      ),
    );
  });
});

describe('roster grid: fortnight', () => {
  it('a fortnight grid is 14 days from the week-1 week holding week_start, whatever no_of_days says', () => {
    // Thu 2026-01-22 is ISO week 4 (even): its Sunday week is week 2, the fortnight began Sun 2026-01-11.
    const g = grid({ week_start: at('2026-01-20T10:00:00'), fortnight: true, no_of_days: 3 });
    const days = Object.values(g.set);
    expect(days).toHaveLength(14);
    expect(days[0]?.date).toBe('2026-01-11');
    expect(days.map((d) => d.week)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
    expect(g.time_boundaries).toEqual(g.fortnight_time_boundaries);
    expect(g.time_boundaries.end_time).toBe(at('2026-01-25T00:00:00'));
  });

  it('week_start_day other than Sunday: a Monday fortnight starts on a Monday', () => {
    // Week Mon 2026-01-19 holds Thu 2026-01-22, ISO week 4 → week 2; fortnight began Mon 2026-01-12.
    const g = grid({ week_start: at('2026-01-20T10:00:00'), fortnight: true, week_start_day: 1 });
    const days = Object.values(g.set);
    expect(days[0]?.label).toBe('Mon 12 Jan');
    expect(days[7]).toMatchObject({ label: 'Mon 19 Jan', week: 2 });
  });

  it('parity across a year end: ISO week 53 of 2026 is week 1, week 1 of 2027 also week 1', () => {
    // Thu 2026-12-31 is 2026-W53 (odd) → week 1; the next week holds Thu 2027-01-07, 2027-W01 (odd) → week 1.
    const late = grid({ week_start: at('2026-12-29T00:00:00'), fortnight: true });
    expect(Object.keys(late.set)[0]).toBe('2026-12-27');
    expect(late.set['2026-12-27']?.week).toBe(1);
    // Two odd weeks in a row: the 14-day fortnight simply reads week 1, week 1.
    expect(late.set['2027-01-03']?.week).toBe(1);
    // Thu 2025-01-02 is 2025-W01 (odd) → week 1, after Thu 2024-12-26 = 2024-W52 (even) → week 2.
    const prev = grid({ week_start: at('2024-12-24T00:00:00'), fortnight: true });
    expect(Object.keys(prev.set)[0]).toBe('2024-12-15');
    expect(prev.set['2024-12-22']?.week).toBe(2);
  });

  it('a plain grid still reports each day’s fortnight week and its enclosing fortnight', () => {
    const g = grid({ week_start: at('2026-01-20T00:00:00'), no_of_days: 1 });
    expect(g.set['2026-01-20']?.week).toBe(2);
    expect(g.fortnight_time_boundaries.start_time).toBe(at('2026-01-11T00:00:00'));
  });
});

describe('roster grid: master roster template', () => {
  it('a master roster fortnight is 14 template days from the 1970 template start, weekday labels only', () => {
    const g = grid({ masterroster: true, fortnight: true });
    const days = Object.values(g.set);
    expect(days).toHaveLength(14);
    expect(days[0]).toMatchObject({ date: '1970-01-04', label: 'Sun', day_code: 'su', week: 1 });
    expect(days[7]).toMatchObject({ label: 'Sun', week: 2 });
    expect(g.fortnight_time_boundaries).toEqual({ start_time: 3 * DAY, end_time: 17 * DAY });
  });

  it('the template start is the first week_start_day on or after 1970-01-01', () => {
    expect(templateStart(4)).toBe(0); // 1970-01-01 is a Thursday
    expect(templateStart(0)).toBe(3 * DAY);
    expect(templateStart(3)).toBe(6 * DAY);
    const g = grid({ masterroster: true, week_start_day: 1 });
    expect(Object.values(g.set).map((d) => d.label)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });

  it('a master roster ignores week_start, real grids require it', () => {
    expect(buildRosterGrid({ masterroster: true, week_start: at('2026-01-05T00:00:00') }).ok).toBe(true);
    expect(buildRosterGrid({})).toEqual({
      ok: false,
      issues: [{ code: 'invalid_week_start', field: 'week_start', message: 'week_start must be seconds' }],
    });
  });
});

describe('roster grid: options are refused with issues, never thrown', () => {
  const week_start = at('2026-01-05T00:00:00');
  const codes = (o: RosterGridOptions) => {
    const r = buildRosterGrid({ week_start, ...o });
    return r.ok ? [] : r.issues.map((i) => `${i.code}:${i.field}`);
  };

  it('no_of_days 1 and 366 pass; 0, 367 and 1.5 are refused', () => {
    expect(codes({ no_of_days: 1 })).toEqual([]);
    expect(codes({ no_of_days: 366, resolution: 60 })).toEqual([]);
    expect(codes({ no_of_days: 0 })).toEqual(['invalid_no_of_days:no_of_days']);
    expect(codes({ no_of_days: 367 })).toEqual(['invalid_no_of_days:no_of_days']);
    expect(codes({ no_of_days: 1.5 })).toEqual(['invalid_no_of_days:no_of_days']);
  });

  it('hours: 0–24 passes, end_hr equal to start_hr or past 24 is refused', () => {
    expect(codes({ start_hr: 0, end_hr: 24 })).toEqual([]);
    expect(codes({ start_hr: 23, end_hr: 24 })).toEqual([]);
    expect(codes({ start_hr: 9, end_hr: 9 })).toEqual(['invalid_hours:end_hr']);
    expect(codes({ end_hr: 25 })).toEqual(['invalid_hours:end_hr']);
    expect(codes({ start_hr: -1 })).toEqual(['invalid_hours:start_hr']);
  });

  it('resolution must divide 60: 20 passes, 7 and 0 are refused', () => {
    expect(codes({ resolution: 20 })).toEqual([]);
    expect(codes({ resolution: 7 })).toEqual(['invalid_resolution:resolution']);
    expect(codes({ resolution: 0 })).toEqual(['invalid_resolution:resolution']);
  });

  it('week_start_day 6 passes, 7 is refused', () => {
    expect(codes({ week_start_day: 6, fortnight: true })).toEqual([]);
    expect(codes({ week_start_day: 7 })).toEqual(['invalid_week_start_day:week_start_day']);
  });
});
