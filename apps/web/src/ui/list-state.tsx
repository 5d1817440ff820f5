import type { ReactNode } from 'react';
import { Button } from './button.tsx';

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
export function SkeletonRows({ rows = 6, height = 'h-12' }: { rows?: number | undefined; height?: string }) {
  return (
    <div className="space-y-2" aria-busy="true">
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
