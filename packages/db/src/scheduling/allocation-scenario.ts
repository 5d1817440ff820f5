import {
  type AllocationMode,
  type AllocationScenario,
  type AllocationConfig as CoreAllocationConfig,
  DEFAULT_MAX_CONSECUTIVE_DAYS,
  DEFAULT_SWITCHES,
} from '@rostra/core/allocation/scenario';
import type { Label } from '@rostra/core/records/label';
import type { Resource } from '@rostra/core/records/resource';
import type { Shift } from '@rostra/core/records/shift';
import {
  DAY,
  DAY_CODES,
  dayStart,
  FORTNIGHT,
  fortnightStart,
  toYmd,
  WEEK,
  weekStart,
} from '@rostra/core/time/calendar';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { labels, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { type CustomerPartRow, customerPartColumns, inList, toCustomerPart } from './customer-part.ts';
import { type StoredRecord, toLabel } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';
import type { ScenarioCache } from './scenario-cache.ts';
import { overlapsWindow as overlapsWindowOf } from './window-overlap.ts';

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
  cache?: ScenarioCache,
): Promise<AllocationScenario | undefined> {
  return withOrg(db, orgId, (tx) => buildAllocationScenario(tx, orgId, request, cache));
}

/** As loadAllocationScenario, inside the caller's transaction (allocation writes re-check with it). */
export async function buildAllocationScenario(
  tx: Tx,
  orgId: string,
  request: ScenarioRequest,
  cache?: ScenarioCache,
): Promise<AllocationScenario | undefined> {
  const [job] = await selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, request.jobId)),
    1,
  );
  if (!job) return undefined;
  const scenario = await scenarioFor(tx, orgId, [job], cache);
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

async function scenarioFor(
  tx: Tx,
  orgId: string,
  jobs: readonly StoredRecord[],
  cache?: ScenarioCache,
): Promise<Shared> {
  const config = await selectAllocationConfig(tx, orgId);
  const { from, to, first, last } = scenarioWindow(jobs, config);
  const customerIds = [
    ...new Set(jobs.map((j) => j.customerId).filter((c): c is string => typeof c === 'string')),
  ];
  const jobIds = new Set(jobs.map((j) => j._id));
  const timeline = await selectScenarioRecords(
    tx,
    sql`${overlapsWindow(from, to)}${
      customerIds.length
        ? sql` or (r.customer_id in (${sql.join(
            customerIds.map((c) => sql`${c}`),
            sql`, `,
          )}) and r.utc_begin_plus_tz < ${last})`
        : sql``
    }`,
    orgId,
  );

  const stems = [
    ...new Set(
      jobs
        .map((j) => j.external_data?.VisitStemID)
        .filter((s): s is string => typeof s === 'string' && s !== ''),
    ),
  ];
  // One connection runs one query at a time: these run in turn (no Promise.all on a transaction).
  const { resources: resourceRows, labels: labelList } = cache
    ? await cache.pool(tx, orgId, () => selectScenarioPool(tx, orgId))
    : await selectScenarioPool(tx, orgId);
  const [firstDay, lastDay] = [dayStart(first), dayStart(last)];
  const shiftRows = cache
    ? await cache.shifts(tx, orgId, firstDay, lastDay, () =>
        selectScenarioShifts(tx, orgId, firstDay, lastDay),
      )
    : await selectScenarioShifts(tx, orgId, firstDay, lastDay);
  const part =
    customerIds.length || stems.length
      ? toCustomerPart(
          (
            (await tx.execute(
              sql`select ${customerPartColumns(orgId, inList(customerIds), inList(stems))}`,
            )) as unknown as Rows<CustomerPartRow>
          ).rows[0],
        )
      : { customers: [], blacklists: [], servicePlans: [] };

  return {
    resources: resourceRows,
    labels: labelList,
    customers: part.customers,
    timeline: timeline.filter((r) => !jobIds.has(r._id)),
    shifts: shiftRows,
    blacklists: part.blacklists,
    servicePlans: part.servicePlans,
    config,
  };
}

