import type { Rechecked } from '@rostra/core/timeline/rechecked';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useOrgDates } from '../lib/org-dates.ts';
import { Button } from './button.tsx';

const T = {
  nowInConflict: (n: number) =>
    n === 1 ? 'This change puts 1 booking in conflict:' : `This change puts ${n} bookings in conflict:`,
  cleared: (n: number) =>
    n === 1 ? '1 booking is no longer in conflict.' : `${n} bookings are no longer in conflict.`,
  dismiss: 'Dismiss',
};

/** An answer of a write that may say which bookings it re-checked (issue 16 point 2). */
export type MaybeRechecked = { rechecked?: Rechecked | undefined };

/**
 * The notice's state for a screen that saves things re-checking bookings: `take(answer)` keeps
 * the answer's `rechecked` (a save that turned nothing clears an earlier notice) and hands back
 * the answer without it; `props` go to <RecheckedNotice>.
 */
export function useRechecked() {
  const [rechecked, setRechecked] = useState<Rechecked | undefined>();
  const take = useCallback(<T extends object>(answer: T & MaybeRechecked): T => {
    const { rechecked: turned, ...rest } = answer;
    setRechecked(turned);
    return rest as T;
  }, []);
  const dismiss = useCallback(() => setRechecked(undefined), []);
  return useMemo(
    () => ({ rechecked, take, dismiss, props: { rechecked, onDismiss: dismiss } }),
    [rechecked, take, dismiss],
  );
}

/** The hook's `take`, for a form that saves on behalf of the screen showing the notice. */
export type TakeRechecked = ReturnType<typeof useRechecked>['take'];

/** Whether the notice has anything to say. */
export const hasRechecked = (r: Rechecked | undefined): r is Rechecked =>
  Boolean(r && (r.nowInConflict.length > 0 || r.cleared.length > 0));

/**
 * After a save re-checked bookings (a leave, shift, resource, blacklist…): the ones now in
 * conflict, each linking to its booking (reference, time, customer), and how many were cleared.
 * Nothing when nothing turned. `className` places it (a margin by default).
 */
export function RecheckedNotice({
  rechecked,
  onDismiss,
  className = 'm-4',
}: {
  rechecked: Rechecked | undefined;
  onDismiss: () => void;
  className?: string;
}) {
  const dates = useOrgDates();
  if (!hasRechecked(rechecked)) return null;
  const flagged = rechecked.nowInConflict;
  return (
    <div
      role="status"
      className={`${className} min-w-0 rounded-md border px-3 py-2 text-sm ${
        flagged.length ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-neutral-200 bg-neutral-50'
      }`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1 self-center">
          {flagged.length ? (
            <p className="flex items-center gap-2 font-medium">
              <AlertTriangle aria-hidden className="size-4 shrink-0" />
              {T.nowInConflict(flagged.length)}
            </p>
          ) : null}
          {rechecked.cleared.length ? <p>{T.cleared(rechecked.cleared.length)}</p> : null}
        </div>
        <Button variant="secondary" className="shrink-0" onClick={onDismiss}>
          {T.dismiss}
        </Button>
      </div>
      {flagged.length ? (
        // A long list (a settings change can turn many) scrolls, keeping the heading and Dismiss in view.
        <ul className="mt-1 max-h-[min(15rem,40dvh)] space-y-1 overflow-y-auto">
          {flagged.map((b) => (
            <li key={b._id} className="break-words">
              <Link
                to={'/bookings' as string}
                search={{ job_id: b._id }}
                className="font-medium underline underline-offset-2"
              >
                {b.reference ?? b.customer ?? b._id}
              </Link>
              {' · '}
              {dates.dateTime(b.utc_begin_plus_tz)}
              {b.customer && b.reference ? ` · ${b.customer}` : ''}
              {b.errors[0] ? (
                <span className="text-amber-900">
                  {' — '}
                  {b.errors[0].resourceName ? `${b.errors[0].resourceName} ` : ''}
                  {b.errors[0].message}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
