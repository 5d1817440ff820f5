import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResourceIntervals } from './intervals.ts';

type Op = { r: number; begin: number; length: number; query: boolean };

/** Naive model: every interval in insertion order; the first overlap is the earliest begin, then oldest. */
function naiveFirst(list: [number, number][], b: number, e: number, t: number): [number, number] | undefined {
  let best: [number, number] | undefined;
  for (const [B, E] of list) if (B < e - t && b < E - t && (!best || B < best[0])) best = [B, E];
  return best;
}

describe('resource intervals', () => {
  it('overlap under tolerance t is B < e − t && b < E − t: touching at the tolerance is not an overlap', () => {
    const busy = new ResourceIntervals(1, 900);
    busy.add(0, 9 * 3600, 11 * 3600);
    busy.build();
    expect(busy.overlaps(0, 10 * 3600 + 45 * 60, 12 * 3600)).toBe(false); // 900 s shared
    expect(busy.overlaps(0, 10 * 3600 + 45 * 60 - 1, 12 * 3600)).toBe(true); // 901 s shared
    expect(busy.overlaps(0, 7 * 3600, 9 * 3600 + 15 * 60)).toBe(false);
    expect(busy.overlaps(0, 7 * 3600, 9 * 3600 + 15 * 60 + 1)).toBe(true);
  });

  it('answers like a plain list through adds, automatic merges and explicit builds, for every resource', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 900),
        fc.array(
          fc.record({
            r: fc.integer({ min: 0, max: 3 }),
            begin: fc.integer({ min: 0, max: 40 }).map((q) => q * 900),
            length: fc.constantFrom(-900, 0, 900, 1800, 3600, 7200),
            query: fc.boolean(),
          }),
          { minLength: 100, maxLength: 400, size: 'max' },
        ),
        (t, ops: Op[]) => {
          const ix = new ResourceIntervals(4, t);
          const model: [number, number][][] = [[], [], [], []];
          ops.forEach((op, i) => {
            if (op.query) {
              const [b, e] = [op.begin, op.begin + Math.abs(op.length)];
              const expected = naiveFirst(model[op.r] as [number, number][], b, e, t);
              expect(ix.first(op.r, b, e)).toEqual(expected);
              expect(ix.overlaps(op.r, b, e)).toBe(expected !== undefined);
            } else {
              ix.add(op.r, op.begin, op.begin + op.length);
              model[op.r]?.push([op.begin, op.begin + op.length]);
            }
            if (i % 37 === 36) ix.build();
          });
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
