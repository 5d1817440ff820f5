import { describe, expect, it } from 'vitest';
import { orgDates } from './org-dates.ts';

// Issue #22 points 2 and 3: the screens print by the organisation's date_format (date-times with
// seconds) on its clock, and count weeks from its week_start_day.

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe("orgDates: the organisation's date format, clock and week start", () => {
  const instant = at('2026-11-25T22:30:00');

  it("prints dates and date-times in the organisation's format, date-times with seconds", () => {
    const d = orgDates({ date_format: 'mm/dd/yyyy', time_zone: 'UTC' });
    expect(d.date(at('2026-01-05T09:30:00'))).toBe('01/05/2026');
    expect(d.dateTime(at('2026-01-05T09:30:15'))).toBe('01/05/2026 09:30:15 AM');
    expect(d.span(at('2026-01-05T09:30:00'), at('2026-01-05T11:00:00'))).toBe(
      '01/05/2026 · 09:30 AM – 11:00 AM',
    );
    expect(d.span(at('2026-01-05T22:00:00'), at('2026-01-06T06:00:00'))).toBe(
      '01/05/2026 10:00 PM – 01/06/2026 06:00 AM',
    );
  });

  it("places instants on the organisation's clock, whatever the browser's", () => {
    expect(orgDates({ time_zone: 'Australia/Sydney', date_format: 'dd/mmm/yyyy' }).instant(instant)).toBe(
      '26/Nov/2026 09:30:00 AM',
    );
    expect(orgDates({ time_zone: 'America/New_York', date_format: 'yyyy-mm-dd' }).instantDate(instant)).toBe(
      '2026-11-25',
    );
  });

  it('defaults: dd/mmm/yyyy, UTC and Sunday when the company is unknown or its values are not valid', () => {
    const d = orgDates(null);
    expect(d.instant(instant)).toBe('25/Nov/2026 10:30:00 PM');
    expect(d.weekStartDay).toBe(0);
    expect(orgDates({ week_start_day: 7, date_format: 'dd/mm/yy' }).weekStartDay).toBe(0);
    expect(orgDates({ week_start_day: 7, date_format: 'dd/mm/yy' }).format).toBe('dd/mmm/yyyy');
  });

  it("starts weeks on the organisation's day; the day itself opens its week (boundary)", () => {
    const wed = at('2026-01-07T10:00:00');
    expect(orgDates({ week_start_day: 1 }).weekStart(wed)).toBe(at('2026-01-05T00:00:00'));
    expect(orgDates({}).weekStart(wed)).toBe(at('2026-01-04T00:00:00'));
    expect(orgDates({ week_start_day: 3 }).weekStart(wed)).toBe(at('2026-01-07T00:00:00'));
    expect(orgDates({ week_start_day: 3 }).weekStart(at('2026-01-06T23:59:59'))).toBe(
      at('2025-12-31T00:00:00'),
    );
  });
});
