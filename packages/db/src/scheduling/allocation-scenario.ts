import type { AllocationMode, AllocationScenario } from '@rostra/core/allocation/scenario';
import type { Resource } from '@rostra/core/records/resource';
import {
  DAY,
  DAY_CODES,
  FORTNIGHT,
  fortnightStart,
  toYmd,
  WEEK,
  weekStart,
} from '@rostra/core/time/calendar';
import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
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
import { type StoredRecord, toBlacklist, toCustomer, toLabel, toServicePlan } from './mapping.ts';
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
  return withOrg(db, orgId, (tx) => buildAllocationScenario(tx, orgId, request));
}

/** As loadAllocationScenario, inside the caller's transaction (allocation writes re-check with it). */
export async function buildAllocationScenario(
  tx: Tx,
  orgId: string,
  request: ScenarioRequest,
): Promise<AllocationScenario | undefined> {
  const [job] = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, request.jobId)),
    1,
  );
  if (!job) return undefined;
  const scenario = await scenarioFor(tx, orgId, [job]);
  return {
    mode: request.mode,
    job,
    ...(request.candidateIds ? { candidateIds: request.candidateIds } : {}),
    ...scenario,
  };
}

/**
 * A batch scenario (auto mode) for these jobs: the same loads as for one job, over the span of
 * every job's fortnight. The jobs' own copies are left out of the timeline.
 */
export async function buildBatchScenario(
  tx: Tx,
  orgId: string,
  jobs: readonly StoredRecord[],
): Promise<AllocationScenario> {
  return { mode: 'auto', jobs: [...jobs], ...(await scenarioFor(tx, orgId, jobs)) };
}

type Shared = Omit<AllocationScenario, 'mode' | 'job' | 'jobs' | 'candidateIds'>;

async function scenarioFor(tx: Tx, orgId: string, jobs: readonly StoredRecord[]): Promise<Shared> {
  const [org] = await tx
    .select({ maxDistance: organisations.maxDistance })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const settings = await tx
    .select({ key: orgSettings.key, value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.role, ''), eq(orgSettings.key, 'allocation')));
  const allocation = settings[0]?.value ?? {};
  const weekStartDay = typeof allocation.week_start_day === 'number' ? allocation.week_start_day : 0;
  const switches = (allocation.switches ?? {}) as Record<string, boolean>;

  const begins = jobs.map((j) => j.utc_begin_plus_tz);
  const first = Math.min(...begins);
  const last = Math.max(...begins);
  const from = fortnightStart(first, weekStartDay) - DAY;
  const to = fortnightStart(last, weekStartDay) + FORTNIGHT + DAY;
  const customerIds = [
    ...new Set(jobs.map((j) => j.customerId).filter((c): c is string => typeof c === 'string')),
  ];
  const jobIds = new Set(jobs.map((j) => j._id));
  const timeline = await selectScenarioRecords(
    tx,
    and(
      eq(timelineRecords.orgId, orgId),
      or(
        and(lt(timelineRecords.beginAt, to), gte(timelineRecords.endAt, from)),
        customerIds.length
          ? and(inArray(timelineRecords.customerId, customerIds), lt(timelineRecords.beginAt, last))
          : undefined,
      ),
    ),
  );

  const firstWeek = toYmd(weekStart(first, weekStartDay) - WEEK - DAY);
  const lastWeek = `${toYmd(last)}~`;
  const stems = [
    ...new Set(
      jobs
        .map((j) => j.external_data?.VisitStemID)
        .filter((s): s is string => typeof s === 'string' && s !== ''),
    ),
  ];
  // One connection runs one query at a time: these run in turn (no Promise.all on a transaction).
  const resourceRows = await selectScenarioResources(tx, orgId);
  const shiftRows = await tx
    .select({
      id: shifts.id,
      resourceId: shifts.resourceId,
      weekId: shifts.weekId,
      days: shifts.days,
      beg: shifts.beg,
      end: shifts.end,
      timings: shifts.timings,
    })
    .from(shifts)
    .where(and(eq(shifts.orgId, orgId), gte(shifts.weekId, firstWeek), lt(shifts.weekId, lastWeek)));
  const labelRows = await tx.select().from(labels).where(eq(labels.orgId, orgId));
  const customerRows = customerIds.length
    ? await tx
        .select()
        .from(customers)
        .where(and(eq(customers.orgId, orgId), inArray(customers.id, customerIds)))
    : [];
  const blacklistRows = customerIds.length
    ? await tx
        .select()
        .from(blacklists)
        .where(and(eq(blacklists.orgId, orgId), inArray(blacklists.customerId, customerIds)))
    : [];
  const planRows = stems.length
    ? await tx
        .select()
        .from(servicePlans)
        .where(and(eq(servicePlans.orgId, orgId), inArray(servicePlans.visitStemId, stems)))
    : [];

  return {
    resources: resourceRows,
    labels: labelRows.map(toLabel),
    customers: customerRows.map(toCustomer),
    timeline: timeline.filter((r) => !jobIds.has(r._id)),
    shifts: shiftRows.map((s) => ({
      _id: s.id,
      resourceId: s.resourceId,
      week_id: s.weekId,
      ...Object.fromEntries(DAY_CODES.map((d) => [d, s.days.includes(d)])),
      beg: s.beg,
      end: s.end,
      timings: s.timings,
    })),
    blacklists: blacklistRows.map(toBlacklist),
    servicePlans: planRows.map(toServicePlan),
    config: { max_distance: org?.maxDistance ?? 20_000, week_start_day: weekStartDay, switches },
  };
}

