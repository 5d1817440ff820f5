import type { AllocationMode, AllocationScenario } from '@rostra/core/allocation/scenario';
import { DAY, FORTNIGHT, fortnightStart, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import {
  blacklists,
  customers,
  labels,
  resources,
  servicePlans,
  shifts,
  timelineRecords,
} from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { toBlacklist, toCustomer, toLabel, toResource, toServicePlan, toShift } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';

export type ScenarioRequest = { jobId: string; mode: AllocationMode; candidateIds?: string[] | undefined };

/**
 * Builds the allocation engine's scenario for one booking from the database, in one transaction:
 * everything the twelve checks and the score look at, and nothing more.
 *
 * - timeline: the job's fortnight with a day either side (day, week and fortnight hours, overlaps,
 *   leaves, breaks, shifts past midnight), plus the customer's earlier jobs (the score's past jobs);
 * - shifts: the weeks that can cover the job's day (its week and the one before, for a shift that
 *   runs past midnight into it);
 * - the job customer's blacklist and name, the job's service plan;
 * - config: the organisation's max distance, week start day and allocation switches.
 * Returns undefined when the booking does not exist in this organisation.
 */
export async function loadAllocationScenario(
  db: Db,
  orgId: string,
  request: ScenarioRequest,
): Promise<AllocationScenario | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const [job] = await selectTimelineRecords(tx, eq(timelineRecords.id, request.jobId), 1);
    if (!job) return undefined;
    const begin = job.utc_begin_plus_tz;

    const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId));
    const settings = await tx
      .select({ key: orgSettings.key, value: orgSettings.value })
      .from(orgSettings)
      .where(and(eq(orgSettings.role, ''), sql`${orgSettings.key} in ('allocation', 'display')`));
    const allocation = settings.find((s) => s.key === 'allocation')?.value ?? {};
    const weekStartDay = typeof allocation.week_start_day === 'number' ? allocation.week_start_day : 0;
    const switches = (allocation.switches ?? {}) as Record<string, boolean>;

    const from = fortnightStart(begin, weekStartDay) - DAY;
    const to = from + FORTNIGHT + 2 * DAY;
    const timeline = await selectTimelineRecords(
      tx,
      or(
        and(lt(timelineRecords.beginAt, to), gte(timelineRecords.endAt, from)),
        job.customerId
          ? and(eq(timelineRecords.customerId, job.customerId), lt(timelineRecords.beginAt, begin))
          : undefined,
      ),
    );

    const firstWeek = toYmd(weekStart(begin, weekStartDay) - WEEK - DAY);
    const lastWeek = `${toYmd(begin)}~`;
    const shiftRows = await tx
      .select()
      .from(shifts)
      .where(and(gte(shifts.weekId, firstWeek), lt(shifts.weekId, lastWeek)));

    const customerId = job.customerId ?? undefined;
    const stem = (job.external_data?.VisitStemID ?? undefined) as string | undefined;
    const [resourceRows, labelRows, customerRows, blacklistRows, planRows] = await Promise.all([
      tx.select().from(resources),
      tx.select().from(labels),
      customerId ? tx.select().from(customers).where(eq(customers.id, customerId)) : Promise.resolve([]),
      customerId
        ? tx.select().from(blacklists).where(eq(blacklists.customerId, customerId))
        : Promise.resolve([]),
      stem ? tx.select().from(servicePlans).where(eq(servicePlans.visitStemId, stem)) : Promise.resolve([]),
    ]);

    return {
      mode: request.mode,
      job,
      ...(request.candidateIds ? { candidateIds: request.candidateIds } : {}),
      resources: resourceRows.map(toResource),
      labels: labelRows.map(toLabel),
      customers: customerRows.map(toCustomer),
      timeline: timeline.filter((r) => r._id !== job._id),
      shifts: shiftRows.map(toShift),
      blacklists: blacklistRows.map(toBlacklist),
      servicePlans: planRows.map(toServicePlan),
      config: { max_distance: org?.maxDistance ?? 20_000, week_start_day: weekStartDay, switches },
    };
  });
}
