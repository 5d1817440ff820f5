import { type ComponentProps, createContext, type ReactNode, useContext, useId, useState } from 'react';
import {
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { useUnsavedChanges } from '../lib/unsaved.ts';
import { Button } from './button.tsx';
import { ControlField, controlClass, FieldError } from './control-field.tsx';
import { FormMessage } from './field.tsx';

/**
 * The form kit (shadcn/ui's shape, on react-hook-form and zod):
 *
 * - `useZodForm` (./zod-form.ts): a form whose values are checked by a zod schema (core's, where the record
 *   has one) before anything is sent;
 * - {@link Form}: the `<form>`; on submit it validates, calls `onSubmit` with the parsed values,
 *   and lays a refused write's messages on the fields the server named ({@link serverFieldErrors});
 *   while the form is dirty (react-hook-form's `isDirty`) the unsaved-changes guard asks before
 *   leaving the screen;
 * - {@link FormField}: a label, a control, a description and the field's message, tied together
 *   for assistive technology (aria-invalid, aria-describedby); {@link FormInput},
 *   {@link FormSelect}, {@link FormTextarea} and {@link FormCheckbox} are its usual controls;
 * - {@link SubmitButton}: disabled while the form is sent (and, by choice, while it is unchanged).
 */

/** The message under a form whose fields the server refused (shown with the fields' own messages). */
export const FORM_TEXT = {
  fixErrors: 'Some values need fixing: see the messages by the fields.',
  failed: 'Something went wrong',
};

/** Name of the form-level error (a message that names no field). */
const ROOT = 'root.server' as const;

/**
 * `useZodForm` (./zod-form.ts) with a schema loaded when the form first checks its values (`load`
 * is a dynamic import): zod and its resolver stay off a page's first load (the sign-in page's
 * budget).
 */
export function useZodFormOnDemand<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  type R = Resolver<z.input<S>, unknown, z.output<S>>;
  const [resolver] = useState(() => {
    const resolve: R = async (values, context, resolverOptions) => {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
      const loaded = zodResolver(schema as never) as unknown as R;
      return loaded(values, context, resolverOptions);
    };
    return resolve;
  });
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

type ServerIssue = { field?: string; path?: string; message?: string };

/**
 * Field messages of a refused write, by field path (`a.b.0.c`, as react-hook-form names fields):
 * the API's request validation (`details: [{ path: 'body.x', message }]`), a rule's issues
 * (`details.issues: [{ field, message }]`) or one named field (`details.field`, the answer's
 * message); `''` holds the message that names no field. Anything else is one `''` message.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error))
    return { '': error instanceof Error && error.message ? error.message : FORM_TEXT.failed };
  const out: Record<string, string> = {};
  const details = error.details as { issues?: unknown; field?: unknown } | unknown[] | undefined;
  const list = Array.isArray(details) ? details : Array.isArray(details?.issues) ? details.issues : [];
  const pathOf = (p: string) => p.replace(/^(body|querystring|params)\.?/, '');
  for (const item of list as ServerIssue[]) {
    const field =
      item.field !== undefined ? pathOf(item.field) : item.path !== undefined ? pathOf(item.path) : '';
    if (item.message && !(field in out)) out[field] = item.message;
  }
  if (!Array.isArray(details) && typeof details?.field === 'string') {
    const field = pathOf(details.field);
    if (!(field in out)) out[field] = error.message;
  }
  if (Object.keys(out).length === 0) out[''] = error.message;
  return out;
}

/**
 * Lays a refused write's messages on the form: each on its field where the form has that field
 * (`fieldMap` renames the server's names, e.g. `default_country.code` → `country_code`), the rest
 * as the form's message. Returns whether any field got one.
 */
export function applyServerErrors<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: unknown,
  fieldMap: Readonly<Record<string, string>> = {},
): boolean {
  const values = form.getValues();
  let onField = false;
  let rest: string | undefined;
  let isFirst = true;
  for (const [serverName, message] of Object.entries(serverFieldErrors(error))) {
    const name = fieldMap[serverName] ?? serverName;
    if (name !== '' && get(values, name) !== undefined) {
      form.setError(name as FieldPath<V>, { type: 'server', message }, { shouldFocus: isFirst });
      isFirst = false;
      onField = true;
    } else rest ??= message;
  }
  form.setError(ROOT as FieldPath<V>, {
    type: 'server',
    message: rest ?? FORM_TEXT.fixErrors,
  });
  return onField;
}

