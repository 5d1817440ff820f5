/**
 * The exception report (spec §4): current jobs that have not progressed far enough in time.
 *
 * Each config names an action status a job should reach, the job field holding the reference time
 * (`action_attr`, default `utc_end_plus_tz`) and `exception_min_amber` minutes. Every config is
 * applied to every current job:
 * - The job's current state is its latest state document (`states[_id]`), else its `status`.
 * - Current state at or beyond the action status (by `STATUS_ORDER`): the action has happened, so
 *   the entry is dropped from the report and returned as matched, dated by the state change (the
 *   state document's date; null when only the job status is known). Reaching the action status
 *   itself counts as matched: flagging a job for not reaching what it has reached helps nobody.
 * - Otherwise it is an exception once `now - reference >= exception_min_amber` minutes (exactly
 *   reaching the threshold counts), dated by the reference time.
 * - Skipped: configs whose action status has no order or whose threshold is not a number ≥ 0; jobs
 *   whose current state has no order (e.g. cancelled) or, unless matched, whose reference time is
 *   not a number.
 * Times are seconds on one clock (the spec's wall-clock seconds); `now` is an argument.
 */
import { elapsedSeconds, MINUTE } from '../time/calendar.ts';
import { isCurrentJob, statusOrder } from './status-order.ts';

export const DEFAULT_ACTION_ATTR = 'utc_end_plus_tz';
/** An exception turns red once it is this many times its amber threshold old. */
export const RED_FACTOR = 2;

export type ExceptionConfig = {
  action_status: string;
  /** Field of the job holding the reference time in seconds; default `utc_end_plus_tz`. */
  action_attr?: string | undefined;
  /** Minutes after the reference time at which the job becomes an exception. */
  exception_min_amber: number;
};

export type ExceptionJob = {
  _id: string;
  status?: string | undefined;
  inactive?: boolean | undefined;
  labels?: readonly string[] | undefined;
  [field: string]: unknown;
};

/** The latest state document of a job. */
export type CurrentState = { status: string; date: number };

export type ExceptionEntry = {
  _id: string;
  action_status: string;
  curr_state: string;
  /** Matched: when the state changed (null if unknown). Otherwise: the reference time. Seconds. */
  curr_state_date: number | null;
  labels: string[];
  matched: boolean;
};

export type ExceptionReportInput = {
  jobs: readonly ExceptionJob[];
  configs: readonly ExceptionConfig[];
  now: number;
  /** The organisation's zone: time since a reference is real elapsed time in it (`elapsedSeconds`). */
  timeZone?: string | null | undefined;
  /** Latest state document per job `_id`. */
  states?: Readonly<Record<string, CurrentState>> | undefined;
};

export type ExceptionReport = {
  /** The exceptions, sorted (see `compareEntries`). */
  entries: ExceptionEntry[];
  /** Dropped because the action already happened; `matched: true`, same order. */
  matched: ExceptionEntry[];
};

export type ExceptionSeverity = 'none' | 'amber' | 'red';

/** Builds the report. Pure; never throws on odd data (it is skipped as described above). */
export function buildExceptionReport(input: ExceptionReportInput): ExceptionReport {
  const { jobs, configs, now, states = {}, timeZone } = input;
  const entries: ExceptionEntry[] = [];
  const matched: ExceptionEntry[] = [];
  const usable = configs.filter(
    (c) =>
      statusOrder(c.action_status) !== undefined &&
      Number.isFinite(c.exception_min_amber) &&
      c.exception_min_amber >= 0,
  );
  for (const job of jobs) {
    if (!isCurrentJob(job)) continue;
    const state = Object.hasOwn(states, job._id) ? states[job._id] : undefined;
    const curr = state?.status ?? job.status ?? '';
    const currOrder = statusOrder(curr);
    if (currOrder === undefined) continue;
    const labels = Array.isArray(job.labels) ? job.labels : [];
    for (const config of usable) {
      const base = {
        _id: job._id,
        action_status: config.action_status,
        curr_state: curr,
        labels: [...labels],
      };
      if (currOrder >= (statusOrder(config.action_status) as number)) {
        matched.push({ ...base, curr_state_date: state?.date ?? null, matched: true });
        continue;
      }
      const reference = job[config.action_attr ?? DEFAULT_ACTION_ATTR];
      if (typeof reference !== 'number' || !Number.isFinite(reference)) continue;
      if (exceptionSeverity(reference, now, config.exception_min_amber, timeZone) === 'none') continue;
      entries.push({ ...base, curr_state_date: reference, matched: false });
    }
  }
  return { entries: entries.sort(compareEntries), matched: matched.sort(compareEntries) };
}

