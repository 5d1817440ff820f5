/**
 * The roster and booking conflict validator (spec §5) and the roster status it implies (spec §4).
 *
 * Rules (the spec leaves the details open; these are ours):
 * - A record covers `[utc_begin_plus_tz, utc_end_plus_tz)` in wall-clock seconds; its end must be
 *   after its begin.
 * - It conflicts with another record that shares a resource (`resIds` or `resourceId`) when the
 *   two intervals overlap by the allocation contract's rule `a.begin < b.end − t && b.begin <
 *   a.end − t` (so touching intervals never overlap). Two jobs use the one overlap tolerance of
 *   every path, `overlapToleranceSeconds`: the larger of the contract's 900 s and the
 *   organisation's buffer (both are forgiveness for a run-over, not a required gap). A leave or
 *   break against a job overlaps plainly (t = 0), as the contract's leave and break checks do.
 * - Other jobs count unless deleted, inactive or in an ignored status (cancelled, finished, draft,
 *   leave, break). Leaves and breaks of the resource count unless cancelled or deleted: a job
 *   overlapping one is a conflict, and so is a leave or break overlapping a job. Two absences never
 *   conflict with each other.
 * - The record being validated is judged whatever its own status: it is the one about to be given
 *   a status (a roster item in conflict becomes draft).
 * - The validator only looks at time. A booking's stored state is the allocation checks' verdict
 *   (`allocation/booking-verdict.ts`); this validator gives a leave's or break's own state, by the
 *   same overlap rule, so the two agree.
 */

import { messages } from '../allocation/messages.ts';
import { DEFAULT_OVERLAP_BUFFER_MINUTES } from '../shell/constants.ts';
import { dateFormatOf, MINUTE } from '../time/calendar.ts';

export const IGNORED_OVERLAP_STATUSES: readonly string[] = [
  'cancelled',
  'finished',
  'draft',
  'leave',
  'break',
];
export const FALLBACK_MESSAGE = 'Something went wrong';

export type TimelineRecord = {
  _id?: string | undefined;
  _key?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  inactive?: boolean | undefined;
  isDeleted?: boolean | undefined;
  resourceId?: string | undefined;
  resIds?: readonly string[] | undefined;
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
};

export type ConflictErrorCode =
  | 'invalid_time_range'
  | 'resource_busy'
  | 'resource_on_leave'
  | 'resource_break_time'
  | 'fallback';

export type ConflictError = {
  code: ConflictErrorCode;
  title: string;
  message: string;
  /** The shared resource. */
  resourceId?: string;
  /** The `_id` of the record it collides with. */
  conflictId?: string;
};

export type ConflictResult = { isConflict: boolean; errors: ConflictError[] };

export type ConflictOptions = {
  /** The organisation's `overlap_buffer_minutes`, as stored: see `overlapBufferMinutes`. */
  overlap_buffer_minutes?: unknown;
  /** The organisation's `date_format`, in which the errors print the other record's times. */
  date_format?: unknown;
};

/**
 * The overlap buffer in whole minutes: a number (or numeric text) rounded half up, never below 0;
 * 5 when missing or not numeric (`'abc'`, `NaN`, `null`, `true`).
 */
export function overlapBufferMinutes(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : DEFAULT_OVERLAP_BUFFER_MINUTES;
}

/** What a record is for conflict purposes. A leave is `_key` or `status` leave; a break `_key`, `type` or `status` break. */
export function recordKind(record: TimelineRecord): 'job' | 'leave' | 'break' {
  if (record._key === 'leave' || record.status === 'leave') return 'leave';
  if (record._key === 'break' || record.type === 'break' || record.status === 'break') return 'break';
  return 'job';
}

/** The record's resources: `resIds` plus `resourceId`, without blanks or repeats. */
export function recordResources(record: TimelineRecord): string[] {
  const ids = new Set<string>(Array.isArray(record.resIds) ? record.resIds : []);
  if (record.resourceId) ids.add(record.resourceId);
  ids.delete('');
  return [...ids];
}

/** The allocation contract's busy tolerance: two jobs may share this many seconds. */
export const CONTRACT_OVERLAP_TOLERANCE_S = 900;

/**
 * The overlap two jobs of one resource may share without a conflict, in seconds, on every path
 * (allocation checks, candidate panel, save, re-check): the larger of the contract's 900 s and
 * the organisation's buffer (`overlapBufferMinutes` of the stored value) in seconds.
 */
export function overlapToleranceSeconds(bufferMinutes: unknown): number {
  return Math.max(CONTRACT_OVERLAP_TOLERANCE_S, overlapBufferMinutes(bufferMinutes) * MINUTE);
}

/**
 * The contract's overlap under tolerance `t` seconds: `a.begin < b.end − t && b.begin < a.end − t`.
 * Symmetric; with t = 0 plain half-open overlap (touching intervals do not overlap).
 */
export function overlapsWithTolerance(a: TimelineRecord, b: TimelineRecord, t: number): boolean {
  return a.utc_begin_plus_tz < b.utc_end_plus_tz - t && b.utc_begin_plus_tz < a.utc_end_plus_tz - t;
}

/**
 * Seconds by which `[a.begin, a.end)` and `[b.begin, b.end)` overlap; 0 when they touch or are
 * apart. Symmetric.
 */
