import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryTotals } from './inventory.ts';
import { ROOMS } from './rooms.ts';

describe('inventory totals', () => {
  it('sums volume and price by quantity: 3 armchairs and a fridge', () => {
    expect(
      inventoryTotals([
        { id: 25, qty: 3 },
        { id: 110, qty: 1 },
      ]),
    ).toEqual({ ok: true, totals: { volume: 2.028, price: 50, items: 4 } });
  });

  it('rounds float-safely: 3 × 0.1 m3 is 0.3 and 0.612 × 3 is 1.836', () => {
    expect(inventoryTotals([{ id: 84, qty: 3 }])).toMatchObject({ totals: { volume: 0.3 } });
    expect(inventoryTotals([{ id: 25, qty: 3 }])).toMatchObject({ totals: { volume: 1.836, price: 30 } });
  });

  it('an empty inventory totals zero; a quantity of 0 adds nothing', () => {
    expect(inventoryTotals([])).toEqual({ ok: true, totals: { volume: 0, price: 0, items: 0 } });
    expect(inventoryTotals([{ id: 141, qty: 0 }])).toEqual({
      ok: true,
      totals: { volume: 0, price: 0, items: 0 },
    });
  });

  it('an id on several lines is counted on each', () => {
    expect(
      inventoryTotals([
        { id: 141, qty: 1 },
        { id: 141, qty: 2 },
      ]),
    ).toEqual({ ok: true, totals: { volume: 1.8, price: 45, items: 3 } });
  });

  it('refuses unknown ids, including ids in the gaps, with an issue per line', () => {
    expect(
      inventoryTotals([
        { id: 25, qty: 1 },
        { id: 53, qty: 1 },
        { id: 154, qty: 1 },
        { id: '25', qty: 1 },
      ]),
    ).toEqual({
      ok: false,
      issues: [
        { code: 'unknown_item', message: 'No catalogue item with id 53', index: 1, id: 53 },
        { code: 'unknown_item', message: 'No catalogue item with id 154', index: 2, id: 154 },
        { code: 'unknown_item', message: 'No catalogue item with id 25', index: 3, id: '25' },
      ],
    });
  });

  it('refuses quantities that are negative, fractional or not numbers; 1 is fine', () => {
    const bad = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', null];
    const r = inventoryTotals(bad.map((qty) => ({ id: 25, qty })));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(r.issues[0]).toEqual({
        code: 'invalid_quantity',
        message: 'Quantity of Armchair must be a whole number of 0 or more',
        index: 0,
        id: 25,
      });
    }
    expect(inventoryTotals([{ id: 25, qty: 1 }]).ok).toBe(true);
  });

  it('property: totals are additive over inventories and stay exact to the litre and cent', () => {
    const ids = ROOMS.flatMap((r) => r.data.map((i) => i.id));
    const line = fc.record({ id: fc.constantFrom(...ids), qty: fc.integer({ min: 0, max: 50 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(line, { maxLength: 20 }), (a, b) => {
        const ta = inventoryTotals(a);
        const tb = inventoryTotals(b);
        const tab = inventoryTotals([...a, ...b]);
        if (!ta.ok || !tb.ok || !tab.ok) throw new Error('known ids and quantities must total');
        expect(Math.round(tab.totals.volume * 1000)).toBe(
          Math.round(ta.totals.volume * 1000) + Math.round(tb.totals.volume * 1000),
        );
        expect(Math.round(tab.totals.price * 100)).toBe(
          Math.round(ta.totals.price * 100) + Math.round(tb.totals.price * 100),
        );
        expect(tab.totals.volume).toBe(Math.round(tab.totals.volume * 1000) / 1000);
        expect(tab.totals.items).toBe(ta.totals.items + tb.totals.items);
      }),
    );
  });
});
