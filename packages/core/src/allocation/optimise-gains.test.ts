import { describe, expect, it } from 'vitest';
import { allWeek, at, job, resource, runBatch } from './fixtures.test-helper.ts';
import { staffingFigures } from './optimise-gains.ts';
import type { AllocationScenario } from './scenario.ts';

// Two overlapping jobs and two workers. The early job prefers Ann then Bob, the late one Ann
// first of three: greedy gives the early job Ann and the late one Bob (one preferred worker);
// the optimiser swaps them (two preferred workers, a higher score).
const scenario: AllocationScenario = {
  resources: [resource('r1'), resource('r2')],
  shifts: [allWeek('r1'), allWeek('r2')],
  jobs: [
    job({
      _id: 'late',
      utc_begin_plus_tz: at('2026-01-05T09:30'),
      utc_end_plus_tz: at('2026-01-05T10:30'),
      preferred: ['r1', 'x1', 'x2'],
    }),
    job({ _id: 'early', preferred: ['r1', 'r2'] }),
  ],
};

describe('what an optimised batch added', () => {
  it('counts preferred workers the optimiser gave over greedy', () => {
    const greedy = runBatch(scenario);
    const optimised = runBatch({ ...scenario, optimise: { budget_ms: 2000 } });
    expect(greedy.results.map((r) => r.assigned)).toEqual([['r2'], ['r1']]);
    expect(optimised.results.map((r) => r.assigned)).toEqual([['r1'], ['r2']]);
    expect({ greedy: staffingFigures(greedy), optimised: staffingFigures(optimised) }).toEqual({
      greedy: { staffed: 2, preferred: 1 },
      optimised: { staffed: 2, preferred: 2 },
    });
  });

  it('a job needing two workers counts as staffed only with both; an unstaffed job counts for nothing', () => {
    const out = runBatch({
      resources: [resource('r1')],
      shifts: [allWeek('r1')],
      jobs: [
        job({ _id: 'pair', MasterResourceID: ['a', 'b'], preferred: ['r1'] }),
        job({
          _id: 'other',
          utc_begin_plus_tz: at('2026-01-06T09:00'),
          utc_end_plus_tz: at('2026-01-06T10:00'),
        }),
      ],
    });
    expect(out.results.map((r) => r.assigned)).toEqual([['r1'], ['r1']]);
    expect(staffingFigures(out)).toEqual({ staffed: 1, preferred: 1 });
  });
});
