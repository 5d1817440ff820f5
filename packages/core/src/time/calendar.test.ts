import { describe, expect, it } from 'vitest';
import {
  DAY,
  dayCode,
  elapsedSeconds,
  formatDate,
  formatDateTime,
  formatDayLabel,
  formatTime,
  fortnightStart,
  fortnightWeek,
  fromWallClock,
  fromYmd,
  isoWeekNumber,
  toWallClock,
  toYmd,
  weekday,
  weekdayLongName,
  weekStart,
} from './calendar.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('calendar on wall-clock seconds', () => {
  it('weekday and day code: 2026-01-05 is a Monday', () => {
    expect(weekday(at('2026-01-05T23:59:59'))).toBe(1);
    expect(dayCode(at('2026-01-05T00:00:00'))).toBe('mo');
    expect(weekday(at('1969-12-31T12:00:00'))).toBe(3);
  });

  it('week starts on the most recent week_start_day on or before the day', () => {
    const wed = at('2026-01-07T10:00:00');
    expect(toYmd(weekStart(wed))).toBe('2026-01-04'); // Sunday
    expect(toYmd(weekStart(wed, 1))).toBe('2026-01-05'); // Monday
    expect(toYmd(weekStart(at('2026-01-05T00:00:00'), 1))).toBe('2026-01-05'); // the day itself
    expect(toYmd(weekStart(wed, 4))).toBe('2026-01-01'); // Thursday before
  });

  it('ISO week numbers at year edges', () => {
    expect(isoWeekNumber(at('2026-01-01T00:00:00'))).toBe(1);
    expect(isoWeekNumber(at('2027-01-01T00:00:00'))).toBe(53); // Friday of 2026-W53
    expect(isoWeekNumber(at('2024-12-30T00:00:00'))).toBe(1);
  });

  it('fortnight: even ISO week of the Thursday is week 2 and the fortnight began 7 days earlier', () => {
    // Week of Sun 2026-01-11 holds Thu 2026-01-15 = ISO week 3 (odd) → week 1.
    const wk3 = at('2026-01-12T09:00:00');
    expect(fortnightWeek(wk3)).toBe(1);
    expect(toYmd(fortnightStart(wk3))).toBe('2026-01-11');
    // Following week holds Thu 2026-01-22 = ISO week 4 (even) → week 2.
    const wk4 = at('2026-01-20T09:00:00');
    expect(fortnightWeek(wk4)).toBe(2);
    expect(toYmd(fortnightStart(wk4))).toBe('2026-01-11');
    expect(fortnightStart(wk4) + 14 * DAY).toBe(at('2026-01-25T00:00:00'));
  });

  it('formats dates as dd/mmm/yyyy, times as hh:MM AA and date-times with seconds by default', () => {
    expect(formatDate(at('2026-01-05T09:30:00'))).toBe('05/Jan/2026');
    expect(formatTime(at('2026-01-05T09:30:00'))).toBe('09:30 AM');
    expect(formatTime(at('2026-01-05T00:15:00'))).toBe('12:15 AM');
    expect(formatTime(at('2026-01-05T12:00:00'))).toBe('12:00 PM');
    expect(formatDateTime(at('2026-12-31T23:59:00'))).toBe('31/Dec/2026 11:59:00 PM');
  });

  it('labels a day as weekday, two-digit day and short month', () => {
    expect(formatDayLabel(at('2026-01-05T00:00:00'))).toBe('Mon 05 Jan');
    expect(formatDayLabel(at('2026-12-31T23:59:59'))).toBe('Thu 31 Dec');
    expect(formatDayLabel(at('1969-12-31T12:00:00'))).toBe('Wed 31 Dec');
  });

  it('names the weekday in full: 2026-01-05 is a Monday, 2026-01-04 a Sunday', () => {
    expect(weekdayLongName(at('2026-01-05T23:59:59'))).toBe('Monday');
    expect(weekdayLongName(at('2026-01-04T00:00:00'))).toBe('Sunday');
    expect(weekdayLongName(at('1969-12-31T12:00:00'))).toBe('Wednesday');
  });

  it('parses YYYY-MM-DD and refuses impossible dates', () => {
    expect(fromYmd('2026-02-28')).toBe(at('2026-02-28T00:00:00'));
    expect(fromYmd('2026-02-30')).toBeNaN();
    expect(fromYmd('26-2-3')).toBeNaN();
  });

  it('places real instants on an organisation wall clock and back', () => {
    const instant = Date.parse('2026-01-05T00:00:00Z'); // 11:00 in Sydney (AEDT, +11)
    const wall = toWallClock(instant, 'Australia/Sydney');
    expect(wall).toBe(at('2026-01-05T11:00:00'));
    expect(fromWallClock(wall, 'Australia/Sydney')).toBe(instant);
    expect(toWallClock(instant, 'UTC')).toBe(instant / 1000);
  });
});

