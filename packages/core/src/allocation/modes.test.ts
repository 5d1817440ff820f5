import { describe, expect, it } from 'vitest';
import type { Resource } from '../records/resource.ts';
import { allocate } from './engine.ts';
import { allWeek, at, job, resource, run } from './fixtures.test-helper.ts';
import type { AllocationOutcome } from './modes.ts';
import type { AllocationScenario } from './scenario.ts';

const CBD = { lat: -33.8688, lng: 151.2093 };
const labels = [
  { _id: 'l1', name: 'First Aid', unit_price: 10 },
  { _id: 'l2', name: 'Forklift', unit_price: 30 },
];
const booking = (id: string, res: string, b: string, e: string, over = {}) => ({
  _id: id,
  status: 'confirmed',
  resIds: [res],
  utc_begin_plus_tz: at(b),
  utc_end_plus_tz: at(e),
  ...over,
});

/** Four resources whose every score part is worked out by hand below. */
const scored: AllocationScenario = {
  mode: 'auto',
  job: job({ labels: ['l1'], _geoloc: CBD, rs_preferred: ['r2', 'r1'] }),
  labels,
  resources: [
    resource('r1', { labels: ['l1'], _geoloc: CBD, max_hrs_wk: 40, max_hrs_dy: 8 }),
    resource('r2', { external: true, max_hrs_wk: 40, max_hrs_dy: 4 }),
    resource('r3', { labels: ['l1', 'l2'] }),
    resource('r4', { labels: ['l2'] }),
  ],
  shifts: [allWeek('r1'), allWeek('r3')],
  timeline: [
    // r1: three earlier jobs for c1 (+24), a cancelled one (not counted), two more on Monday.
    booking('p1', 'r1', '2025-12-29T09:00', '2025-12-29T10:00', { customerId: 'c1' }),
    booking('p2', 'r1', '2025-12-30T09:00', '2025-12-30T10:00', { customerId: 'c1' }),
    booking('p3', 'r1', '2025-12-31T09:00', '2025-12-31T10:00', { customerId: 'c1' }),
    booking('p4', 'r1', '2025-12-31T11:00', '2025-12-31T12:00', { customerId: 'c1', status: 'cancelled' }),
    booking('m1', 'r1', '2026-01-05T07:00', '2026-01-05T08:00'),
    booking('m2', 'r1', '2026-01-05T12:00', '2026-01-05T13:00'),
    // r2: busy for an hour of the job.
    booking('m3', 'r2', '2026-01-05T09:00', '2026-01-05T10:00'),
  ],
};

describe('score', () => {
  const out = run(scored);
  const score = (id: string) => out.candidates.find((c) => c.resourceId === id)?.score;

  it('adds every part: preferred, internal, cost, past jobs, distance, labels, free hours, same-day load', () => {
    // 100000×(2−1) + 10000 internal + 100 labels equal the job's + 8×3 past jobs + 60×(1−0/20)
    // + 40×1/1 + 20×(40−4)/40 + 10×(8−4)/8 − 2×2 jobs that day.
    expect(score('r1')).toBe(100_000 + 10_000 + 100 + 24 + 60 + 40 + 18 + 5 - 4);
  });

  it('an external resource on an internal job gets no bonus; overlap and outside-shift penalties apply', () => {
    // 100000×(2−0) preferred + 0 cost (no label) + 20×(40−3)/40 + 10×(4−3)/4 − 10000 − 10.
    expect(score('r2')).toBe(200_000 + 18.5 + 2.5 - 10_000 - 10);
  });

  it('cost part: 100 × (max − cost) / (max − min) among finite costs; labels part counts matches', () => {
    // r3 costs 40 (the max): 0; r4 costs 30: 100×(40−30)/(40−10); r4 lacks First Aid: labels 0.
    expect(score('r3')).toBeCloseTo(10_000 + 0 + 40 + 20 * (166 / 168) + 10 * (22 / 24), 9);
    expect(score('r4')).toBeCloseTo(10_000 + 100 / 3 + 20 * (166 / 168) + 10 * (22 / 24) - 10, 9);
  });

  it('weightage_cost is the sum of label unit prices, null without labels', () => {
    expect(out.candidates.map((c) => [c.resourceId, c.weightage_cost])).toEqual([
      ['r2', null],
      ['r1', 10],
      ['r3', 40],
      ['r4', 30],
    ]);
  });

  it('sorts by score descending and assigns the best passing resource', () => {
    expect(out.candidates.map((c) => [c.resourceId, c.ok])).toEqual([
      ['r2', false],
      ['r1', true],
      ['r3', true],
      ['r4', false],
    ]);
    expect(out.assigned).toEqual(['r1']);
  });
});

