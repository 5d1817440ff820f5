/**
 * The context menu's changes to a booking as the server makes them, each with its way back:
 * park and cancel (the status actions of spec §6; undone by setting the status it had), duplicate
 * and copy to next week (a new booking; undone by deleting it). `copyBody` is pure and tested.
 */
import {
  type ActionAnswer,
  type Booking,
  RECORD_STATUSES,
  type SavedBooking,
  timelineRecordFields,
} from '@rostra/core/api/bookings';
import { START_STATUSES } from '@rostra/core/records/job-status';
import { api } from '../../lib/client.ts';
import { fetchRecord, patchRecord } from './api.ts';

type CreateBody = Partial<Record<keyof typeof timelineRecordFields, unknown>>;

/** Fields a copy never takes from its original (its identity, its template place, its deletion). */
const NOT_COPIED = new Set([
  '_id',
  'isDeleted',
  'template_id',
  'template_name',
  'bk_id',
  'fortnight_time_boundaries',
]);

/**
 * The body that creates a copy of `record` moved by `shift` seconds: every writable field it has
 * (the contract's), marked as a copy; a status a new booking may not start in becomes draft;
 * `keepResources` false leaves it unassigned (a duplicate at the same time would overlap them).
 */
export function copyBody(record: Booking, shift: number, keepResources: boolean): CreateBody {
  const body: CreateBody = {};
  for (const key of Object.keys(timelineRecordFields) as (keyof typeof timelineRecordFields)[]) {
    const value = (record as Partial<Record<string, unknown>>)[key];
    if (value !== undefined && value !== null && !NOT_COPIED.has(key)) body[key] = value;
  }
  body._key = 'booking';
  body.utc_begin_plus_tz = record.utc_begin_plus_tz + shift;
  body.utc_end_plus_tz = record.utc_end_plus_tz + shift;
  const status = record.status ?? 'draft';
  body.status = (START_STATUSES as readonly string[]).includes(status) ? status : 'draft';
  body.is_copy = true;
  if (!keepResources) {
    body.resIds = [];
    body.resourceId = null;
  }
  return body;
}

/**
 * Creates a copy (see `copyBody`); resolves with the new booking. `resIds`: the copy's resources
 * instead of the original's (a Shift-drag copies onto the row it is dropped on).
 */
export async function createCopy(
  id: string,
  shift: number,
  keepResources: boolean,
  resIds?: readonly string[],
): Promise<SavedBooking> {
  const record = await fetchRecord(id);
  const body = copyBody(record, shift, keepResources);
  if (resIds) {
    body.resIds = [...resIds];
    body.resourceId = resIds[0] ?? null;
  }
  return api.post<SavedBooking>('/timeline-records', body, {
    quiet: true,
    retry: false,
  });
}

/** Deletes a booking at the version it has now (the undo of a copy). */
export async function deleteBooking(id: string): Promise<void> {
  const current = await fetchRecord(id);
  await api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { 'if-match': String(current.version) },
    quiet: true,
  });
}

/** Takes a status action (park, cancel) at the booking's current version. */
export async function takeStatusAction(id: string, action: 'park' | 'cancel'): Promise<Booking> {
  const current = await fetchRecord(id);
  const answer = await api.post<ActionAnswer>(
    `/bookings/${encodeURIComponent(id)}/actions/${action}`,
    { version: current.version },
    { quiet: true, retry: false },
  );
  return answer.record;
}

/** Puts a booking's status back (the undo of park or cancel). */
export async function setStatus(id: string, status: string | null | undefined): Promise<void> {
  const current = await fetchRecord(id);
  const known = RECORD_STATUSES.find((s) => s === status) ?? 'draft';
  await patchRecord(id, { status: known, version: current.version });
}
