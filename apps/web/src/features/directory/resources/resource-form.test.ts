import { DAY, fromYmd } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import { spanFrom } from '../model.ts';
import { parseHours } from './resource-form.tsx';

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
