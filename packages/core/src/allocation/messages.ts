import {
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatDateTime,
  weekdayLongName,
} from '../time/calendar.ts';

/**
 * Every allocation text, verbatim from spec §8 and the contract, in one place. Where the spec
 * gives only a fragment the filled form is fixed here:
 * - date ranges (leave, break, busy) print `<date> hh:MM:ss AA`, the date in the organisation's
 *   `date_format` (each dated message takes it last, default dd/mmm/yyyy), e.g.
 *   `already assigned from 05/Jan/2026 09:00:00 AM to 05/Jan/2026 11:00:00 AM`;
 * - hours and kilometres print with at most two decimals, trailing zeros dropped (`8`, `5.71`);
 * - the shift weekday is the full English name (`No shift set up for Monday`).
 */

/** A structured issue: a spec code, a title where the spec has one, a filled message. */
export type AllocationIssue = {
  code: string;
  title?: string;
  message: string;
  resourceId?: string;
  /** A stored verdict's busy, leave or break error: the `_id` of the record it collides with. */
  conflictId?: string;
};

export const TITLE_SERVICE_PLANS_INVALID = 'Visit Service Plans Invalid';
export const TITLE_NO_RESOURCE_FOUND = 'Resource Not Found';
export const SOMETHING_WENT_WRONG = 'Something went wrong';

/** At most two decimals, trailing zeros dropped: 8 → `8`, 40/7 → `5.71`, 37.5 → `37.5`. */
export function formatAmount(n: number): string {
  return String(Number(n.toFixed(2)));
}

/** `from <begin> to <end>`, each a date-time in `format` with the spec's seconds. */
export function range(begin: number, end: number, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  return `from ${formatDateTime(begin, format)} to ${formatDateTime(end, format)}`;
}

export const messages = {
  resourceInactive: (): string => 'Resource is inactive',
  /** `inactiveDate` in seconds. */
  resourceInactiveDate: (inactiveDate: number, format: DateFormat = DEFAULT_DATE_FORMAT): string =>
    `inactive after ${formatDate(inactiveDate, format)}`,
  resourceBlacklisted: (customer: string): string =>
    `is blacklisted by ${customer} and can't be scheduled for this Job`,
  resourceOnLeave: (begin: number, end: number, format: DateFormat = DEFAULT_DATE_FORMAT): string =>
    `on leave ${range(begin, end, format)}`,
  resourceBreakTime: (begin: number, end: number, format: DateFormat = DEFAULT_DATE_FORMAT): string =>
    `on a break ${range(begin, end, format)}`,
  /** `limitHours` is the limit that was crossed; `jobs` counts the period's jobs including this one. */
  hoursExceeded: (limitHours: number, jobs: number): string =>
    `exceeded ${formatAmount(limitHours)} hours (${jobs} jobs)`,
  labelMismatch: (missing: readonly string[]): string => `Labels don't match. Missing: ${missing.join(', ')}`,
  /** `day` is any second of the job's day. */
  shiftNotSetup: (day: number): string => `No shift set up for ${weekdayLongName(day)}`,
  shiftNotMatch: (): string => 'Job outside resource shift',
  resourceBusy: (begin: number, end: number, format: DateFormat = DEFAULT_DATE_FORMAT): string =>
    `already assigned ${range(begin, end, format)}`,
  distanceExceeds: (km: number, maxKm: number): string =>
    `Distance (${formatAmount(km)} km) exceeds max (${formatAmount(maxKm)} km)`,
  /**
   * Rostra's rule: the whole minutes of travel needed between the job and the other job (`after`:
   * the other comes after the job), that job's begin and end.
   */
  travelTime: (
    minutes: number,
    begin: number,
    end: number,
    after: boolean,
    format: DateFormat = DEFAULT_DATE_FORMAT,
  ): string =>
    `needs ${minutes} minutes to travel ${after ? 'to' : 'from'} the job ${range(begin, end, format)}`,
  /** Rostra's rule: `restMinutes` the organisation's minimum rest; the other job's begin and end. */
  minRest: (
    restMinutes: number,
    begin: number,
    end: number,
    format: DateFormat = DEFAULT_DATE_FORMAT,
  ): string => `needs ${formatAmount(restMinutes / 60)} hours rest from the job ${range(begin, end, format)}`,
  /**
   * Rostra's rule: what has expired before the job begins, `label` null for the resource's own
   * `valid_till`: `Credentials expired: valid till 04/Jan/2026 11:59:59 PM, Forklift till …`.
   */
  credentialExpired: (
    expired: readonly { label: string | null; till: number }[],
    format: DateFormat = DEFAULT_DATE_FORMAT,
  ): string =>
    `Credentials expired: ${expired
      .map((x) => `${x.label === null ? 'valid' : x.label} till ${formatDateTime(x.till, format)}`)
      .join(', ')}`,
  /** Rostra's rule: the run of working days the job would make, first and last day, and the most. */
  maxConsecutiveDays: (
    days: number,
    first: number,
    last: number,
    max: number,
    format: DateFormat = DEFAULT_DATE_FORMAT,
  ): string =>
    `would work ${days} days in a row, ${formatDate(first, format)} to ${formatDate(last, format)} (at most ${max})`,
  externalToInternal: (): string => 'External job cannot be assigned to internal resource',
  servicePlanInactive: (visitStemId: string): string =>
    `The service plan is inactive for VisitStemID ${visitStemId}. This record will not be processed.`,
  /** `endDate` in seconds. */
  servicePlanEnded: (
    endDate: number,
    visitStemId: string,
    format: DateFormat = DEFAULT_DATE_FORMAT,
  ): string =>
    `The service plan ended on ${formatDate(endDate, format)} for VisitStemID ${visitStemId}. This record will not be processed.`,
  noResourceFound: (): string => 'Please allocate resources to this Job as no resource has been assigned',
  noAutoAllocation: (): string =>
    'Unable to perform auto allocation: No resources match the criteria. Please assign a resource manually.',
  noMultiAllocation: (required: number, available: number): string =>
    `Auto allocation failed: The job requires ${required} resources, but only ${available} resources were available for allocation.`,
  noPreferredResource: (): string =>
    'Failed to allocate the preferred resource: The job has been allocated to an available resource.',
};

export function noResourceFoundIssue(): AllocationIssue {
  return { code: 'no_resource_found', title: TITLE_NO_RESOURCE_FOUND, message: messages.noResourceFound() };
}

export function somethingWentWrongIssue(): AllocationIssue {
  return { code: 'fallback', title: SOMETHING_WENT_WRONG, message: SOMETHING_WENT_WRONG };
}
