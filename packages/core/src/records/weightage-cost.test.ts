import { describe, expect, it } from 'vitest';
import type { AllocationOutcome } from '../allocation/modes.ts';
import { runAllocation } from '../allocation/run.ts';
import { costBounds, costCatalogue, costForJson, weightageCost } from './weightage-cost.ts';

const catalogue = costCatalogue([
  { _id: 'l1', name: 'First Aid', unit_price: 10 },
  { _id: 'l2', name: 'Driver', unit_price: 25.5 },
  { _id: 'l3', name: 'Lifting' },
]);

describe('weightage_cost', () => {
  it('sums the unit prices of the labels, found by id or by name in any case', () => {
    expect(weightageCost({ labels: ['l1', 'driver'] }, catalogue)).toBe(35.5);
  });

  it('counts a label listed twice (by id and by name) once; a label without a price costs 0', () => {
    expect(weightageCost({ labels: ['l1', 'FIRST AID', 'l3'] }, catalogue)).toBe(10);
  });

  it('is Infinity without labels, and uses lbls when labels is absent', () => {
    expect(weightageCost({ labels: [] }, catalogue)).toBe(Number.POSITIVE_INFINITY);
    expect(weightageCost({}, catalogue)).toBe(Number.POSITIVE_INFINITY);
    expect(weightageCost({ lbls: ['l2'] }, catalogue)).toBe(25.5);
  });

  it('an unknown label is a bare name costing 0, so the resource has a finite cost', () => {
    expect(weightageCost({ labels: ['Welding'] }, catalogue)).toBe(0);
  });

  it('equals the cost the allocation engine lists for the same resource', () => {
    const labels = [
      { _id: 'l1', name: 'First Aid', unit_price: 10 },
      { _id: 'l2', name: 'Driver', unit_price: 25.5 },
    ];
    const resources = [
      { _id: 'r1', name: 'A', labels: ['l1', 'driver'] },
      { _id: 'r2', name: 'B', labels: [] },
    ];
    const run = runAllocation({
      mode: 'check',
      job: { _id: 'j', utc_begin_plus_tz: 0, utc_end_plus_tz: 3600 },
      candidateIds: ['r1', 'r2'],
      resources,
      labels,
      config: { switches: { RESOURCE_SHIFT_NOT_CHECK: true } },
    });
    if (!run.ok) throw new Error(run.message);
    const listed = Object.fromEntries(
      (run.outcome as AllocationOutcome).candidates.map((c) => [c.resourceId, c.weightage_cost]),
    );
    const cat = costCatalogue(labels);
    for (const r of resources) expect(costForJson(weightageCost(r, cat))).toBe(listed[r._id]);
  });
});

describe('cost bounds of a list', () => {
  it('are the highest and lowest finite costs', () => {
    expect(costBounds([30, Number.POSITIVE_INFINITY, 5, 12])).toEqual({ maxCost: 30, minCost: 5 });
  });
  it('are null when no cost is finite', () => {
    expect(costBounds([Number.POSITIVE_INFINITY])).toEqual({ maxCost: null, minCost: null });
    expect(costBounds([])).toEqual({ maxCost: null, minCost: null });
  });
});
