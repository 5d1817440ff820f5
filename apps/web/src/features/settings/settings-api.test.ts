import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fieldErrors } from './settings-api.ts';

const answer = (message: string, details?: unknown) =>
  new ApiError({ status: 400, code: 'invalid_settings', message, kind: 'answer', details });

describe("a refused save's messages by field", () => {
  it("come from the settings rules' issues (first message of each field)", () => {
    const error = answer('overlap_buffer_minutes: The overlap buffer must be a number of minutes', {
      issues: [
        { field: 'overlap_buffer_minutes', message: 'The overlap buffer must be a number of minutes' },
        { field: 'time_zone', message: 'Enter a time zone such as Australia/Sydney' },
        { field: 'time_zone', message: 'second message' },
      ],
    });
    expect(fieldErrors(error)).toEqual({
      overlap_buffer_minutes: 'The overlap buffer must be a number of minutes',
      time_zone: 'Enter a time zone such as Australia/Sydney',
    });
  });
  it("come from the request validation's paths, without the body prefix", () => {
    const error = answer('body.email: Invalid email', [
      { path: 'body.email', message: "That email address isn't correct" },
    ]);
    expect(fieldErrors(error)).toEqual({ email: "That email address isn't correct" });
  });
  it('name a field given alone, and otherwise hold the message for the whole form', () => {
    expect(fieldErrors(answer('The organisation needs at least one dispatcher', { field: 'role' }))).toEqual({
      role: 'The organisation needs at least one dispatcher',
    });
    expect(fieldErrors(answer('Something went wrong'))).toEqual({ '': 'Something went wrong' });
    expect(fieldErrors(new Error('Failed to fetch'))).toEqual({ '': 'Failed to fetch' });
  });
});