describe('candidate order on equal scores', () => {
  const tie = (resources: Resource[], s: Partial<AllocationScenario> = {}) =>
    run({
      mode: 'check',
      job: job(),
      candidateIds: resources.map((r) => r._id),
      resources,
      shifts: resources.map((r) => allWeek(r._id)),
      ...s,
    }).candidates.map((c) => c.resourceId);

  it("cheaper weightage_cost first (both labels named like the job's: 100 each)", () => {
    const twins = [
      { _id: 'a', name: 'First Aid', unit_price: 10 },
      { _id: 'b', name: 'first aid', unit_price: 20 },
    ];
    const resources = [resource('x1', { labels: ['b'] }), resource('x2', { labels: ['a'] })];
    expect(tie(resources, { labels: twins, job: job({ labels: ['First Aid'] }) })).toEqual(['x2', 'x1']);
  });

  it('no label (cost null) after any cost', () => {
    // x1 costs the max (cost part 0) and ties with x2, which has no label.
    const prices = [
      { _id: 'a', name: 'A', unit_price: 40 },
      { _id: 'b', name: 'B', unit_price: 10 },
    ];
    const resources = [resource('x2', { name: 'Aaron' }), resource('x1', { labels: ['a'], name: 'Zed' })];
    const order = tie([...resources, resource('x3', { labels: ['b'] })], { labels: prices });
    expect(order).toEqual(['x3', 'x1', 'x2']);
  });

  it('then name case-insensitively, then _id', () => {
    const resources = [
      resource('x1', { name: 'bob' }),
      resource('x3', { name: 'ann' }),
      resource('x2', { name: 'Ann' }),
      resource('x0', { name: 'ann' }),
    ];
    expect(tie(resources)).toEqual(['x0', 'x2', 'x3', 'x1']);
  });
});

describe('check mode', () => {
  const s: AllocationScenario = {
    mode: 'check',
    job: job({ resIds: ['r1', 'r2'] }),
    resources: [resource('r1'), resource('r2', { inactive: true })],
    shifts: [allWeek('r1'), allWeek('r2')],
  };

  it('checks job.resIds by default, returns the job unchanged and lists failures with their resourceId', () => {
    const out = run(s);
    expect(out.job).toEqual(s.job);
    expect(out.assigned).toEqual([]);
    expect(out.isConflict).toBe(true);
    expect(out.errors).toEqual([
      { code: 'resource_inactive', message: 'Resource is inactive', resourceId: 'r2' },
    ]);
    expect(out.candidates.map((c) => c.resourceId)).toEqual(['r1', 'r2']);
  });

  it('checks candidateIds when given; no conflict when they all pass', () => {
    const out = run({ ...s, candidateIds: ['r1'] });
    expect(out.isConflict).toBe(false);
    expect(out.errors).toEqual([]);
  });

  it('no candidate: no_resource_found with its title, and a conflict', () => {
    const out = run({ ...s, candidateIds: [] });
    expect(out.isConflict).toBe(true);
    expect(out.errors).toEqual([
      {
        code: 'no_resource_found',
        title: 'Resource Not Found',
        message: 'Please allocate resources to this Job as no resource has been assigned',
      },
    ]);
  });

  it('a job-level service plan failure appears once in the outcome errors, before candidate failures', () => {
    const out = run({
      ...s,
      job: job({ resIds: ['r1', 'r2'], external_data: { VisitStemID: 'v7' } }),
      servicePlans: [{ VisitStemID: 'v7', UpdateType: 'Inactive' }],
    });
    expect(out.errors.map((e) => [e.code, e.resourceId])).toEqual([
      ['service_plans_invalid', undefined],
      ['resource_inactive', 'r2'],
    ]);
    expect(out.candidates.every((c) => c.errors.some((e) => e.code === 'service_plans_invalid'))).toBe(true);
  });
});