/** The organisation's allocation config: max distance, week start day and switches. */
export async function selectAllocationConfig(tx: Tx, orgId: string): Promise<AllocationConfig> {
  const res = (await tx.execute(sql`
    select o.max_distance, o.overlap_buffer_minutes, o.time_zone, o.date_format, s.value from organisations o
    left join org_settings s on s.org_id = o.id and s.role = '' and s.key = 'allocation'
    where o.id = ${orgId}`)) as unknown as Rows<{
    max_distance: number | null;
    overlap_buffer_minutes: number | null;
    time_zone: string | null;
    date_format: string | null;
    value: Record<string, unknown> | null;
  }>;
  const row = res.rows[0];
  return toAllocationConfig(
    row?.max_distance ?? null,
    row?.value ?? null,
    row?.overlap_buffer_minutes,
    row?.time_zone,
    row?.date_format,
  );
}

/**
 * The config from the organisation's `max_distance`, its `allocation` setting's value, its
 * `overlap_buffer_minutes` (the busy check's tolerance is the larger of 900 s and the buffer: one
 * overlap rule on every path, see `overlapToleranceSeconds`), its time zone (hours are real
 * elapsed time in it) and its `date_format` (the checks' messages print dates in it).
 */
export function toAllocationConfig(
  maxDistance: number | null,
  value: Record<string, unknown> | null,
  overlapBufferMinutes?: number | null,
  timeZone?: string | null,
  dateFormat?: string | null,
): AllocationConfig {
  const allocation = value ?? {};
  return {
    max_distance: maxDistance ?? 20_000,
    week_start_day: typeof allocation.week_start_day === 'number' ? allocation.week_start_day : 0,
    switches: (allocation.switches ?? {}) as Record<string, boolean>,
    ...(typeof allocation.min_rest_minutes === 'number'
      ? { min_rest_minutes: allocation.min_rest_minutes }
      : {}),
    ...(typeof allocation.max_consecutive_days === 'number'
      ? { max_consecutive_days: allocation.max_consecutive_days }
      : {}),
    ...(typeof allocation.travel_road_factor === 'number'
      ? { travel_road_factor: allocation.travel_road_factor }
      : {}),
    ...(typeof allocation.travel_speed_kmh === 'number'
      ? { travel_speed_kmh: allocation.travel_speed_kmh }
      : {}),
    ...(overlapBufferMinutes == null ? {} : { overlap_buffer_minutes: overlapBufferMinutes }),
    ...(timeZone == null ? {} : { time_zone: timeZone }),
    ...(dateFormat == null ? {} : { date_format: dateFormat }),
  };
}

/**
 * Core's allocation config (the one schema, with the meaning of each field), as the server reads it
 * for an organisation: distance, week start and switches always present.
 */
export type AllocationConfig = CoreAllocationConfig & {
  max_distance: number;
  week_start_day: number;
  switches: Record<string, boolean>;
};

/**
 * The span of timeline the jobs' checks and score read (besides their customers' earlier jobs):
 * hours are summed per day, week and fortnight; the fortnight only matters while its check is on
 * (off by default): otherwise the jobs' weeks (a day either side) hold everything the checks and
 * the score read, and the outcome is the same with fewer records read.
 */
export function scenarioWindow(
  jobs: readonly Pick<StoredRecord, 'utc_begin_plus_tz' | 'utc_end_plus_tz'>[],
  config: AllocationConfig,
): { from: number; to: number; first: number; last: number } {
  const begins = jobs.map((j) => j.utc_begin_plus_tz);
  const first = Math.min(...begins);
  const last = Math.max(...begins);
  const lastEnd = Math.max(...jobs.map((j) => j.utc_end_plus_tz));
  const wsd = config.week_start_day;
  // The fortnight's hours matter to its limit and to the minimum hours preference (`min_hrs_fn`).
  const fortnight =
    (config.switches.MAX_HR_FORTNIGHT_NOT_CHECK ?? DEFAULT_SWITCHES.MAX_HR_FORTNIGHT_NOT_CHECK) === false ||
    (config.switches.MIN_HOURS_NOT_CHECK ?? DEFAULT_SWITCHES.MIN_HOURS_NOT_CHECK) === false;
  const from = (fortnight ? fortnightStart(first, wsd) : weekStart(first, wsd)) - DAY;
  const to =
    Math.max(fortnight ? fortnightStart(last, wsd) + FORTNIGHT : weekStart(last, wsd) + WEEK, lastEnd) + DAY;
  // The consecutive days rule (when on) reads the working days next to the jobs' own.
  if (
    (config.switches.MAX_CONSECUTIVE_DAYS_NOT_CHECK ?? DEFAULT_SWITCHES.MAX_CONSECUTIVE_DAYS_NOT_CHECK) ===
    false
  ) {
    const reach = ((config.max_consecutive_days ?? DEFAULT_MAX_CONSECUTIVE_DAYS) + 1) * DAY;
    return {
      from: Math.min(from, dayStart(first) - reach),
      to: Math.max(to, dayStart(lastEnd) + DAY + reach),
      first,
      last,
    };
  }
  return { from, to, first, last };
}

