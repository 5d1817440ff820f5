import { describe, expect, it } from 'vitest';
import { DAY } from '../time/calendar.ts';
import {
  dayLimitIssue,
  forcedResourceIssue,
  isCardHidden,
  isPlannerOn,
  isRecurrenceOn,
  profileLockText,
  resourceValidationIssue,
} from './flag-rules.ts';

describe('a resource is forced on a new record only when its flag is true', () => {
  it('refuses none under the flag, takes one, and lets everything pass with the flag off or not true', () => {
    expect(forcedResourceIssue('booking', [], { force_resource_booking: true })).toMatchObject({
      code: 'resource_required',
      field: 'resIds',
    });
    expect(forcedResourceIssue('booking', ['r1'], { force_resource_booking: true })).toBeNull();
    expect(forcedResourceIssue('booking', [], { force_resource_booking: 'true' })).toBeNull();
    expect(forcedResourceIssue('booking', [], { force_resource_groupevent: true })).toBeNull();
    expect(forcedResourceIssue('calevent', [''], { force_resource_calevent: true })?.message).toContain(
      'calendar events',
    );
  });
});

describe('24-hour date validation', () => {
  it('refuses a span over 24 hours with the spec message; exactly 24 hours and the flag off pass', () => {
    const on = { validate_24_hour_date: true };
    expect(dayLimitIssue(0, DAY + 1, on)).toEqual({
      code: 'invalid_date',
      message: 'you must enter a valid date',
      field: 'utc_end_plus_tz',
    });
    expect(dayLimitIssue(0, DAY, on)).toBeNull();
    expect(dayLimitIssue(0, DAY + 1, {})).toBeNull();
  });
});

describe('job cards are hidden from resources only', () => {
  it('hides a card from a resource when its flag is true; dispatchers and the flag off see it', () => {
    const flags = { hide_audit_card_resource: true };
    expect(isCardHidden('resource', 'audit', flags)).toBe(true);
    expect(isCardHidden('dispatcher', 'audit', flags)).toBe(false);
    expect(isCardHidden('resource', 'timeEntry', flags)).toBe(false);
    expect(isCardHidden('resource', 'audit', {})).toBe(false);
  });
});

describe('resource validation', () => {
  it('refuses a conflict only when the flag is true', () => {
    expect(resourceValidationIssue(true, { resource_validation: true })?.code).toBe('resource_conflict');
    expect(resourceValidationIssue(false, { resource_validation: true })).toBeNull();
    expect(resourceValidationIssue(true, {})).toBeNull();
  });
});

describe('disable edit for resource or customer', () => {
  it("locks the role's own profile when its flag is true; the other role, dispatchers and the flag off edit", () => {
    expect(profileLockText('resource', { disable_edit_resource: true })).toBe(
      'This organisation does not let resources change their profile',
    );
    expect(profileLockText('customer', { disable_edit_customer: true })).toBe(
      'This organisation does not let customers change their profile',
    );
    expect(profileLockText('customer', { disable_edit_resource: true })).toBeNull();
    expect(
      profileLockText('dispatcher', { disable_edit_resource: true, disable_edit_customer: true }),
    ).toBeNull();
    expect(profileLockText('resource', { disable_edit_resource: 'true' })).toBeNull();
    expect(profileLockText(undefined, undefined)).toBeNull();
  });
});

describe('planner flags default on: off only when false', () => {
  it('planner_recurrence and planner_plan are on unset, on true, on a stored non-boolean; off at false', () => {
    for (const [isOn, key] of [
      [isRecurrenceOn, 'planner_recurrence'],
      [isPlannerOn, 'planner_plan'],
    ] as const) {
      expect(isOn(undefined)).toBe(true);
      expect(isOn({ [key]: true })).toBe(true);
      expect(isOn({ [key]: 'no' })).toBe(true);
      expect(isOn({ [key]: false })).toBe(false);
    }
    expect(isPlannerOn({ planner_recurrence: false })).toBe(true);
  });
});