describe('manual mode', () => {
  const s: AllocationScenario = {
    mode: 'manual',
    job: job({ status: 'draft' }),
    candidateIds: ['r2', 'r1'],
    resources: [resource('r1'), resource('r2', { first_name: 'Ann', last_name: 'Lee' })],
    shifts: [allWeek('r1'), allWeek('r2')],
  };

  it('assigns the candidates: resIds, resourceId and names of the first, autoallocate false', () => {
    const out = run(s);
    expect(out.job).toEqual({
      ...s.job,
      resIds: ['r2', 'r1'],
      resourceId: 'r2',
      resource_first_name: 'Ann',
      resource_last_name: 'Lee',
      autoallocate: false,
      isConflict: false,
    });
    expect(out.assigned).toEqual(['r2', 'r1']);
    expect(out.isConflict).toBe(false);
  });

  it('assigns even failing candidates, flagging the conflict and listing why', () => {
    const out = run({ ...s, timeline: [booking('b1', 'r1', '2026-01-05T10:00', '2026-01-05T12:00')] });
    expect(out.assigned).toEqual(['r2', 'r1']);
    expect(out.isConflict).toBe(true);
    expect(out.job.isConflict).toBe(true);
    expect(out.errors).toEqual([
      {
        code: 'resource_busy',
        message: 'already assigned from 05/Jan/2026 10:00:00 AM to 05/Jan/2026 12:00:00 PM',
        resourceId: 'r1',
      },
    ]);
  });

  it('no candidate: the job is left without resources, no_resource_found and a conflict', () => {
    const out = run({ ...s, job: job({ resIds: ['r1'], resourceId: 'r1' }), candidateIds: [] });
    expect(out.job.resIds).toEqual([]);
    expect('resourceId' in out.job).toBe(false);
    expect(out.isConflict).toBe(true);
    expect(out.errors.map((e) => e.code)).toEqual(['no_resource_found']);
  });
});

