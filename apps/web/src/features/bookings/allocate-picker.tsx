import type { RankedCandidate } from '@rostra/core/api/allocation';
import { isRecordStatus } from '@rostra/core/records/job-status';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../ui/dialog.tsx';
import { allocateBooking, errorText } from '../timeline/api.ts';
import { CandidatePanel } from '../timeline/candidate-panel.tsx';
import { ALLOCATE_TEXT, type Allocated } from './allocate-text.ts';
import { BOOKINGS_KEY, type Booking, takeAction, updateBooking } from './api.ts';
import { confirmAssign } from './assign-confirm.ts';

const T = ALLOCATE_TEXT;

/**
 * "Allocate" on the booking detail (issue 16 point 6): the candidate panel of the timeline as a
 * dialog — passing candidates first, failing ones with their reasons; assigning a failing one
 * asks first (and a blacklisted one needs a reason). "Auto-allocate" runs the allocate action
 * (the core's auto allocation; Confirmed when it found resources without conflict). Either way
 * the detail then says whom, with Undo.
 */
export function AllocatePicker(props: {
  booking: Booking;
  resourceNames: ReadonlyMap<string, string>;
  customer: string;
  onDone: (done: Allocated) => void;
  onClose: () => void;
}) {
  const { booking } = props;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const nameOf = (id: string) => props.resourceNames.get(id) ?? id;
  const before = { resIds: [...booking.resIds], status: booking.status };

  /** Puts the resources (and the status) back as they were before the picker. */
  const undoTo = (version: number) => async () => {
    await updateBooking(booking._id, version, {
      resIds: before.resIds,
      ...(isRecordStatus(before.status) ? { status: before.status } : {}),
      utc_begin_plus_tz: booking.utc_begin_plus_tz,
      utc_end_plus_tz: booking.utc_end_plus_tz,
    });
    await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  };

  const run = async (task: () => Promise<Allocated | null>) => {
    setBusy(true);
    setError(undefined);
    try {
      const done = await task();
      if (done) props.onDone(done);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    }
  };

  const assign = (candidate: RankedCandidate, needed: number) =>
    run(async () => {
      const confirmed = await confirmAssign([candidate]);
      if (confirmed === null) return null;
      const current = booking.resIds;
      const resIds =
        needed > 1
          ? [...current.filter((id) => id !== candidate.resourceId), candidate.resourceId].slice(-needed)
          : [candidate.resourceId];
      const answer = await allocateBooking(booking._id, {
        mode: 'manual',
        candidateIds: resIds,
        version: booking.version,
        ...(confirmed.override ? { override: confirmed.override } : {}),
      });
      const version = (answer.record as { version?: number } | undefined)?.version ?? booking.version + 1;
      return { text: T.allocatedTo(answer.assigned.map(nameOf).join(', ')), undo: undoTo(version) };
    });

  const auto = () =>
    run(async () => {
      const { record } = await takeAction(booking._id, 'allocate', booking.version);
      if (record.resIds.length === 0) return { text: T.allocatedNobody, undo: undoTo(record.version) };
      return { text: T.allocatedTo(record.resIds.map(nameOf).join(', ')), undo: undoTo(record.version) };
    });

  return (
    <Modal title={T.title} onClose={props.onClose} size="lg" testId="allocate-picker">
      <div className="-mx-5 -my-4 flex max-h-[70vh] min-h-80 flex-col">
        {error ? (
          <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <CandidatePanel
          record={booking}
          customer={props.customer}
          resourceNames={props.resourceNames}
          isBusy={busy}
          isLocked={null}
          onAssign={(c, needed) => void assign(c, needed)}
          onAuto={() => void auto()}
          onClose={props.onClose}
          className="min-h-0 flex-1"
        />
      </div>
    </Modal>
  );
}
