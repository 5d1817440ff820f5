import { describe, expect, it } from 'vitest';
import { validate } from './booking-form.tsx';

const base = {
  reference: '',
  status: 'draft',
  customerId: '',
  resIds: [],
  labels: [],
  date: '2026-03-09',
  begin: '09:00',
  end: '10:30',
  all_location: '',
  notes: '',
};
const MIDNIGHT = Date.parse('2026-03-09T00:00:00Z') / 1000;

describe('the booking form checks', () => {
  it('turns a day and two times into wall-clock seconds', () => {
    expect(validate(base)).toEqual({ errors: {}, begin: MIDNIGHT + 9 * 3600, end: MIDNIGHT + 10.5 * 3600 });
  });

  it("says the spec's words for a bad date or time", () => {
    expect(validate({ ...base, date: '' }).errors).toEqual({ date: 'you must enter a valid date' });
    expect(validate({ ...base, begin: '25:00', end: '9' }).errors).toEqual({
      begin: 'you must enter a valid time',
      end: 'you must enter a valid time',
    });
  });

  it('an end before the beginning runs overnight; the same time twice is refused', () => {
    expect(validate({ ...base, begin: '22:00', end: '06:00' }).end).toBe(MIDNIGHT + 30 * 3600);
    expect(validate({ ...base, begin: '09:00', end: '09:00' }).errors).toEqual({
      end: 'The end must be after the beginning',
    });
  });
});