type Rows<T> = { rows: T[] };

/**
 * Records `r` overlapping `[from, to)`: the one window rule of every list (`overlapsWindow` of
 * window-overlap.ts, which both the begin index and the partial long-record index serve), on the
 * alias `r` the scenario's plain SQL reads.
 */
export function overlapsWindow(from: number, to: number): SQL {
  return overlapsWindowOf(from, to, {
    begin: sql.raw('r.utc_begin_plus_tz'),
    end: sql.raw('r.utc_end_plus_tz'),
  });
}

/**
 * Timeline records as the engine reads them: id, kind, status, type, customer, resources and
 * times. Other fields play no part in the checks or the score, so they are not loaded. Plain SQL:
 * on the hot path of every allocation, the rows are read as they come.
 */
export async function selectScenarioRecords(tx: Tx, where: SQL, orgId: string): Promise<StoredRecord[]> {
  const res = (await tx.execute(sql`
    select ${SCENARIO_RECORD_COLUMNS}
    from timeline_records r
    where r.org_id = ${orgId} and (${where})
    order by r.utc_begin_plus_tz, r.id`)) as unknown as Rows<ScenarioRecordRow>;
  return res.rows.map(toScenarioRecord);
}

/** The columns of a timeline record the engine reads (alias `r`), as `ScenarioRecordRow`. */
export const SCENARIO_RECORD_COLUMNS = sql`r.id, r.key, r.status, r.type, r.customer_id, r.resource_id,
      r.utc_begin_plus_tz::float8 as b, r.utc_end_plus_tz::float8 as e,
      r.res_ids as res, r.lat, r.lng`;

export type ScenarioRecordRow = {
  id: string;
  key: string;
  status: string;
  type: string | null;
  customer_id: string | null;
  resource_id: string | null;
  b: number;
  e: number;
  res: string[] | null;
  /** The record's place (the travel time rule reads the jobs before and after); absent in old rows. */
  lat?: number | null;
  lng?: number | null;
};

export function toScenarioRecord(r: ScenarioRecordRow): StoredRecord {
  const resIds = r.res ?? [];
  return {
    _id: r.id,
    _key: r.key,
    status: r.status,
    ...(r.type !== null ? { type: r.type } : {}),
    customerId: r.customer_id,
    resourceId: resIds[0] ?? r.resource_id,
    resIds,
    utc_begin_plus_tz: Number(r.b),
    utc_end_plus_tz: Number(r.e),
    ...(r.lat != null && r.lng != null ? { _geoloc: { lat: Number(r.lat), lng: Number(r.lng) } } : {}),
  };
}

/** The pool and the label catalogue. */
export async function selectScenarioPool(
  tx: Tx,
  orgId: string,
): Promise<{ resources: Resource[]; labels: Label[] }> {
  const pool = await selectScenarioResources(tx, orgId);
  const labelRows = await tx.select().from(labels).where(eq(labels.orgId, orgId));
  return { resources: pool, labels: labelRows.map(toLabel) };
}

/**
 * The resource pool with the fields the checks, the score and the messages read; with `ids`, only
 * those resources (a verdict checks only the assigned ones).
 */
