import type { ScenarioIndex } from '@rostra/core/allocation/scenario-index';
import type { Label } from '@rostra/core/records/label';
import type { Resource } from '@rostra/core/records/resource';
import type { Shift } from '@rostra/core/records/shift';
import { toYmd } from '@rostra/core/time/calendar';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { overlapsWindow } from './allocation-scenario.ts';

/**
 * A per-instance cache of the slow-changing parts of an allocation scenario (the resource pool,
 * the label catalogue, the shifts of a day), for read-only rankings (candidates, check mode).
 *
 * Never stale by time: each use first asks the database, in the reading transaction, for a
 * signature of what it would read (row count, sum of versions, latest update), and reuses the
 * cached rows only when it is unchanged; every write of these tables bumps `version` and
 * `updated_at`. Allocations that write never use it (they lock and read afresh). Bounded: the
 * oldest entries go first.
 */
export class ScenarioCache {
  private readonly pools = new Map<
    string,
    { sig: string; value: { resources: Resource[]; labels: Label[] } }
  >();
  private readonly shiftDays = new Map<string, { sig: string; value: Shift[] }>();
  private readonly indexes = new Map<string, { sig: string; value: ScenarioIndex }>();

  constructor(private readonly capacity = 64) {}

  async pool(
    tx: Tx,
    orgId: string,
    load: () => Promise<{ resources: Resource[]; labels: Label[] }>,
  ): Promise<{ resources: Resource[]; labels: Label[] }> {
    const sig = await signature(tx, sql`select ${poolPart(orgId)} as sig`);
    return this.remember(this.pools, orgId, sig, load);
  }

  async shifts(
    tx: Tx,
    orgId: string,
    firstDay: number,
    lastDay: number,
    load: () => Promise<Shift[]>,
  ): Promise<Shift[]> {
    const sig = await signature(tx, sql`select ${shiftsPart(orgId, firstDay, lastDay)} as sig`);
    return this.remember(this.shiftDays, `${orgId}:${firstDay}:${lastDay}`, sig, load);
  }

  /**
   * A prepared engine index for a window of an organisation's timeline (see `loadCandidates`),
   * reused while the pool, the labels, the window's shifts, its timeline records (any write to a
   * row changes its `xmin`, the assignment copy kept by trigger included) and the allocation config
   * are unchanged. The key holds the window and the config, the signature everything else.
   */
  async prepared(
    tx: Tx,
    orgId: string,
    window: { from: number; to: number; firstDay: number; lastDay: number; config: string },
    load: () => Promise<ScenarioIndex>,
  ): Promise<ScenarioIndex> {
    const { from, to, firstDay, lastDay } = window;
    const sig = await signature(
      tx,
      sql`select ${poolPart(orgId)} || '/' || ${shiftsPart(orgId, firstDay, lastDay)}
              || '/' || (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)
                  from timeline_records r where r.org_id = ${orgId} and ${overlapsWindow(from, to)}) as sig`,
    );
    // A prepared index holds arrays over the pool and the window's records (a few megabytes for
    // thousands of resources): keep the last 24 windows, a dispatcher moves between a few weeks.
    return this.remember(this.indexes, `${orgId}:${from}:${to}:${window.config}`, sig, load, 24);
  }

  private async remember<T>(
    map: Map<string, { sig: string; value: T }>,
    key: string,
    sig: string,
    load: () => Promise<T>,
    capacity = this.capacity,
  ): Promise<T> {
    const hit = map.get(key);
    if (hit && hit.sig === sig) return hit.value;
    const value = await load();
    map.delete(key);
    if (map.size >= capacity) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { sig, value });
    return value;
  }
}

/** Row count, sum of versions and latest update of a table's rows (every write bumps them). */
const versionsOf = (table: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
  sql`(select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '')
       from ${table} where ${where})`;

const poolPart = (orgId: string) =>
  sql`${versionsOf(sql`resources`, sql`org_id = ${orgId}`)} || '/' || ${versionsOf(sql`labels`, sql`org_id = ${orgId}`)}`;

/** The weekly records whose `week_id` range can hold a day from `firstDay` to `lastDay`. */
const shiftsPart = (orgId: string, firstDay: number, lastDay: number) =>
  versionsOf(
    sql`shifts`,
    sql`org_id = ${orgId} and week_id >= ${toYmd(firstDay - 31 * 86_400)}
      and week_id <= ${`${toYmd(lastDay)}~`} and split_part(week_id, '_', 2) >= ${toYmd(firstDay)}`,
  );

async function signature(tx: Tx, query: ReturnType<typeof sql>): Promise<string> {
  const res = (await tx.execute(query)) as unknown as { rows: { sig: string | null }[] };
  return res.rows[0]?.sig ?? '';
}
