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
  repeat: 'none',
  repeatEnd: 'count',
  repeatUntil: '',
  repeatCount: '4',
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

describe('the Repeat option (planner_recurrence)', () => {
  it('sends the rule of a repeated new booking: a count, or a last day in wall-clock seconds', () => {
    const weekly = bookingFormSchema().parse({ ...base, repeat: 'weekly', repeatCount: '6' });
    expect(weekly).toMatchObject({ repeat: { frequency: 'weekly', count: 6 } });
    const daily = bookingFormSchema().parse({
      ...base,
      repeat: 'daily',
      repeatEnd: 'until',
      repeatUntil: '2026-03-20',
    });
    expect(daily).toMatchObject({
      repeat: { frequency: 'daily', until: Date.parse('2026-03-20T00:00:00Z') / 1000 },
    });
    expect(bookingFormSchema().parse(base)).not.toHaveProperty('repeat');
  });

  it("shows core's messages at the field: more than 366, a count of 1, a last day before the date", () => {
    expect(messages({ ...base, repeat: 'daily', repeatCount: '367' })).toEqual({
      repeatCount: 'A series has at most 366 bookings: choose an earlier last day or fewer occurrences',
    });
    expect(messages({ ...base, repeat: 'daily', repeatCount: '1' })).toEqual({
      repeatCount: 'A series repeats at least twice',
    });
    expect(messages({ ...base, repeat: 'daily', repeatEnd: 'until', repeatUntil: '2026-03-08' })).toEqual({
      repeatUntil: "The last day must be on or after the first booking's day",
    });
    expect(messages({ ...base, repeat: 'daily', repeatCount: '366' })).toEqual({});
  });

  it('is ignored with planner_recurrence off and on an edit', () => {
    const repeated = { ...base, repeat: 'weekly' as const, repeatCount: '400' };
    expect(bookingFormSchema({ flags: { planner_recurrence: false } }).parse(repeated)).not.toHaveProperty(
      'repeat',
    );
    expect(bookingFormSchema({ isNew: false }).parse(repeated)).not.toHaveProperty('repeat');
  });
});
