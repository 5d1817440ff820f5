import { formatDateTime } from '@rostra/core/time/calendar';
import type { Rechecked } from '@rostra/core/timeline/rechecked';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from './button.tsx';

const T = {
  nowInConflict: (n: number) =>
    n === 1 ? 'This change puts 1 booking in conflict:' : `This change puts ${n} bookings in conflict:`,
  cleared: (n: number) =>
    n === 1 ? '1 booking is no longer in conflict.' : `${n} bookings are no longer in conflict.`,
  dismiss: 'Dismiss',
};

/**
 * After a save re-checked bookings (a leave, shift, resource, blacklist…): the ones now in
 * conflict, each linking to its booking (reference, time, customer), and how many were cleared.
 * Nothing when nothing turned.
 */
export function RecheckedNotice({
  rechecked,
  onDismiss,
}: {
  rechecked: Rechecked | undefined;
  onDismiss: () => void;
}) {
  if (!rechecked || (rechecked.nowInConflict.length === 0 && rechecked.cleared.length === 0)) return null;
  const flagged = rechecked.nowInConflict;
  return (
    <div
      role="status"
      className={`m-4 rounded-md border px-3 py-2 text-sm ${
        flagged.length ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-neutral-200 bg-neutral-50'
      }`}
    >
      {flagged.length ? (
        <>
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle aria-hidden className="size-4 shrink-0" />
            {T.nowInConflict(flagged.length)}
          </p>
          <ul className="mt-1 space-y-1">
            {flagged.map((b) => (
              <li key={b._id} className="break-words">
                <Link
                  to={'/bookings' as string}
                  search={{ job_id: b._id } as never}
                  className="font-medium underline underline-offset-2"
                >
                  {b.reference ?? b.customer ?? b._id}
                </Link>
                {' · '}
                {formatDateTime(b.utc_begin_plus_tz)}
                {b.customer && b.reference ? ` · ${b.customer}` : ''}
                {b.errors[0] ? <span className="text-amber-900"> — {b.errors[0].message}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rechecked.cleared.length ? (
        <p className={flagged.length ? 'mt-1' : ''}>{T.cleared(rechecked.cleared.length)}</p>
      ) : null}
      <div className="mt-2">
        <Button variant="secondary" onClick={onDismiss}>
          {T.dismiss}
        </Button>
      </div>
    </div>
  );
}
