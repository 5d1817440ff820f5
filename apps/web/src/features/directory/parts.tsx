import type { StoredRecord } from '@rostra/core/api/common';
import { type DateFormat, formatDate, formatTime } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { type PropsWithChildren, type ReactNode, useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { SkeletonRows } from '../../ui/list-state.tsx';
import { DIRECTORY_KEY, deleteRecord, type Label } from './api.ts';
import { DIRECTORY_TEXT as T } from './texts.ts';

export const selectClass = (hasError = false) =>
  `mt-1 block min-h-11 w-full rounded-md border bg-white px-2 text-base sm:min-h-9 sm:text-sm ${hasError ? 'border-red-600' : 'border-neutral-300'}`;

/** A screen's title row with its main action. */
export function ScreenHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
      {action}
    </div>
  );
}

/** A section of a detail panel. */
export function Section({
  title,
  children,
  action,
}: PropsWithChildren<{ title: string; action?: ReactNode }>) {
  return (
    <section className="border-t border-neutral-200 px-4 py-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h3>
        {action}
      </div>
      <div className="mt-2 text-sm text-neutral-800">{children}</div>
    </section>
  );
}

/** A record's notes, when it has any. */
export function NotesSection({ notes }: { notes: string | null | undefined }) {
  return notes ? (
    <Section title={T.notes}>
      <p className="whitespace-pre-line">{notes}</p>
    </Section>
  ) : null;
}

/**
 * A section's list: a skeleton while `isPending`, each item as `children` renders it (its `<li>`),
 * else `none` (or, when it failed, what failed).
 */
export function ListOr<T>({
  items,
  isPending = false,
  error,
  none,
  className,
  children,
}: {
  items: readonly T[] | undefined;
  isPending?: boolean;
  error?: Error | null;
  none: string;
  className: string;
  children: (item: T) => ReactNode;
}) {
  if (isPending) return <SkeletonRows rows={2} height="h-6" />;
  return items?.length ? (
    <ul className={className}>{items.map(children)}</ul>
  ) : (
    <p className="text-neutral-500">{error ? error.message : none}</p>
  );
}

/** Term and value pairs. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-500">{term}</dt>
          <dd className="min-w-0 break-words">{value === '' || value == null ? T.none : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LabelChips({ ids, labels }: { ids: readonly string[]; labels: readonly Label[] }) {
  if (ids.length === 0) return <span className="text-neutral-500">{T.noLabels}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {ids.map((id) => (
        <li key={id} className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-800">
          {labels.find((l) => l._id === id)?.name ?? id}
        </li>
      ))}
    </ul>
  );
}

export function ActiveBadge({ isInactive }: { isInactive: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${isInactive ? 'bg-neutral-100 text-neutral-600' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {isInactive ? T.inactive : T.active}
    </span>
  );
}

/** `05/Jan/2026 · 09:30 AM – 11:00 AM` (the end's date too when it is another day). */
export function formatSpan(begin: number, end: number, format: DateFormat): string {
  const date = (sec: number) => formatDate(sec, format);
  return date(begin) === date(end)
    ? `${date(begin)} · ${formatTime(begin)} – ${formatTime(end)}`
    : `${date(begin)} ${formatTime(begin)} – ${date(end)} ${formatTime(end)}`;
}

/** A Delete button that asks first and sends the version read (409 → reload message). */
export function DeleteButton({
  collection,
  record,
  what,
  onDeleted,
}: {
  collection: string;
  record: StoredRecord;
  what: string;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    if (!(await askConfirm(T.confirmDelete(what)))) return;
    setBusy(true);
    try {
      await deleteRecord(collection, record._id, record.version ?? 0);
      notify.success(T.deleted);
      await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
      onDeleted();
    } catch (e) {
      notify.error(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="danger" disabled={isBusy} onClick={() => void run()}>
      {T.delete}
    </Button>
  );
}

/** What a refused change says (someone else's change since it was read: reload). */
export const failureText = (e: unknown) =>
  isApiError(e) && e.code === 'version_conflict' ? T.staleEdit : e instanceof Error ? e.message : String(e);
