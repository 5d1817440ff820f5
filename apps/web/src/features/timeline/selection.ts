/**
 * Several bars picked for one action (issue 18 point 6), as plain data: Ctrl/Shift-click or Space
 * toggles a booking in or out of the pick (a plain click clears it); the picked bookings move
 * together (the same time shift, all onto the target row), are unassigned or auto-allocated
 * together, as one undo step. No React, so all of it is tested.
 */
import type { WindowRecord } from '@rostra/core/api/timeline';
import { droppedResIds, type Place } from './actions.ts';
import { UNASSIGNED_ROW } from './model.ts';

/** Picked bookings by id: the record and the row it was picked on (its resource, or unassigned). */
export type Picked = ReadonlyMap<string, { record: WindowRecord; rowId: string }>;

export const NOTHING_PICKED: Picked = new Map();

/** A booking in or out of the pick; leaves, breaks and bars another dispatcher holds stay out. */
export function togglePick(picked: Picked, record: WindowRecord, rowId: string, canPick: boolean): Picked {
  const next = new Map(picked);
  if (next.has(record._id)) next.delete(record._id);
  else if (canPick) next.set(record._id, { record, rowId });
  else return picked;
  return next;
}

/** Whether a click adds to the pick rather than opening the bar: Ctrl, Cmd or Shift held. */
export const isPickClick = (mods: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): boolean =>
  mods.ctrlKey || mods.metaKey || mods.shiftKey;

/** The pick with every record as the window holds it now (gone ones dropped). */
export function refreshPick(picked: Picked, byId: ReadonlyMap<string, WindowRecord>): Picked {
  if (picked.size === 0) return picked;
  const next = new Map<string, { record: WindowRecord; rowId: string }>();
  for (const [id, p] of picked) {
    const record = byId.get(id);
    if (record) next.set(id, { record, rowId: p.rowId });
  }
  return next;
}

export type PlannedMove = { id: string; before: Place; after: Place };

const resOf = (rowId: string) => (rowId === UNASSIGNED_ROW ? null : rowId);

/**
 * Where each picked booking goes when one of them (`anchor`, picked on `anchorRowId` at
 * `anchorBegin`) is dropped on `target`: every one shifted by the anchor's time shift and moved
 * from its own row to the target row (a booking with several resources swaps the one it was
 * picked on). Bookings that would not change are left out.
 */
export function multiMovePlan(
  picked: Picked,
  anchorBegin: number,
  target: { rowId: string; begin: number },
): PlannedMove[] {
  const shift = target.begin - anchorBegin;
  const out: PlannedMove[] = [];
  for (const [id, { record, rowId }] of picked) {
    const resIds = record.resIds ?? [];
    const before: Place = { begin: record.utc_begin_plus_tz, end: record.utc_end_plus_tz, resIds };
    const after: Place = {
      begin: before.begin + shift,
      end: before.end + shift,
      resIds: rowId === target.rowId ? resIds : droppedResIds(resIds, resOf(rowId), resOf(target.rowId)),
    };
    const same =
      shift === 0 && after.resIds.length === resIds.length && after.resIds.every((r, i) => r === resIds[i]);
    if (!same) out.push({ id, before, after });
  }
  return out;
}

/**
 * The copies "Copy to" a row makes (the keyboard's Shift-drag): each picked booking at its own
 * time, with the resource it was picked on swapped for the target row's (none on Unassigned, as
 * a drop there).
 */
export const copyPlan = (picked: Picked, targetRowId: string): { id: string; resIds: string[] }[] =>
  [...picked].map(([id, { record, rowId }]) => ({
    id,
    resIds: droppedResIds(record.resIds ?? [], resOf(rowId), resOf(targetRowId)),
  }));

/** Every picked booking unassigned (its times kept). */
export const unassignPlan = (picked: Picked): PlannedMove[] =>
  multiMovePlan(picked, 0, { rowId: UNASSIGNED_ROW, begin: 0 });
