import type * as Forms from '@rostra/core/api/sign-in-forms';
import { type InputHTMLAttributes, type ReactNode, useEffect } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { SIGN_IN_SCREEN_TEXT } from '../../texts.ts';
import { SubmitButton } from '../../ui/auth-card.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { Form, FormInput, useZodFormOnDemand } from '../../ui/form.tsx';
import type { FormFailure } from './errors.ts';
import type { useFormTask } from './form-task.ts';

export type FormTask = ReturnType<typeof useFormTask>;

type Schemas = typeof Forms;
type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A sign-in form on the kit, checked by the schema `pick` takes from core's sign-in forms (the
 * spec's messages); the schemas and zod load when the form is first checked, so they are not on
 * the sign-in page's first load. Values are checked on submit only, as the spec's steps do.
 */
export function useSignInForm<S extends Schema>(
  pick: (forms: Schemas) => S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useZodFormOnDemand<S>(() => import('@rostra/core/api/sign-in-forms').then(pick), {
    mode: 'onSubmit',
    ...options,
  });
}

/**
 * A sign-in step's form: checked by its schema, then `onSubmit` runs as the task's attempt (the
 * task is the caller's, so buttons beside the form share its busy state). A failure `onFailure`
 * does not take lands under the field `fieldOf` names, else above the button.
 */
export function StepForm<V extends FieldValues, O>({
  form,
  task,
  onSubmit,
  onFailure,
  fieldOf,
  submitLabel,
  children,
  footer,
}: {
  form: UseFormReturn<V, unknown, O>;
  task: FormTask;
  onSubmit: (values: O) => Promise<void>;
  onFailure?: ((failure: FormFailure) => boolean) | undefined;
  fieldOf?: (failure: FormFailure) => FieldPath<V> | undefined;
  submitLabel: ReactNode;
  /** The fields, and above them an intro or the email being signed in. */
  children?: ReactNode;
  /** Below the button: another way in. */
  footer?: ReactNode;
}) {
  const { failure } = task;
  const field = failure ? fieldOf?.(failure) : undefined;
  useEffect(() => {
    if (failure && field) form.setError(field, { type: 'server', message: failure.message });
  }, [failure, field, form]);
  return (
    <Form
      form={form}
      guard={false}
      showMessage={false}
      className="space-y-4"
      onSubmit={(values) => task.attempt(() => onSubmit(values), onFailure)}
    >
      {children}
      <FormMessage message={failure && !field ? failure.message : undefined} />
      <SubmitButton isBusy={task.isBusy} showsSpinner={task.showsSpinner}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </Form>
  );
}

/**
 * A sign-in form of one field (an email, a password, a code) checked by core's schema `schema`;
 * every failure of the task is shown under the field, unless `onFailure` takes it. `value`, when
 * given, fills the field later (e.g. from storage) unless the person has typed already.
 */
export function OneFieldForm({
  task,
  schema,
  name,
  label,
  input,
  initialValue = '',
  value,
  onSubmit,
  onFailure,
  submitLabel,
  children,
  footer,
}: {
  task: FormTask;
  schema: (forms: Schemas) => Schema;
  /** The schema's one field. */
  name: string;
  label: string;
  /** The input's attributes: type, autoComplete, autoFocus, inputMode… */
  input: InputHTMLAttributes<HTMLInputElement>;
  initialValue?: string;
  value?: string | undefined;
  onSubmit: (value: string) => Promise<void>;
  onFailure?: (failure: FormFailure) => boolean;
  submitLabel: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const form = useSignInForm(schema, {
    defaultValues: { [name]: initialValue },
    ...(value === undefined ? {} : { values: { [name]: value } }),
    resetOptions: { keepDirtyValues: true },
  }) as UseFormReturn<Record<string, string>>;
  return (
    <StepForm
      form={form}
      task={task}
      onSubmit={(values) => onSubmit(values[name] ?? '')}
      onFailure={onFailure}
      fieldOf={() => name}
      submitLabel={submitLabel}
      footer={footer}
    >
      {children}
      <FormInput {...input} name={name} label={label} />
    </StepForm>
  );
}

/** A sign-in form of no field, only a button (sign in elsewhere, send a reset): its failure above it. */
export function ActionForm(props: {
  task: FormTask;
  onSubmit: () => Promise<void>;
  submitLabel: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return <StepForm form={useNoFieldForm()} {...props} />;
}

const useNoFieldForm = () => useForm<Record<string, never>>();

/** A {@link OneFieldForm} for an e-mail address (core's `emailForm`). */
export function EmailForm(
  props: Omit<Parameters<typeof OneFieldForm>[0], 'schema' | 'name' | 'label' | 'input'>,
) {
  return (
    <OneFieldForm
      {...props}
      schema={(f) => f.emailForm}
      name="email"
      label={SIGN_IN_SCREEN_TEXT.email}
      input={{ type: 'email', autoComplete: 'email' }}
    />
  );
}
