import type { DecisionBody } from '@rostra/core/notifications/confirm';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { CONFIRM_TEXT as T } from './confirm-text.ts';

/**
 * The decline step's form (react-hook-form) loads when Decline is pressed: a worker's day lists
 * the jobs to confirm, and its first load on a phone has a 200 KB budget (issue 17).
 */
const DeclineForm = lazy(() => import('./decline-form.tsx').then((m) => ({ default: m.DeclineForm })));

/**
 * Confirm, or Decline with an optional reason (a second step, so a slip of the thumb never
 * declines): the confirm-link page and the worker's job in the app both answer with it.
 */
export function DecisionButtons({
  onAnswer,
  isBusy,
}: {
  onAnswer: (body: DecisionBody) => void;
  isBusy: boolean;
}) {
  const [isDeclining, setDeclining] = useState(false);
  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Button disabled={isBusy} aria-busy={isBusy} onClick={() => onAnswer({ decision: 'confirm' })}>
        {T.confirm}
      </Button>
      <Button variant="secondary" disabled={isBusy || isDeclining} onClick={() => setDeclining(true)}>
        {T.decline}
      </Button>
    </div>
  );
  if (!isDeclining) return buttons;
  return (
    <Suspense fallback={buttons}>
      <DeclineForm onAnswer={onAnswer} isBusy={isBusy} onCancel={() => setDeclining(false)} />
    </Suspense>
  );
}
