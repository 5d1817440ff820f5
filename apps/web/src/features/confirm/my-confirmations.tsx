import type { DecisionAnswer, DecisionBody, MyConfirmations } from '@rostra/core/notifications/confirm';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/client.ts';
import { enablePush, type PushSupport, pushSupport } from '../../lib/push.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { CONFIRM_TEXT as T } from './confirm-text.ts';
import { DecisionButtons } from './decision.tsx';

/*
 * The worker answers in the app too (issue #19 point 3): each job of my day they are still asked
 * about shows Confirm and Decline (POST /bookings/:id/confirmation). And the one place the app asks
 * for push permission: the worker's own "Get notified" (point 1), never at load.
 */

export const MY_CONFIRMATIONS_KEY = ['confirmations', 'mine'] as const;

export const myConfirmationsQuery = queryOptions({
  queryKey: MY_CONFIRMATIONS_KEY,
  queryFn: ({ signal }) => api.get<MyConfirmations>('/me/confirmations', { signal, quiet: true }),
  select: (answer) => new Set(answer.items.map((i) => i.record_id)),
});

/** Under a job the worker is asked to confirm: the question, Confirm and Decline. */
export function ConfirmJob({ recordId, onAnswered }: { recordId: string; onAnswered: () => void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'confirmed' | 'declined' | undefined>();
  const answer = useMutation({
    mutationFn: (body: DecisionBody) =>
      api.post<DecisionAnswer>(`/bookings/${recordId}/confirmation`, body, {
        quiet: true,
      }),
    onSuccess: ({ state }) => {
      setOutcome(state);
      void queryClient.invalidateQueries({ queryKey: MY_CONFIRMATIONS_KEY });
      onAnswered();
    },
  });
  if (outcome)
    return (
      <p role="status" className="border-t border-neutral-100 px-3 py-2 text-sm text-neutral-700">
        {outcome === 'confirmed' ? T.confirmedTitle : T.declinedTitle}
      </p>
    );
  return (
    <section
      aria-label={T.question}
      className="space-y-2 border-t border-amber-200 bg-amber-50 px-3 py-2.5"
      data-confirm-job={recordId}
    >
      <p className="text-sm font-medium text-amber-950">{T.question}</p>
      <FormMessage message={answer.error ? answer.error.message : undefined} />
      <DecisionButtons isBusy={answer.isPending} onAnswer={(body) => answer.mutate(body)} />
    </section>
  );
}

const PUSH_TEXT = {
  offer: 'Get notified of new and changed jobs, even when the app is closed.',
  button: 'Get notified',
  later: 'Not now',
  on: 'Notifications are on for this device.',
  blocked: 'Notifications are blocked for this site. Allow them in the browser’s settings.',
  failed: 'Notifications could not be turned on. Try again later.',
} as const;

const DISMISSED_KEY = 'rostra.push-offer-dismissed';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Get notified": shown in my day while this browser can take push and the worker has not yet
 * said yes or no; the browser's permission prompt opens only from the button.
 */
export function GetNotified() {
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [isHidden, setHidden] = useState(dismissed);
  const [problem, setProblem] = useState<string | undefined>();
  const turnOn = useMutation({
    mutationFn: enablePush,
    onSuccess: (next) => {
      setSupport(next);
      setProblem(next === 'denied' ? PUSH_TEXT.blocked : undefined);
    },
    onError: () => setProblem(PUSH_TEXT.failed),
  });
  if (support === 'granted' && turnOn.isSuccess)
    return (
      <p role="status" className="mt-3 text-sm text-neutral-700">
        {PUSH_TEXT.on}
      </p>
    );
  if (problem) return <FormMessage message={problem} />;
  if (support !== 'default' || isHidden) return null;
  return (
    <section
      aria-label={PUSH_TEXT.button}
      className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-950"
    >
      <p className="flex items-start gap-2">
        <Bell aria-hidden className="mt-0.5 size-4 shrink-0" />
        {PUSH_TEXT.offer}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
          {PUSH_TEXT.button}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            try {
              window.localStorage.setItem(DISMISSED_KEY, '1');
            } catch {
              // Private mode: hidden for this visit only.
            }
            setHidden(true);
          }}
        >
          {PUSH_TEXT.later}
        </Button>
      </div>
    </section>
  );
}
