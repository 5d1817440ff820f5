import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { SubmitButton } from '../../ui/auth-card.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import type { FormFailure } from './errors.ts';
import type { useFormTask } from './form-task.ts';

export type FormTask = ReturnType<typeof useFormTask>;

/**
 * A sign-in form of one field (an email, a password, a code): the value is checked first (core's
 * validators; the first issue is shown under the field), then `onSubmit` runs as the task's
 * attempt and its failure is shown under the field too, unless `onFailure` takes it. The task is
 * the caller's, so buttons beside the form share its busy state.
 */
export function OneFieldForm({
  task,
  label,
  input,
  initialValue = '',
  value: controlled,
  onValueChange,
  check,
  onSubmit,
  onFailure,
  submitLabel,
  children,
  footer,
}: {
  task: FormTask;
  label: string;
  /** The input's attributes: type, autoComplete, autoFocus, inputMode… */
  input: InputHTMLAttributes<HTMLInputElement>;
  initialValue?: string;
  /** A value the caller holds (e.g. filled in later from storage); else the form holds its own. */
  value?: string;
  onValueChange?: (value: string) => void;
  check?: (value: string) => readonly { message: string; field?: string | undefined }[];
  onSubmit: (value: string) => Promise<void>;
  onFailure?: (failure: FormFailure) => boolean;
  submitLabel: ReactNode;
  /** Above the field: an intro, the email being signed in. */
  children?: ReactNode;
  /** Below the button: another way in. */
  footer?: ReactNode;
}) {
  const [own, setOwn] = useState(initialValue);
  const value = controlled ?? own;
  const setValue = onValueChange ?? setOwn;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = check?.(value)[0];
    if (issue) {
      task.fail({ message: issue.message, field: issue.field });
      return;
    }
    task.attempt(() => onSubmit(value), onFailure);
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {children}
      <Field
        label={label}
        {...input}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={task.failure?.message}
      />
      <SubmitButton isBusy={task.isBusy} showsSpinner={task.showsSpinner}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </form>
  );
}

/** A sign-in form of no field, only a button (sign in elsewhere, send a reset): its failure above it. */
export function ActionForm({
  task,
  onSubmit,
  submitLabel,
  children,
  footer,
}: {
  task: FormTask;
  onSubmit: () => Promise<void>;
  submitLabel: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    task.attempt(onSubmit);
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      {children}
      <FormMessage message={task.failure?.message} />
      <SubmitButton isBusy={task.isBusy} showsSpinner={task.showsSpinner}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </form>
  );
}
