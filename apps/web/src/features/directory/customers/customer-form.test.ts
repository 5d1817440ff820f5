import { describe, expect, it } from 'vitest';
import { type CustomerValues, customerForm, customerValuesOf } from './customer-form.tsx';

const customer: CustomerValues = {
  ...customerValuesOf(undefined),
  first_name: 'Ada',
  last_name: 'Lee',
  phone: '0400 000 000',
};

/** The form's messages by field, as the form shows them (none: it would send). */
function messages(values: CustomerValues, isPhoneOptional = false): Record<string, string> {
  const result = customerForm(isPhoneOptional).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the customer form checks', () => {
  it('needs a name and, unless the organisation makes it optional, a phone', () => {
    expect(messages({ ...customer, first_name: ' ', last_name: '' })).toEqual({
      first_name: 'Enter a name.',
    });
    expect(messages({ ...customer, phone: '' })).toEqual({ phone: 'Enter a phone number.' });
    expect(messages({ ...customer, phone: '' }, true)).toEqual({});
  });
  it("refuses an email that does not look like one with the spec's message", () => {
    expect(messages({ ...customer, email: 'ada@' })).toEqual({ email: "That email address isn't correct" });
    expect(messages({ ...customer, email: 'ada@example.test' })).toEqual({});
  });
  it('refuses what the API would refuse, at its field (a postcode is at most 20 characters)', () => {
    expect(Object.keys(messages({ ...customer, postcode: '1'.repeat(21) }))).toEqual(['postcode']);
  });
  it('sends the names, the address as one line too, and empty fields as null', () => {
    const body = customerForm(false).parse({ ...customer, suburb: ' Manly ', postcode: '2095' });
    expect(body).toMatchObject({
      name: 'Ada Lee',
      first_name: 'Ada',
      email: null,
      suburb: 'Manly',
      all_location: 'Manly, 2095',
      labels: [],
      inactive: false,
    });
  });
});
