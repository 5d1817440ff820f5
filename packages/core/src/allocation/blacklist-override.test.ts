import { describe, expect, it } from 'vitest';
import { blacklistOverrideSchema, blacklistRefusal, newlyBlacklisted } from './blacklist-override.ts';

describe('newlyBlacklisted: who a hand-made assignment may not add without an override', () => {
  it('names the newly assigned resources the blacklist holds, in the assignment order', () => {
    expect(newlyBlacklisted([], ['r3', 'r2', 'r1'], ['r1', 'r2'])).toEqual(['r2', 'r1']);
  });

  it('passes resources that were already assigned, and those not on the list', () => {
    expect(newlyBlacklisted(['r2'], ['r2', 'r3'], ['r2'])).toEqual([]);
    expect(newlyBlacklisted([], ['r3'], ['r2'])).toEqual([]);
    expect(newlyBlacklisted(['r1'], [], ['r1'])).toEqual([]);
  });

  it('names a repeated id once', () => {
    expect(newlyBlacklisted([], ['r2', 'r2'], ['r2'])).toEqual(['r2']);
  });

  it('has nothing to refuse while RESOURCE_BLACKLISTED_NOT_CHECK skips the check', () => {
    expect(newlyBlacklisted([], ['r2'], ['r2'], { RESOURCE_BLACKLISTED_NOT_CHECK: true })).toEqual([]);
    expect(newlyBlacklisted([], ['r2'], ['r2'], { RESOURCE_BLACKLISTED_NOT_CHECK: false })).toEqual(['r2']);
  });
});

describe('blacklistRefusal', () => {
  it("answers the spec's resource_blacklisted text, naming the customer", () => {
    expect(blacklistRefusal('Acme Care', ['r2'])).toEqual({
      code: 'resource_blacklisted',
      message: "is blacklisted by Acme Care and can't be scheduled for this Job",
      resourceId: 'r2',
    });
  });
});

describe('blacklistOverrideSchema', () => {
  it('needs a reason in words (blank is none), at most 500 characters', () => {
    expect(blacklistOverrideSchema.safeParse({ reason: ' Asked by phone ' }).data).toEqual({
      reason: 'Asked by phone',
    });
    expect(blacklistOverrideSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(blacklistOverrideSchema.safeParse({}).success).toBe(false);
    expect(blacklistOverrideSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
