/**
 * The timeline's changes as the server makes them, and their undo/redo steps. A booking's place
 * is its times and its resources; every change (drag, assign, auto-allocate, a batch) is a move
 * from one place to another, and undo moves it back through the same calls:
 * - times change with PATCH /timeline-records/:id (the overlap validator runs);
 * - resources change with POST /bookings/:id/allocate in manual mode (the allocation checks run
 *   and their errors come back), or PATCH with no resources to unassign.
 * The booking's current version is read first, so a change by someone else meanwhile is not
 * overwritten silently: the server answers 409 and the step fails with its message.
 */
import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { AllocateAnswer, AllocationIssue } from '@rostra/core/api/allocation';
import { allocateBooking, fetchRecord, patchRecord } from './api.ts';

export type Place = { begin: number; end: number; resIds: readonly string[] };

export type PlaceResult = {
  /** Allocation errors of the resources assigned (empty when they pass or none were assigned). */
  errors: AllocationIssue[];
  isConflict: boolean;
  answer?: AllocateAnswer;
};

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Moves a booking to `place`, changing only what differs from what the server holds now;
 * `override` lets a resource the customer has blacklisted be assigned (the dispatcher said why).
 */
export async function applyPlace(
  id: string,
  place: Place,
  override?: BlacklistOverride,
): Promise<PlaceResult> {
  let current = await fetchRecord(id);
  /** The validator's answer to new times (its conflicts in words), when the times changed. */
  let validated: AllocationIssue[] = [];
  if (current.utc_begin_plus_tz !== place.begin || current.utc_end_plus_tz !== place.end) {
    const saved = await patchRecord(id, {
      utc_begin_plus_tz: place.begin,
      utc_end_plus_tz: place.end,
      version: current.version,
    });
    current = { ...current, ...saved };
    validated = saved.errors ?? [];
  }
  const resIds = [...place.resIds];
  if (sameIds(current.resIds, resIds)) {
    return { errors: current.isConflict ? validated : [], isConflict: Boolean(current.isConflict) };
  }
  if (resIds.length === 0) {
    const saved = await patchRecord(id, { resIds: [], version: current.version });
    return { errors: [], isConflict: Boolean(saved.isConflict) };
  }
  const answer = await allocateBooking(id, {
    mode: 'manual',
    candidateIds: resIds,
    ...(override ? { override } : {}),
  });
  return {
    errors: answer.errors.filter((e) => e.resourceId === undefined || resIds.includes(e.resourceId)),
    isConflict: answer.isConflict,
    answer,
  };
}

/** The resources after dropping a booking from row `from` onto row `to` (null: the unassigned lane). */
export function droppedResIds(resIds: readonly string[], from: string | null, to: string | null): string[] {
  if (to === null) return [];
  if (from === null || !resIds.includes(from)) return resIds.includes(to) ? [...resIds] : [...resIds, to];
  const out = resIds.map((id) => (id === from ? to : id));
  return out.filter((id, i) => out.indexOf(id) === i);
}
