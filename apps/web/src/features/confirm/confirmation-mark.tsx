import type { ConfirmationState } from '@rostra/core/notifications/confirm';
import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';

/** The small mark of a worker's answer to the request to confirm (issue #19 point 3). */
const MARKS: Readonly<Record<ConfirmationState, { Icon: typeof CircleCheck; className: string }>> = {
  pending: { Icon: CircleDashed, className: 'opacity-70' },
  confirmed: { Icon: CircleCheck, className: 'text-emerald-800' },
  declined: { Icon: CircleX, className: 'text-red-700' },
};

/** Decorative: the bar's or card's accessible name says the state in words. */
export function ConfirmationMark({ state }: { state: ConfirmationState | undefined }) {
  if (!state) return null;
  const { Icon, className } = MARKS[state];
  return <Icon aria-hidden data-confirmation={state} className={`size-3 shrink-0 ${className}`} />;
}
