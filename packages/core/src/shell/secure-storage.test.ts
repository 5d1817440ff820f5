import { describe, expect, it } from 'vitest';
import { isExpired, isSecureRecord, secureRecord } from './secure-storage.ts';

describe('stored items expire (spec §4)', () => {
  const now = 1_700_000_000_000;

  it('an item without an expiry is kept', () => {
    expect(isExpired(secureRecord('a@b.test', 'identity', now), now + 10 ** 12)).toBe(false);
  });

  it('an item is kept until its expiry and gone from that instant', () => {
    const record = secureRecord('a@b.test', 'identity', now, 60_000);
    expect(isExpired(record, now + 59_999)).toBe(false);
    expect(isExpired(record, now + 60_000)).toBe(true);
  });

  it('only values of a record shape count as stored items', () => {
    expect(isSecureRecord(secureRecord(1, 't', now))).toBe(true);
    expect(isSecureRecord({ value: 1, expiry: 'soon', type: 't' })).toBe(false);
    expect(isSecureRecord({ value: 1, expiry: null })).toBe(false);
    expect(isSecureRecord('plain')).toBe(false);
  });
});
