import type { WindowRecord } from '@rostra/core/api/timeline';
import { useMemo, useState } from 'react';
import { applyPlace, droppedResIds } from './actions.ts';
import { allocateBooking } from './api.ts';
import type { DropTarget } from './layout.ts';
import { type Bar, UNASSIGNED_ROW } from './model.ts';
import { createCopy, deleteBooking } from './record-ops.ts';
import {
  multiMovePlan,
  NOTHING_PICKED,
  type Picked,
  type PlannedMove,
  refreshPick,
  unassignPlan,
} from './selection.ts';
import { TL } from './texts.ts';
import { type Changes, type Outcome, placeOf } from './use-changes.ts';

/**
 * What the dispatcher does to several bookings at once, or to a copy (issue 18 point 6), each ONE
 * undo step: the picked bookings moved together (dragged, or "Move to" a row), unassigned or
 * auto-allocated together; a Shift-drag's copy at the drop target. A step that fails part way
 * keeps (and can undo) what it did.
 */
export function useGroupActions(options: {
  changes: Changes;
  whatOf: (r: WindowRecord) => string;
  nameOf: (id: string) => string;
}) {
  const { changes, whatOf, nameOf } = options;
  const { change, history } = changes;
  const rowName = (rowId: string) => (rowId === UNASSIGNED_ROW ? TL.unassigned : nameOf(rowId));

  /** Applies the moves in order, then records them as one step (undone in reverse order). */
  const runPlan = (plan: readonly PlannedMove[], label: string) =>
    change(async (): Promise<Outcome | null> => {
      if (plan.length === 0) return null;
      const done: PlannedMove[] = [];
      let conflicts = 0;
      try {
        for (const p of plan) {
          const result = await applyPlace(p.id, p.after);
          done.push(p);
          if (result.isConflict) conflicts += 1;
        }
      } finally {
        if (done.length > 0)
          history.push({
            label,
            undo: async () => {
              for (const p of [...done].reverse()) await applyPlace(p.id, p.before);
            },
            redo: async () => {
              for (const p of done) await applyPlace(p.id, p.after);
            },
          });
      }
      return conflicts > 0
        ? { tone: 'warn', text: `${label}. ${TL.someInConflict(conflicts)}` }
        : { tone: 'ok', text: label };
    });

  /** The picked bookings dropped together: the anchor bar's time shift, onto the target row. */
  const moveAll = (picked: Picked, anchor: Bar, target: { rowId: string; begin: number }) =>
    runPlan(
      multiMovePlan(picked, anchor.begin, target),
      anchor.begin === target.begin
        ? TL.movedMany(picked.size, rowName(target.rowId))
        : TL.movedManyTime(picked.size),
    );

  /** Every picked booking to one row at its own time (the keyboard's "Move to"). */
  const moveAllTo = (picked: Picked, rowId: string) =>
    runPlan(multiMovePlan(picked, 0, { rowId, begin: 0 }), TL.movedMany(picked.size, rowName(rowId)));

  const unassignAll = (picked: Picked) => runPlan(unassignPlan(picked), TL.unassignedMany(picked.size));

  /** The engine's best resources for each picked booking, in turn; one step back to before. */
  const autoAllocateAll = (picked: Picked) =>
    change(async (): Promise<Outcome | null> => {
      const done: PlannedMove[] = [];
      let conflicts = 0;
      try {
        for (const [id, { record }] of picked) {
          const before = placeOf(record);
          const answer = await allocateBooking(id, { mode: 'auto' });
          if (answer.isConflict) conflicts += 1;
          if (answer.assigned.length)
            done.push({ id, before, after: { ...before, resIds: answer.assigned } });
        }
      } finally {
        const label = TL.allocatedMany(picked.size, done.length);
        if (done.length > 0)
          history.push({
            label,
            undo: async () => {
              for (const p of [...done].reverse()) await applyPlace(p.id, p.before);
            },
            redo: async () => {
              for (const p of done) await applyPlace(p.id, p.after);
            },
          });
      }
      const label = TL.allocatedMany(picked.size, done.length);
      return conflicts > 0
        ? { tone: 'warn', text: `${label}. ${TL.someInConflict(conflicts)}` }
        : { tone: 'ok', text: label };
    });

  /** Shift-drag: a copy of the booking at the drop target (its row and time); the bar stays. */
  const copyTo = (bar: Bar, fromRowId: string, target: DropTarget) => {
    const record = bar.record;
    const shift = target.begin - bar.begin;
    const resIds = droppedResIds(
      record.resIds ?? [],
      fromRowId === UNASSIGNED_ROW ? null : fromRowId,
      target.rowId === UNASSIGNED_ROW ? null : target.rowId,
    );
    const label = TL.copiedTo(whatOf(record), rowName(target.rowId));
    return change(async () => {
      let copyId = (await createCopy(record._id, shift, true, resIds))._id;
      history.push({
        label,
        undo: () => deleteBooking(copyId),
        redo: async () => {
          copyId = (await createCopy(record._id, shift, true, resIds))._id;
        },
      });
      return { tone: 'ok', text: label };
    });
  };

  return { moveAll, moveAllTo, unassignAll, autoAllocateAll, copyTo };
}

/** The picked bookings (point 6), each record as the window holds it now. */
export function usePicked(recordsById: ReadonlyMap<string, WindowRecord>) {
  const [raw, setPicked] = useState<Picked>(NOTHING_PICKED);
  const picked = useMemo(() => refreshPick(raw, recordsById), [raw, recordsById]);
  return { picked, setPicked };
}

/** Focus back on the grid's tab stop (a bar) when the control that had it goes away (point 7). */
export function focusGridBar() {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>('[data-testid="timeline-scroller"] [data-bar][tabindex="0"]')
      ?.focus(),
  );
}
