import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, job, resource } from './fixtures.test-helper.ts';
import { createJobContext } from './job-context.ts';
import { rankCandidates } from './modes.ts';
import { type AllocationJob, parseScenario } from './scenario.ts';
import { scenarioArb } from './scenario-arb.test-helper.ts';
import { costParts, ScenarioIndex } from './scenario-index.ts';
import { scoreParts, scoreTotal } from './score-parts.ts';

describe('score parts', () => {
  it('names each part of the contract table for a preferred internal resource with a busy overlap', () => {
    const ix = new ScenarioIndex({
      resources: [resource('r1', { labels: ['Nurse'], max_hrs_wk: 40 }), resource('r2')],
      labels: [{ _id: 'l1', name: 'Nurse', type: 'skill', unit_price: 30 }],
      timeline: [
        {
          _id: 'b0',
          resIds: ['r1'],
          customerId: 'c1',
          utc_begin_plus_tz: at('2026-01-05T10:00'),
          utc_end_plus_tz: at('2026-01-05T12:00'),
        },
      ],
      shifts: [],
    });
    const j = job({ labels: ['Nurse'], rs_preferred: ['r2', 'r1'] });
    const ctx = createJobContext(ix, j);
    const parts = scoreParts(ctx, ix.indexOf.get('r1') as number, ix.poolCostPart());
    expect(parts).toEqual({
      preferred: 100_000,
      internal: 10_000,
      external: 0,
      cost: 100,
      past_jobs: 0,
      distance: 0,
      matching_labels: 40,
      free_week_hours: 20 * ((40 - 4) / 40),
      free_day_hours: 10 * ((40 / 7 - 4) / (40 / 7)),
      same_day_load: 0,
      overlap: -10_000,
      outside_shift: -10,
      under_minimum_hours: 0,
      travel: 0,
    });
    const ranked = rankCandidates(ix, j);
    expect(ranked.candidates.find((c) => c.resourceId === 'r1')?.score).toBe(scoreTotal(parts));
  });

  it('add up to the engine’s score bit for bit on 1,000 random scenarios, for every candidate', () => {
    fc.assert(
      fc.property(
        scenarioArb.filter(({ input }) => 'job' in input),
        ({ input }) => {
          const parsed = parseScenario(JSON.parse(JSON.stringify({ ...input, mode: 'check' })));
          if (!parsed.ok) throw new Error(parsed.message);
          const { job: j, candidateIds, ...shared } = parsed.scenario;
          const ix = new ScenarioIndex(shared);
          const ranked = rankCandidates(ix, j as AllocationJob, candidateIds == null ? {} : { candidateIds });
          const positions = ranked.candidates.map((c) => ix.indexOf.get(c.resourceId) as number);
          const cost =
            candidateIds == null ? ix.poolCostPart() : costParts(ix.cost, Int32Array.from(positions));
          const ctx = createJobContext(ix, j as AllocationJob);
          ranked.candidates.forEach((c, k) => {
            expect(scoreTotal(scoreParts(ctx, positions[k] as number, cost))).toBe(c.score);
          });
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});
