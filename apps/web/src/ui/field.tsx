import type { InputHTMLAttributes } from 'react';
import { ControlField } from './control-field.tsx';

/**
 * A labelled input with its message right under it, where the person is looking (spec §5):
 * the message is tied to the input (aria-describedby, aria-invalid) and announced (role=alert).
 */
export function Field({
  label,
  error,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string }) {
  return (
    <ControlField label={label} error={error} hint={hint} className={className}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
          {...input}
        />
      )}
    </ControlField>
  );
}

/** A message for the whole form (server answers), announced when it appears. */
export function FormMessage({
  message,
  tone = 'error',
}: {
  message: string | undefined;
  tone?: 'error' | 'info';
}) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md px-3 py-2 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-sky-50 text-sky-900'}`}
    >
      {message}
    </p>
  );
}
