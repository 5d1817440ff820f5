import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { WindowRecord } from '@rostra/core/api/timeline';
import { useMemo, useState } from 'react';
import { type AssignCandidate, confirmAssign } from '../../features/bookings/assign-confirm.ts';
import { applyPlace, droppedResIds } from './actions.ts';
import { allocateBooking, checkAssignment, errorText } from './api.ts';
import type { DropTarget } from './layout.ts';
import { type Bar, UNASSIGNED_ROW } from './model.ts';
import { createCopy, deleteBooking } from './record-ops.ts';
import {
  copyPlan,
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
 * undo step: the picked bookings moved together (dragged, or "Move to" a row), copied to a row
 * ("Copy to", the keyboard's Shift-drag), unassigned or auto-allocated together; a Shift-drag's
 * copy at the drop target. Resources newly assigned that
 * fail the checks ask "Assign anyway?" once for the lot. A step that fails part way keeps (and can
 * undo) what it did.
 */
export function useGroupActions(options: {
  changes: Changes;
  whatOf: (r: WindowRecord) => string;
  nameOf: (id: string) => string;
}) {
  const { changes, whatOf, nameOf } = options;
  const { change, history } = changes;
  const rowName = (rowId: string) => (rowId === UNASSIGNED_ROW ? TL.unassigned : nameOf(rowId));

  /** What was done, as one step (undone in reverse order). */
  const pushMoves = (done: readonly PlannedMove[], label: string, override?: BlacklistOverride) => {
    if (done.length === 0) return;
    history.push({
      label,
      undo: async () => {
        for (const p of [...done].reverse()) await applyPlace(p.id, p.before);
      },
      redo: async () => {
        for (const p of done) await applyPlace(p.id, p.after, override);
      },
    });
  };
  const outcomeOf = (label: string, conflicts: number): Outcome =>
    conflicts > 0
      ? { tone: 'warn', text: `${label}. ${TL.someInConflict(conflicts)}` }
      : { tone: 'ok', text: label };

  /**
   * Asks once before resources that fail the checks are assigned (as a single drop does): every
   * booking's newly assigned resources checked, the failing ones named with their reasons.
   */
  const confirmPlan = async (plan: readonly PlannedMove[]) => {
    const candidates: AssignCandidate[] = [];
    for (const p of plan) {
      const added = p.after.resIds.filter((id) => !p.before.resIds.includes(id));
      if (added.length === 0) continue;
      const answer = await checkAssignment({
        booking_id: p.id,
        utc_begin_plus_tz: p.after.begin,
        utc_end_plus_tz: p.after.end,
        candidateIds: added,
      });
      for (const c of answer.candidates)
        candidates.push({ resourceId: c.resourceId, name: c.name || nameOf(c.resourceId), errors: c.errors });
    }
    return confirmAssign(candidates);
  };

  /** Applies the moves in order (after asking, when some fail the checks), as one step. */
  const runPlan = async (plan: readonly PlannedMove[], label: string) => {
    if (plan.length === 0) return;
    let confirmed: { override?: BlacklistOverride } | null;
    try {
      confirmed = await confirmPlan(plan);
    } catch (error) {
      changes.setOutcome({ tone: 'error', text: errorText(error) });
      return;
    }
    if (confirmed === null) return;
    const { override } = confirmed;
    await change(async (): Promise<Outcome | null> => {
      const done: PlannedMove[] = [];
      let conflicts = 0;
      try {
        for (const p of plan) {
          const result = await applyPlace(p.id, p.after, override);
          done.push(p);
          if (result.isConflict) conflicts += 1;
        }
      } finally {
        pushMoves(done, label, override);
      }
      return outcomeOf(label, conflicts);
    });
  };

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
        pushMoves(done, TL.allocatedMany(picked.size, done.length));
      }
      return outcomeOf(TL.allocatedMany(picked.size, done.length), conflicts);
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

  /** Every picked booking copied to one row at its own time (the keyboard's Shift-drag). */
  const copyAllTo = (picked: Picked, rowId: string) => {
    const plan = copyPlan(picked, rowId);
    const label = TL.copiedMany(plan.length, rowName(rowId));
    const copyAll = async (made: string[]) => {
      for (const { id, resIds } of plan) made.push((await createCopy(id, 0, true, resIds))._id);
    };
    return change(async () => {
      let made: string[] = [];
      const step = {
        label,
        undo: async () => {
          for (const id of [...made].reverse()) await deleteBooking(id);
        },
        redo: async () => {
          made = [];
          await copyAll(made);
        },
      };
      try {
        await copyAll(made);
      } finally {
        // What was made before a failure can still be undone.
        if (made.length) history.push(step);
      }
      return { tone: 'ok', text: label };
    });
  };

  return { moveAll, moveAllTo, copyAllTo, unassignAll, autoAllocateAll, copyTo };
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
