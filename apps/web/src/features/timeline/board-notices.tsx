import { X } from 'lucide-react';
import { Button, IconButton } from '../../ui/button.tsx';
import { TL } from './texts.ts';
import type { Outcome } from './use-changes.ts';

const SKELETON_ROWS = ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];

/** The last change's outcome: what was done, or the server's errors in words; dismissable. */
export function OutcomeBanner(props: {
  outcome: Outcome;
  nameOf: (resourceId: string) => string;
  onDismiss: () => void;
}) {
  const { outcome } = props;
  return (
    <div
      role={outcome.tone === 'error' ? 'alert' : 'status'}
      data-testid="timeline-outcome"
      className={`flex items-start gap-2 border-b px-4 py-2 text-sm ${
        outcome.tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : outcome.tone === 'warn'
            ? 'border-amber-200 bg-amber-50 text-amber-900'
            : 'border-emerald-200 bg-emerald-50 text-emerald-900'
      }`}
    >
      <div className="min-w-0 flex-1">
        <p>{outcome.text}</p>
        {outcome.errors?.length ? (
          <ul className="mt-0.5 list-disc pl-5 text-xs">
            {outcome.errors.map((e) => (
              <li key={`${e.code}:${e.resourceId ?? ''}:${e.message}`}>
                {e.resourceId ? `${props.nameOf(e.resourceId)}: ` : ''}
                {e.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <IconButton label={TL.dismiss} onClick={props.onDismiss} className="-my-1">
        <X aria-hidden className="size-4" />
      </IconButton>
    </div>
  );
}

/** The grid's place while the window loads. */
export function BoardLoading() {
  return (
    <div className="flex-1 space-y-1 p-3" aria-busy="true" data-testid="timeline-loading">
      <p className="sr-only">{TL.loading}</p>
      {SKELETON_ROWS.map((i) => (
        <div key={i} className="flex gap-2">
          <div className="h-10 w-48 animate-pulse rounded bg-neutral-100" />
          <div className="h-10 flex-1 animate-pulse rounded bg-neutral-50" />
        </div>
      ))}
    </div>
  );
}

/** The window could not be read: why, and a retry. */
export function BoardError(props: { message: string; onRetry: () => void }) {
  return (
    <div className="m-auto max-w-sm p-6 text-center" role="alert">
      <p className="text-sm text-red-700">{TL.loadFailed}</p>
      <p className="mt-1 text-xs text-neutral-500">{props.message}</p>
      <Button className="mt-3" variant="secondary" onClick={props.onRetry}>
        {TL.retry}
      </Button>
    </div>
  );
}

/** No resources and nothing unassigned in the period. */
export function BoardEmpty() {
  return (
    <div className="m-auto max-w-sm p-6 text-center">
      <p className="text-sm font-medium text-neutral-800">{TL.noResources}</p>
      <p className="mt-1 text-xs text-neutral-500">{TL.noResourcesHint}</p>
    </div>
  );
}
