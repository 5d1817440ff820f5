import { bucketSize, type Period } from '@rostra/core/reports/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withOrg } from '../tenant.ts';
import { inPeriod, rows, type Scope, scoped } from './common.ts';

export type StatusCount = { status: string; jobs: number };

/** Bookings beginning in the period by status (every status, drafts and cancellations included). */
export function jobsByStatus(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<StatusCount[]> {
  return withOrg(db, orgId, async (tx) =>
    (
      await rows<StatusCount>(
        tx,
        sql`select t.status, count(*)::int as jobs from timeline_records t
            where ${inPeriod(orgId, period)} and ${scoped(scope)}
            group by t.status order by count(*) desc, t.status`,
      )
    ).map((r) => ({ status: r.status, jobs: Number(r.jobs) })),
  );
}

export type StatusBucket = {
  /** Start of the bucket, wall-clock seconds (a day, or a week from the period's first day). */
  start: number;
  counts: Record<string, number>;
};

/**
 * Bookings by status over time: one bucket per day of the period (per 7 days from its first day
 * when longer than 31 days, `bucketSize`), every bucket present, empty ones with no counts.
 */
export function jobsByStatusOverTime(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<StatusBucket[]> {
  const size = bucketSize(period);
  return withOrg(db, orgId, async (tx) => {
    const found = await rows<{ i: number; status: string; jobs: number }>(
      tx,
      sql`select floor((t.utc_begin_plus_tz - ${period.from}) / ${size})::int as i, t.status, count(*)::int as jobs
          from timeline_records t
          where ${inPeriod(orgId, period)} and ${scoped(scope)}
          group by 1, 2`,
    );
    const buckets: StatusBucket[] = [];
    for (let start = period.from; start < period.to; start += size) buckets.push({ start, counts: {} });
    for (const r of found) {
      const b = buckets[Number(r.i)];
      if (b) b.counts[r.status] = Number(r.jobs);
    }
    return buckets;
  });
}
