import {
  availableHours,
  hoursAgainstLimits,
  type LimitRow,
  utilisation,
} from '@rostra/core/reports/analytics';
import type { Period } from '@rostra/core/reports/period';
import { dayStart, elapsedSeconds, fortnightStart, weekStart } from '@rostra/core/time/calendar';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { selectAllocationConfig } from '../scheduling/allocation-scenario.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { withOrg } from '../tenant.ts';
import { COUNTED, inPeriod, rows, type Scope } from './common.ts';

/** The analytics list at most this many resources (the spec's resource loading stops at 1000). */
export const ANALYTICS_RESOURCE_LIMIT = 1000;

export type ResourceFigures = {
  resource_id: string;
  name: string;
  /** Booked seconds of counted bookings beginning in the period. */
  booked_seconds: number;
  /** Hours the resource is available in the period (weekly limit spread over its days). */
  available_hours: number;
  /** booked / available; null when nothing is available. */
  utilisation: number | null;
  labels: string[];
  limits: LimitRow;
};

type ResourceRow = {
  id: string;
  name: string;
  labels: string[];
  max_hrs_dy: number | null;
  max_hrs_wk: number | null;
  max_hrs_fn: number | null;
};

/**
 * Per active resource (or the scoped one): booked hours, utilisation and its busiest day, week and
 * fortnight of the period against its hour limits. Each booking counts in the day it begins, for
 * its real elapsed time in the organisation's zone; weeks and fortnights are summed from the days
 * on the organisation's week start day.
 */
export function resourceFigures(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<ResourceFigures[]> {
  return withOrg(db, orgId, async (tx) => {
    const { week_start_day: wsd } = await selectAllocationConfig(tx, orgId);
    const people = await rows<ResourceRow>(
      tx,
      sql`select id, name, labels, max_hrs_dy, max_hrs_wk, max_hrs_fn from resources
          where org_id = ${orgId} and not inactive
            ${scope.resourceId === undefined ? sql`` : sql`and id = ${scope.resourceId}`}
          order by name, id limit ${ANALYTICS_RESOURCE_LIMIT}`,
    );
    const { timeZone } = await loadOrgContext(tx, orgId);
    const spans = await rows<{ resource_id: string; b: number | string; e: number | string }>(
      tx,
      sql`select l.resource_id, t.utc_begin_plus_tz::float8 as b, t.utc_end_plus_tz::float8 as e
          from timeline_records t
          join timeline_record_resources l on l.org_id = t.org_id and l.record_id = t.id
          where ${inPeriod(orgId, period)} and ${COUNTED}
            ${scope.resourceId === undefined ? sql`` : sql`and l.resource_id = ${scope.resourceId}`}`,
    );
    // Per resource, per day of the begin: real elapsed seconds.
    const daySums = new Map<string, Map<number, number>>();
    for (const s of spans) {
      const b = Number(s.b);
      const days = daySums.get(s.resource_id) ?? new Map<number, number>();
      const day = dayStart(b);
      days.set(day, (days.get(day) ?? 0) + elapsedSeconds(b, Number(s.e), timeZone));
      daySums.set(s.resource_id, days);
    }
    return people.map((p) => {
      const list = [...(daySums.get(p.id) ?? [])].map(([day, seconds]) => ({ day, seconds }));
      const weeks = new Map<number, number>();
      const fortnights = new Map<number, number>();
      let total = 0;
      let busiestDay = 0;
      for (const d of list) {
        total += d.seconds;
        busiestDay = Math.max(busiestDay, d.seconds);
        const w = weekStart(d.day, wsd);
        weeks.set(w, (weeks.get(w) ?? 0) + d.seconds);
        const f = fortnightStart(d.day, wsd);
        fortnights.set(f, (fortnights.get(f) ?? 0) + d.seconds);
      }
      const limits = { max_hrs_dy: p.max_hrs_dy, max_hrs_wk: p.max_hrs_wk, max_hrs_fn: p.max_hrs_fn };
      const available = availableHours(limits, period.days);
      return {
        resource_id: p.id,
        name: p.name,
        booked_seconds: total,
        available_hours: Math.round(available * 100) / 100,
        utilisation: utilisation(total, available),
        labels: p.labels ?? [],
        limits: hoursAgainstLimits(limits, {
          day: busiestDay,
          week: Math.max(0, ...weeks.values()),
          fortnight: Math.max(0, ...fortnights.values()),
        }),
      };
    });
  });
}
