import { dailyShifts } from '@rostra/core/roster/daily-shifts';
import { fromYmd, HOUR } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  emptyPlan,
  planIssues,
  plannedHours,
  planOf,
  type ShiftRecord,
  shiftWeekId,
  weekIdOf,
  weekPlanSchema,
} from './model.ts';

const record = (fields: Partial<ShiftRecord>): ShiftRecord => ({
  _id: 'r1_2026-01-04_2026-01-10',
  resourceId: 'r1',
  week_id: '2026-01-04_2026-01-10',
  su: false,
  mo: false,
  tu: false,
  we: false,
  th: false,
  fr: false,
  sa: false,
  beg: 0,
  end: 0,
  timings: {},
  version: 3,
  ...fields,
});

describe('shift week plans', () => {
  it('names a week by its first and last day, from the week start day', () => {
    // Wednesday 7 Jan 2026.
    const wed = fromYmd('2026-01-07') + 10 * HOUR;
    expect(weekIdOf(wed)).toBe('2026-01-04_2026-01-10');
    expect(weekIdOf(wed, 1)).toBe('2026-01-05_2026-01-11');
    expect(shiftWeekId('2026-01-04_2026-01-10', 1)).toBe('2026-01-11_2026-01-17');
    expect(shiftWeekId('2026-01-04_2026-01-10', -1)).toBe('2025-12-28_2026-01-03');
  });

  it('reads a worked day without timings of its own as beg/end, and a day off as nothing', () => {
    const plan = planOf(
      record({
        mo: true,
        we: true,
        tu: false,
        beg: 9 * HOUR,
        end: 17 * HOUR,
        timings: { we: [{ beg: 7 * HOUR, end: 11 * HOUR }] },
      }),
    );
    expect(plan.mo).toEqual({ isOn: true, timings: [{ beg: 9 * HOUR, end: 17 * HOUR }] });
    expect(plan.we).toEqual({ isOn: true, timings: [{ beg: 7 * HOUR, end: 11 * HOUR }] });
    expect(plan.tu).toEqual({ isOn: false, timings: [] });
  });

  it('saves every worked day with its own timings, so the derived daily shifts are exactly the plan', () => {
    const plan = emptyPlan();
    plan.mo = {
      isOn: true,
      timings: [
        { beg: 8 * HOUR, end: 12 * HOUR },
        { beg: 13 * HOUR, end: 17 * HOUR },
      ],
    };
    plan.fr = { isOn: true, timings: [{ beg: 22 * HOUR, end: 6 * HOUR }] };
    const body = bodyOf(plan);
    expect(body).toMatchObject({ mo: true, tu: false, fr: true, beg: 8 * HOUR, end: 12 * HOUR });
    const from = fromYmd('2026-01-04');
    const shifts = dailyShifts(
      { ...body, resourceId: 'r1', week_id: '2026-01-04_2026-01-10' },
      from,
      from + 7 * 86_400,
    );
    expect(
      shifts.map((s) => [s.startDate, Number(s.utc_begin_plus_tz) - from, Number(s.utc_end_plus_tz) - from]),
    ).toEqual([
      ['2026-01-05', 86_400 + 8 * HOUR, 86_400 + 12 * HOUR],
      ['2026-01-05', 86_400 + 13 * HOUR, 86_400 + 17 * HOUR],
      // Friday 22:00 to Saturday 06:00.
      ['2026-01-09', 5 * 86_400 + 22 * HOUR, 6 * 86_400 + 6 * HOUR],
    ]);
    expect(plannedHours(plan)).toBe(16);
  });

  it('flags a worked day without timings, an empty timing and overlapping timings, not a clean plan', () => {
    const plan = emptyPlan();
    plan.mo = { isOn: true, timings: [] };
    plan.tu = { isOn: true, timings: [{ beg: 9 * HOUR, end: 9 * HOUR }] };
    plan.we = {
      isOn: true,
      timings: [
        { beg: 9 * HOUR, end: 13 * HOUR },
        { beg: 12 * HOUR, end: 15 * HOUR },
      ],
    };
    plan.th = {
      isOn: true,
      timings: [
        { beg: 9 * HOUR, end: 13 * HOUR },
        { beg: 13 * HOUR, end: 15 * HOUR },
      ],
    };
    expect(planIssues(plan)).toEqual([
      { day: 'mo', index: -1, message: 'A worked day needs at least one timing' },
      { day: 'tu', index: 0, message: 'Begin and end are the same time' },
      { day: 'we', index: 1, message: 'Overlaps timing 1' },
    ]);
  });

  it('the week form refuses such a plan with each message on the timing or day it is about', () => {
    const plan = emptyPlan();
    plan.mo = { isOn: true, timings: [] };
    plan.we = {
      isOn: true,
      timings: [
        { beg: 9 * HOUR, end: 13 * HOUR },
        { beg: 12 * HOUR, end: 15 * HOUR },
      ],
    };
    const result = weekPlanSchema.safeParse(plan);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mo.isOn', 'A worked day needs at least one timing'],
      ['we.timings.1', 'Overlaps timing 1'],
    ]);
    plan.mo = { isOn: false, timings: [] };
    plan.we = { isOn: true, timings: [{ beg: 22 * HOUR, end: 6 * HOUR }] };
    expect(weekPlanSchema.safeParse(plan).success).toBe(true);
  });
});
