import { formatHoursHmm } from '@rostra/core/reports/format';
import type { Period } from '@rostra/core/reports/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { withOrg } from '../tenant.ts';
import { COUNTED, inPeriod, type KeyedSpan, rows, type Scope, scoped, sumSpans } from './common.ts';

export type HoursRow = {
  /** Resource id or label id (a label not in the catalogue: the value on the booking). */
  key: string;
  name: string;
  jobs: number;
  seconds: number;
  /** The spec's h.mm. */
  hours_hmm: string;
};

type Summed = { key: string; name: string | null; jobs: number; seconds: number };

const shape = (r: Summed): HoursRow => ({
  key: r.key,
  name: r.name ?? r.key,
  jobs: r.jobs,
  seconds: r.seconds,
  hours_hmm: formatHoursHmm(r.seconds),
});

/**
 * Booked hours per resource over the period: each counted booking's span (real elapsed time in the
 * organisation's zone) for every resource assigned to it, by resource name. Resources without a
 * counted booking are left out.
 */
export function hoursByResource(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<HoursRow[]> {
  return withOrg(db, orgId, async (tx) => {
    const { timeZone } = await loadOrgContext(tx, orgId);
    const spans = await rows<KeyedSpan>(
      tx,
      sql`select l.resource_id as key, r.name, t.utc_begin_plus_tz::float8 as b, t.utc_end_plus_tz::float8 as e
          from timeline_records t
          join timeline_record_resources l on l.org_id = t.org_id and l.record_id = t.id
          join resources r on r.org_id = l.org_id and r.id = l.resource_id
          where ${inPeriod(orgId, period)} and ${COUNTED}
            ${scope.resourceId === undefined ? sql`` : sql`and l.resource_id = ${scope.resourceId}`}
          order by r.name, l.resource_id`,
    );
    return sumSpans(spans, timeZone).map(shape);
  });
}

/**
 * Hours per label over the period: the span of each counted booking carrying the label (a job's
 * hours, whoever works it), by label name; a booking with two labels counts under both.
 */
export function hoursByLabel(db: Db, orgId: string, period: Period, scope: Scope = {}): Promise<HoursRow[]> {
  return withOrg(db, orgId, async (tx) => {
    const { timeZone } = await loadOrgContext(tx, orgId);
    const spans = await rows<KeyedSpan>(
      tx,
      sql`select lbl as key, lb.name, t.utc_begin_plus_tz::float8 as b, t.utc_end_plus_tz::float8 as e
          from timeline_records t
          cross join lateral unnest(t.labels) as lbl
          left join labels lb on lb.org_id = t.org_id and lb.id = lbl
          where ${inPeriod(orgId, period)} and ${COUNTED} and ${scoped(scope)}
          order by coalesce(lb.name, lbl), lbl`,
    );
    return sumSpans(spans, timeZone).map(shape);
  });
}
