import { type DateFormat, DEFAULT_DATE_FORMAT } from '../time/calendar.ts';
import { type IntervalQuery, IntervalsWithout } from './intervals.ts';
import { type AllocationIssue, messages, TITLE_SERVICE_PLANS_INVALID } from './messages.ts';
import type { AllocationJob, AllocationRecord, AllocationScenario } from './scenario.ts';
import {
  classifyRecord,
  customerDisplayName,
  type GeoTerms,
  geoTerms,
  PERIOD_DAY,
  PERIOD_FORTNIGHT,
  PERIOD_WEEK,
  type PeriodSums,
  pastByResource,
  recordResourceIds,
  type ScenarioIndex,
  type ShiftDay,
  workDaysOf,
} from './scenario-index.ts';

/**
 * What one job needs beyond a prepared index (built once for a window without any job, reused
 * for every job of that window; see `rankCandidates`): the job customer's records, blacklist and
 * service plans, and its earlier jobs at any time for the score's past jobs. When given, these
 * replace what the index holds for the customer.
 */
type ServicePlan = NonNullable<AllocationScenario['servicePlans']>[number];

export type JobData = {
  customers?: AllocationScenario['customers'];
  blacklists?: AllocationScenario['blacklists'];
  servicePlans?: AllocationScenario['servicePlans'];
  /** The customer's timeline records that begin before the job (others do not count). */
  customerJobs?: readonly AllocationRecord[];
};

/** Everything about one job that every candidate evaluation reads, computed once per job. */
export type JobContext = {
  ix: ScenarioIndex;
  job: AllocationJob;
  /** The index's intervals, without the job's own copy when the index holds one. */
  busy: IntervalQuery;
  leaves: IntervalQuery;
  breaks: IntervalQuery;
  /** The rest check's intervals (see `ScenarioIndex.rest`, real instants); undefined while the check is off. */
  rest: IntervalQuery | undefined;
  /** The job's begin and end as real instants (`ScenarioIndex.instant`): what `rest` is asked with. */
  restBegin: number;
  restEnd: number;
  /**
   * Whether resource r works on day number d (`ScenarioIndex.workDays`, without the job's own
   * copy); undefined while the consecutive days check is off.
   */
  worksOn: ((r: number, d: number) => boolean) | undefined;
  /** The job's first and last working day (`workDaysOf`). */
  firstDay: number;
  lastDay: number;
  /** Seconds (wall clock as UTC); the job covers [begin, end). */
  begin: number;
  end: number;
  /** Length in seconds. */
  duration: number;
  /** Start (00:00) of the job's day. */
  day: number;
  daySums: PeriodSums;
  weekSums: PeriodSums;
  fortnightSums: PeriodSums;
  shifts: ShiftDay;
  /** Distinct job label names, lower-case, in the job's order; `labelNames` as shown. */
  labelLower: string[];
  labelNames: string[];
  /** Interned ids of the job's labels that some resource has (the others no resource has). */
  knownLabelIds: Int32Array;
  isExternal: boolean;
  /** Timeline ordinals of the job's own copy in the index (see `ScenarioIndex.ownRecords`). */
  own: readonly number[];
  /** The job's haversine terms, or undefined without `_geoloc`. */
  geo: GeoTerms | undefined;
  /** The customer's name for messages (`customers`), else its id. */
  customerName: string;
  /** 1 for each pool position on the job customer's blacklist; undefined when none is. */
  blacklist: Uint8Array | undefined;
  /**
   * Per pool position, the sorted begins of that resource's non-cancelled counted jobs for the
   * job's customer; the score's past jobs are those beginning before the job.
   */
  past: (number[] | undefined)[] | undefined;
  /** `rs_preferred` when it is a non-empty list, else `preferred`. */
  preferred: readonly string[];
  /** The job-level service plan failure, whatever the switch says. */
  servicePlanIssue: AllocationIssue | undefined;
};

/**
 * The service plan of `external_data.VisitStemID` blocks the job when it is `Inactive`, or
 * `Ended` with an `EndDate` before the job begins. The first blocking plan (input order) is named.
 */