describe('auto mode', () => {
  const pool = [
    resource('r1', { max_hrs_wk: 20 }),
    resource('r2', { max_hrs_wk: 40 }),
    resource('r3', { inactive: true }),
  ];
  const base: AllocationScenario = {
    mode: 'auto',
    job: job({ resIds: ['old'] }),
    resources: pool,
    shifts: pool.map((r) => allWeek(r._id)),
  };

  it('assigns the best passing resource with autoallocate true and no conflict', () => {
    const out = run(base);
    expect(out.assigned).toEqual(['r2']); // more free weekly hours
    expect(out.job).toMatchObject({
      resIds: ['r2'],
      resourceId: 'r2',
      autoallocate: true,
      isConflict: false,
    });
    expect(out.errors).toEqual([]);
    expect(out.candidates).toHaveLength(3);
  });

  it('none passes: no_auto_allocation, conflict, nothing assigned and the job keeps its resources', () => {
    const out = run({ ...base, resources: [resource('r3', { inactive: true })], shifts: [] });
    expect(out.assigned).toEqual([]);
    expect(out.isConflict).toBe(true);
    expect(out.job).toEqual({ ...base.job, isConflict: true });
    expect(out.errors).toEqual([
      {
        code: 'no_auto_allocation',
        message:
          'Unable to perform auto allocation: No resources match the criteria. Please assign a resource manually.',
      },
    ]);
  });

  it('MasterResourceID as a list needs that many: fewer passing are assigned with no_multi_allocation', () => {
    const out = run({ ...base, job: job({ MasterResourceID: ['a', 'b', 'c'] }) });
    expect(out.assigned).toEqual(['r2', 'r1']);
    expect(out.job).toMatchObject({ resIds: ['r2', 'r1'], resourceId: 'r2', isConflict: true });
    expect(out.isConflict).toBe(true);
    expect(out.errors).toEqual([
      {
        code: 'no_multi_allocation',
        message:
          'Auto allocation failed: The job requires 3 resources, but only 2 resources were available for allocation.',
      },
    ]);
  });

  it('MasterResourceID as a string needs one; a list of two is met by two', () => {
    expect(run({ ...base, job: job({ MasterResourceID: 'm1' }) }).assigned).toEqual(['r2']);
    const two = run({ ...base, job: job({ MasterResourceID: ['a', 'b'] }) });
    expect(two.assigned).toEqual(['r2', 'r1']);
    expect(two.isConflict).toBe(false);
  });

  it('a preferred resource that passes wins; none of the list assigned gives the no_preferred warning', () => {
    expect(run({ ...base, job: job({ rs_preferred: ['r1'] }) }).assigned).toEqual(['r1']);
    const out = run({ ...base, job: job({ rs_preferred: ['r3'] }) });
    expect(out.assigned).toEqual(['r2']);
    expect(out.isConflict).toBe(false);
    expect(out.errors).toEqual([
      {
        code: 'no_preferred_resource_allocate',
        message:
          'Failed to allocate the preferred resource: The job has been allocated to an available resource.',
      },
    ]);
  });

  it('rs_preferred wins over preferred; an empty rs_preferred falls back to preferred', () => {
    expect(run({ ...base, job: job({ rs_preferred: ['r1'], preferred: ['r2'] }) }).assigned).toEqual(['r1']);
    expect(run({ ...base, job: job({ rs_preferred: [], preferred: ['r1'] }) }).assigned).toEqual(['r1']);
  });

  it('a service plan failure blocks every resource: service_plans_invalid then no_auto_allocation', () => {
    const out = run({
      ...base,
      job: job({ external_data: { VisitStemID: 'v1' } }),
      servicePlans: [{ VisitStemID: 'v1', UpdateType: 'Ended', EndDate: at('2026-01-01T00:00') }],
    });
    expect(out.errors.map((e) => e.code)).toEqual(['service_plans_invalid', 'no_auto_allocation']);
    expect(out.errors[0]).toEqual({
      code: 'service_plans_invalid',
      title: 'Visit Service Plans Invalid',
      message: 'The service plan ended on 01/Jan/2026 for VisitStemID v1. This record will not be processed.',
    });
  });
});

describe('Something went wrong', () => {
  it('an exception inside the engine becomes a fallback error, never a crash', () => {
    const exploding = {
      _id: 'r1',
      get labels(): string[] {
        throw new Error('boom');
      },
    };
    const scenario = { mode: 'auto', job: job(), resources: [exploding] } as AllocationScenario;
    const out = allocate(scenario) as AllocationOutcome;
    expect(out).toEqual({
      job: { ...job(), isConflict: true },
      assigned: [],
      isConflict: true,
      errors: [{ code: 'fallback', title: 'Something went wrong', message: 'Something went wrong' }],
      candidates: [],
    });
  });

  it('in a batch only the job that fails gets the fallback; the others are allocated', () => {
    const jobs = [
      job({ _id: 'a' }),
      {
        ...job({ _id: 'b' }),
        get labels(): string[] {
          throw new Error('boom');
        },
      },
    ];
    const scenario = { jobs, resources: [resource('r1')], shifts: [allWeek('r1')] } as AllocationScenario;
    const out = allocate(scenario);
    expect('results' in out && out.results.map((r) => [r.assigned, r.errors.map((e) => e.code)])).toEqual([
      [['r1'], []],
      [[], ['fallback']],
    ]);
  });
});