export function overlapSeconds(a: TimelineRecord, b: TimelineRecord): number {
  const seconds =
    Math.min(a.utc_end_plus_tz, b.utc_end_plus_tz) - Math.max(a.utc_begin_plus_tz, b.utc_begin_plus_tz);
  return Math.max(seconds, 0);
}

/** True when the overlap lasts longer than `bufferMinutes`. Symmetric; touching never overlaps. */
export function overlapsBeyondBuffer(a: TimelineRecord, b: TimelineRecord, bufferMinutes: number): boolean {
  return overlapSeconds(a, b) > bufferMinutes * MINUTE;
}

/** Whether another record takes part in conflicts at all (see the module rules). */
export function countsForConflicts(record: TimelineRecord): boolean {
  if (record.isDeleted === true || record.inactive === true) return false;
  if (recordKind(record) === 'job') return !IGNORED_OVERLAP_STATUSES.includes(record.status ?? '');
  return record.status !== 'cancelled';
}

const TITLES: Record<Exclude<ConflictErrorCode, 'fallback'>, string> = {
  invalid_time_range: 'Invalid Time',
  resource_busy: 'Resource Busy',
  resource_on_leave: 'Resource On Leave',
  resource_break_time: 'Resource On Break',
};

/**
 * Validates `record` against `timeline` (the other records; the record itself, matched by `_id`,
 * is skipped). Returns every collision, one error per shared resource and record; the error
 * describes the other record (busy with a job, on leave, on a break) with its time range. Never throws:
 * an exception inside becomes a single `fallback` error titled with its message (or "Something
 * went wrong"), and counts as a conflict.
 */
export function validateConflicts(
  record: TimelineRecord,
  timeline: readonly TimelineRecord[],
  options: ConflictOptions = {},
): ConflictResult {
  try {
    const begin = record.utc_begin_plus_tz;
    const end = record.utc_end_plus_tz;
    if (!Number.isFinite(begin) || !Number.isFinite(end)) {
      return conflict([error('invalid_time_range', 'you must enter a valid time')]);
    }
    if (end <= begin) return conflict([error('invalid_time_range', 'end must be after begin')]);

    const tolerance = overlapToleranceSeconds(options.overlap_buffer_minutes);
    const format = dateFormatOf(options.date_format);
    const kind = recordKind(record);
    const mine = recordResources(record);
    const errors: ConflictError[] = [];
    for (const other of timeline) {
      if (record._id !== undefined && other._id === record._id) continue;
      if (!countsForConflicts(other)) continue;
      const otherKind = recordKind(other);
      if (kind !== 'job' && otherKind !== 'job') continue;
      const t = kind === 'job' && otherKind === 'job' ? tolerance : 0;
      if (!overlapsWithTolerance(record, other, t)) continue;
      const theirs = recordResources(other);
      for (const resourceId of mine.filter((id) => theirs.includes(id))) {
        const [b, e] = [other.utc_begin_plus_tz, other.utc_end_plus_tz];
        const found =
          otherKind === 'leave'
            ? error('resource_on_leave', messages.resourceOnLeave(b, e, format))
            : otherKind === 'break'
              ? error('resource_break_time', messages.resourceBreakTime(b, e, format))
              : error('resource_busy', messages.resourceBusy(b, e, format));
        errors.push({ ...found, resourceId, ...(other._id === undefined ? {} : { conflictId: other._id }) });
      }
    }
    return { isConflict: errors.length > 0, errors };
  } catch (e) {
    const message = (e instanceof Error ? e.message : typeof e === 'string' ? e : '') || FALLBACK_MESSAGE;
    return conflict([{ code: 'fallback', title: message, message }]);
  }
}

function error(code: Exclude<ConflictErrorCode, 'fallback'>, message: string): ConflictError {
  return { code, title: TITLES[code], message };
}

function conflict(errors: ConflictError[]): ConflictResult {
  return { isConflict: true, errors };
}

type AssignmentFields =
  | 'status'
  | 'isConflict'
  | 'resIds'
  | 'resourceId'
  | 'resource_first_name'
  | 'resource_last_name';

export type RosterItemInConflict<T> = Omit<T, AssignmentFields> & {
  status: 'draft';
  isConflict: true;
  resIds: string[];
};

export type RosterItemRostered<T> = Omit<T, 'status' | 'isConflict'> & {
  status: 'rostered';
  isConflict: false;
};

/**
 * A roster item after validation (spec §4): in conflict it becomes draft with no resources
 * (`resIds` empty; `resourceId` and the resource names removed); otherwise rostered, as it is.
 */
export function applyRosterValidation<T extends object>(
  item: T,
  result: ConflictResult,
): RosterItemInConflict<T> | RosterItemRostered<T> {
  if (result.isConflict) {
    const {
      resourceId: _id,
      resource_first_name: _first,
      resource_last_name: _last,
      ...rest
    } = item as T & Record<'resourceId' | 'resource_first_name' | 'resource_last_name', unknown>;
    return { ...(rest as Omit<T, AssignmentFields>), status: 'draft', isConflict: true, resIds: [] };
  }
  return { ...item, status: 'rostered', isConflict: false };
}
