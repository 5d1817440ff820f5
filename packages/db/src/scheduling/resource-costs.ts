import {
  type CostBounds,
  costBounds,
  costCatalogue,
  costForJson,
  weightageCost,
} from '@rostra/core/records/weightage-cost';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { labels } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { toLabel } from './mapping.ts';

/**
 * Resources with their derived `weightage_cost` (the core's rule over the organisation's label
 * catalogue; null in JSON when infinite) and the list's `maxCost` / `minCost`.
 */
export async function withWeightageCost<R extends { labels?: unknown; lbls?: unknown }>(
  db: Db,
  orgId: string,
  records: readonly R[],
): Promise<{ records: (R & { weightage_cost: number | null })[] } & CostBounds> {
  const catalogue = costCatalogue(
    (await withOrg(db, orgId, (tx) => tx.select().from(labels).where(eq(labels.orgId, orgId)))).map(toLabel),
  );
  const costs = records.map((r) => weightageCost(r as Parameters<typeof weightageCost>[0], catalogue));
  return {
    records: records.map((r, i) => ({ ...r, weightage_cost: costForJson(costs[i] as number) })),
    ...costBounds(costs),
  };
}
