import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export const LIST_STATE_TEXT = {
  retry: 'Try again',
  loading: 'Loading…',
} as const;

/** Grey placeholders where the content will be: the layout does not jump when it arrives. */
export function Skeleton({ rows = 4, className = 'h-10' }: { rows?: number; className?: string }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={LIST_STATE_TEXT.loading}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <div key={i} className={`animate-pulse rounded bg-neutral-100 ${className}`} />
      ))}
    </div>
  );
}

/** Nothing to show yet: an inbox icon, a title, a hint and an optional action. */
export function EmptyState({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid place-items-center rounded-lg border border-dashed border-neutral-300 bg-white px-6 py-10 text-center">
      <Inbox aria-hidden className="size-7 text-neutral-400" />
      <p className="mt-2 text-sm font-medium text-neutral-800">{title}</p>
      {hint ? <p className="mt-1 max-w-md text-sm text-neutral-500">{hint}</p> : null}
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}

/** A failed load, in a red band, with "Try again" when the caller can retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      <span className="flex-1">{message}</span>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          <RotateCw aria-hidden className="size-4" />
          {LIST_STATE_TEXT.retry}
        </Button>
      ) : null}
    </div>
  );
}

/** An empty, loading or failed state of a region, centred and calm. */
export function StateMessage({
  title,
  hint,
  action,
  tone = 'neutral',
}: {
  title: string;
  hint?: string | undefined;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="grid place-items-center rounded-lg border border-dashed border-neutral-300 bg-white px-6 py-10 text-center"
    >
      <p className={`text-sm font-medium ${tone === 'error' ? 'text-red-800' : 'text-neutral-800'}`}>
        {title}
      </p>
      {hint ? <p className="mt-1 max-w-md text-sm text-neutral-500">{hint}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** Skeleton rows while a list loads (no layout shift). */
export function SkeletonRows({
  rows = 6,
  height = 'h-12',
  className = '',
}: {
  rows?: number | undefined;
  height?: string;
  className?: string;
}) {
  return (
    <div className={`space-y-2 ${className}`} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className={`${height} animate-pulse rounded-md bg-neutral-100`} />
      ))}
    </div>
  );
}

/**
 * The three states of a query-backed region: loading (skeleton), failed with nothing to show
 * (message and Retry), empty (message); otherwise the children.
 */
export function QueryState({
  isPending,
  error,
  isEmpty,
  onRetry,
  failedTitle,
  emptyTitle,
  emptyHint,
  emptyAction,
  rows,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  onRetry: () => void;
  failedTitle: string;
  emptyTitle: string;
  emptyHint?: string | undefined;
  emptyAction?: ReactNode;
  rows?: number | undefined;
  children: ReactNode;
}) {
  if (isPending) return <SkeletonRows rows={rows} />;
  if (error && isEmpty)
    return (
      <StateMessage
        tone="error"
        title={failedTitle}
        hint={error.message}
        action={
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  if (isEmpty) return <StateMessage title={emptyTitle} hint={emptyHint} action={emptyAction} />;
  return <>{children}</>;
}
