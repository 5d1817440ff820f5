import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createAccountForm,
  emailForm,
  guestForm,
  phoneCodeForm,
  phoneNumberForm,
  tokenIdentityForm,
} from './sign-in-forms.ts';

/** The message each field would show (the first issue of each path), as the form shows it. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the sign-in forms', () => {
  it('asks for an e-mail, then for one that looks like an address', () => {
    expect(messages(emailForm, { email: '  ' })).toEqual({ email: 'Enter your email address to continue' });
    expect(messages(emailForm, { email: 'ann@example' })).toEqual({
      email: "That email address isn't correct",
    });
    expect(messages(emailForm, { email: ' ann@example.com ' })).toEqual({});
  });

  it('a new account needs a name and a strong password, each under its field', () => {
    expect(messages(createAccountForm, { name: '', password: 'abc' })).toEqual({
      name: 'Enter your account name',
      password: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
    });
    expect(messages(createAccountForm, { name: 'Ann', password: 'abc123' })).toEqual({});
  });

  it('a guest keeping an existing account gives its password, not a new one, and no name', () => {
    expect(messages(guestForm, { mode: 'existing', email: 'a@b.co', name: '', password: 'x' })).toEqual({});
    expect(messages(guestForm, { mode: 'create', email: 'a@b.co', name: '', password: 'x' })).toEqual({
      name: 'Enter your account name',
      password: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
    });
  });

  it('a phone number is checked against its country; the code is six digits', () => {
    expect(messages(phoneNumberForm, { country: 'AU', number: '' })).toEqual({
      number: 'Enter a valid phone number.',
    });
    expect(messages(phoneNumberForm, { country: 'AU', number: '0400 000 001' })).toEqual({});
    expect(messages(phoneCodeForm, { code: '12345' })).toEqual({ code: 'Wrong code. Try again.' });
    expect(messages(phoneCodeForm, { code: ' 123456 ' })).toEqual({});
  });

  it('token login asks for the company e-mail or phone, whatever is typed (the server matches it)', () => {
    expect(messages(tokenIdentityForm, { identity: ' ' })).toEqual({
      identity: 'Please provide your company email or phone number.',
    });
    expect(messages(tokenIdentityForm, { identity: 'someone' })).toEqual({});
  });
});

describe('the phone number form', () => {
  it('gives the number in E.164 and as the code step shows it', () => {
    expect(phoneNumberForm.parse({ country: 'NZ', number: '021 555 0101 ' })).toEqual({
      phone: '+64215550101',
      shown: '+64 021 555 0101',
    });
  });
});
