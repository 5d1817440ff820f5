import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  DAY,
  dateFormatOf,
  formatDate,
  formatDateTime,
  fortnightStart,
  toYmd,
  WEEK,
  weekday,
  weekStart,
} from './calendar.ts';

// Dates print in the organisation's `date_format` (default dd/mmm/yyyy); date-times add
// hh:MM:ss AA (shell spec §9). Weeks start on the organisation's `week_start_day` (default 0,
// Sunday; scheduling spec §4). Wall-clock seconds, TZ=UTC.

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('formatDate by the organisation date_format', () => {
  const day = at('2026-01-05T09:30:00');

  it('prints every format the organisation can choose, each with its own order and separator', () => {
    expect(DATE_FORMATS.map((f) => formatDate(day, f))).toEqual([
      '05/Jan/2026',
      '05/01/2026',
      '01/05/2026',
      '2026-01-05',
      '05-01-2026',
      '05.01.2026',
    ]);
  });

  it('prints the spec default dd/mmm/yyyy without a format, and for a missing or unknown one', () => {
    expect(formatDate(day)).toBe('05/Jan/2026');
    expect(formatDate(day, dateFormatOf(undefined))).toBe('05/Jan/2026');
    expect(formatDate(day, dateFormatOf('yyyy/dd/mm'))).toBe('05/Jan/2026');
    expect(dateFormatOf('mm/dd/yyyy')).toBe('mm/dd/yyyy');
  });

  it('boundary: the last second of a day is still that day; the next second is the next day', () => {
    expect(formatDate(at('2026-12-31T23:59:59'), 'yyyy-mm-dd')).toBe('2026-12-31');
    expect(formatDate(at('2027-01-01T00:00:00'), 'yyyy-mm-dd')).toBe('2027-01-01');
    expect(formatDate(at('2028-02-29T12:00:00'), 'mm/dd/yyyy')).toBe('02/29/2028');
  });
});

describe('formatDateTime: the date format then hh:MM:ss AA', () => {
  it('prints seconds and AM/PM after the organisation date', () => {
    expect(formatDateTime(at('2026-01-05T09:30:15'), 'dd/mm/yyyy')).toBe('05/01/2026 09:30:15 AM');
    expect(formatDateTime(at('2026-01-05T21:05:00'), 'yyyy-mm-dd')).toBe('2026-01-05 09:05:00 PM');
  });

  it('prints the default date format when none is given', () => {
    expect(formatDateTime(at('2026-11-25T09:30:00'))).toBe('25/Nov/2026 09:30:00 AM');
  });

  it('boundary: midnight is 12:00:00 AM, noon 12:00:00 PM, one second before noon 11:59:59 AM', () => {
    expect(formatDateTime(at('2026-01-05T00:00:00'), 'dd.mm.yyyy')).toBe('05.01.2026 12:00:00 AM');
    expect(formatDateTime(at('2026-01-05T12:00:00'), 'dd.mm.yyyy')).toBe('05.01.2026 12:00:00 PM');
    expect(formatDateTime(at('2026-01-05T11:59:59'), 'dd.mm.yyyy')).toBe('05.01.2026 11:59:59 AM');
  });
});

describe('weekStart and fortnightStart by the organisation week_start_day', () => {
  const wed = at('2026-01-07T10:00:00');

  it('a Monday start puts Wednesday in the week from Monday, not from Sunday', () => {
    expect(toYmd(weekStart(wed, 1))).toBe('2026-01-05');
    expect(toYmd(weekStart(wed, 1))).not.toBe(toYmd(weekStart(wed)));
  });

  it('Sunday (0) is the default start', () => {
    expect(toYmd(weekStart(wed))).toBe('2026-01-04');
    expect(weekStart(wed, 0)).toBe(weekStart(wed));
  });

  it('boundary: the start day itself opens its week; the day before belongs to the week before', () => {
    const saturday = at('2026-01-10T00:00:00');
    expect(weekStart(saturday, 6)).toBe(saturday);
    expect(weekStart(saturday - 1, 6)).toBe(saturday - WEEK);
    expect(weekStart(saturday + WEEK - 1, 6)).toBe(saturday);
  });

  it('a fortnight starts on the week start day too, 14 days long', () => {
    const start = fortnightStart(wed, 1);
    expect(weekday(start)).toBe(1);
    expect(start <= wed && wed < start + 14 * DAY).toBe(true);
  });
});
