import type { Booking } from '@rostra/core/api/bookings';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { BOARDS_TEXT as T } from './boards-text.ts';
import type { MoveTarget } from './booking-card.tsx';
import { type StatusStyle, statusLabel, takeAction } from './model.ts';

/**
 * Moving a booking on a board: the status action is taken on the server (which decides; the
 * board does not pretend), the card shows it is busy meanwhile, and the answer — the moved record,
 * or why not (the server's message, or the allocation's reasons) — is shown.
 */
export function useBoardMove(queryKey: QueryKey, styles: Map<string, StatusStyle> | undefined) {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const move = async (record: Booking, target: MoveTarget) => {
    const label = statusLabel(styles, target.status);
    setBusyId(record._id);
    setError(null);
    try {
      const answer = await takeAction(record._id, target.action, record.version);
      queryClient.setQueryData<Booking[]>(queryKey, (list) =>
        list?.map((r) => (r._id === record._id ? { ...r, ...answer.record } : r)),
      );
      if (answer.record.status === target.status) notify.success(T.moved(label));
      else {
        const why =
          (answer.record.errors ?? [])
            .map((e) => e.message ?? e.title)
            .filter(Boolean)
            .join('; ') || T.allocationConflict;
        const text = T.moveFailed(label, why);
        setError(text);
        notify.error(text);
      }
    } catch (failure) {
      const text = T.moveFailed(label, errorText(failure));
      setError(text);
      notify.error(text);
      // The record may have changed under us (409): read the board again.
      void queryClient.invalidateQueries({ queryKey });
    } finally {
      setBusyId(null);
    }
  };

  return { busyId, error, clearError: () => setError(null), move };
}
