/**
 * Job status order used by exception reports (spec §4), and the "current jobs" the report watches.
 * Statuses outside the table (cancelled, parked, break, MultiDay…) have no order.
 */

export const STATUS_ORDER = {
  draft: 0,
  rostered: 1,
  confirmed: 2,
  dispatched: 3,
  active: 4,
  finished: 5,
  reviewed: 6,
  feedback: 7,
} as const;

export type OrderedStatus = keyof typeof STATUS_ORDER;

/** Statuses of current jobs: rostered, confirmed, active or dispatched. */
export const CURRENT_JOB_STATUSES: readonly string[] = ['rostered', 'confirmed', 'active', 'dispatched'];

/** Position of a status in the workflow (draft 0 … feedback 7); undefined for others. */
export function statusOrder(status: string | undefined): number | undefined {
  return status !== undefined && Object.hasOwn(STATUS_ORDER, status)
    ? STATUS_ORDER[status as OrderedStatus]
    : undefined;
}

/** A current job: not inactive, and rostered, confirmed, active or dispatched. */
export function isCurrentJob(job: { status?: string | undefined; inactive?: boolean | undefined }): boolean {
  return job.inactive !== true && CURRENT_JOB_STATUSES.includes(job.status ?? '');
}
