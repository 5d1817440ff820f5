import { describe, expect, it } from 'vitest';
import { formatOrgInstant } from './org-time.ts';

describe("formatOrgInstant: an instant on the organisation's clock and in its date format", () => {
  const instant = Date.parse('2026-11-25T22:30:00Z') / 1000;
  it("uses the organisation's zone, whatever the browser's", () => {
    expect(formatOrgInstant(instant, { time_zone: 'Australia/Sydney', date_format: 'dd/mmm/yyyy' })).toBe(
      '26/Nov/2026 09:30 AM',
    );
    expect(formatOrgInstant(instant, { time_zone: 'America/New_York', date_format: 'dd/mmm/yyyy' })).toBe(
      '25/Nov/2026 05:30 PM',
    );
  });
  it("writes the date in the organisation's format; the spec's default when it has none", () => {
    expect(formatOrgInstant(instant, { time_zone: 'Australia/Sydney', date_format: 'mm/dd/yyyy' })).toBe(
      '11/26/2026 09:30 AM',
    );
    expect(formatOrgInstant(instant, { time_zone: 'UTC' })).toBe('25/Nov/2026 10:30 PM');
    expect(formatOrgInstant(instant, null)).toBe('25/Nov/2026 10:30 PM');
  });
});
