import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isVersionConflict } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { fieldErrors } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** A section's heading and introduction. */
export function SectionHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="mb-4">
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {intro ? <p className="mt-1 text-sm text-neutral-600">{intro}</p> : null}
    </div>
  );
}

/** Loading and error states of a section's data; the children render once it is there. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const message = query.error instanceof Error && query.error.message ? query.error.message : T.loadFailed;
    return <ErrorState message={message} onRetry={() => void query.refetch()} />;
  }
  return <Skeleton rows={5} />;
}

/**
 * A section's form: Save (submits; the server's refusals are shown by field, the edits kept) and
 * Cancel (back to what is stored). `onSave` returns nothing on success.
 */
export function SectionForm({
  title,
  intro,
  isDirty,
  onSave,
  onCancel,
  localErrors,
  toolbar,
  notice,
  children,
}: {
  /** What the last save re-checked (a RecheckedNotice), shown by Save where it is read. */
  notice?: ReactNode;
  /** Controls between the heading and the fields (e.g. which scope the form edits). */
  toolbar?: ReactNode;
  title: string;
  intro?: string;
  isDirty: boolean;
  onSave: () => Promise<void>;
  onCancel: () => void;
  /** Errors found before sending (then nothing is sent). */
  localErrors?: Record<string, string>;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const [showLocal, setShowLocal] = useState(false);
  const local = showLocal ? (localErrors ?? {}) : {};
  const errors = { ...serverErrors, ...local };
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (localErrors && Object.keys(localErrors).length > 0) {
      setShowLocal(true);
      setMessage(T.fixErrors);
      return;
    }
    setShowLocal(false);
    setSaving(true);
    setMessage(undefined);
    setServerErrors({});
    try {
      await onSave();
      notify.success(T.saved);
    } catch (error) {
      if (isVersionConflict(error)) {
        setMessage(T.conflict);
      } else {
        const byField = fieldErrors(error);
        setServerErrors(byField);
        setMessage(byField[''] ?? T.fixErrors);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate>
      <div id={headingId}>
        <SectionHeader title={title} {...(intro ? { intro } : {})} />
      </div>
      {toolbar ? <div className="mb-4">{toolbar}</div> : null}
      <div className="space-y-4">{children(errors)}</div>
      <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-neutral-200 bg-white py-3">
        {notice ? <div className="w-full empty:hidden">{notice}</div> : null}
        <Button type="submit" disabled={isSaving || !isDirty}>
          {isSaving ? T.saving : T.save}
        </Button>
        <Button
          variant="secondary"
          disabled={isSaving || !isDirty}
          onClick={() => {
            setServerErrors({});
            setShowLocal(false);
            setMessage(undefined);
            onCancel();
          }}
        >
          {T.cancel}
        </Button>
        <div className="min-w-0 flex-1">
          <FormMessage message={message} />
        </div>
      </div>
    </form>
  );
}

/** An on/off switch row: a labelled checkbox with an optional note (e.g. the default). */
export function Toggle({
  label,
  checked,
  onChange,
  note,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  note?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-neutral-50 sm:min-h-9">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-sky-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="flex-1 text-sm text-neutral-800">
        {label}
      </label>
      {note ? <span className="text-xs text-neutral-500">{note}</span> : null}
    </div>
  );
}

/** A labelled select in the settings' style. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  className,
  isLabelHidden = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  className?: string;
  /** The label is for assistive technology only (a column heading already says it). */
  isLabelHidden?: boolean;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={isLabelHidden ? 'sr-only' : 'block text-sm font-medium text-neutral-700'}
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        className={`${isLabelHidden ? '' : 'mt-1 '}block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