const resIdsColumn = sql<string[] | null>`(
  select array_agg(l.resource_id order by l.position) from timeline_record_resources l
  where l.org_id = ${timelineRecords.orgId} and l.record_id = ${timelineRecords.id})`;

/**
 * Timeline records as the engine reads them: id, kind, status, type, customer, resources and
 * times. Other fields play no part in the checks or the score, so they are not loaded.
 */
async function selectScenarioRecords(tx: Tx, where: SQL | undefined): Promise<StoredRecord[]> {
  const rows = await tx
    .select({
      id: timelineRecords.id,
      key: timelineRecords.key,
      status: timelineRecords.status,
      type: timelineRecords.type,
      customerId: timelineRecords.customerId,
      resourceId: timelineRecords.resourceId,
      begin: timelineRecords.beginAt,
      end: timelineRecords.endAt,
      resIds: resIdsColumn,
    })
    .from(timelineRecords)
    .where(where)
    .orderBy(timelineRecords.beginAt, timelineRecords.id);
  return rows.map((r) => {
    const resIds = r.resIds ?? [];
    return {
      _id: r.id,
      _key: r.key,
      status: r.status,
      ...(r.type !== null ? { type: r.type } : {}),
      customerId: r.customerId,
      resourceId: resIds[0] ?? r.resourceId,
      resIds,
      utc_begin_plus_tz: r.begin,
      utc_end_plus_tz: r.end,
    };
  });
}

/** The resource pool with the fields the checks, the score and the messages read. */
async function selectScenarioResources(tx: Tx, orgId: string): Promise<Resource[]> {
  const rows = await tx
    .select({
      id: resources.id,
      name: resources.name,
      firstName: resources.firstName,
      lastName: resources.lastName,
      labels: resources.labels,
      inactive: resources.inactive,
      inactiveDate: resources.inactiveDate,
      promotedDispatcher: resources.promotedDispatcher,
      external: resources.external,
      maxHrsDy: resources.maxHrsDy,
      maxHrsWk: resources.maxHrsWk,
      maxHrsFn: resources.maxHrsFn,
      lat: resources.lat,
      lng: resources.lng,
    })
    .from(resources)
    .where(eq(resources.orgId, orgId))
    .orderBy(resources.id);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    first_name: r.firstName,
    last_name: r.lastName,
    labels: r.labels,
    inactive: r.inactive,
    InactiveDate: r.inactiveDate,
    promoted_dispatcher: r.promotedDispatcher,
    external: r.external,
    max_hrs_dy: r.maxHrsDy,
    max_hrs_wk: r.maxHrsWk,
    max_hrs_fn: r.maxHrsFn,
    ...(r.lat !== null && r.lng !== null ? { _geoloc: { lat: r.lat, lng: r.lng } } : {}),
  }));
}
