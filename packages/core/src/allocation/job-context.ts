import { type AllocationIssue, messages, TITLE_SERVICE_PLANS_INVALID } from './messages.ts';
import type { AllocationJob } from './scenario.ts';
import {
  type GeoTerms,
  geoTerms,
  PERIOD_DAY,
  PERIOD_FORTNIGHT,
  PERIOD_WEEK,
  type PeriodSums,
  type ScenarioIndex,
  type ShiftDay,
} from './scenario-index.ts';

/** Everything about one job that every candidate evaluation reads, computed once per job. */
export type JobContext = {
  ix: ScenarioIndex;
  job: AllocationJob;
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
export function servicePlanIssue(ix: ScenarioIndex, job: AllocationJob): AllocationIssue | undefined {
  const id = job.external_data?.VisitStemID;
  if (id == null) return undefined;
  for (const p of ix.servicePlans.get(id) ?? []) {
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
        message: messages.servicePlanEnded(p.EndDate, id),
      };
    }
  }
  return undefined;
}

/** The preferred list the score uses: `rs_preferred` when non-empty, else `preferred`. */
export function preferredList(job: AllocationJob): readonly string[] {
  return job.rs_preferred != null && job.rs_preferred.length > 0 ? job.rs_preferred : (job.preferred ?? []);
}

export function createJobContext(ix: ScenarioIndex, job: AllocationJob): JobContext {
  const begin = job.utc_begin_plus_tz;
  const end = job.utc_end_plus_tz;
  const [day, week, fortnight] = ix.periodKeys(begin);
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
  return {
    ix,
    job,
    begin,
    end,
    duration: end - begin,
    day,
    daySums: ix.periodSums(PERIOD_DAY, day),
    weekSums: ix.periodSums(PERIOD_WEEK, week),
    fortnightSums: ix.periodSums(PERIOD_FORTNIGHT, fortnight),
    shifts: ix.shiftDay(day),
    labelLower,
    labelNames,
    knownLabelIds: Int32Array.from(known),
    isExternal: Boolean(job.external_data?.IsExternalBooking),
    geo: geo ? geoTerms(geo.lat, geo.lng) : undefined,
    customerName: customerId === undefined ? '' : ix.customerNames.get(customerId) || customerId,
    blacklist: customerId === undefined ? undefined : ix.blacklistMask(customerId),
    past: customerId === undefined ? undefined : ix.pastBegins(customerId),
    preferred: preferredList(job),
    servicePlanIssue: servicePlanIssue(ix, job),
  };
}