export function servicePlanIssue(
  plansOf: (visitStemId: string) => readonly ServicePlan[],
  job: AllocationJob,
  /** The organisation's `date_format`, for the ended plan's date. */
  format: DateFormat = DEFAULT_DATE_FORMAT,
): AllocationIssue | undefined {
  const id = job.external_data?.VisitStemID;
  if (id == null) return undefined;
  const list = plansOf(id);
  for (const p of list) {
    if (p.UpdateType === 'Inactive') {
      return {
        code: 'service_plans_invalid',
        title: TITLE_SERVICE_PLANS_INVALID,
        message: messages.servicePlanInactive(id),
      };
    }
    if (p.UpdateType === 'Ended' && p.EndDate != null && p.EndDate < job.utc_begin_plus_tz) {
      return {
        code: 'service_plans_invalid',
        title: TITLE_SERVICE_PLANS_INVALID,
        message: messages.servicePlanEnded(p.EndDate, id, format),
      };
    }
  }
  return undefined;
}

/** The preferred list the score uses: `rs_preferred` when non-empty, else `preferred`. */
export function preferredList(job: AllocationJob): readonly string[] {
  return job.rs_preferred != null && job.rs_preferred.length > 0 ? job.rs_preferred : (job.preferred ?? []);
}

/**
 * The job's context over `ix`. When the index holds the job's own copy (a prepared index built
 * without the job), that copy is left out of every answer, exactly as if the index had been built
 * for this job; `data` supplies the customer's part (see `JobData`).
 */
export function createJobContext(ix: ScenarioIndex, job: AllocationJob, data?: JobData): JobContext {
  const begin = job.utc_begin_plus_tz;
  const end = job.utc_end_plus_tz;
  const [day, week, fortnight] = ix.periodKeys(begin);
  const own = ix.ownRecords(job._id);
  const labelLower: string[] = [];
  const labelNames: string[] = [];
  const known: number[] = [];
  for (const entry of job.labels ?? []) {
    const l = ix.resolveLabel(entry);
    if (labelLower.includes(l.lower)) continue;
    labelLower.push(l.lower);
    labelNames.push(l.name);
    const id = ix.labelIds.get(l.lower);
    if (id !== undefined) known.push(id);
  }
  const geo = job._geoloc;
  const customerId = job.customerId ?? undefined;
  const sums = (kind: typeof PERIOD_DAY | typeof PERIOD_WEEK | typeof PERIOD_FORTNIGHT, key: number) =>
    own.length > 0 ? ix.periodSumsWithout(kind, key, own) : ix.periodSums(kind, key);
  const intervals = own.length > 0 ? ownIntervals(ix, own) : undefined;
  return {
    ix,
    job,
    busy: intervals?.busy ?? ix.busy,
    leaves: intervals?.leaves ?? ix.leaves,
    breaks: intervals?.breaks ?? ix.breaks,
    rest: intervals ? intervals.rest : ix.rest,
    worksOn: worksOnOf(ix, own),
    firstDay: workDaysOf(begin, end)[0],
    lastDay: workDaysOf(begin, end)[1],
    begin,
    end,
    restBegin: ix.instant(begin),
    restEnd: ix.instant(end),
    duration: ix.duration(begin, end),
    day,
    daySums: sums(PERIOD_DAY, day),
    weekSums: sums(PERIOD_WEEK, week),
    fortnightSums: sums(PERIOD_FORTNIGHT, fortnight),
    shifts: ix.shiftDay(day),
    labelLower,
    labelNames,
    knownLabelIds: Int32Array.from(known),
    isExternal: Boolean(job.external_data?.IsExternalBooking),
    own,
    geo: geo ? geoTerms(geo.lat, geo.lng) : undefined,
    customerName: customerId === undefined ? '' : customerNameOf(ix, customerId, data),
    blacklist: customerId === undefined ? undefined : blacklistOf(ix, customerId, data),
    past: customerId === undefined ? undefined : pastOf(ix, job, customerId, own, data),
    preferred: preferredList(job),
    servicePlanIssue: servicePlanIssue(
      data
        ? (id) => (data.servicePlans ?? []).filter((p) => p.VisitStemID === id)
        : (id) => ix.servicePlans.get(id) ?? [],
      job,
      ix.config.dateFormat,
    ),
  };
}

/**
 * The run of consecutive working days resource r would have with the job: its first and last day
 * number and its length, looking at most `cap` days beyond the job either way.
 */
export function consecutiveRun(
  ctx: JobContext,
  r: number,
  cap: number,
): { first: number; last: number; days: number } {
  const works = ctx.worksOn;
  let first = ctx.firstDay;
  let last = ctx.lastDay;
  if (works) {
    while (ctx.firstDay - first < cap && works(r, first - 1)) first--;
    while (last - ctx.lastDay < cap && works(r, last + 1)) last++;
  }
  return { first, last, days: last - first + 1 };
}

