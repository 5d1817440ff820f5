import { STATUS_CONFIG_DEFAULTS } from '@rostra/core/settings/defaults';
import { formatDate, formatTime } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ConflictError, type StatusDefinition, statusConfigQuery } from '../../lib/bookings.ts';
import { BOOKINGS_TEXT as T } from './texts.ts';

/** A plain string: the menu paths are routes made from a list, not typed one by one. */
export const BOOKINGS_PATH: string = '/bookings';

/** The organisation's job status config (colours and names), the defaults until it loads. */
export function useStatusConfig(): readonly StatusDefinition[] {
  const config = useQuery(statusConfigQuery);
  return config.data?.statusConfig ?? STATUS_CONFIG_DEFAULTS;
}

export function statusName(config: readonly StatusDefinition[], status: string): string {
  return config.find((s) => s._key === status)?._value ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A status in the organisation's colours (the one place colour means status). */
export function StatusBadge({ status, config }: { status: string; config: readonly StatusDefinition[] }) {
  const def = config.find((s) => s._key === status);
  return (
    <span
      className="inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-black/5 ring-inset"
      style={{ backgroundColor: def?.color ?? '#f3f4f6', color: def?.textColor ?? '#374151' }}
      data-status={status}
    >
      {statusName(config, status)}
    </span>
  );
}

/** `05/Jan/2026 · 09:30 AM – 11:00 AM` (the end's date too when it is another day). */
export function formatSpan(begin: number, end: number): string {
  const sameDay = formatDate(begin) === formatDate(end);
  return sameDay
    ? `${formatDate(begin)} · ${formatTime(begin)} – ${formatTime(end)}`
    : `${formatDate(begin)} ${formatTime(begin)} – ${formatDate(end)} ${formatTime(end)}`;
}

/** The overlap validator's conflicts as the server stored them (red: conflicts only). */
export function ConflictList({ errors }: { errors: readonly ConflictError[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle aria-hidden className="size-4" />
        {T.conflicts}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {errors.map((e, i) => (
          <li key={`${e.code}-${e.conflictId ?? i}`}>
            {e.title && e.title !== e.message ? <span className="font-medium">{e.title}: </span> : null}
            {e.message}
            {e.resourceId ? <span className="text-red-800"> ({e.resourceId})</span> : null}
            {e.conflictId ? (
              <>
                {' · '}
                <Link
                  to={BOOKINGS_PATH}
                  search={{ job_id: e.conflictId }}
                  className="font-medium underline underline-offset-2"
                >
                  {T.openBooking(e.conflictId)}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
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
