import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../bench/generate.ts';
import { DAY } from '../time/calendar.ts';
import { allWeek, at, job, resource, runBatch } from './fixtures.test-helper.ts';
import { referenceAllocate } from './reference.test-helper.ts';
import type { AllocationScenario } from './scenario.ts';

const mon = (from: string, to: string, id: string, over = {}) =>
  job({
    _id: id,
    utc_begin_plus_tz: at(`2026-01-05T${from}`),
    utc_end_plus_tz: at(`2026-01-05T${to}`),
    ...over,
  });

describe('batch auto-allocation', () => {
  const one: Pick<AllocationScenario, 'resources' | 'shifts'> = {
    resources: [resource('r1')],
    shifts: [allWeek('r1')],
  };

  it('never double-books: the earlier job takes the resource, the overlapping later one is in conflict', () => {
    const out = runBatch({ ...one, jobs: [mon('10:00', '12:00', 'late'), mon('09:00', '11:00', 'early')] });
    // Results in input order; processing in begin order.
    expect(out.results.map((r) => [r.job._id, r.assigned])).toEqual([
      ['late', []],
      ['early', ['r1']],
    ]);
    expect(out.results[0]?.candidates[0]?.errors).toEqual([
      {
        code: 'resource_busy',
        message: 'already assigned from 05/Jan/2026 09:00:00 AM to 05/Jan/2026 11:00:00 AM',
      },
    ]);
    expect(out.summary).toEqual({ jobs: 2, assigned: 1, conflicts: 1 });
  });

  it('equal begins go in _id order', () => {
    const out = runBatch({ ...one, jobs: [mon('09:00', '10:00', 'b'), mon('09:00', '10:00', 'a')] });
    expect(out.results.map((r) => r.assigned)).toEqual([[], ['r1']]);
  });

  it('hours accumulate across the batch: a third 2-hour job breaks a 4-hour week', () => {
    const day = (d: string, id: string) =>
      job({
        _id: id,
        utc_begin_plus_tz: at(`2026-01-0${d}T09:00`),
        utc_end_plus_tz: at(`2026-01-0${d}T11:00`),
      });
    const out = runBatch({
      resources: [resource('r1', { max_hrs_wk: 4 })],
      shifts: [allWeek('r1')],
      jobs: [day('5', 'a'), day('6', 'b'), day('7', 'c')],
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], ['r1'], []]);
    expect(out.results[2]?.candidates[0]?.errors).toEqual([
      { code: 'resource_cross_max_min_hours_week', message: 'exceeded 4 hours (3 jobs)' },
    ]);
  });

  it("a batch job's own older copy in the timeline does not block anyone", () => {
    const out = runBatch({
      ...one,
      timeline: [
        {
          _id: 'b',
          resIds: ['r1'],
          utc_begin_plus_tz: at('2026-01-05T09:00'),
          utc_end_plus_tz: at('2026-01-05T11:00'),
        },
      ],
      jobs: [mon('09:00', '11:00', 'a'), mon('09:00', '11:00', 'b')],
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], []]);
  });

  it('multi-resource jobs take several resources, each then busy for later jobs', () => {
    const out = runBatch({
      resources: [resource('r1'), resource('r2'), resource('r3')],
      shifts: ['r1', 'r2', 'r3'].map((r) => allWeek(r)),
      jobs: [
        mon('09:00', '11:00', 'pair', { MasterResourceID: ['x', 'y'] }),
        mon('10:00', '12:00', 'pair2', { MasterResourceID: ['x', 'y'] }),
      ],
    });
    expect(out.results[0]?.assigned).toHaveLength(2);
    expect(out.results[1]?.assigned).toHaveLength(1);
    expect(out.results[1]?.errors.map((e) => e.code)).toEqual(['no_multi_allocation']);
    expect(new Set([...(out.results[0]?.assigned ?? []), ...(out.results[1]?.assigned ?? [])]).size).toBe(3);
    expect(out.summary).toEqual({ jobs: 2, assigned: 2, conflicts: 1 });
  });

  it('a candidate limit lists only the best candidates of each job', () => {
    const ids = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];
    const s: AllocationScenario = {
      resources: ids.map((id, i) => resource(id, { max_hrs_wk: 10 + i })),
      shifts: ids.map((id) => allWeek(id)),
      jobs: [mon('09:00', '11:00', 'a')],
    };
    const full = runBatch(s).results[0]?.candidates ?? [];
    const top = runBatch(s, 5).results[0]?.candidates ?? [];
    expect(full).toHaveLength(7);
    expect(top).toEqual(full.slice(0, 5));
  });

  it('listing the best 5 (with pruning) shows and assigns exactly what the full ranking does', () => {
    const s = generateScenario({ seed: 7, resources: 120, jobs: 400 });
    const full = runBatch(s);
    const top = runBatch(s, 5);
    expect(top.summary).toEqual(full.summary);
    top.results.forEach((r, i) => {
      const f = full.results[i];
      expect(r.assigned).toEqual(f?.assigned);
      expect(r.errors).toEqual(f?.errors);
      expect(r.candidates).toEqual(f?.candidates.slice(0, 5));
    });
  }, 60_000);

  it('stays exact when a batch spans more days and customers than the caches keep (300 of each)', () => {
    const base = at('2026-01-05T09:00');
    const ids = ['r1', 'r2', 'r3'];
    const s: AllocationScenario = {
      resources: ids.map((id, i) => resource(id, { max_hrs_wk: 6 + i, max_hrs_fn: 20 })),
      shifts: [],
      blacklists: [{ _id: 'c7', resIds: ['r1'] }],
      timeline: [
        {
          _id: 'old',
          customerId: 'c3',
          resIds: ['r2'],
          utc_begin_plus_tz: base - DAY,
          utc_end_plus_tz: base - DAY + 3600,
        },
      ],
      config: { switches: { RESOURCE_SHIFT_NOT_CHECK: true, MAX_HR_FORTNIGHT_NOT_CHECK: false } },
      jobs: Array.from({ length: 300 }, (_, i) =>
        job({
          _id: `j${i}`,
          customerId: `c${(i * 7) % 300}`,
          utc_begin_plus_tz: base + ((i * 37) % 300) * DAY,
          utc_end_plus_tz: base + ((i * 37) % 300) * DAY + 3 * 3600,
        }),
      ),
    };
    expect(JSON.stringify(runBatch(s, 2))).toBe(JSON.stringify(referenceAllocate(s, { candidateLimit: 2 })));
  }, 60_000);
});
