import { describe, expect, it } from 'vitest';
import { validate } from './booking-form.tsx';

const base = {
  reference: '',
  status: 'draft' as const,
  customerId: 'c1',
  resIds: [],
  labels: [],
  date: '2026-03-09',
  begin: '09:00',
  end: '10:30',
  endsNextDay: false,
  all_location: '',
  geo: null,
  csLabels: [],
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

  it("an end at or before the beginning is refused with the spec's words unless it ends next day", () => {
    const refused = { end: 'you must enter a valid time' };
    expect(validate({ ...base, begin: '14:00', end: '13:00' }).errors).toEqual(refused);
    expect(validate({ ...base, begin: '09:00', end: '09:00' }).errors).toEqual(refused);
    const overnight = validate({ ...base, begin: '14:00', end: '13:00', endsNextDay: true });
    expect(overnight).toEqual({ errors: {}, begin: MIDNIGHT + 14 * 3600, end: MIDNIGHT + 37 * 3600 });
  });

  it('needs a customer unless the organisation allows none', () => {
    expect(validate({ ...base, customerId: '' }).errors).toEqual({
      customerId: 'Choose the customer of the booking',
    });
    expect(validate({ ...base, customerId: '' }, false).errors).toEqual({});
  });
});
