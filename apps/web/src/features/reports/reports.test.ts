import { describe, expect, it } from 'vitest';
import {
  checkRange,
  csvUrl,
  formatMoney,
  percent,
  shiftRange,
  statusSeries,
  weekOf,
  weekStartDayOf,
} from './reports.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('report periods', () => {
  it('the week of a day runs Sunday to Saturday by default', () => {
    expect(weekOf(at('2026-03-11T15:00:00Z'))).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(weekOf(at('2026-03-08T00:00:00Z'))).toEqual({ from: '2026-03-08', to: '2026-03-14' });
  });
  it("a Monday-start organisation's week runs Monday to Sunday (the server's timesheet week)", () => {
    expect(weekOf(at('2026-03-11T15:00:00Z'), 1)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    // Boundary: Sunday is the last day of the week begun the Monday before; Monday starts the next.
    expect(weekOf(at('2026-03-15T23:59:59Z'), 1)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(weekOf(at('2026-03-16T00:00:00Z'), 1)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });
  it('reads the week start day of a timesheets answer; none or a bad one is Sunday', () => {
    expect(weekStartDayOf({ week_start_day: 1 })).toBe(1);
    expect(weekStartDayOf({ week_start_day: 6 })).toBe(6);
    expect(weekStartDayOf({})).toBe(0);
    expect(weekStartDayOf({ week_start_day: 7 })).toBe(0);
    expect(weekStartDayOf({ week_start_day: 1.5 })).toBe(0);
  });
  it('moves a range by its own length', () => {
    expect(shiftRange({ from: '2026-03-08', to: '2026-03-14' }, 1)).toEqual({
      from: '2026-03-15',
      to: '2026-03-21',
    });
    expect(shiftRange({ from: '2026-03-01', to: '2026-03-03' }, -1)).toEqual({
      from: '2026-02-26',
      to: '2026-02-28',
    });
  });
  it('says what is wrong with a range', () => {
    expect(checkRange({ from: '2026-03-14', to: '2026-03-08' })).toEqual({
      error: 'The period ends before it starts',
    });
    expect('period' in checkRange({ from: '2026-03-08', to: '2026-03-14' })).toBe(true);
  });
});

describe('helpers', () => {
  it('builds a CSV address under the API, leaving empty filters out', () => {
    expect(csvUrl('/timesheets.csv', { from: '2026-03-08', to: '2026-03-14', resource: '' })).toBe(
      '/api/v1/timesheets.csv?from=2026-03-08&to=2026-03-14',
    );
  });
  it('lists the statuses of the buckets once, in first-seen order', () => {
    expect(
      statusSeries([
        { start: 0, counts: { confirmed: 1 } },
        { start: 1, counts: { draft: 2, confirmed: 1 } },
      ]),
    ).toEqual(['confirmed', 'draft']);
  });
  it('shows shares as percentages and money as decimals', () => {
    expect(percent(0.271)).toBe('27%');
    expect(percent(null)).toBe('—');
    expect(formatMoney(12345, 'AUD')).toBe('AUD 123.45');
  });
});
