import { describe, expect, it } from 'vitest';
import { DAY, fromYmd, HOUR } from '../time/calendar.ts';
import { dailyShifts } from './daily-shifts.ts';

// Week of Sunday 2026-03-08 … Saturday 2026-03-14.
const SUN = fromYmd('2026-03-08');
const weekly = {
  _id: 'r1_2026-03-08_2026-03-14',
  resourceId: 'r1',
  week_id: '2026-03-08_2026-03-14',
  mo: true,
  tu: 1,
  we: 0,
  beg: 8 * HOUR,
  end: 17 * HOUR,
};
const ALL = [SUN - DAY, SUN + 8 * DAY] as const;

describe('daily shifts of a weekly record', () => {
  it('gives one shift per flagged day (true or 1), none for a day flagged 0 or missing', () => {
    const days = dailyShifts(weekly, ...ALL);
    expect(days.map((d) => [d.day, d.startDate])).toEqual([
      ['mo', '2026-03-09'],
      ['tu', '2026-03-10'],
    ]);
    expect(days[0]).toMatchObject({
      utc_begin_plus_tz: SUN + DAY + 8 * HOUR,
      utc_end_plus_tz: SUN + DAY + 17 * HOUR,
      week_start: SUN,
      unique_id: 'r1_2026-03-08_2026-03-14_2026-03-09_0',
      queryfld: 20260309,
      resourceId: 'r1',
    });
  });

  it('per-day timings replace beg/end for that day, one shift per interval', () => {
    const split = {
      ...weekly,
      timings: {
        mo: [
          { beg: 7 * HOUR, end: 11 * HOUR },
          { beg: 15 * HOUR, end: 19 * HOUR },
        ],
      },
    };
    const monday = dailyShifts(split, ...ALL).filter((d) => d.day === 'mo');
    expect(monday.map((d) => [d.utc_begin_plus_tz, String(d.unique_id).slice(-2)])).toEqual([
      [SUN + DAY + 7 * HOUR, '_0'],
      [SUN + DAY + 15 * HOUR, '_1'],
    ]);
  });

  it('an end at or before the begin ends the next day', () => {
    const night = { ...weekly, beg: 22 * HOUR, end: 6 * HOUR };
    const [mo] = dailyShifts(night, ...ALL);
    expect(mo?.utc_end_plus_tz).toBe(SUN + 2 * DAY + 6 * HOUR);
  });

  it('keeps the shifts overlapping [from, to): begin before `to`, end after `from`', () => {
    const monBegin = SUN + DAY + 8 * HOUR;
    const monEnd = (dailyShifts(weekly, ...ALL)[0]?.utc_end_plus_tz ?? 0) as number;
    expect(dailyShifts(weekly, monBegin, monBegin + 1).map((d) => d.day)).toEqual(['mo']);
    // Begun before the window, still running in it.
    expect(dailyShifts(weekly, monBegin + 1, SUN + 2 * DAY + 8 * HOUR).map((d) => d.day)).toEqual(['mo']);
    // Ending exactly at `from` or beginning exactly at `to`: not in view.
    expect(dailyShifts(weekly, monEnd, SUN + 2 * DAY + 8 * HOUR)).toEqual([]);
    expect(dailyShifts(weekly, monBegin - HOUR, monBegin)).toEqual([]);
  });

  it("a night shift begun the evening before is in the next day's window", () => {
    const night = { ...weekly, beg: 22 * HOUR, end: 6 * HOUR };
    const tuesday = SUN + 2 * DAY;
    expect(dailyShifts(night, tuesday, tuesday + DAY).map((d) => [d.day, d.utc_end_plus_tz])).toEqual([
      ['mo', tuesday + 6 * HOUR],
      ['tu', tuesday + DAY + 6 * HOUR],
    ]);
  });

  it('a flagged day without beg/end or timings, or a bad week_id, gives nothing', () => {
    expect(dailyShifts({ resourceId: 'r1', week_id: weekly.week_id, mo: true }, ...ALL)).toEqual([]);
    expect(dailyShifts({ ...weekly, week_id: '2026-02-30_2026-03-06' }, ...ALL)).toEqual([]);
  });

  it('names a record without _id by resource and week', () => {
    const { _id, ...noId } = weekly;
    expect(dailyShifts(noId, ...ALL)[0]?.unique_id).toBe(`${_id}_2026-03-09_0`);
  });
});
