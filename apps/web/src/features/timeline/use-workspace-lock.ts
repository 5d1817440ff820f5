import { useEffect } from 'react';
import { putWorkspace } from './api.ts';

/** The workspace lock is renewed this often while a booking is selected (locks count for 60 s). */
const LOCK_RENEW_MS = 30_000;

/**
 * Marks the booking the dispatcher is working on (selected or dragged) as locked for the others,
 * renewed while it lasts and released (an empty lock list) when it ends.
 */
export function useWorkspaceLock(isEditable: boolean, lockedId: string | null, from: number, to: number) {
  useEffect(() => {
    if (!isEditable) return;
    const ids = lockedId ? [lockedId] : [];
    const send = () =>
      void putWorkspace(ids, { start_time: from, end_time: to }).catch(() => {
        // A lock is a courtesy to others; failing to set one does not stop the work.
      });
    send();
    if (!lockedId) return;
    const timer = setInterval(send, LOCK_RENEW_MS);
    return () => clearInterval(timer);
  }, [isEditable, lockedId, from, to]);
}
