import { formatHoursHmm } from '@rostra/core/reports/format';
import type { Period } from '@rostra/core/reports/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withOrg } from '../tenant.ts';
import { COUNTED, inPeriod, rows, type Scope, scoped } from './common.ts';

export type HoursRow = {
  /** Resource id or label id (a label not in the catalogue: the value on the booking). */
  key: string;
  name: string;
  jobs: number;
  seconds: number;
  /** The spec's h.mm. */
  hours_hmm: string;
};

type Raw = { key: string; name: string | null; jobs: number; seconds: number };

const shape = (r: Raw): HoursRow => ({
  key: r.key,
  name: r.name ?? r.key,
  jobs: Number(r.jobs),
  seconds: Number(r.seconds),
  hours_hmm: formatHoursHmm(Number(r.seconds)),
});

/**
 * Booked hours per resource over the period: each counted booking's span (end − begin) for every
 * resource assigned to it, by resource name. Resources without a counted booking are left out.
 */
export function hoursByResource(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<HoursRow[]> {
  return withOrg(db, orgId, async (tx) =>
    (
      await rows<Raw>(
        tx,
        sql`select l.resource_id as key, r.name, count(*)::int as jobs,
              sum(t.utc_end_plus_tz - t.utc_begin_plus_tz)::float8 as seconds
            from timeline_records t
            join timeline_record_resources l on l.org_id = t.org_id and l.record_id = t.id
            join resources r on r.org_id = l.org_id and r.id = l.resource_id
            where ${inPeriod(orgId, period)} and ${COUNTED}
              ${scope.resourceId === undefined ? sql`` : sql`and l.resource_id = ${scope.resourceId}`}
            group by l.resource_id, r.name
            order by r.name, l.resource_id`,
      )
    ).map(shape),
  );
}

/**
 * Hours per label over the period: the span of each counted booking carrying the label (a job's
 * hours, whoever works it), by label name; a booking with two labels counts under both.
 */
export function hoursByLabel(db: Db, orgId: string, period: Period, scope: Scope = {}): Promise<HoursRow[]> {
  return withOrg(db, orgId, async (tx) =>
    (
      await rows<Raw>(
        tx,
        sql`select lbl as key, lb.name, count(*)::int as jobs,
              sum(t.utc_end_plus_tz - t.utc_begin_plus_tz)::float8 as seconds
            from timeline_records t
            cross join lateral unnest(t.labels) as lbl
            left join labels lb on lb.org_id = t.org_id and lb.id = lbl
            where ${inPeriod(orgId, period)} and ${COUNTED} and ${scoped(scope)}
            group by lbl, lb.name
            order by coalesce(lb.name, lbl)`,
      )
    ).map(shape),
  );
}
