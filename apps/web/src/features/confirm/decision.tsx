import type { DecisionBody } from '@rostra/core/notifications/confirm';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { controlClass } from '../../ui/control-field.tsx';
import { CONFIRM_TEXT as T } from './confirm-text.ts';

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
  const [reason, setReason] = useState('');
  const id = useId();
  if (!isDeclining)
    return (
      <div className="flex flex-wrap gap-2">
        <Button disabled={isBusy} aria-busy={isBusy} onClick={() => onAnswer({ decision: 'confirm' })}>
          {T.confirm}
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={() => setDeclining(true)}>
          {T.decline}
        </Button>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    onAnswer({ decision: 'decline', ...(text ? { reason: text } : {}) });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={T.declineTitle}>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
          {T.reason}
        </label>
        <textarea
          id={id}
          // biome-ignore lint/a11y/noAutofocus: the reason is what the second step asks for
          autoFocus
          maxLength={500}
          rows={3}
          value={reason}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setReason(e.target.value)}
          className={controlClass(false, 'py-2')}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
          {T.reasonHint}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={isBusy} aria-busy={isBusy}>
          {T.sendDecline}
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={() => setDeclining(false)}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
