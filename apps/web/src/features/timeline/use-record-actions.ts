import type { WindowRecord } from '@rostra/core/api/timeline';
import { WEEK } from '@rostra/core/time/calendar';
import { useOrgDates } from '../../lib/org-dates.ts';
import { createCopy, deleteBooking, setStatus, takeStatusAction } from './record-ops.ts';
import { TL } from './texts.ts';
import { type Changes, placeOf } from './use-changes.ts';

/**
 * The bar menu's changes (unassign, park, cancel, duplicate, copy to next week), each one undo
 * step: unassign moves the booking to no resources; park and cancel set the status back; a copy
 * is deleted again (and redo makes a new one).
 */
export function useRecordActions(changes: Changes, whatOf: (r: WindowRecord) => string) {
  const dates = useOrgDates();
  const { change, history, move } = changes;

  const unassign = async (record: WindowRecord) => {
    if ((record.resIds ?? []).length === 0) return;
    await move(record, { ...placeOf(record), resIds: [] }, TL.unassignedNow(whatOf(record)));
  };

  const statusAction = (action: 'park' | 'cancel') => async (record: WindowRecord) => {
    const before = record.status;
    const label = action === 'park' ? TL.parked(whatOf(record)) : TL.cancelled(whatOf(record));
    await change(async () => {
      await takeStatusAction(record._id, action);
      history.push({
        label,
        undo: () => setStatus(record._id, before),
        redo: async () => void (await takeStatusAction(record._id, action)),
      });
      return { tone: 'ok', text: label };
    });
  };

  const copy = (shift: number) => async (record: WindowRecord) => {
    const keepResources = shift !== 0;
    const what = whatOf(record);
    const label =
      shift === 0
        ? TL.duplicated(what)
        : TL.copiedNextWeek(what, dates.dateTime(record.utc_begin_plus_tz + shift));
    await change(async () => {
      let copyId = (await createCopy(record._id, shift, keepResources))._id;
      history.push({
        label,
        undo: () => deleteBooking(copyId),
        redo: async () => {
          copyId = (await createCopy(record._id, shift, keepResources))._id;
        },
      });
      return { tone: 'ok', text: label };
    });
  };

  return {
    unassign,
    park: statusAction('park'),
    cancel: statusAction('cancel'),
    duplicate: copy(0),
    copyNextWeek: copy(WEEK),
  };
}
