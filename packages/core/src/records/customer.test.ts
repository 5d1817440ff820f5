import { describe, expect, it } from 'vitest';
import { customerPhoneIssue } from './customer.ts';

const required = { code: 'phone_required', field: 'phone', message: 'Enter a phone number.' };

describe('a customer needs a phone unless customer_phone_optional is on', () => {
  it('refuses a missing, null, empty or blank phone while the flag is off or unset', () => {
    for (const flags of [{ customer_phone_optional: false }, {}, undefined]) {
      expect(customerPhoneIssue(undefined, flags)).toEqual(required);
      expect(customerPhoneIssue(null, flags)).toEqual(required);
      expect(customerPhoneIssue('', flags)).toEqual(required);
      expect(customerPhoneIssue('   ', flags)).toEqual(required);
    }
  });

  it('takes any phone that is not blank, one character being enough', () => {
    expect(customerPhoneIssue('0412 345 678', {})).toBeUndefined();
    expect(customerPhoneIssue('1', {})).toBeUndefined();
  });

  it('takes no phone at all when the flag is on, but only a true flag counts', () => {
    expect(customerPhoneIssue(null, { customer_phone_optional: true })).toBeUndefined();
    expect(customerPhoneIssue('', { customer_phone_optional: true })).toBeUndefined();
    expect(customerPhoneIssue(null, { customer_phone_optional: 'true' })).toEqual(required);
  });
});
