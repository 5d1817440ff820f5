import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { RankedCandidate } from '@rostra/core/api/allocation';
import type { WindowRecord } from '@rostra/core/api/timeline';
import { useCallback } from 'react';
import { confirmAssign, confirmDraftAssignment } from '../../features/bookings/assign-confirm.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { applyPlace, droppedResIds, type Place } from './actions.ts';
import { allocateBooking, errorText } from './api.ts';
import type { DropTarget } from './layout.ts';
import { type Bar, customerName, UNASSIGNED_ROW } from './model.ts';
import { TL } from './texts.ts';
import { type Changes, placeOf, placeStep } from './use-changes.ts';

/**
 * What the dispatcher does to bookings on the board, each through `changes` (one undo step each):
 * drop a dragged bar, move its end, assign a candidate, auto-allocate one booking, finish a batch.
 * A resource newly assigned that fails a check asks first (issue 16 point 5).
 */
export function useBoardActions(options: {
  changes: Changes;
  customers: ReadonlyMap<string, string>;
  resourceNames: ReadonlyMap<string, string>;
  confirmTimeChange: boolean;
}) {
  const dates = useOrgDates();
  const { changes, customers, resourceNames, confirmTimeChange } = options;
  const { move, change, history, setOutcome } = changes;
  const nameOf = useCallback((id: string) => resourceNames.get(id) ?? id, [resourceNames]);
  const customerOf = useCallback((r: WindowRecord) => customerName(r, customers), [customers]);
  const whatOf = useCallback((r: WindowRecord) => customerOf(r) || r._id, [customerOf]);

  const onDrop = useCallback(
    async (bar: Bar, fromRowId: string, target: DropTarget) => {
      const record = bar.record;
      const length = bar.end - bar.begin;
      if (target.begin !== bar.begin && confirmTimeChange) {
        const ok = await askConfirm(
          TL.timeChangeConfirm(dates.dateTime(bar.begin), dates.dateTime(target.begin)),
        );
        if (!ok) return;
      }
      const fromRes = fromRowId === UNASSIGNED_ROW ? null : fromRowId;
      const toRes = target.rowId === UNASSIGNED_ROW ? null : target.rowId;
      const resIds =
        fromRowId === target.rowId
          ? (record.resIds ?? [])
          : droppedResIds(record.resIds ?? [], fromRes, toRes);
      const added = resIds.filter((id) => !(record.resIds ?? []).includes(id));
      let confirmed: { override?: BlacklistOverride } | null = {};
      try {
        confirmed = await confirmDraftAssignment(
          {
            booking_id: record._id,
            utc_begin_plus_tz: target.begin,
            utc_end_plus_tz: target.begin + length,
            candidateIds: added,
          },
          nameOf,
        );
      } catch (error) {
        setOutcome({ tone: 'error', text: errorText(error) });
        return;
      }
      if (confirmed === null) return;
      const what = whatOf(record);
      const label =
        fromRowId !== target.rowId
          ? toRes
            ? TL.assignedTo(what, nameOf(toRes))
            : TL.unassignedNow(what)
          : TL.moved(what, dates.dateTime(target.begin));
      await move(
        record,
        { begin: target.begin, end: target.begin + length, resIds },
        label,
        confirmed.override,
      );
    },
    [confirmTimeChange, whatOf, nameOf, move, setOutcome, dates.dateTime],
  );

  /** A bar's end moved (its handle dragged, or Shift+Arrow): begin and resources stay. */
  const onResize = useCallback(
    async (bar: Bar, end: number, byPointer: boolean) => {
      const record = bar.record;
      if (byPointer && confirmTimeChange) {
        const ok = await askConfirm(TL.endChangeConfirm(dates.dateTime(bar.end), dates.dateTime(end)));
        if (!ok) return;
      }
      await move(record, { ...placeOf(record), end }, TL.resized(whatOf(record), dates.dateTime(end)));
    },
    [confirmTimeChange, whatOf, move, dates.dateTime],
  );

  /** A candidate of the panel assigned (replacing the oldest when all places are taken). */
  const assign = async (record: WindowRecord, candidate: RankedCandidate, needed: number) => {
    const resourceId = candidate.resourceId;
    const confirmed = await confirmAssign([candidate]);
    if (confirmed === null) return;
    const current = record.resIds ?? [];
    const resIds =
      needed > 1 ? [...current.filter((id) => id !== resourceId), resourceId].slice(-needed) : [resourceId];
    await move(
      record,
      { ...placeOf(record), resIds },
      TL.assignedTo(whatOf(record), nameOf(resourceId)),
      confirmed.override,
    );
  };

  const autoAllocate = async (record: WindowRecord) => {
    const before = placeOf(record);
    await change(async () => {
      const answer = await allocateBooking(record._id, { mode: 'auto' });
      const after: Place = { ...before, resIds: answer.assigned };
      const what = whatOf(record);
      const label = answer.assigned.length
        ? TL.assignedTo(what, answer.assigned.map(nameOf).join(', '))
        : what;
      if (answer.assigned.length) history.push(placeStep(record._id, before, after, label));
      return answer.errors.length || answer.isConflict
        ? { tone: 'warn', text: label, errors: answer.errors }
        : { tone: 'ok', text: label };
    });
  };

  /** A batch run is one undo step: every booking it assigned goes back to unassigned. */
  const onBatchFinished = (assigned: WindowRecord[]) => {
    const places = assigned.map((r) => ({
      id: r._id,
      after: placeOf(r),
      before: { ...placeOf(r), resIds: [] },
    }));
    history.push({
      label: TL.batchLabel(assigned.length),
      undo: async () => {
        for (const p of places) await applyPlace(p.id, p.before);
      },
      redo: async () => {
        for (const p of places) await applyPlace(p.id, p.after);
      },
    });
  };

  return { customerOf, whatOf, nameOf, onDrop, onResize, assign, autoAllocate, onBatchFinished };
}
