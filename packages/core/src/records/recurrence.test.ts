import { describe, expect, it } from 'vitest';
import { DAY, dayStart, fortnightWeek, fromWallClock, fromYmd, HOUR, toYmd } from '../time/calendar.ts';
import {
  bookingsToCancelOnEnd,
  describeRepeat,
  expandRepeat,
  MAX_OCCURRENCES,
  occurrenceCount,
  repeatCountIssue,
  repeatEndIssue,
  repeatSizeIssue,
  repeatUntilIssue,
} from './recurrence.ts';

// The first booking of every test unless stated: Monday 05/Jan/2026 09:00–11:00 (wall clock).
const MON = fromYmd('2026-01-05');
const begin = MON + 9 * HOUR;
const end = MON + 11 * HOUR;
const days = (occ: { begin: number }[]) => occ.map((o) => toYmd(o.begin));
const expand = (rule: Parameters<typeof expandRepeat>[2], b = begin, e = end) => {
  const x = expandRepeat(b, e, rule);
  if (!x.ok) throw new Error(x.issue.message);
  return x.occurrences;
};

describe('repeat_end_required', () => {
  it('refuses a rule with neither a last day nor a count, and one with both', () => {
    const issue = {
      code: 'repeat_end_required',
      message: 'Choose when the series ends: a last day or a number of occurrences',
      field: 'repeat',
    };
    expect(repeatEndIssue({ frequency: 'daily' })).toEqual(issue);
    expect(repeatEndIssue({ frequency: 'daily', until: MON + 3 * DAY, count: 3 })).toEqual(issue);
  });

  it('takes exactly one of them', () => {
    expect(repeatEndIssue({ frequency: 'daily', count: 3 })).toBeNull();
    expect(repeatEndIssue({ frequency: 'daily', until: MON + 3 * DAY, count: null })).toBeNull();
  });
});

describe('repeat_too_few', () => {
  it('refuses a count of 1: "A series repeats at least twice"', () => {
    expect(repeatCountIssue({ frequency: 'weekly', count: 1 })).toEqual({
      code: 'repeat_too_few',
      message: 'A series repeats at least twice',
      field: 'repeat.count',
    });
  });

  it('takes 2 (the boundary) and more', () => {
    expect(repeatCountIssue({ frequency: 'weekly', count: 2 })).toBeNull();
    expect(repeatCountIssue({ frequency: 'weekly', count: 10 })).toBeNull();
  });
});

describe('repeat_until_before_start', () => {
  it("refuses a last day before the first booking's day", () => {
    expect(repeatUntilIssue(begin, { frequency: 'daily', until: MON - 1 })?.code).toBe(
      'repeat_until_before_start',
    );
  });

  it("takes the first booking's own day (any time of it) and later", () => {
    expect(repeatUntilIssue(begin, { frequency: 'daily', until: MON })).toBeNull();
    expect(repeatUntilIssue(begin, { frequency: 'daily', until: MON + 30 * DAY })).toBeNull();
  });
});

describe('repeat_too_many', () => {
  it(`refuses more than ${MAX_OCCURRENCES} occurrences, by count or by last day, with what to change`, () => {
    expect(repeatSizeIssue(begin, { frequency: 'daily', count: MAX_OCCURRENCES + 1 })).toEqual({
      code: 'repeat_too_many',
      message: 'A series has at most 366 bookings: choose an earlier last day or fewer occurrences',
      field: 'repeat.count',
    });
    // 05/Jan/2026 daily to 06/Jan/2027 is 367 days.
    expect(repeatSizeIssue(begin, { frequency: 'daily', until: fromYmd('2027-01-06') })?.field).toBe(
      'repeat.until',
    );
  });

  it(`takes exactly ${MAX_OCCURRENCES}`, () => {
    expect(repeatSizeIssue(begin, { frequency: 'daily', count: MAX_OCCURRENCES })).toBeNull();
    expect(occurrenceCount(begin, { frequency: 'daily', until: fromYmd('2027-01-05') })).toBe(366);
    expect(repeatSizeIssue(begin, { frequency: 'daily', until: fromYmd('2027-01-05') })).toBeNull();
  });
});

