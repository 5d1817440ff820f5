import { toWallClock, WEEK, weekStart } from '@rostra/core/time/calendar';
import { and, arrayContains, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { readWeekStartDay } from '../identity/company.ts';
import { toServicePlan, toTimelineRecord } from '../scheduling/mapping.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { listDailyShifts } from '../scheduling/shifts.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { blacklists, customers, resources, servicePlans, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * What a resource's or a customer's detail shows beside the record itself (issue 8): the
 * customers who blacklisted a resource, its leaves and this week's shifts; a customer's
 * blacklisted resources, service plans and booking counts. Read inside the organisation only.
 */

export type NamedRef = { _id: string; name: string };

const LEAVE_LIMIT = 20;

export async function resourceOverview(
  db: Db,
  orgId: string,
  resourceId: string,
  now: Date,
): Promise<{
  blacklisted_by: NamedRef[];
  leaves: Record<string, unknown>[];
  week: { from: number; to: number; shifts: Record<string, unknown>[] };
}> {
  const read = await withOrg(db, orgId, async (tx) => {
    const ctx = await loadOrgContext(tx, orgId);
    const today = toWallClock(now.getTime(), ctx.timeZone);
    const by = await tx
      .select({ _id: customers.id, name: customers.name })
      .from(blacklists)
      .innerJoin(
        customers,
        and(eq(customers.orgId, blacklists.orgId), eq(customers.id, blacklists.customerId)),
      )
      .where(and(eq(blacklists.orgId, orgId), arrayContains(blacklists.resIds, [resourceId])))
      .orderBy(asc(customers.name));
    const leaves = await tx
      .select()
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          eq(timelineRecords.key, 'leave'),
          arrayContains(timelineRecords.resIds, [resourceId]),
          gte(timelineRecords.endAt, today - 30 * 86_400),
        ),
      )
      .orderBy(asc(timelineRecords.beginAt))
      .limit(LEAVE_LIMIT);
    const weekStartDay = await readWeekStartDay(tx, orgId);
    return { by, leaves: leaves.map((r) => toTimelineRecord(r, r.resIds)), today, weekStartDay };
  });
  // This week on the organisation's week start day (its allocation setting; Sunday by default).
  const from = weekStart(read.today, read.weekStartDay);
  const to = from + WEEK;
  return {
    blacklisted_by: read.by,
    leaves: read.leaves,
    week: { from, to, shifts: await listDailyShifts(db, orgId, from, to, resourceId) },
  };
}

export async function customerOverview(
  db: Db,
  orgId: string,
  customerId: string,
  now: Date,
): Promise<{
  blacklisted: NamedRef[];
  service_plans: Record<string, unknown>[];
  bookings: { total: number; upcoming: number };
}> {
  return withOrg(db, orgId, async (tx) => {
    const ctx = await loadOrgContext(tx, orgId);
    const today = toWallClock(now.getTime(), ctx.timeZone);
    const [list] = await tx
      .select({ resIds: blacklists.resIds })
      .from(blacklists)
      .where(and(eq(blacklists.orgId, orgId), eq(blacklists.customerId, customerId)));
    const ids = list?.resIds ?? [];
    const named =
      ids.length === 0
        ? []
        : await tx
            .select({ _id: resources.id, name: resources.name })
            .from(resources)
            .where(and(eq(resources.orgId, orgId), inArray(resources.id, ids)));
    const blacklisted = ids.map((id) => named.find((r) => r._id === id) ?? { _id: id, name: id });
    const theirs = and(
      eq(timelineRecords.orgId, orgId),
      eq(timelineRecords.key, 'booking'),
      eq(timelineRecords.customerId, customerId),
      IS_LIVE_RECORD,
    );
    const [counted] = await tx
      .select({
        total: count(),
        upcoming: sql<number>`count(*) filter (where ${timelineRecords.beginAt} >= ${today})`,
      })
      .from(timelineRecords)
      .where(theirs);
    // Service plans are tied to a customer through their bookings' VisitStemID (spec §3).
    const stems = await tx
      .selectDistinct({ id: sql<string>`${timelineRecords.data}->'external_data'->>'VisitStemID'` })
      .from(timelineRecords)
      .where(and(theirs, sql`${timelineRecords.data}->'external_data'->>'VisitStemID' is not null`))
      .limit(200);
    const plans =
      stems.length === 0
        ? []
        : await tx
            .select()
            .from(servicePlans)
            .where(
              and(
                eq(servicePlans.orgId, orgId),
                inArray(
                  servicePlans.visitStemId,
                  stems.map((s) => s.id),
                ),
              ),
            )
            .orderBy(asc(servicePlans.visitStemId));
    return {
      blacklisted,
      service_plans: plans.map(toServicePlan),
      bookings: { total: Number(counted?.total ?? 0), upcoming: Number(counted?.upcoming ?? 0) },
    };
  });
}
