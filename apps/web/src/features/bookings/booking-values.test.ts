import { describe, expect, it } from 'vitest';
import { type BookingValues, bookingFormSchema } from './booking-values.ts';

const base: BookingValues = {
  reference: '',
  status: 'draft',
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

/** The form's messages by field, as the form shows them (none: it would be sent). */
function messages(values: BookingValues, options?: Parameters<typeof bookingFormSchema>[0]) {
  const parsed = bookingFormSchema(options).safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the booking form checks', () => {
  it('turns a day and two times into wall-clock seconds, and blanks into none', () => {
    const out = bookingFormSchema().parse({ ...base, reference: '  ', notes: ' hi ' });
    expect(out).toMatchObject({
      utc_begin_plus_tz: MIDNIGHT + 9 * 3600,
      utc_end_plus_tz: MIDNIGHT + 10.5 * 3600,
      reference: null,
      notes: 'hi',
      customerId: 'c1',
      status: 'draft',
    });
  });

  it("says the spec's words for a bad date or time", () => {
    expect(messages({ ...base, date: '' })).toEqual({ date: 'you must enter a valid date' });
    expect(messages({ ...base, begin: '25:00', end: '9' })).toEqual({
      begin: 'you must enter a valid time',
      end: 'you must enter a valid time',
    });
  });

  it("an end at or before the beginning is refused with the spec's words unless it ends next day", () => {
    const refused = { end: 'you must enter a valid time' };
    expect(messages({ ...base, begin: '14:00', end: '13:00' })).toEqual(refused);
    expect(messages({ ...base, begin: '09:00', end: '09:00' })).toEqual(refused);
    const overnight = bookingFormSchema().parse({ ...base, begin: '14:00', end: '13:00', endsNextDay: true });
    expect(overnight).toMatchObject({
      utc_begin_plus_tz: MIDNIGHT + 14 * 3600,
      utc_end_plus_tz: MIDNIGHT + 37 * 3600,
    });
  });

  it('needs a customer unless the organisation allows none or an older booking keeps none', () => {
    expect(messages({ ...base, customerId: '' })).toEqual({
      customerId: 'Choose the customer of the booking',
    });
    expect(messages({ ...base, customerId: '' }, { allowWithoutCustomer: true })).toEqual({});
    expect(messages({ ...base, customerId: '' }, { keptCustomerId: '' })).toEqual({});
    expect(
      bookingFormSchema({ allowWithoutCustomer: true }).parse({ ...base, customerId: '' }),
    ).toMatchObject({
      customerId: null,
    });
  });

  it('a text longer than the API takes is refused before sending', () => {
    expect(Object.keys(messages({ ...base, reference: 'x'.repeat(201) }))).toEqual(['reference']);
  });
});