/**
 * The `<form>` of a {@link useZodForm}: validates on submit (nothing is sent while a field is
 * wrong), then `onSubmit(values)`; once it resolves the form is clean again. A throw is the server's refusal: `formError(error)` may word it
 * for the whole form (e.g. a version conflict); otherwise its messages land on their fields and
 * the rest under the form. While dirty, leaving the screen asks first (`guard={false}` for forms
 * whose loss is cheap, like filters).
 */
export function Form<V extends FieldValues, O>({
  form,
  onSubmit,
  formError,
  fieldMap,
  guard = true,
  showMessage = true,
  children,
  ...rest
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (values: O) => unknown | Promise<unknown>;
  formError?: (error: unknown) => string | undefined;
  fieldMap?: Readonly<Record<string, string>>;
  guard?: boolean;
  /** Show the form-level message at the end of the form (false: place a {@link FormRootMessage}). */
  showMessage?: boolean;
  children: ReactNode;
}) {
  useUnsavedChanges(guard && form.formState.isDirty);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      // Saved: what is shown is now what is stored (unless onSubmit reset the form itself).
      form.reset(form.getValues());
    } catch (error) {
      const whole = formError?.(error);
      if (whole !== undefined) form.setError(ROOT as FieldPath<V>, { type: 'server', message: whole });
      else applyServerErrors(form as unknown as UseFormReturn<V, unknown, unknown>, error, fieldMap);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(e) => void submit(e)}>
        {children}
        {showMessage ? <FormRootMessage /> : null}
      </form>
    </FormProvider>
  );
}

/** The form's own message (a refusal naming no field, or "fix the marked fields"). */
export function FormRootMessage() {
  const { errors } = useFormState();
  const message = (errors.root?.server as { message?: string } | undefined)?.message;
  return <FormMessage message={message} />;
}

/** Submit, disabled while sending (and with `needsChange`, while nothing changed). */
export function SubmitButton({
  children,
  pending,
  needsChange = false,
  disabled,
  ...rest
}: Omit<ComponentProps<typeof Button>, 'type'> & { pending?: ReactNode; needsChange?: boolean }) {
  const { isSubmitting, isDirty } = useFormState();
  return (
    <Button type="submit" disabled={disabled || isSubmitting || (needsChange && !isDirty)} {...rest}>
      {isSubmitting && pending !== undefined ? pending : children}
    </Button>
  );
}

/** What a field's control is given: react-hook-form's field and the ids that tie it to its label. */
export type FieldControl<V extends FieldValues = FieldValues> = ControllerRenderProps<V, FieldPath<V>> & {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export { controlClass };

const FieldIdContext = createContext<string | undefined>(undefined);

/**
 * One field: its label, the control `children` renders from the given props, an optional
 * description, and the field's message (its own, or the server's) announced under it.
 */
export function FormField<V extends FieldValues = FieldValues>({
  name,
  label,
  description,
  className,
  isLabelHidden = false,
  children,
}: {
  name: FieldPath<V>;
  label: ReactNode;
  description?: ReactNode;
  className?: string | undefined;
  /** The label is for assistive technology only (e.g. a column heading already says it). */
  isLabelHidden?: boolean | undefined;
  children: (control: FieldControl<V>) => ReactNode;
}) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController<V>({ name, control });
  const message = fieldState.error?.message;
  return (
    <ControlField {...{ label, className, isLabelHidden }} error={message} hint={description}>
      {(id, describedBy) => (
        <FieldIdContext.Provider value={id}>
          {children({
            ...field,
            id,
            'aria-invalid': message ? true : undefined,
            'aria-describedby': describedBy,
          })}
        </FieldIdContext.Provider>
      )}
    </ControlField>
  );
}

