import {
  type ConfirmLinkAnswer,
  type DecisionAnswer,
  type DecisionBody,
  LINK_ERROR_CODES,
  LINK_TEXT,
} from '@rostra/core/notifications/confirm';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { SkeletonRows } from '../../ui/list-state.tsx';
import { CONFIRM_TEXT as T } from './confirm-text.ts';
import { DecisionButtons } from './decision.tsx';

type Stage =
  | { kind: 'loading' }
  | { kind: 'ask'; job: ConfirmLinkAnswer; isBusy: boolean; problem?: string }
  | { kind: 'done'; state: 'confirmed' | 'declined' }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/** The link's own refusal (expired, used, not valid), in the words; else unreachable. */
function failure(error: unknown): Stage {
  if (isApiError(error) && error.code in LINK_ERROR_CODES)
    return {
      kind: 'refused',
      message: LINK_TEXT[LINK_ERROR_CODES[error.code as keyof typeof LINK_ERROR_CODES]],
    };
  return { kind: 'unreachable' };
}

const LINK_CALL = { auth: 'cookie', quiet: true, unreported: true } as const;

/**
 * The page a confirm link in a worker's mail or SMS opens (issue #19 point 3), without signing
 * in: the job and its time, Confirm or Decline (with an optional reason), then the outcome. A
 * link that is expired, used or changed shows why and changes nothing (the server refuses it).
 */
export function ConfirmScreen({ token }: { token: string }) {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const path = `/confirm/${encodeURIComponent(token)}`;
  const load = useCallback(() => {
    setStage({ kind: 'loading' });
    api.get<ConfirmLinkAnswer>(path, LINK_CALL).then(
      (job) => setStage({ kind: 'ask', job, isBusy: false }),
      (error: unknown) => setStage(failure(error)),
    );
  }, [path]);
  useEffect(load, [load]);

  const answer = (job: ConfirmLinkAnswer, body: DecisionBody) => {
    setStage({ kind: 'ask', job, isBusy: true });
    api.post<DecisionAnswer>(path, body, LINK_CALL).then(
      ({ state }) => setStage({ kind: 'done', state }),
      (error: unknown) => {
        const next = failure(error);
        setStage(
          next.kind === 'refused' ? next : { kind: 'ask', job, isBusy: false, problem: T.unreachable },
        );
      },
    );
  };

  const title =
    stage.kind === 'done'
      ? stage.state === 'confirmed'
        ? T.confirmedTitle
        : T.declinedTitle
      : stage.kind === 'refused'
        ? T.failedTitle
        : T.title;
  return (
    <AuthCard title={title}>
      {stage.kind === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">{T.loading}</span>
          <SkeletonRows rows={2} />
        </div>
      ) : null}
      {stage.kind === 'ask' ? (
        <div className="space-y-4">
          <dl className="space-y-1 text-sm">
            <dt className="sr-only">Job</dt>
            <dd className="text-base font-semibold text-neutral-900">{stage.job.job}</dd>
            <dt className="sr-only">When</dt>
            <dd className="text-neutral-700">{stage.job.when}</dd>
          </dl>
          <p className="text-sm text-neutral-700">{T.question}</p>
          <FormMessage message={stage.problem} />
          <DecisionButtons isBusy={stage.isBusy} onAnswer={(body) => answer(stage.job, body)} />
        </div>
      ) : null}
      {stage.kind === 'done' ? (
        <p role="status" className="text-sm text-neutral-700">
          {stage.state === 'confirmed' ? T.confirmed : T.declined}
        </p>
      ) : null}
      {stage.kind === 'refused' ? (
        <div className="space-y-4">
          <p role="alert" className="text-base text-neutral-800">
            {stage.message}
          </p>
          <a
            href="/bookings"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-sky-700 px-4 text-sm font-medium text-white hover:bg-sky-800 sm:min-h-9"
          >
            {T.openApp}
          </a>
        </div>
      ) : null}
      {stage.kind === 'unreachable' ? (
        <div className="space-y-4">
          <FormMessage message={T.unreachable} />
          <Button variant="secondary" onClick={load}>
            {T.retry}
          </Button>
        </div>
      ) : null}
    </AuthCard>
  );
}
