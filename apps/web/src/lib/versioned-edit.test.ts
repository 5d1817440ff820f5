import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { conflictVersion } from './versioned-edit.ts';

const refusal = (status: number, details?: unknown) =>
  new ApiError({
    status,
    code: status === 409 ? 'version_conflict' : 'invalid',
    message: 'No',
    kind: 'answer',
    details,
  });

describe('conflictVersion', () => {
  it('is the version a conflict answered with (the record as stored now)', () => {
    expect(conflictVersion(refusal(409, { current: { _key: 'menu', value: {}, version: 7 } }))).toBe(7);
    expect(conflictVersion(refusal(409, { current: { version: 0 } }))).toBe(0);
  });

  it('is nothing for another refusal, a conflict naming no usable version, or not an API error', () => {
    expect(conflictVersion(refusal(400, { current: { version: 7 } }))).toBeUndefined();
    expect(conflictVersion(refusal(409))).toBeUndefined();
    expect(conflictVersion(refusal(409, { current: { version: '7' } }))).toBeUndefined();
    expect(conflictVersion(refusal(409, { current: { version: -1 } }))).toBeUndefined();
    expect(conflictVersion(refusal(409, { current: { version: 1.5 } }))).toBeUndefined();
    expect(conflictVersion(new Error('boom'))).toBeUndefined();
  });
});