/** The id of the enclosing {@link FormField}'s control (for controls that render their own input). */
export function useFormFieldId(): string | undefined {
  return useContext(FieldIdContext);
}

type FieldProps<V extends FieldValues> = {
  name: FieldPath<V>;
  label: ReactNode;
  description?: ReactNode;
  className?: string | undefined;
  isLabelHidden?: boolean | undefined;
};

/** A field's own props apart from its control's. */
function splitField<V extends FieldValues, R>({
  name,
  label,
  description,
  className,
  isLabelHidden,
  ...control
}: FieldProps<V> & R) {
  return [{ name, label, description, className, isLabelHidden }, control] as const;
}

type ControlProps<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
>;

/** A text (or number, email…) input field. Values stay text; the schema coerces. */
export function FormInput<V extends FieldValues = FieldValues>(props: FieldProps<V> & ControlProps<'input'>) {
  const [field, input] = splitField(props);
  const extra = field.isLabelHidden ? 'mt-0' : '';
  return (
    <FormField<V> {...field}>
      {(f) => (
        <input
          {...input}
          {...f}
          value={f.value ?? ''}
          className={controlClass(f['aria-invalid'] === true, extra)}
        />
      )}
    </FormField>
  );
}

/** A multi-line text field. */
export function FormTextarea<V extends FieldValues = FieldValues>(
  props: FieldProps<V> & ControlProps<'textarea'>,
) {
  const [field, input] = splitField(props);
  return (
    <FormField<V> {...field}>
      {(f) => (
        <textarea
          {...input}
          {...f}
          value={f.value ?? ''}
          className={controlClass(f['aria-invalid'] === true, 'py-2')}
        />
      )}
    </FormField>
  );
}

/** The `<option>`s of `options` (`[value, label]`). */
function Options({ options }: { options: readonly (readonly [string, string])[] }) {
  return options.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}

/** A select field from `options` (`[value, label]`). */
export function FormSelect<V extends FieldValues = FieldValues>({
  options,
  ...props
}: FieldProps<V> & { options: readonly (readonly [string, string])[] } & Omit<
    ControlProps<'select'>,
    'children'
  >) {
  const [field, select] = splitField(props);
  const extra = field.isLabelHidden ? 'mt-0' : '';
  return (
    <FormField<V> {...field}>
      {(f) => (
        <select
          {...select}
          {...f}
          value={f.value ?? ''}
          className={controlClass(f['aria-invalid'] === true, extra)}
        >
          <Options options={options} />
        </select>
      )}
    </FormField>
  );
}

/** A field that picks several of `options` (`[value, label]`): a list where Ctrl or ⌘ adds one. */
export function FormMultiSelect<V extends FieldValues = FieldValues>({
  name,
  label,
  description,
  className,
  options,
  size = 5,
}: Omit<FieldProps<V>, 'isLabelHidden'> & {
  options: readonly (readonly [string, string])[];
  size?: number;
}) {
  return (
    <FormField<V> {...{ name, label, description, className }}>
      {(f) => (
        <select
          {...f}
          multiple
          size={size}
          value={Array.isArray(f.value) ? f.value : []}
          onChange={(e) => f.onChange([...e.target.selectedOptions].map((o) => o.value))}
          className={controlClass(f['aria-invalid'] === true, 'py-1')}
        >
          <Options options={options} />
        </select>
      )}
    </FormField>
  );
}

/** An on/off field: a checkbox with its label beside it. */
export function FormCheckbox<V extends FieldValues = FieldValues>({
  name,
  label,
  description,
  className,
}: Omit<FieldProps<V>, 'isLabelHidden'>) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController<V>({ name, control });
  const id = useId();
  const message = fieldState.error?.message;
  return (
    <div className={className}>
      <div className="flex min-h-11 items-center gap-3 sm:min-h-9">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : description ? `${id}-description` : undefined}
          className="size-4 accent-sky-700"
        />
        <label htmlFor={id} className="flex-1 text-sm text-neutral-800">
          {label}
        </label>
      </div>
      {description ? (
        <p id={`${id}-description`} className="text-xs text-neutral-500">
          {description}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}
