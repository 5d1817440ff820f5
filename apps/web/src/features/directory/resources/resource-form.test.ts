import { DAY, fromYmd } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import { spanFrom } from '../model.ts';
import { labelExpiries, lastDayEnd, parseHours, resourceForm, resourceValuesOf } from './resource-form.tsx';

describe('hour limits as typed', () => {
  it('reads empty as not set, numbers from 0 to a leap year of hours, anything else as invalid', () => {
    expect(parseHours('  ')).toBeNull();
    expect(parseHours('38.5')).toBe(38.5);
    expect(parseHours('0')).toBe(0);
    expect(parseHours('8784')).toBe(8784);
    expect(parseHours('8785')).toBe('invalid');
    expect(parseHours('-1')).toBe('invalid');
    expect(parseHours('lots')).toBe('invalid');
  });
});

describe('a date and two times to wall-clock seconds', () => {
  const day = fromYmd('2026-03-09');
  it('spans the day, or into the next one when the end is earlier (overnight)', () => {
    expect(spanFrom('2026-03-09', '09:00', '10:30')).toMatchObject({
      begin: day + 9 * 3600,
      end: day + 10.5 * 3600,
    });
    expect(spanFrom('2026-03-09', '22:00', '06:00')).toMatchObject({
      begin: day + 22 * 3600,
      end: day + DAY + 6 * 3600,
    });
  });
  it("names a bad date or time with the spec's messages, and the same time twice", () => {
    expect(spanFrom('', '9', '10:00').errors).toEqual({
      date: 'you must enter a valid date',
      begin: 'you must enter a valid time',
    });
    expect(spanFrom('2026-03-09', '10:00', '10:00').errors).toEqual({
      end: 'The end must be after the beginning.',
    });
  });
});

describe('credential dates as typed (issue 20 point 3c)', () => {
  const day = fromYmd('2026-12-31');
  it('a last day is valid to its last second; a job the next day is past it; empty is no expiry', () => {
    expect(lastDayEnd('2026-12-31')).toBe(day + DAY - 1);
    expect(lastDayEnd('')).toBeNull();
  });

  it("keeps only the resource's own labels' dates, and none when no date is typed", () => {
    expect(labelExpiries({ fork: '2026-12-31', gone: '2026-01-01', first: '' }, ['fork', 'first'])).toEqual({
      fork: day + DAY - 1,
    });
    expect(labelExpiries({ first: '' }, ['first'])).toBeNull();
  });

  it('a saved resource shows its dates and sends them back unchanged', () => {
    const values = resourceValuesOf({
      _id: 'r1',
      name: 'Ann Lee',
      labels: ['fork'],
      valid_till: day + DAY - 1,
      label_valid_till: { fork: day + DAY },
    } as Parameters<typeof resourceValuesOf>[0]);
    expect(values.valid_till).toBe('2026-12-31');
    // An expiry set through the API at midnight covers the whole day before it.
    expect(values.label_valid_till).toEqual({ fork: '2026-12-31' });
    const body = resourceForm.parse(values);
    expect(body.valid_till).toBe(day + DAY - 1);
    expect(body.label_valid_till).toEqual({ fork: day + DAY - 1 });
  });
});
