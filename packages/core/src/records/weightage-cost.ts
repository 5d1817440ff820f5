/**
 * A resource's `weightage_cost` (spec §3): the sum of the `unit_price` of its labels, Infinity
 * when it has none; a list of resources carries `maxCost` and `minCost`, the bounds the score's
 * cost part is normalised by (contracts/allocation.md).
 *
 * Labels resolve exactly as the allocation engine resolves them (`labelCatalogue`,
 * `distinctLabels`): by catalogue `_id`, else by catalogue name (any case), else as a bare name
 * costing 0; a label listed twice counts once. The same resource therefore costs the same on a
 * resource list and in a candidate list.
 */
import { distinctLabels, type LabelCatalogue, labelCatalogue } from '../allocation/scenario-index.ts';
import type { Label } from './label.ts';

export type CostedResource = {
  labels?: readonly string[] | null | undefined;
  lbls?: readonly string[] | null | undefined;
};

/** The catalogue resources are costed against (built once per list). */
export function costCatalogue(labels: readonly Label[]): LabelCatalogue {
  return labelCatalogue(labels);
}

/** Sum of the unit prices of the resource's distinct labels (`labels`, else `lbls`); Infinity without any. */
export function weightageCost(resource: CostedResource, catalogue: LabelCatalogue): number {
  const labels = distinctLabels(resource.labels ?? resource.lbls ?? [], catalogue);
  if (labels.length === 0) return Number.POSITIVE_INFINITY;
  let cost = 0;
  for (const l of labels) cost += l.price;
  return cost;
}

export type CostBounds = {
  /** Highest finite cost of the list; null when no resource has a finite cost. */
  maxCost: number | null;
  /** Lowest finite cost of the list; null when no resource has a finite cost. */
  minCost: number | null;
};

/** Bounds over the finite costs of a list (an infinite cost takes no part, as in the score). */
export function costBounds(costs: readonly number[]): CostBounds {
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const c of costs) {
    if (!Number.isFinite(c)) continue;
    if (c > max) max = c;
    if (c < min) min = c;
  }
  return Number.isFinite(max) ? { maxCost: max, minCost: min } : { maxCost: null, minCost: null };
}

/** JSON has no Infinity: an infinite cost is written `null` (as candidate lists do). */
export function costForJson(cost: number): number | null {
  return Number.isFinite(cost) ? cost : null;
}
