/**
 * Totals of a chosen moving inventory: volume (cubic metres) and price of `{ id, qty }` lines.
 */
import { findCatalogueItem } from './rooms.ts';

export type InventoryIssue = {
  code: 'unknown_item' | 'invalid_quantity';
  message: string;
  /** Position of the offending line. */
  index: number;
  id: unknown;
};

export type InventoryTotals = {
  /** Cubic metres, exact to the litre (3 decimals). */
  volume: number;
  /** Sum of price × qty, exact to the cent (2 decimals). */
  price: number;
  /** Number of pieces (sum of quantities). */
  items: number;
};

export type InventoryTotalsResult =
  | { ok: true; totals: InventoryTotals }
  | { ok: false; issues: InventoryIssue[] };

/**
 * Totals an inventory. Quantities are whole numbers ≥ 0 (0 adds nothing); an id may appear on
 * several lines. Unknown ids and bad quantities refuse the whole inventory with one issue per bad
 * line, never a throw. Sums run in whole litres and cents so that 3 × 0.1 m³ is 0.3, not
 * 0.30000000000000004.
 */
export function inventoryTotals(lines: readonly { id: unknown; qty: unknown }[]): InventoryTotalsResult {
  const issues: InventoryIssue[] = [];
  let litres = 0;
  let cents = 0;
  let items = 0;
  lines.forEach(({ id, qty }, index) => {
    const item = typeof id === 'number' ? findCatalogueItem(id) : undefined;
    if (!item) {
      issues.push({ code: 'unknown_item', message: `No catalogue item with id ${String(id)}`, index, id });
      return;
    }
    if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < 0) {
      issues.push({
        code: 'invalid_quantity',
        message: `Quantity of ${item.name} must be a whole number of 0 or more`,
        index,
        id,
      });
      return;
    }
    litres += Math.round(item.volume * 1000) * qty;
    cents += Math.round(Number(item.price) * 100) * qty;
    items += qty;
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, totals: { volume: litres / 1000, price: cents / 100, items } };
}