export async function selectScenarioResources(
  tx: Tx,
  orgId: string,
  ids?: readonly string[],
): Promise<Resource[]> {
  const only = ids ? sql` and id ${inList(ids)}` : sql``;
  const res = (await tx.execute(sql`
    select id, name, first_name, last_name, labels, inactive, inactive_date::float8 as inactive_date,
      promoted_dispatcher, external, max_hrs_dy, max_hrs_wk, max_hrs_fn, lat, lng,
      case when jsonb_typeof(data->'valid_till') = 'number' then (data->>'valid_till')::float8 end as valid_till,
      case when jsonb_typeof(data->'min_hrs_dy') = 'number' then (data->>'min_hrs_dy')::float8 end as min_hrs_dy,
      case when jsonb_typeof(data->'min_hrs_wk') = 'number' then (data->>'min_hrs_wk')::float8 end as min_hrs_wk,
      case when jsonb_typeof(data->'min_hrs_fn') = 'number' then (data->>'min_hrs_fn')::float8 end as min_hrs_fn,
      case when jsonb_typeof(data->'label_valid_till') = 'object' then data->'label_valid_till' end
        as label_valid_till
    from resources where org_id = ${orgId}${only} order by id`)) as unknown as Rows<{
    id: string;
    name: string;
    first_name: string;
    last_name: string;
    labels: string[];
    inactive: boolean;
    inactive_date: number | null;
    promoted_dispatcher: boolean;
    external: boolean;
    max_hrs_dy: number | null;
    max_hrs_wk: number | null;
    max_hrs_fn: number | null;
    lat: number | null;
    lng: number | null;
    valid_till: number | null;
    min_hrs_dy: number | null;
    min_hrs_wk: number | null;
    min_hrs_fn: number | null;
    label_valid_till: Record<string, unknown> | null;
  }>;
  return res.rows.map((r) => ({
    _id: r.id,
    name: r.name,
    first_name: r.first_name,
    last_name: r.last_name,
    labels: r.labels,
    inactive: r.inactive,
    InactiveDate: r.inactive_date === null ? null : Number(r.inactive_date),
    promoted_dispatcher: r.promoted_dispatcher,
    external: r.external,
    max_hrs_dy: r.max_hrs_dy,
    max_hrs_wk: r.max_hrs_wk,
    max_hrs_fn: r.max_hrs_fn,
    ...(r.lat !== null && r.lng !== null ? { _geoloc: { lat: r.lat, lng: r.lng } } : {}),
    // The credential expiry rule's dates (kept in `data`); only numbers are dates.
    ...(r.valid_till !== null ? { valid_till: Number(r.valid_till) } : {}),
    ...(r.label_valid_till !== null ? { label_valid_till: numbersOf(r.label_valid_till) } : {}),
    // The minimum hours preference's minima (kept in `data`).
    ...(r.min_hrs_dy !== null ? { min_hrs_dy: Number(r.min_hrs_dy) } : {}),
    ...(r.min_hrs_wk !== null ? { min_hrs_wk: Number(r.min_hrs_wk) } : {}),
    ...(r.min_hrs_fn !== null ? { min_hrs_fn: Number(r.min_hrs_fn) } : {}),
  }));
}

/** The entries of a stored object whose values are numbers. */
function numbersOf(o: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(o)) if (typeof v === 'number') out[k] = v;
  return out;
}

/**
 * The weekly records whose `week_id` range holds a day from `firstDay` to `lastDay` (00:00 of
 * each): the engine's shift check only looks at the record covering the job's own day.
 */
export async function selectScenarioShifts(
  tx: Tx,
  orgId: string,
  firstDay: number,
  lastDay: number,
): Promise<Shift[]> {
  const res = (await tx.execute(sql`
    select id, resource_id, week_id, days, beg, "end", timings from shifts
    where org_id = ${orgId} and week_id >= ${toYmd(firstDay - 31 * DAY)} and week_id <= ${`${toYmd(lastDay)}~`}
      and split_part(week_id, '_', 2) >= ${toYmd(firstDay)}`)) as unknown as Rows<{
    id: string;
    resource_id: string;
    week_id: string;
    days: string[];
    beg: number;
    end: number;
    timings: Record<string, { beg: number; end: number }[]>;
  }>;
  return res.rows.map((s) => ({
    _id: s.id,
    resourceId: s.resource_id,
    week_id: s.week_id,
    ...Object.fromEntries(DAY_CODES.map((d) => [d, s.days.includes(d)])),
    beg: s.beg,
    end: s.end,
    timings: s.timings,
  }));
}
