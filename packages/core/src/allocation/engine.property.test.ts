import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './engine.ts';
import { referenceAllocate } from './reference.test-helper.ts';
import { parseScenario } from './scenario.ts';
import { scenarioArb } from './scenario-arb.test-helper.ts';

/**
 * The engine (indexes, caches, incremental batch state) must give exactly the outcome of the
 * deliberately simple reference implementation — same JSON, byte for byte — on random small
 * scenarios that crowd the edges: times on 15-minute steps with ±1 s and 900 s jitter, records of
 * every kind and status, colliding ids, label ids that are also names, shifts crossing midnight,
 * every week start day, switches on and off, every mode and batches.
 */

describe('engine equals the reference implementation', () => {
  it('gives the reference outcome, byte for byte, on 2,500 random scenarios (check, manual, auto, batch)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ input, candidateLimit }) => {
        const parsed = parseScenario(JSON.parse(JSON.stringify(input)));
        if (!parsed.ok) throw new Error(parsed.message);
        const options = candidateLimit === undefined ? {} : { candidateLimit };
        const engine = JSON.stringify(allocate(parsed.scenario, options));
        const reference = JSON.stringify(referenceAllocate(parsed.scenario, options));
        expect(engine).toBe(reference);
      }),
      { numRuns: 2500 },
    );
  }, 120_000);
});