describe('real elapsed time across daylight saving (Australia/Sydney)', () => {
  const SYD = 'Australia/Sydney';

  it('Intl places the 2026 changes where the tests assume them', () => {
    // Back: 03:00 AEDT (+11) becomes 02:00 AEST (+10) at 16:00 UTC on 4 April.
    expect(toWallClock(Date.parse('2026-04-04T15:59:59Z'), SYD)).toBe(at('2026-04-05T02:59:59'));
    expect(toWallClock(Date.parse('2026-04-04T16:00:00Z'), SYD)).toBe(at('2026-04-05T02:00:00'));
    // Forward: 02:00 AEST becomes 03:00 AEDT at 16:00 UTC on 3 October.
    expect(toWallClock(Date.parse('2026-10-03T15:59:59Z'), SYD)).toBe(at('2026-10-04T01:59:59'));
    expect(toWallClock(Date.parse('2026-10-03T16:00:00Z'), SYD)).toBe(at('2026-10-04T03:00:00'));
  });

  it('01:00 to 04:00 lasts 4 hours the night clocks go back and 2 the night they go forward', () => {
    expect(elapsedSeconds(at('2026-04-05T01:00:00'), at('2026-04-05T04:00:00'), SYD)).toBe(4 * 3600);
    expect(elapsedSeconds(at('2026-10-04T01:00:00'), at('2026-10-04T04:00:00'), SYD)).toBe(2 * 3600);
  });

  it('a night without a change, a booking spanning the change and a zone-less call keep the wall length', () => {
    expect(elapsedSeconds(at('2026-04-06T01:00:00'), at('2026-04-06T04:00:00'), SYD)).toBe(3 * 3600);
    expect(elapsedSeconds(at('2026-04-04T22:00:00'), at('2026-04-05T06:00:00'), SYD)).toBe(9 * 3600);
    expect(elapsedSeconds(at('2026-04-05T01:00:00'), at('2026-04-05T04:00:00'))).toBe(3 * 3600);
    expect(elapsedSeconds(at('2026-04-05T01:00:00'), at('2026-04-05T04:00:00'), 'UTC')).toBe(3 * 3600);
  });

  it('boundaries: up to the change counts wall time; a time shown twice is read the first time', () => {
    // 01:00 → 03:00 on the back night: 03:00 is after the repeated hour (02:00–02:59 twice).
    expect(elapsedSeconds(at('2026-04-05T01:00:00'), at('2026-04-05T03:00:00'), SYD)).toBe(3 * 3600);
    // 01:00 → 02:30: the first 02:30 (still daylight time).
    expect(elapsedSeconds(at('2026-04-05T01:00:00'), at('2026-04-05T02:30:00'), SYD)).toBe(1.5 * 3600);
    expect(fromWallClock(at('2026-04-05T02:30:00'), SYD)).toBe(Date.parse('2026-04-04T15:30:00Z'));
    // Forward night: 01:00 → 02:00 is the instant the clocks jump (1 h); 02:30 does not exist and
    // is read as the 03:30 it becomes.
    expect(elapsedSeconds(at('2026-10-04T01:00:00'), at('2026-10-04T02:00:00'), SYD)).toBe(3600);
    expect(elapsedSeconds(at('2026-10-04T01:00:00'), at('2026-10-04T02:30:00'), SYD)).toBe(1.5 * 3600);
    expect(elapsedSeconds(at('2026-10-04T01:00:00'), at('2026-10-04T03:00:00'), SYD)).toBe(3600);
    expect(fromWallClock(at('2026-10-04T02:30:00'), SYD)).toBe(Date.parse('2026-10-03T16:30:00Z'));
  });
});
