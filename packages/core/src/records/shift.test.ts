import { describe, expect, it } from 'vitest';
import { dailyShiftSchema, shiftSchema } from './shift.ts';

describe('shift', () => {
  const weekly = {
    _id: 'r1_2026-01-04',
    resourceId: 'r1',
    week_id: '2026-01-04_2026-01-10',
    mo: true,
    tu: 1,
    we: 0,
    beg: 79_200,
    end: 21_600,
    timings: { mo: [{ beg: 25_200, end: 39_600 }] },
    queryfld: 20260104,
  };

  it('takes day flags as booleans or 0/1, beg/end in seconds of the day, per-day timings', () => {
    expect(shiftSchema.parse(weekly)).toEqual(weekly);
  });

  it('needs resourceId and a week_id of two YYYY-MM-DD dates joined by an underscore', () => {
    expect(shiftSchema.safeParse({ ...weekly, week_id: '2026-01-04' }).error?.issues[0]?.message).toBe(
      'expected YYYY-MM-DD_YYYY-MM-DD',
    );
    expect(shiftSchema.safeParse({ week_id: weekly.week_id }).success).toBe(false);
  });

  it('the derived daily shift adds its day and wall-clock times', () => {
    const daily = { ...weekly, day: 'mo', utc_begin_plus_tz: 1767650400, utc_end_plus_tz: 1767679200 };
    expect(dailyShiftSchema.parse(daily)).toEqual(daily);
  });
});
