import { type ReactNode, useId } from 'react';

/** Control classes shared by inputs, selects and text areas (44 px on phones, red when wrong). */
export const controlClass = (isInvalid: boolean, extra = '') =>
  `mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${isInvalid ? 'border-red-600' : 'border-neutral-300'} ${extra}`;

/**
 * For a button beside a labelled field in a row aligned at the top (`items-start`): level with the
 * control (under its label's line), whatever the field shows below it (a hint, a message).
 */
export const BESIDE_CONTROL = 'mt-6';

/** A field's message, tied to its control by `id` (aria-describedby) and announced. */
export function FieldError({ id, message }: { id?: string | undefined; message: ReactNode }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A label, a control and its message (for controls that are not a plain input). */
export function ControlField({
  label,
  error,
  hint,
  children,
  className,
  isLabelHidden = false,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
  className?: string | undefined;
  /** The label is for assistive technology only (e.g. a column heading already says it). */
  isLabelHidden?: boolean | undefined;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={isLabelHidden ? 'sr-only' : 'block text-sm font-medium text-neutral-700'}
      >
        {label}
      </label>
      {children(id, describedBy)}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