/** `ScenarioIndex.workDays` as a question, without the job's own copy when the index holds one. */
function worksOnOf(ix: ScenarioIndex, own: readonly number[]): JobContext['worksOn'] {
  const days = ix.workDays;
  if (!days) return undefined;
  const minus = new Map<number, Map<number, number>>();
  for (const ord of own) {
    const rec = ix.record(ord);
    if (!classifyRecord(rec).isHoursJob) continue;
    const [first, last] = workDaysOf(rec.utc_begin_plus_tz, rec.utc_end_plus_tz);
    for (const id of recordResourceIds(rec)) {
      const r = ix.indexOf.get(id);
      if (r === undefined) continue;
      const m = minus.get(r) ?? new Map<number, number>();
      minus.set(r, m);
      for (let d = first; d <= last; d++) m.set(d, (m.get(d) ?? 0) + 1);
    }
  }
  return (r, d) => (days[r]?.get(d) ?? 0) - (minus.get(r)?.get(d) ?? 0) > 0;
}

function customerNameOf(ix: ScenarioIndex, customerId: string, data: JobData | undefined): string {
  if (!data) return ix.customerNames.get(customerId) || customerId;
  const c = data.customers?.find((x) => x._id === customerId);
  return (c && customerDisplayName(c)) || customerId;
}

function blacklistOf(
  ix: ScenarioIndex,
  customerId: string,
  data: JobData | undefined,
): Uint8Array | undefined {
  if (!data) return ix.blacklistMask(customerId);
  let mask: Uint8Array | undefined;
  for (const b of data.blacklists ?? []) {
    if (b._id !== customerId) continue;
    mask ??= new Uint8Array(ix.n);
    for (const id of b.resIds) {
      const r = ix.indexOf.get(id);
      if (r !== undefined) mask[r] = 1;
    }
  }
  return mask;
}

function pastOf(
  ix: ScenarioIndex,
  job: AllocationJob,
  customerId: string,
  own: readonly number[],
  data: JobData | undefined,
): (number[] | undefined)[] | undefined {
  if (!data) return own.length > 0 ? ix.pastBeginsWithout(customerId, own) : ix.pastBegins(customerId);
  const res: number[] = [];
  const begins: number[] = [];
  for (const rec of data.customerJobs ?? []) {
    if (rec.customerId !== customerId || (job._id != null && rec._id === job._id)) continue;
    if (!classifyRecord(rec).isPastJob) continue;
    for (const id of recordResourceIds(rec)) {
      const r = ix.indexOf.get(id);
      if (r === undefined) continue;
      res.push(r);
      begins.push(rec.utc_begin_plus_tz);
    }
  }
  return res.length === 0 ? undefined : pastByResource(ix.n, res, begins);
}

/** The index's busy, leave and break intervals without the job's own copy. */
function ownIntervals(ix: ScenarioIndex, own: readonly number[]) {
  const busy: [number, number, number][] = [];
  const restOwn: [number, number, number][] = [];
  const leaves: [number, number, number][] = [];
  const breaks: [number, number, number][] = [];
  for (const ord of own) {
    const rec = ix.record(ord);
    const cls = classifyRecord(rec);
    for (const id of recordResourceIds(rec)) {
      const r = ix.indexOf.get(id);
      if (r === undefined) continue;
      const entry: [number, number, number] = [r, rec.utc_begin_plus_tz, rec.utc_end_plus_tz];
      if (cls.isOverlapJob) {
        busy.push(entry);
        restOwn.push([r, ix.instant(rec.utc_begin_plus_tz), ix.instant(rec.utc_end_plus_tz)]);
      }
      if (cls.isLeave) leaves.push(entry);
      if (cls.isBreak) breaks.push(entry);
    }
  }
  const rest = ix.rest;
  return {
    rest: rest && restOwn.length > 0 ? new IntervalsWithout(rest, restOwn) : rest,
    busy: busy.length > 0 ? new IntervalsWithout(ix.busy, busy) : ix.busy,
    leaves: leaves.length > 0 ? new IntervalsWithout(ix.leaves, leaves) : ix.leaves,
    breaks: breaks.length > 0 ? new IntervalsWithout(ix.breaks, breaks) : ix.breaks,
  };
}
