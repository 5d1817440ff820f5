import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './engine.ts';
import { allWeek, job, resource } from './fixtures.test-helper.ts';
import { type AllocationOutcome, passingFirst, rankCandidates, splitPassing } from './modes.ts';
import { type AllocationJob, parseScenario } from './scenario.ts';
import { scenarioArb } from './scenario-arb.test-helper.ts';
import { ScenarioIndex } from './scenario-index.ts';

// Issue 16 point 4: the panel lists the candidates who pass first, then those who fail, each
// group in the contract's order; the contract's own `candidates` array is left as it is.

describe('splitPassing / passingFirst', () => {
  it('keeps each group in the order given', () => {
    const list = [
      { id: 'a', ok: false },
      { id: 'b', ok: true },
      { id: 'c', ok: false },
      { id: 'd', ok: true },
    ];
    expect(splitPassing(list)).toEqual({ passing: [list[1], list[3]], failing: [list[0], list[2]] });
    expect(passingFirst(list).map((c) => c.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(passingFirst([])).toEqual([]);
  });
});

describe('rankCandidates with passingFirst', () => {
  // The HC-00247 shape: the preferred worker ranks first on score but lacks the job's label and
  // has no shift; two others pass.
  const scenario = {
    labels: [{ _id: 'l1', name: 'Wound Care', unit_price: 10 }],
    resources: [resource('wei'), resource('ann', { labels: ['l1'] }), resource('bob', { labels: ['l1'] })],
    shifts: [allWeek('ann'), allWeek('bob')],
    timeline: [],
  };
  const j = job({ labels: ['l1'], rs_preferred: ['wei'] });

  it('lists the failing top scorer after every passing candidate; the contract order is unchanged', () => {
    const contract = allocate({ ...scenario, mode: 'check', job: j, candidateIds: ['wei', 'ann', 'bob'] });
    expect((contract as AllocationOutcome).candidates.map((c) => c.resourceId)[0]).toBe('wei');
    const ix = new ScenarioIndex(scenario);
    const grouped = rankCandidates(ix, j, { passingFirst: true });
    expect(grouped.candidates.map((c) => [c.resourceId, c.ok])).toEqual([
      ['ann', true],
      ['bob', true],
      ['wei', false],
    ]);
    expect(grouped.passing).toBe(2);
    expect(rankCandidates(ix, j).candidates[0]?.resourceId).toBe('wei');
  });

  it('on random scenarios: the contract list split into passing then failing, page by page', () => {
    fc.assert(
      fc.property(
        scenarioArb.filter(({ input }) => 'job' in input),
        fc.integer({ min: 1, max: 4 }),
        ({ input }, limit) => {
          const parsed = parseScenario(JSON.parse(JSON.stringify({ ...input, mode: 'check' })));
          if (!parsed.ok) throw new Error(parsed.message);
          const { job: pj, candidateIds, ...shared } = parsed.scenario;
          const ids = candidateIds ?? (shared.resources ?? []).map((r) => r._id);
          const contract = allocate({
            ...shared,
            mode: 'check',
            job: pj,
            candidateIds: ids,
          }) as AllocationOutcome;
          const ix = new ScenarioIndex(shared);
          const options = candidateIds == null ? {} : { candidateIds };
          const whole = rankCandidates(ix, pj as AllocationJob, { ...options, passingFirst: true });
          expect(whole.candidates).toEqual(passingFirst(contract.candidates));
          const paged = [];
          for (let offset = 0; offset < whole.total; offset += limit) {
            paged.push(
              ...rankCandidates(ix, pj as AllocationJob, {
                ...options,
                passingFirst: true,
                page: { offset, limit },
              }).candidates,
            );
          }
          expect(paged).toEqual(whole.candidates);
        },
      ),
      { numRuns: 200 },
    );
  });
});
