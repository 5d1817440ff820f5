import { formatDate } from '@rostra/core/time/calendar';
import { AlertTriangle, ChevronLeft, ChevronRight, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, IconButton } from '../../ui/button.tsx';

/*
 * Pieces the boards, roster, shifts and week screens share: the page frame, the loading, empty
 * and error states, and the period navigator.
 */

export const PARTS_TEXT = {
  retry: 'Try again',
  loading: 'Loading…',
  previous: (unit: string) => `Previous ${unit}`,
  next: (unit: string) => `Next ${unit}`,
  today: 'Today',
} as const;

export function Page({
  title,
  actions,
  children,
  wide = false,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto px-3 py-4 sm:px-6 sm:py-6 ${wide ? 'max-w-none' : 'max-w-6xl'}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** Grey placeholders where the content will be: the layout does not jump when it arrives. */
export function Skeleton({ rows = 4, className = 'h-10' }: { rows?: number; className?: string }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={PARTS_TEXT.loading}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <div key={i} className={`animate-pulse rounded bg-neutral-100 ${className}`} />
      ))}
    </div>
  );
}

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
          {PARTS_TEXT.retry}
        </Button>
      ) : null}
    </div>
  );
}

/** ‹ dd/mmm/yyyy – dd/mmm/yyyy › with a Today button; `from`/`to` are wall-clock seconds, `to` exclusive. */
export function PeriodNav({
  from,
  to,
  unit,
  onPrevious,
  onNext,
  onToday,
}: {
  from: number;
  to: number;
  unit: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}) {
  return (
    <div className="flex items-center gap-1">
      <IconButton label={PARTS_TEXT.previous(unit)} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="size-4" />
      </IconButton>
      <span className="min-w-0 px-1 text-sm font-medium text-neutral-800 tabular-nums" aria-live="polite">
        {formatDate(from)} – {formatDate(to - 1)}
      </span>
      <IconButton label={PARTS_TEXT.next(unit)} onClick={onNext}>
        <ChevronRight aria-hidden className="size-4" />
      </IconButton>
      <Button variant="secondary" onClick={onToday}>
        {PARTS_TEXT.today}
      </Button>
    </div>
  );
}

/** A status pill in the organisation's status colour (neutral when none is configured). */
export function StatusPill({
  status,
  color,
}: {
  status: string;
  color?: { bg: string; fg: string } | undefined;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ${color ? '' : 'bg-neutral-100 text-neutral-700'}`}
      style={color ? { backgroundColor: color.bg, color: color.fg } : undefined}
    >
      {status}
    </span>
  );
}
