import { describe, expect, it } from 'vitest';
import type { Resource } from '../records/resource.ts';
import { allWeek, at, checkOne, codes, job, resource, run, runBatch } from './fixtures.test-helper.ts';
import type { AllocationConfig, AllocationRecord } from './scenario.ts';

// The job of every test unless stated: Monday 05/Jan/2026 09:00–11:00, customer c1, resource r1
// working around the clock all that week. Dates print dd/mmm/yyyy, times hh:MM AA.

describe('1. resource_inactive', () => {
  it('fails an inactive resource with "Resource is inactive"', () => {
    expect(checkOne({ resources: [resource('r1', { inactive: true })] }).errors).toEqual([
      { code: 'resource_inactive', message: 'Resource is inactive' },
    ]);
  });

  it('passes an active resource, and an inactive promoted dispatcher', () => {
    expect(checkOne({ resources: [resource('r1', { inactive: false })] }).ok).toBe(true);
    expect(checkOne({ resources: [resource('r1', { inactive: true, promoted_dispatcher: true })] }).ok).toBe(
      true,
    );
  });

  it('is skipped by RESOURCE_INACTIVE_NOT_CHECK', () => {
    const c = checkOne({
      resources: [resource('r1', { inactive: true })],
      config: { switches: { RESOURCE_INACTIVE_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('2. resource_inactive_date', () => {
  it('fails when InactiveDate is before the job begins: "inactive after dd/mmm/yyyy"', () => {
    const c = checkOne({ resources: [resource('r1', { InactiveDate: at('2026-01-05T08:59:59') })] });
    expect(c.errors).toEqual([{ code: 'resource_inactive_date', message: 'inactive after 05/Jan/2026' }]);
  });

  it('passes when InactiveDate equals the job begin (only "< job begin" fails), or is later', () => {
    expect(checkOne({ resources: [resource('r1', { InactiveDate: at('2026-01-05T09:00') })] }).ok).toBe(true);
    expect(checkOne({ resources: [resource('r1', { InactiveDate: at('2026-02-01T00:00') })] }).ok).toBe(true);
  });

  it('is skipped by RESOURCE_INACTIVE_DATE_NOT_CHECK', () => {
    const c = checkOne({
      resources: [resource('r1', { InactiveDate: at('2025-01-01T00:00') })],
      config: { switches: { RESOURCE_INACTIVE_DATE_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('3. resource_blacklisted', () => {
  const blacklists = [{ _id: 'c1', resIds: ['r1'] }];

  it("fails a resource on the job customer's blacklist, naming the customer", () => {
    const c = checkOne({ blacklists, customers: [{ _id: 'c1', name: 'Acme Care' }] });
    expect(c.errors).toEqual([
      {
        code: 'resource_blacklisted',
        message: "is blacklisted by Acme Care and can't be scheduled for this Job",
      },
    ]);
  });

  it('names the customer by id when the customers list does not know it', () => {
    expect(checkOne({ blacklists }).errors[0]?.message).toBe(
      "is blacklisted by c1 and can't be scheduled for this Job",
    );
  });

  it('passes a resource blacklisted only by another customer, or not at all', () => {
    expect(checkOne({ blacklists: [{ _id: 'c2', resIds: ['r1'] }] }).ok).toBe(true);
    expect(checkOne({ blacklists: [{ _id: 'c1', resIds: ['r2'] }] }).ok).toBe(true);
  });

  it('is skipped by RESOURCE_BLACKLISTED_NOT_CHECK', () => {
    expect(checkOne({ blacklists, config: { switches: { RESOURCE_BLACKLISTED_NOT_CHECK: true } } }).ok).toBe(
      true,
    );
  });
});

describe('4. resource_on_leave', () => {
  const leave = (b: string, e: string, over = {}) => ({
    _key: 'leave',
    status: 'leave',
    resourceId: 'r1',
    utc_begin_plus_tz: at(b),
    utc_end_plus_tz: at(e),
    ...over,
  });

  it('fails when a leave overlaps the job, with the leave as "from dd/mmm/yyyy hh:MM AA to …"', () => {
    const c = checkOne({ timeline: [leave('2026-01-05T10:59', '2026-01-06T17:00')] });
    expect(c.errors).toEqual([
      {
        code: 'resource_on_leave',
        message: 'on leave from 05/Jan/2026 10:59:00 AM to 06/Jan/2026 05:00:00 PM',
      },
    ]);
  });

  it('passes a leave that ends when the job begins or begins when it ends (half-open, no tolerance)', () => {
    expect(checkOne({ timeline: [leave('2026-01-04T09:00', '2026-01-05T09:00')] }).ok).toBe(true);
    expect(checkOne({ timeline: [leave('2026-01-05T11:00', '2026-01-06T09:00')] }).ok).toBe(true);
  });

  it("counts a record with status leave, and another resource's leave not at all", () => {
    const byStatus = leave('2026-01-05T10:00', '2026-01-05T12:00', { _key: 'booking' });
    expect(codes(checkOne({ timeline: [byStatus] }))).toEqual(['resource_on_leave']);
    expect(
      checkOne({ timeline: [leave('2026-01-05T10:00', '2026-01-05T12:00', { resourceId: 'r2' })] }).ok,
    ).toBe(true);
  });

  it('is skipped by LEAVE_NOT_CHECK', () => {
    const c = checkOne({
      timeline: [leave('2026-01-05T00:00', '2026-01-06T00:00')],
      config: { switches: { LEAVE_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('5. resource_break_time', () => {
  const brk = (b: string, e: string, over = {}) => ({
    type: 'break',
    resIds: ['r1'],
    utc_begin_plus_tz: at(b),
    utc_end_plus_tz: at(e),
    ...over,
  });

  it('fails when a break overlaps the job, with the break as "from … to …"', () => {
    expect(checkOne({ timeline: [brk('2026-01-05T10:30', '2026-01-05T11:00')] }).errors).toEqual([
      {
        code: 'resource_break_time',
        message: 'on a break from 05/Jan/2026 10:30:00 AM to 05/Jan/2026 11:00:00 AM',
      },
    ]);
  });

  it('passes a break that ends exactly when the job begins; _key break counts like type break', () => {
    expect(checkOne({ timeline: [brk('2026-01-05T08:30', '2026-01-05T09:00')] }).ok).toBe(true);
    const keyed = brk('2026-01-05T10:00', '2026-01-05T10:15', { type: undefined, _key: 'break' });
    expect(codes(checkOne({ timeline: [keyed] }))).toEqual(['resource_break_time']);
  });

  it('is skipped by BREAK_NOT_CHECK', () => {
    const c = checkOne({
      timeline: [brk('2026-01-05T10:00', '2026-01-05T10:30')],
      config: { switches: { BREAK_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

/** A counted booking of r1. */
const booking = (b: string, e: string, over = {}) => ({
  _id: `b-${b}`,
  status: 'confirmed',
  resIds: ['r1'],
  utc_begin_plus_tz: at(b),
  utc_end_plus_tz: at(e),
  ...over,
});

describe('6a. resource_cross_max_min_hours_daily', () => {
  const on = { switches: { MAX_HR_DAY_NOT_CHECK: false } };

  it('is skipped by default', () => {
    const c = checkOne({ resources: [resource('r1', { max_hrs_dy: 1 })] });
    expect(c.ok).toBe(true);
  });

  it('passes exactly at the limit: 2 h booked + 2 h job = max_hrs_dy 4', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_dy: 4 })],
      timeline: [booking('2026-01-05T13:00', '2026-01-05T15:00')],
      config: on,
    });
    expect(c.ok).toBe(true);
  });

  it('fails one second over: "exceeded 4 hours (2 jobs)", the job included', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_dy: 4 })],
      timeline: [booking('2026-01-05T13:00', '2026-01-05T15:00:01')],
      config: on,
    });
    expect(c.errors).toEqual([
      { code: 'resource_cross_max_min_hours_daily', message: 'exceeded 4 hours (2 jobs)' },
    ]);
  });

  it('without max_hrs_dy the limit is max_hrs_wk / 7, never above 24', () => {
    const seven = checkOne({
      resources: [resource('r1', { max_hrs_wk: 10 })],
      timeline: [booking('2026-01-05T13:00', '2026-01-05T13:30')],
      config: on,
    });
    // 10/7 h = 1.43 h < 2.5 h; the weekly check (10 h) passes.
    expect(seven.errors).toEqual([
      { code: 'resource_cross_max_min_hours_daily', message: 'exceeded 1.43 hours (2 jobs)' },
    ]);
    const capped = checkOne({
      resources: [resource('r1', { max_hrs_dy: 30 })],
      timeline: [
        booking('2026-01-05T00:00', '2026-01-05T09:00'),
        booking('2026-01-05T11:00', '2026-01-06T00:00:01'),
      ],
      config: on,
    });
    expect(capped.errors).toEqual([
      { code: 'resource_cross_max_min_hours_daily', message: 'exceeded 24 hours (3 jobs)' },
    ]);
  });

  it('counts a record in the day of its begin; cancelled, draft, leave and break records do not count', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_dy: 2 })],
      timeline: [
        booking('2026-01-04T23:00', '2026-01-05T08:00'), // Sunday's
        booking('2026-01-05T12:00', '2026-01-05T13:00', { status: 'cancelled' }),
        booking('2026-01-05T13:00', '2026-01-05T14:00', { status: 'draft' }),
        booking('2026-01-05T14:00', '2026-01-05T15:00', { _key: 'leave' }),
        booking('2026-01-05T15:00', '2026-01-05T16:00', { type: 'break' }),
      ],
      config: { switches: { ...on.switches, LEAVE_NOT_CHECK: true, BREAK_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('6b. resource_cross_max_min_hours_week', () => {
  it('passes exactly at max_hrs_wk: 6 h booked that week + 2 h job = 8', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_wk: 8 })],
      timeline: [booking('2026-01-06T08:00', '2026-01-06T14:00')],
    });
    expect(c.ok).toBe(true);
  });

  it('fails one second over: "exceeded 8 hours (2 jobs)"', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_wk: 8 })],
      timeline: [booking('2026-01-06T08:00', '2026-01-06T14:00:01')],
    });
    expect(c.errors).toEqual([
      { code: 'resource_cross_max_min_hours_week', message: 'exceeded 8 hours (2 jobs)' },
    ]);
  });

  it('defaults to 168 hours', () => {
    const c = checkOne({ timeline: [booking('2026-01-04T00:00', '2026-01-10T23:00')] });
    expect(codes(c)).toContain('resource_cross_max_min_hours_week');
    expect(c.errors.find((e) => e.code === 'resource_cross_max_min_hours_week')?.message).toBe(
      'exceeded 168 hours (2 jobs)',
    );
  });

  it('week edge: the week starts Sunday 00:00, so Saturday before does not count', () => {
    const r = [resource('r1', { max_hrs_wk: 8 })];
    expect(checkOne({ resources: r, timeline: [booking('2026-01-03T08:00', '2026-01-03T18:00')] }).ok).toBe(
      true,
    );
    expect(
      codes(checkOne({ resources: r, timeline: [booking('2026-01-04T00:00', '2026-01-04T10:00')] })),
    ).toEqual(['resource_cross_max_min_hours_week']);
  });

  it('week_start_day 1: the week starts Monday, so the Sunday before no longer counts', () => {
    const s = {
      resources: [resource('r1', { max_hrs_wk: 8 })],
      timeline: [booking('2026-01-04T08:00', '2026-01-04T18:00')],
    };
    expect(codes(checkOne({ ...s, config: { week_start_day: 0 } }))).toEqual([
      'resource_cross_max_min_hours_week',
    ]);
    expect(checkOne({ ...s, config: { week_start_day: 1 } }).ok).toBe(true);
  });

  it('is skipped by MAX_HR_WEEK_NOT_CHECK', () => {
    const c = checkOne({
      resources: [resource('r1', { max_hrs_wk: 1 })],
      config: { switches: { MAX_HR_WEEK_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('6c. resource_cross_max_min_hours_fortnight', () => {
  // Monday 05/Jan/2026's week holds Thursday 08/Jan = ISO week 2 (even): it is week 2 of a
  // fortnight that began Sunday 28/Dec/2025 and ends before Sunday 11/Jan/2026.
  const on = { switches: { MAX_HR_FORTNIGHT_NOT_CHECK: false } };
  const r = [resource('r1', { max_hrs_fn: 8 })];
  const shifts = [allWeek('r1'), allWeek('r1', '2025-12-28_2026-01-03')];

  it('is skipped by default', () => {
    expect(checkOne({ resources: [resource('r1', { max_hrs_fn: 1 })] }).ok).toBe(true);
  });

  it('counts the previous week when the job is in week 2: one second over 8 h fails', () => {
    const c = checkOne({
      resources: r,
      shifts,
      timeline: [booking('2025-12-29T08:00', '2025-12-29T14:00:01')],
      config: on,
    });
    expect(c.errors).toEqual([
      { code: 'resource_cross_max_min_hours_fortnight', message: 'exceeded 8 hours (2 jobs)' },
    ]);
  });

  it('passes exactly at the limit, and ignores the day before the fortnight and the next fortnight', () => {
    const exact = checkOne({
      resources: r,
      timeline: [booking('2025-12-28T08:00', '2025-12-28T14:00')],
      config: on,
    });
    expect(exact.ok).toBe(true);
    const before = checkOne({
      resources: r,
      timeline: [booking('2025-12-27T00:00', '2025-12-27T20:00')],
      config: on,
    });
    expect(before.ok).toBe(true);
    const next = checkOne({
      resources: r,
      timeline: [booking('2026-01-11T00:00', '2026-01-11T20:00')],
      config: on,
    });
    expect(next.ok).toBe(true);
  });
});

describe('7. resource_label_mismatch', () => {
  const labels = [
    { _id: 'l1', name: 'First Aid', unit_price: 10 },
    { _id: 'l2', name: 'Forklift', unit_price: 20 },
  ];

  it('fails listing the missing label names: "Labels don\'t match. Missing: …"', () => {
    const c = checkOne({
      job: job({ labels: ['l1', 'l2', 'Night'] }),
      labels,
      resources: [resource('r1', { labels: ['first aid'] })],
    });
    expect(c.errors).toEqual([
      { code: 'resource_label_mismatch', message: "Labels don't match. Missing: Forklift, Night" },
    ]);
  });

  it('matches names case-insensitively whether given as ids or names (labels or lbls)', () => {
    const job2 = job({ labels: ['l1', 'FORKLIFT'] });
    expect(
      checkOne({ job: job2, labels, resources: [resource('r1', { labels: ['l2', 'FIRST AID'] })] }).ok,
    ).toBe(true);
    expect(
      checkOne({ job: job2, labels, resources: [resource('r1', { lbls: ['forklift', 'l1'] })] }).ok,
    ).toBe(true);
  });

  it('passes a job that requires no label', () => {
    expect(checkOne({ labels, resources: [resource('r1')] }).ok).toBe(true);
  });

  it('is skipped by LABEL_MATCH_NOT_CHECK', () => {
    const c = checkOne({
      job: job({ labels: ['l2'] }),
      labels,
      config: { switches: { LABEL_MATCH_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('8. resource_shift_not_setup / resource_shift_not_match', () => {
  const dayShift = allWeek('r1', undefined, { beg: 8 * 3600, end: 17 * 3600 });

  it('fails "No shift set up for Monday" when no shift covers the job\'s day', () => {
    expect(checkOne({ shifts: [] }).errors).toEqual([
      { code: 'resource_shift_not_setup', message: 'No shift set up for Monday' },
    ]);
    expect(codes(checkOne({ shifts: [allWeek('r1', '2026-01-11_2026-01-17')] }))).toEqual([
      'resource_shift_not_setup',
    ]);
    expect(codes(checkOne({ shifts: [allWeek('r1', undefined, { mo: false })] }))).toEqual([
      'resource_shift_not_setup',
    ]);
  });

  it('passes a job inside the day\'s interval, edges included; fails "Job outside resource shift" otherwise', () => {
    expect(checkOne({ shifts: [dayShift] }).ok).toBe(true);
    const edges = job({ utc_begin_plus_tz: at('2026-01-05T08:00'), utc_end_plus_tz: at('2026-01-05T17:00') });
    expect(checkOne({ job: edges, shifts: [dayShift] }).ok).toBe(true);
    const early = job({ utc_begin_plus_tz: at('2026-01-05T07:59'), utc_end_plus_tz: at('2026-01-05T09:00') });
    expect(checkOne({ job: early, shifts: [dayShift] }).errors).toEqual([
      { code: 'resource_shift_not_match', message: 'Job outside resource shift' },
    ]);
  });

  it('a shift with end <= beg ends the next day (22:00–06:00 holds 23:00–01:00)', () => {
    const night = allWeek('r1', undefined, { beg: 22 * 3600, end: 6 * 3600, tu: false });
    const late = job({ utc_begin_plus_tz: at('2026-01-05T23:00'), utc_end_plus_tz: at('2026-01-06T01:00') });
    expect(checkOne({ job: late, shifts: [night] }).ok).toBe(true);
    const over = job({ utc_begin_plus_tz: at('2026-01-05T23:00'), utc_end_plus_tz: at('2026-01-06T06:01') });
    expect(codes(checkOne({ job: over, shifts: [night] }))).toEqual(['resource_shift_not_match']);
    // Only the job's own day counts: Tuesday 02:00 needs a Tuesday shift.
    const tuesday = job({
      utc_begin_plus_tz: at('2026-01-06T02:00'),
      utc_end_plus_tz: at('2026-01-06T03:00'),
    });
    expect(checkOne({ job: tuesday, shifts: [night] }).errors[0]?.message).toBe(
      'No shift set up for Tuesday',
    );
  });

  it('per-day timings replace beg/end for that day only', () => {
    const split = allWeek('r1', undefined, {
      beg: 9 * 3600,
      end: 17 * 3600,
      timings: { mo: [{ beg: 7 * 3600, end: 11 * 3600 }] },
    });
    expect(checkOne({ shifts: [split] }).ok).toBe(true); // Monday 09–11 inside 07–11
    const afternoon = job({
      utc_begin_plus_tz: at('2026-01-05T15:00'),
      utc_end_plus_tz: at('2026-01-05T16:00'),
    });
    expect(codes(checkOne({ job: afternoon, shifts: [split] }))).toEqual(['resource_shift_not_match']);
    const tuesday = job({
      utc_begin_plus_tz: at('2026-01-06T15:00'),
      utc_end_plus_tz: at('2026-01-06T16:00'),
    });
    expect(checkOne({ job: tuesday, shifts: [split] }).ok).toBe(true);
  });

  it('is skipped by RESOURCE_SHIFT_NOT_CHECK', () => {
    expect(checkOne({ shifts: [], config: { switches: { RESOURCE_SHIFT_NOT_CHECK: true } } }).ok).toBe(true);
  });
});

describe('9. resource_busy', () => {
  it('fails when another job of the resource overlaps, naming it "already assigned from … to …"', () => {
    expect(checkOne({ timeline: [booking('2026-01-05T10:00', '2026-01-05T12:00')] }).errors).toEqual([
      {
        code: 'resource_busy',
        message: 'already assigned from 05/Jan/2026 10:00:00 AM to 05/Jan/2026 12:00:00 PM',
      },
    ]);
  });

  it("prints the other job's times in the organisation's date_format; an unknown one is the default", () => {
    const timeline = [booking('2026-01-05T10:00', '2026-01-05T12:00')];
    expect(checkOne({ timeline, config: { date_format: 'mm/dd/yyyy' } }).errors[0]?.message).toBe(
      'already assigned from 01/05/2026 10:00:00 AM to 01/05/2026 12:00:00 PM',
    );
    expect(checkOne({ timeline, config: { date_format: 'yyyy/dd' } }).errors[0]?.message).toBe(
      'already assigned from 05/Jan/2026 10:00:00 AM to 05/Jan/2026 12:00:00 PM',
    );
  });

  it('tolerates 900 s of overlap and fails at 901 s', () => {
    expect(checkOne({ timeline: [booking('2026-01-05T07:00', '2026-01-05T09:15')] }).ok).toBe(true);
    expect(codes(checkOne({ timeline: [booking('2026-01-05T07:00', '2026-01-05T09:15:01')] }))).toEqual([
      'resource_busy',
    ]);
    expect(checkOne({ timeline: [booking('2026-01-05T10:45', '2026-01-05T12:00')] }).ok).toBe(true);
    expect(codes(checkOne({ timeline: [booking('2026-01-05T10:44:59', '2026-01-05T12:00')] }))).toEqual([
      'resource_busy',
    ]);
  });

  it("ignores cancelled, finished and draft jobs, other resources' jobs and the job's own record", () => {
    const c = checkOne({
      timeline: [
        booking('2026-01-05T09:00', '2026-01-05T11:00', { status: 'cancelled' }),
        booking('2026-01-05T09:00', '2026-01-05T11:00', { status: 'finished' }),
        booking('2026-01-05T09:00', '2026-01-05T11:00', { status: 'draft' }),
        booking('2026-01-05T09:00', '2026-01-05T11:00', { resIds: ['r2'] }),
        booking('2026-01-05T09:00', '2026-01-05T11:00', { _id: 'j1' }),
      ],
    });
    expect(c.ok).toBe(true);
  });

  it('counts group events and a resource named by resourceId; names the earliest overlapping job', () => {
    const c = checkOne({
      timeline: [
        booking('2026-01-05T10:30', '2026-01-05T12:00', { _key: 'groupevent' }),
        booking('2026-01-05T08:00', '2026-01-05T10:00', { resIds: [], resourceId: 'r1' }),
      ],
    });
    expect(c.errors).toEqual([
      {
        code: 'resource_busy',
        message: 'already assigned from 05/Jan/2026 08:00:00 AM to 05/Jan/2026 10:00:00 AM',
      },
    ]);
  });

  it('is skipped by EXISTING_JOB_OVERLAP_NOT_CHECK', () => {
    const c = checkOne({
      timeline: [booking('2026-01-05T09:00', '2026-01-05T11:00')],
      config: { switches: { EXISTING_JOB_OVERLAP_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('10. resource_distance_exceeds_limit', () => {
  const cbd = { lat: -33.8688, lng: 151.2093 };
  const parramatta = { lat: -33.815, lng: 151.0011 }; // about 20.14 km from the CBD

  it('fails beyond max_distance (default 20 km): "Distance (x km) exceeds max (y km)"', () => {
    const c = checkOne({ job: job({ _geoloc: cbd }), resources: [resource('r1', { _geoloc: parramatta })] });
    expect(c.errors).toEqual([
      { code: 'resource_distance_exceeds_limit', message: 'Distance (20.14 km) exceeds max (20 km)' },
    ]);
  });

  it('passes within max_distance (metres), and when either side has no _geoloc', () => {
    const s = { job: job({ _geoloc: cbd }), resources: [resource('r1', { _geoloc: parramatta })] };
    expect(checkOne({ ...s, config: { max_distance: 25_000 } }).ok).toBe(true);
    expect(checkOne({ job: job(), resources: [resource('r1', { _geoloc: parramatta })] }).ok).toBe(true);
    expect(checkOne({ job: job({ _geoloc: cbd }), resources: [resource('r1')] }).ok).toBe(true);
  });

  it('fails at equality (>= fails): 0 km against a max of 0', () => {
    const c = checkOne({
      job: job({ _geoloc: cbd }),
      resources: [resource('r1', { _geoloc: cbd })],
      config: { max_distance: 0 },
    });
    expect(c.errors).toEqual([
      { code: 'resource_distance_exceeds_limit', message: 'Distance (0 km) exceeds max (0 km)' },
    ]);
  });

  it('is skipped by DISTANCE_NOT_CHECK', () => {
    const c = checkOne({
      job: job({ _geoloc: cbd }),
      resources: [resource('r1', { _geoloc: parramatta })],
      config: { switches: { DISTANCE_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('11. EXT_JOB_TO_INT_RES_PROHIBITED', () => {
  const external = job({ external_data: { IsExternalBooking: true } });

  it('fails an external booking offered to an internal resource', () => {
    expect(checkOne({ job: external }).errors).toEqual([
      {
        code: 'EXT_JOB_TO_INT_RES_PROHIBITED',
        message: 'External job cannot be assigned to internal resource',
      },
    ]);
  });

  it('passes an external booking for an external resource, and an internal job for anyone', () => {
    expect(checkOne({ job: external, resources: [resource('r1', { external: true })] }).ok).toBe(true);
    expect(checkOne({ resources: [resource('r1', { external: true })] }).ok).toBe(true);
  });

  it('is skipped by EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK', () => {
    const c = checkOne({
      job: external,
      config: { switches: { EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('12. service_plans_invalid', () => {
  const visit = job({ external_data: { VisitStemID: 'v1' } });

  it('fails an Inactive plan, with the spec title and message', () => {
    expect(
      checkOne({ job: visit, servicePlans: [{ VisitStemID: 'v1', UpdateType: 'Inactive' }] }).errors,
    ).toEqual([
      {
        code: 'service_plans_invalid',
        title: 'Visit Service Plans Invalid',
        message: 'The service plan is inactive for VisitStemID v1. This record will not be processed.',
      },
    ]);
  });

  it('fails an Ended plan whose EndDate is before the job begins', () => {
    const plans = [{ VisitStemID: 'v1', UpdateType: 'Ended', EndDate: at('2026-01-05T08:59:59') }];
    expect(checkOne({ job: visit, servicePlans: plans }).errors[0]?.message).toBe(
      'The service plan ended on 05/Jan/2026 for VisitStemID v1. This record will not be processed.',
    );
  });

  it("passes an Ended plan ending exactly at the job begin, another visit's plan, and other update types", () => {
    const ended = [{ VisitStemID: 'v1', UpdateType: 'Ended', EndDate: at('2026-01-05T09:00') }];
    expect(checkOne({ job: visit, servicePlans: ended }).ok).toBe(true);
    expect(checkOne({ job: visit, servicePlans: [{ VisitStemID: 'v2', UpdateType: 'Inactive' }] }).ok).toBe(
      true,
    );
    expect(checkOne({ job: visit, servicePlans: [{ VisitStemID: 'v1', UpdateType: 'Updated' }] }).ok).toBe(
      true,
    );
  });

  it('is skipped by VISIT_SERVICE_PLAN_NOT_CHECK', () => {
    const c = checkOne({
      job: visit,
      servicePlans: [{ VisitStemID: 'v1', UpdateType: 'Inactive' }],
      config: { switches: { VISIT_SERVICE_PLAN_NOT_CHECK: true } },
    });
    expect(c.ok).toBe(true);
  });
});

describe('13. resource_min_rest (Rostra rule, switched on by MIN_REST_NOT_CHECK: false)', () => {
  const on = (min_rest_minutes?: number) => ({
    switches: { MIN_REST_NOT_CHECK: false },
    ...(min_rest_minutes === undefined ? {} : { min_rest_minutes }),
  });

  it('is skipped by default: a job ending right before passes', () => {
    expect(checkOne({ timeline: [booking('2026-01-05T07:00', '2026-01-05T09:00')] }).ok).toBe(true);
  });

  it('fails a job that ended less than the rest before, naming it: "needs 1 hours rest from the job from … to …"', () => {
    const c = checkOne({ timeline: [booking('2026-01-05T06:00', '2026-01-05T08:00:01')], config: on(60) });
    expect(c.errors).toEqual([
      {
        code: 'resource_min_rest',
        message: 'needs 1 hours rest from the job from 05/Jan/2026 06:00:00 AM to 05/Jan/2026 08:00:01 AM',
      },
    ]);
  });

  it('passes a gap of exactly the rest on either side (boundary), fails one second less after the job', () => {
    expect(checkOne({ timeline: [booking('2026-01-05T06:00', '2026-01-05T08:00')], config: on(60) }).ok).toBe(
      true,
    );
    expect(checkOne({ timeline: [booking('2026-01-05T12:00', '2026-01-05T13:00')], config: on(60) }).ok).toBe(
      true,
    );
    expect(
      codes(checkOne({ timeline: [booking('2026-01-05T11:59:59', '2026-01-05T13:00')], config: on(60) })),
    ).toEqual(['resource_min_rest']);
  });

  it('defaults to 10 hours: a job ending 22:00 the night before fails, 23:00 passes', () => {
    expect(
      codes(checkOne({ timeline: [booking('2026-01-04T21:00', '2026-01-04T23:00:01')], config: on() })),
    ).toEqual(['resource_min_rest']);
    expect(checkOne({ timeline: [booking('2026-01-04T21:00', '2026-01-04T23:00')], config: on() }).ok).toBe(
      true,
    );
  });

  it("ignores what the busy check ignores: cancelled, finished and draft jobs, other resources' and the job's own", () => {
    const c = checkOne({
      timeline: [
        booking('2026-01-05T08:00', '2026-01-05T08:30', { status: 'cancelled' }),
        booking('2026-01-05T08:00', '2026-01-05T08:30', { status: 'finished' }),
        booking('2026-01-05T08:00', '2026-01-05T08:30', { status: 'draft' }),
        booking('2026-01-05T08:00', '2026-01-05T08:30', { resIds: ['r2'] }),
        booking('2026-01-05T09:00', '2026-01-05T11:00', { _id: 'j1' }),
      ],
      config: on(60),
    });
    expect(c.ok).toBe(true);
  });

  it('a batch leaves the rest between the jobs it assigns: the second job goes to another resource', () => {
    const out = runBatch({
      jobs: [
        job({ _id: 'a', resIds: [] }),
        job({
          _id: 'b',
          resIds: [],
          utc_begin_plus_tz: at('2026-01-05T11:30'),
          utc_end_plus_tz: at('2026-01-05T12:30'),
        }),
      ],
      resources: [resource('r1'), resource('r2')],
      shifts: [allWeek('r1'), allWeek('r2')],
      config: on(60),
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], ['r2']]);
  });
});

describe('14. resource_credential_expired (Rostra rule, switched on by CREDENTIAL_EXPIRY_NOT_CHECK: false)', () => {
  const on = { switches: { CREDENTIAL_EXPIRY_NOT_CHECK: false } };
  const forklift = (till: string, over = {}) =>
    resource('r1', { labels: ['Forklift'], label_valid_till: { Forklift: at(till) }, ...over });

  it('is skipped by default: a resource valid till the day before passes', () => {
    expect(checkOne({ resources: [resource('r1', { valid_till: at('2026-01-04T00:00') })] }).ok).toBe(true);
  });

  it('fails a job beginning after valid_till: "Credentials expired: valid till …"', () => {
    const c = checkOne({
      resources: [resource('r1', { valid_till: at('2026-01-04T23:59:59') })],
      config: on,
    });
    expect(c.errors).toEqual([
      {
        code: 'resource_credential_expired',
        message: 'Credentials expired: valid till 04/Jan/2026 11:59:59 PM',
      },
    ]);
  });

  it('fails a job needing a certificate that expired before it, naming both credentials', () => {
    const c = checkOne({
      job: job({ labels: ['forklift'] }),
      resources: [forklift('2026-01-05T08:59', { valid_till: at('2026-01-05T08:00') })],
      labels: [{ _id: 'l1', name: 'Forklift', type: 'certificate' }],
      config: on,
    });
    expect(c.errors).toEqual([
      {
        code: 'resource_credential_expired',
        message:
          'Credentials expired: valid till 05/Jan/2026 08:00:00 AM, Forklift till 05/Jan/2026 08:59:00 AM',
      },
    ]);
  });

  it('passes a job beginning exactly at the expiry (boundary), and one a second before it ends', () => {
    expect(
      checkOne({ resources: [resource('r1', { valid_till: at('2026-01-05T09:00') })], config: on }).ok,
    ).toBe(true);
    expect(
      checkOne({ job: job({ labels: ['Forklift'] }), resources: [forklift('2026-01-05T09:00')], config: on })
        .ok,
    ).toBe(true);
    expect(
      codes(
        checkOne({
          job: job({ labels: ['Forklift'] }),
          resources: [forklift('2026-01-05T08:59:59')],
          config: on,
        }),
      ),
    ).toEqual(['resource_credential_expired']);
  });

  it('an expired certificate the job does not need passes; a label id keys it like its name', () => {
    expect(checkOne({ resources: [forklift('2026-01-01T00:00')], config: on }).ok).toBe(true);
    const byId = checkOne({
      job: job({ labels: ['Forklift'] }),
      resources: [resource('r1', { labels: ['l1'], label_valid_till: { l1: at('2026-01-01T00:00') } })],
      labels: [{ _id: 'l1', name: 'Forklift', type: 'certificate' }],
      config: on,
    });
    expect(codes(byId)).toEqual(['resource_credential_expired']);
  });

  it('a batch gives the job to the resource whose certificate is still valid', () => {
    const out = runBatch({
      jobs: [job({ _id: 'a', resIds: [], labels: ['Forklift'], rs_preferred: ['r1'] })],
      resources: [forklift('2026-01-02T00:00'), resource('r2', { labels: ['Forklift'] })],
      shifts: [allWeek('r1'), allWeek('r2')],
      config: on,
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r2']]);
  });
});

describe('15. resource_max_consecutive_days (Rostra rule, switched on by MAX_CONSECUTIVE_DAYS_NOT_CHECK: false)', () => {
  const on = (max_consecutive_days?: number) => ({
    switches: { MAX_CONSECUTIVE_DAYS_NOT_CHECK: false },
    ...(max_consecutive_days === undefined ? {} : { max_consecutive_days }),
  });
  /** A 2-hour booking of r1 on each of these January days (2025 for 30 and 31). */
  const onDays = (...days: number[]) =>
    days.map((d) => {
      const day = d > 20 ? `2025-12-${d}` : `2026-01-0${d}`;
      return booking(`${day}T13:00`, `${day}T15:00`);
    });

  it('is skipped by default: a seventh day in a row passes', () => {
    expect(checkOne({ timeline: onDays(30, 31, 1, 2, 3, 4) }).ok).toBe(true);
  });

  it('fails a job that makes the run longer than the most, naming the run: "would work 4 days in a row, …"', () => {
    const c = checkOne({ timeline: onDays(3, 4, 6), config: on(3) });
    expect(c.errors).toEqual([
      {
        code: 'resource_max_consecutive_days',
        message: 'would work 4 days in a row, 03/Jan/2026 to 06/Jan/2026 (at most 3)',
      },
    ]);
  });

  it('passes a run of exactly the most (boundary); a day off breaks the run', () => {
    expect(checkOne({ timeline: onDays(3, 4), config: on(3) }).ok).toBe(true);
    expect(checkOne({ timeline: onDays(1, 2, 4), config: on(3) }).ok).toBe(true);
  });

  it('defaults to 6 days: six days before the job fail it, five pass', () => {
    expect(codes(checkOne({ timeline: onDays(30, 31, 1, 2, 3, 4), config: on() }))).toEqual([
      'resource_max_consecutive_days',
    ]);
    expect(checkOne({ timeline: onDays(31, 1, 2, 3, 4), config: on() }).ok).toBe(true);
  });

  it('a job past midnight works on both days; one ending at midnight on its first only', () => {
    const night = booking('2026-01-03T22:00', '2026-01-04T02:00');
    expect(codes(checkOne({ timeline: [night], config: on(2) }))).toEqual(['resource_max_consecutive_days']);
    const toMidnight = booking('2026-01-03T22:00', '2026-01-04T00:00');
    expect(checkOne({ timeline: [toMidnight], config: on(2) }).ok).toBe(true);
  });

  it("counts the hours' records: finished jobs count; cancelled, draft, leaves and other resources' do not", () => {
    const day4 = (over: object) => booking('2026-01-04T13:00', '2026-01-04T15:00', over);
    expect(codes(checkOne({ timeline: [day4({ status: 'finished' })], config: on(1) }))).toEqual([
      'resource_max_consecutive_days',
    ]);
    const ignored = [
      day4({ _id: 'x1', status: 'cancelled' }),
      day4({ _id: 'x2', status: 'draft' }),
      day4({ _id: 'x3', _key: 'leave' }),
      day4({ _id: 'x4', resIds: ['r2'] }),
    ];
    expect(checkOne({ timeline: ignored, config: on(1) }).ok).toBe(true);
  });

  it('a batch spreads days in a row over resources: the third day goes to the other resource', () => {
    const day = (id: string, d: string) =>
      job({
        _id: id,
        resIds: [],
        rs_preferred: ['r1'],
        utc_begin_plus_tz: at(`${d}T09:00`),
        utc_end_plus_tz: at(`${d}T11:00`),
      });
    const out = runBatch({
      jobs: [day('a', '2026-01-05'), day('b', '2026-01-06'), day('c', '2026-01-07')],
      resources: [resource('r1'), resource('r2')],
      shifts: [allWeek('r1'), allWeek('r2')],
      config: on(2),
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], ['r1'], ['r2']]);
  });
});

describe('16. minimum hours (Rostra preference, switched on by MIN_HOURS_NOT_CHECK: false)', () => {
  const on = { switches: { MIN_HOURS_NOT_CHECK: false } };
  const timeline = [booking('2026-01-04T09:00', '2026-01-04T13:00')];
  const score = (over: Partial<Resource>, config?: typeof on) =>
    checkOne({ resources: [resource('r1', over)], timeline, ...(config ? { config } : {}) }).score;

  it('is skipped by default: a resource under its minimum scores as without one', () => {
    expect(score({ min_hrs_wk: 38 })).toBe(score({}));
  });

  it('adds 30 × the largest share of a minimum still lacking before the job, and never fails', () => {
    // 4 h worked that week (Sunday), none that day: week 1 − 4/38, day 1 − 0/8 = 1.
    expect(score({ min_hrs_wk: 38 }, on) - score({}, on)).toBeCloseTo(30 * (34 / 38), 9);
    expect(score({ min_hrs_wk: 38, min_hrs_dy: 8 }, on) - score({}, on)).toBeCloseTo(30, 9);
    const c = checkOne({ resources: [resource('r1', { min_hrs_fn: 76 })], config: on });
    expect(c.ok).toBe(true);
    expect(c.errors).toEqual([]);
  });

  it('adds nothing once the minimum is met (boundary: exactly met), nor without a minimum', () => {
    expect(score({ min_hrs_wk: 4 }, on)).toBe(score({}, on));
    expect(score({ min_hrs_wk: 4.5 }, on) - score({}, on)).toBeCloseTo(30 * (0.5 / 4.5), 9);
    expect(score({ min_hrs_wk: 0 }, on)).toBe(score({}, on));
  });

  it('auto prefers the resource under its minimum over one that is not', () => {
    const out = run({
      mode: 'auto',
      job: job({ resIds: [] }),
      resources: [resource('r1'), resource('r2', { min_hrs_wk: 20 })],
      shifts: [allWeek('r1'), allWeek('r2')],
      config: on,
    });
    expect(out.assigned).toEqual(['r2']);
    const off = run({
      mode: 'auto',
      job: job({ resIds: [] }),
      resources: [resource('r1'), resource('r2', { min_hrs_wk: 20 })],
      shifts: [allWeek('r1'), allWeek('r2')],
    });
    expect(off.assigned).toEqual(['r1']);
  });
});

describe('17. resource_travel_time (Rostra rule, switched on by TRAVEL_TIME_NOT_CHECK: false)', () => {
  // The job at the CBD; Parramatta about 20.14 km away: 40 minutes at the defaults (× 1.3 ÷ 40 km/h).
  const cbd = { lat: -33.8688, lng: 151.2093 };
  const parramatta = { lat: -33.815, lng: 151.0011 };
  const on = (extra = {}) => ({ switches: { TRAVEL_TIME_NOT_CHECK: false }, ...extra });
  const there = (b: string, e: string, over = {}) => booking(b, e, { _geoloc: parramatta, ...over });
  const check = (timeline: AllocationRecord[], config: AllocationConfig = on(), jobOver = {}) =>
    checkOne({ job: job({ _geoloc: cbd, ...jobOver }), timeline, config });

  it('is skipped by default: a job elsewhere ending right before passes', () => {
    expect(
      checkOne({ job: job({ _geoloc: cbd }), timeline: [there('2026-01-05T08:00', '2026-01-05T09:00')] }).ok,
    ).toBe(true);
  });

  it('fails too short a gap from the previous job, naming it: "needs 40 minutes to travel from the job …"', () => {
    expect(check([there('2026-01-05T08:00', '2026-01-05T08:40')]).errors).toEqual([
      {
        code: 'resource_travel_time',
        message:
          'needs 40 minutes to travel from the job from 05/Jan/2026 08:00:00 AM to 05/Jan/2026 08:40:00 AM',
      },
    ]);
  });

  it('fails too short a gap to the next job: "needs 40 minutes to travel to the job …"', () => {
    expect(check([there('2026-01-05T11:20', '2026-01-05T12:00')]).errors).toEqual([
      {
        code: 'resource_travel_time',
        message:
          'needs 40 minutes to travel to the job from 05/Jan/2026 11:20:00 AM to 05/Jan/2026 12:00:00 PM',
      },
    ]);
  });

  it('passes a gap of exactly the travel on either side (boundary), fails one second less', () => {
    expect(check([there('2026-01-05T07:00', '2026-01-05T08:20')]).ok).toBe(true);
    expect(check([there('2026-01-05T11:40', '2026-01-05T12:00')]).ok).toBe(true);
    expect(codes(check([there('2026-01-05T07:00', '2026-01-05T08:20:01')]))).toEqual([
      'resource_travel_time',
    ]);
    expect(codes(check([there('2026-01-05T11:39:59', '2026-01-05T12:00')]))).toEqual([
      'resource_travel_time',
    ]);
  });

  it("takes the organisation's road factor and speed: × 1 at 60 km/h needs 21 minutes", () => {
    const config = on({ travel_road_factor: 1, travel_speed_kmh: 60 });
    expect(check([there('2026-01-05T07:00', '2026-01-05T08:39')], config).ok).toBe(true);
    expect(check([there('2026-01-05T07:00', '2026-01-05T08:39:01')], config).errors[0]?.message).toBe(
      'needs 21 minutes to travel from the job from 05/Jan/2026 07:00:00 AM to 05/Jan/2026 08:39:01 AM',
    );
  });

  it('asks for no travel when either job has no place, or the places are the same', () => {
    expect(check([booking('2026-01-05T08:00', '2026-01-05T09:00')]).ok).toBe(true);
    expect(check([there('2026-01-05T08:00', '2026-01-05T09:00')], on(), { _geoloc: undefined }).ok).toBe(
      true,
    );
    expect(check([booking('2026-01-05T08:00', '2026-01-05T09:00', { _geoloc: cbd })]).ok).toBe(true);
  });

  it("looks at the neighbours only, among the busy check's records: not a job further away in time, nor cancelled ones or the job's own", () => {
    const c = check([
      there('2026-01-05T06:00', '2026-01-05T08:00'),
      booking('2026-01-05T08:00', '2026-01-05T09:00', { _geoloc: cbd }),
      there('2026-01-05T08:30', '2026-01-05T08:50', { status: 'cancelled' }),
      there('2026-01-05T08:30', '2026-01-05T08:50', { resIds: ['r2'] }),
      there('2026-01-05T09:00', '2026-01-05T11:00', { _id: 'j1' }),
    ]);
    expect(c.ok).toBe(true);
  });

  it('scores −1 per travel minute from the previous job while on; nothing from the next job or while off', () => {
    const from = (over: object, config: AllocationConfig = on()) =>
      check([booking('2026-01-05T06:00', '2026-01-05T07:00', over)], config).score;
    // Against the same job without a place, whose other parts are the same.
    expect(from({ _geoloc: parramatta }) - from({})).toBeCloseTo(-40, 9);
    expect(from({ _geoloc: cbd })).toBe(from({}));
    expect(from({ _geoloc: parramatta }, {})).toBe(from({}, {}));
    const to = (over: object) => check([booking('2026-01-05T13:00', '2026-01-05T14:00', over)]).score;
    expect(to({ _geoloc: parramatta })).toBe(to({}));
  });

  it('auto prefers the resource whose previous job is nearer', () => {
    const out = run({
      mode: 'auto',
      job: job({ resIds: [], _geoloc: cbd }),
      resources: [resource('r1'), resource('r2')],
      shifts: [allWeek('r1'), allWeek('r2')],
      timeline: [
        there('2026-01-05T06:00', '2026-01-05T07:00'),
        booking('2026-01-05T06:00', '2026-01-05T07:00', { _id: 'near', resIds: ['r2'], _geoloc: cbd }),
      ],
      config: on(),
    });
    expect(out.assigned).toEqual(['r2']);
  });

  it('a batch leaves the travel between the jobs it assigns: the second job goes to another resource', () => {
    const out = runBatch({
      jobs: [
        job({ _id: 'a', resIds: [], _geoloc: cbd }),
        job({
          _id: 'b',
          resIds: [],
          _geoloc: parramatta,
          utc_begin_plus_tz: at('2026-01-05T11:30'),
          utc_end_plus_tz: at('2026-01-05T12:30'),
        }),
      ],
      resources: [resource('r1'), resource('r2')],
      shifts: [allWeek('r1'), allWeek('r2')],
      config: on(),
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], ['r2']]);
  });
});

describe('every check runs', () => {
  it('lists every failure of a candidate, in the contract order', () => {
    const c = checkOne({
      job: job({
        labels: ['Forklift'],
        _geoloc: { lat: -33.8688, lng: 151.2093 },
        external_data: { IsExternalBooking: true, VisitStemID: 'v1' },
      }),
      resources: [
        resource('r1', {
          inactive: true,
          InactiveDate: at('2026-01-01T00:00'),
          valid_till: at('2026-01-01T00:00'),
          max_hrs_dy: 1,
          max_hrs_wk: 1,
          max_hrs_fn: 1,
          _geoloc: { lat: -34.5, lng: 150.5 },
        }),
      ],
      blacklists: [{ _id: 'c1', resIds: ['r1'] }],
      timeline: [
        {
          _key: 'leave',
          resourceId: 'r1',
          utc_begin_plus_tz: at('2026-01-05T00:00'),
          utc_end_plus_tz: at('2026-01-06T00:00'),
        },
        {
          type: 'break',
          resourceId: 'r1',
          utc_begin_plus_tz: at('2026-01-05T10:00'),
          utc_end_plus_tz: at('2026-01-05T10:30'),
        },
        booking('2026-01-05T09:00', '2026-01-05T11:00'),
        // About 100 km away: more than the 18 hours to the job at × 3 and 5 km/h.
        booking('2026-01-04T13:00', '2026-01-04T15:00', { _geoloc: { lat: -34.5, lng: 150.5 } }),
      ],
      shifts: [],
      servicePlans: [{ VisitStemID: 'v1', UpdateType: 'Inactive' }],
      config: {
        switches: {
          MAX_HR_DAY_NOT_CHECK: false,
          MAX_HR_FORTNIGHT_NOT_CHECK: false,
          MIN_REST_NOT_CHECK: false,
          CREDENTIAL_EXPIRY_NOT_CHECK: false,
          MAX_CONSECUTIVE_DAYS_NOT_CHECK: false,
          TRAVEL_TIME_NOT_CHECK: false,
        },
        max_consecutive_days: 1,
        travel_road_factor: 3,
        travel_speed_kmh: 5,
      },
    });
    expect(codes(c)).toEqual([
      'resource_inactive',
      'resource_inactive_date',
      'resource_blacklisted',
      'resource_on_leave',
      'resource_break_time',
      'resource_cross_max_min_hours_daily',
      'resource_cross_max_min_hours_week',
      'resource_cross_max_min_hours_fortnight',
      'resource_label_mismatch',
      'resource_shift_not_setup',
      'resource_busy',
      'resource_distance_exceeds_limit',
      'EXT_JOB_TO_INT_RES_PROHIBITED',
      'service_plans_invalid',
      'resource_min_rest',
      'resource_credential_expired',
      'resource_max_consecutive_days',
      'resource_travel_time',
    ]);
    expect(c.ok).toBe(false);
  });
});
