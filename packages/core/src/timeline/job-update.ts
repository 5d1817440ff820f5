/**
 * The job update of spec §4: after a timeline record is saved, which of its fields go out as an
 * update, if any.
 *
 * Sent only when all hold:
 * - the saved record's status is rostered, confirmed, dispatched, active, finished, reviewed or
 *   feedback;
 * - it is not a roster item (`type !== 'roster'`; a record with no `type` is not a roster item);
 * - it is not new (there is a previous version);
 * - it has confirmed resources, i.e. a non-empty `resIds` (the resources allocated to it);
 * - at least one field changed.
 */

export const JOB_UPDATE_STATUSES: readonly string[] = [
  'rostered',
  'confirmed',
  'dispatched',
  'active',
  'finished',
  'reviewed',
  'feedback',
];

/** Bookkeeping that changes on every save and is never part of an update. */
export const JOB_UPDATE_IGNORED_FIELDS: readonly string[] = ['_id', '_qa_update_utc', '_qa_create_utc'];

export type JobRecord = {
  _id?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  resIds?: readonly string[] | undefined;
  [field: string]: unknown;
};

export type JobUpdate = {
  _id: string | undefined;
  /** Names of the changed fields, sorted. */
  changed: string[];
  /** The new value of each changed field; `null` for a field that was removed. */
  fields: Record<string, unknown>;
};

/**
 * Names of the fields whose values differ between two versions, sorted. Values compare by
 * structure (arrays in order, plain objects by key); a missing field equals one set to undefined.
 * `JOB_UPDATE_IGNORED_FIELDS` are left out.
 */
export function changedFields(before: JobRecord, after: JobRecord): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => !JOB_UPDATE_IGNORED_FIELDS.includes(k) && !sameValue(before[k], after[k]))
    .sort();
}

/** The update to send for a save from `before` (undefined: a new item) to `after`, or null. */
export function jobUpdate(before: JobRecord | undefined, after: JobRecord): JobUpdate | null {
  if (before === undefined) return null;
  if (!JOB_UPDATE_STATUSES.includes(after.status ?? '')) return null;
  if (after.type === 'roster') return null;
  if (!Array.isArray(after.resIds) || after.resIds.length === 0) return null;
  const changed = changedFields(before, after);
  if (changed.length === 0) return null;
  const fields: Record<string, unknown> = {};
  for (const k of changed) fields[k] = after[k] === undefined ? null : after[k];
  return { _id: after._id, changed, fields };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || Object.is(a, b)) return true; // NaN equals NaN, 0 equals -0
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}