/**
 * Report order: current state's status order, highest first; then the oldest `curr_state_date`
 * (the longest overdue; null last); then `_id`; then the action status's order, lowest first.
 */
export function compareEntries(a: ExceptionEntry, b: ExceptionEntry): number {
  return (
    (statusOrder(b.curr_state) ?? -1) - (statusOrder(a.curr_state) ?? -1) ||
    (a.curr_state_date ?? Number.POSITIVE_INFINITY) - (b.curr_state_date ?? Number.POSITIVE_INFINITY) ||
    (a._id < b._id ? -1 : a._id > b._id ? 1 : 0) ||
    (statusOrder(a.action_status) ?? -1) - (statusOrder(b.action_status) ?? -1)
  );
}

/**
 * How overdue something is, for the exception detail screen: amber once `minAmber` minutes have
 * passed since `reference` (exactly reaching it counts), red at `RED_FACTOR` (2) × `minAmber`.
 * With `minAmber` 0 anything due is red at once. Times in seconds, `minAmber` in minutes; the
 * time passed is real time in `timeZone` (an hour the clocks repeat counts, a skipped one not).
 */
export function exceptionSeverity(
  reference: number,
  now: number,
  minAmber: number,
  timeZone?: string | null,
): ExceptionSeverity {
  const elapsed = elapsedSeconds(reference, now, timeZone);
  if (elapsed >= RED_FACTOR * minAmber * MINUTE) return 'red';
  if (elapsed >= minAmber * MINUTE) return 'amber';
  return 'none';
}

/** Whole minutes of real time from `reference` to `now` in `timeZone`, rounded down (negative before it). */
export function elapsedMinutes(reference: number, now: number, timeZone?: string | null): number {
  return Math.floor(elapsedSeconds(reference, now, timeZone) / MINUTE);
}

/**
 * The report's entry for a job its workers have not confirmed (issue #19 point 3): not a status
 * the job should reach, so no config of `configs` names it; the organisation's `unconfirmed_hours`
 * says how long before the start a still-unconfirmed job becomes an exception.
 */
export const UNCONFIRMED_ACTION = 'worker_confirmation';

/**
 * The current jobs some worker is still asked to confirm (`pending`) within `hoursBefore` hours
 * of their start (or past it), dated by the start. Pure; `now` on the jobs' clock, seconds.
 */
export function unconfirmedEntries(input: {
  jobs: readonly ExceptionJob[];
  pending: ReadonlySet<string>;
  hoursBefore: number;
  now: number;
  /** The organisation's zone: "hours before the start" is real time in it. */
  timeZone?: string | null | undefined;
}): ExceptionEntry[] {
  const { jobs, pending, hoursBefore, now, timeZone } = input;
  if (!Number.isFinite(hoursBefore) || hoursBefore < 0) return [];
  const entries: ExceptionEntry[] = [];
  for (const job of jobs) {
    if (!pending.has(job._id) || !isCurrentJob(job)) continue;
    const begin = job.utc_begin_plus_tz;
    if (typeof begin !== 'number' || elapsedSeconds(now, begin, timeZone) > hoursBefore * 3600) continue;
    entries.push({
      _id: job._id,
      action_status: UNCONFIRMED_ACTION,
      curr_state: job.status ?? '',
      curr_state_date: begin,
      labels: Array.isArray(job.labels) ? [...job.labels] : [],
      matched: false,
    });
  }
  return entries;
}