describe('expandRepeat', () => {
  it('daily for a count: consecutive days, same times and length, the first booking first', () => {
    const occ = expand({ frequency: 'daily', count: 3 });
    expect(occ).toEqual([
      { begin, end },
      { begin: begin + DAY, end: end + DAY },
      { begin: begin + 2 * DAY, end: end + 2 * DAY },
    ]);
  });

  it('weekly until a last day: the same weekday, the last day included', () => {
    const occ = expand({ frequency: 'weekly', until: fromYmd('2026-01-26') + 23 * HOUR });
    expect(days(occ)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    // A last day before the next Monday does not make one more.
    expect(days(expand({ frequency: 'weekly', until: fromYmd('2026-02-01') }))).toHaveLength(4);
  });

  it("fortnightly: 14 days apart, each in the same week of the organisation's fortnight", () => {
    const occ = expand({ frequency: 'fortnightly', count: 4 });
    expect(days(occ)).toEqual(['2026-01-05', '2026-01-19', '2026-02-02', '2026-02-16']);
    for (const weekStartDay of [0, 1, 3]) {
      const weeks = occ.map((o) => fortnightWeek(o.begin, weekStartDay));
      expect(new Set(weeks).size).toBe(1);
    }
  });

  it('an overnight booking keeps its length into the next day', () => {
    const occ = expand({ frequency: 'daily', count: 2 }, MON + 22 * HOUR, MON + DAY + 6 * HOUR);
    expect(occ[1]).toEqual({ begin: MON + DAY + 22 * HOUR, end: MON + 2 * DAY + 6 * HOUR });
  });

  it('refuses with the first issue and makes nothing', () => {
    expect(expandRepeat(begin, end, { frequency: 'daily', count: 400 })).toEqual({
      ok: false,
      issue: expect.objectContaining({ code: 'repeat_too_many' }),
    });
  });

  describe('across a daylight-saving change in Australia/Sydney: wall-clock times kept', () => {
    const zone = 'Australia/Sydney';

    it('clocks back (Sun 05/Apr/2026 03:00 → 02:00): 09:00 stays 09:00, 25 real hours apart', () => {
      const sat = fromYmd('2026-04-04');
      const occ = expand({ frequency: 'daily', count: 3 }, sat + 9 * HOUR, sat + 10 * HOUR);
      expect(occ.map((o) => (o.begin - dayStart(o.begin)) / HOUR)).toEqual([9, 9, 9]);
      const real = occ.map((o) => fromWallClock(o.begin, zone));
      expect(new Date(real[0] as number).toISOString()).toBe('2026-04-03T22:00:00.000Z'); // +11:00
      expect(new Date(real[1] as number).toISOString()).toBe('2026-04-04T23:00:00.000Z'); // +10:00
      expect(((real[1] as number) - (real[0] as number)) / 3_600_000).toBe(25);
      expect(((real[2] as number) - (real[1] as number)) / 3_600_000).toBe(24);
    });

    it('clocks forward (Sun 04/Oct/2026 02:00 → 03:00): weekly 08:30 stays 08:30, 167 real hours apart', () => {
      const thu = fromYmd('2026-10-01');
      const occ = expand({ frequency: 'weekly', count: 2 }, thu + 8.5 * HOUR, thu + 12 * HOUR);
      expect(occ.map((o) => toYmd(o.begin))).toEqual(['2026-10-01', '2026-10-08']);
      expect((occ[1]?.begin as number) - dayStart(occ[1]?.begin as number)).toBe(8.5 * HOUR);
      const real = occ.map((o) => fromWallClock(o.begin, zone));
      expect(((real[1] as number) - (real[0] as number)) / 3_600_000).toBe(7 * 24 - 1);
    });
  });
});

describe('describeRepeat', () => {
  it('says the rule in words, the last day in the organisation format', () => {
    expect(describeRepeat(begin, { frequency: 'daily', count: 10 })).toBe('Daily, 10 times');
    expect(describeRepeat(begin, { frequency: 'weekly', until: fromYmd('2026-03-30') })).toBe(
      'Weekly on Monday, until 30/Mar/2026',
    );
    expect(
      describeRepeat(begin, { frequency: 'fortnightly', until: fromYmd('2026-03-30') }, 'dd/mm/yyyy'),
    ).toBe('Fortnightly on Monday, until 30/03/2026');
  });
});

describe('bookingsToCancelOnEnd', () => {
  const b = (id: string, at: number, status?: string) => ({ _id: id, utc_begin_plus_tz: at, status });

  it('cancels the bookings beginning after now that are not cancelled, under way or done', () => {
    const now = begin;
    const list = [
      b('past', now - DAY, 'confirmed'),
      b('now', now, 'confirmed'),
      b('next', now + 1, 'draft'),
      b('plain', now + DAY),
      b('parked', now + 2 * DAY, 'parked'),
      b('gone', now + 3 * DAY, 'cancelled'),
      b('started', now + 4 * DAY, 'active'),
      b('done', now + 5 * DAY, 'finished'),
    ];
    expect(bookingsToCancelOnEnd(list, now).map((x) => x._id)).toEqual(['next', 'plain', 'parked']);
  });
});
