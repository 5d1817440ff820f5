import { describe, expect, it } from 'vitest';
import { bucketSize, MAX_PERIOD_DAYS, PERIOD_MESSAGES, parsePeriod } from './period.ts';

const at = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / 1000;

describe('parsePeriod', () => {
  it('includes both days: the end is the next midnight', () => {
    expect(parsePeriod('2026-03-09', '2026-03-15')).toEqual({
      ok: true,
      period: { from: at('2026-03-09'), to: at('2026-03-16'), days: 7 },
    });
  });
  it('accepts a single day', () => {
    const r = parsePeriod('2026-03-09', '2026-03-09');
    expect(r.ok && r.period.days).toBe(1);
  });
  it('refuses a date that is not YYYY-MM-DD or does not exist, naming the field', () => {
    expect(parsePeriod('09/03/2026', '2026-03-15')).toEqual({
      ok: false,
      issue: { code: 'invalid_period', field: 'from', message: PERIOD_MESSAGES.badDate('from') },
    });
    expect(parsePeriod('2026-03-09', '2026-02-30')).toMatchObject({ ok: false, issue: { field: 'to' } });
  });
  it('refuses an end before the start', () => {
    expect(parsePeriod('2026-03-09', '2026-03-08')).toMatchObject({
      ok: false,
      issue: { message: PERIOD_MESSAGES.reversed },
    });
  });
  it(`allows ${MAX_PERIOD_DAYS} days and refuses one more`, () => {
    expect(parsePeriod('2026-01-01', '2027-01-01').ok).toBe(true);
    expect(parsePeriod('2026-01-01', '2027-01-02')).toMatchObject({
      ok: false,
      issue: { message: PERIOD_MESSAGES.tooLong },
    });
  });
});

describe('bucketSize', () => {
  it('is a day up to 31 days and a week beyond', () => {
    const p = (to: string) => {
      const r = parsePeriod('2026-03-01', to);
      if (!r.ok) throw new Error('bad period');
      return r.period;
    };
    expect(bucketSize(p('2026-03-31'))).toBe(86_400);
    expect(bucketSize(p('2026-04-01'))).toBe(7 * 86_400);
  });
});
