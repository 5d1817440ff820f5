import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  type FieldPath,
  type FieldValues,
  get,
  type UseFormReturn,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { isVersionConflict } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { conflictVersion } from '../../lib/versioned-edit.ts';
import { Button } from '../../ui/button.tsx';
import { ControlField } from '../../ui/control-field.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { controlClass, Form, SubmitButton } from '../../ui/form.tsx';
import { ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** A section's heading and introduction. */
export function SectionHeader({ title, intro }: { title: string; intro?: string | undefined }) {
  return (
    <div className="mb-4">
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {intro ? <p className="mt-1 text-sm text-neutral-600">{intro}</p> : null}
    </div>
  );
}

/**
 * A settings section named by its heading and introduction (its accessible name); `action` stands
 * beside the heading (an "Add" button).
 */
export function SettingsSection({
  title,
  intro,
  action,
  className,
  testId,
  children,
}: {
  title: string;
  intro?: string;
  action?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <div id={id} className={action ? 'flex flex-wrap items-start justify-between gap-3' : undefined}>
        <SectionHeader title={title} intro={intro} />
        {action}
      </div>
      {children}
    </section>
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
  return (
    <ControlField label={label} error={error} className={className} isLabelHidden={isLabelHidden}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(Boolean(error), isLabelHidden ? 'mt-0' : '')}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </ControlField>
  );
}

/**
 * A section's form on the kit (ui/form.tsx): its values follow the server while untouched (another
 * dispatcher's change shows at once) and stay the person's once touched (react-hook-form's dirty
 * state, which also arms the unsaved-changes guard). `withVersion` sends the version the edits
 * began from; after a version conflict (rethrown, for the form to say so) the edits stay and the
 * next save names the version the conflict answered with (lib/versioned-edit.ts).
 */
export function useSectionForm<S extends z.ZodType<FieldValues, FieldValues>, D>(
  schema: S,
  server: D,
  toValues: (server: D) => z.input<S>,
  versionOf: (server: D) => number,
) {
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { defaultValues: toValues(server) as never });
  const [version, setVersion] = useState(() => versionOf(server));
  const { isDirty } = form.formState;
  const cancel = () => {
    form.reset(toValues(server));
    setVersion(versionOf(server));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the server (and a clean form) only
  useEffect(() => {
    if (!isDirty) cancel();
  }, [server, isDirty]);
  const withVersion = async <R,>(write: (version: number) => Promise<R>): Promise<R> => {
    try {
      return await write(version);
    } catch (error) {
      const current = conflictVersion(error);
      if (current !== undefined) {
        setVersion(current);
        // Theirs, for Cancel to show (whether or not their change has arrived live).
        void queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
      }
      throw error;
    }
  };
  return { form, withVersion, cancel };
}

/**
 * A section's form on the kit: Save (validates by the schema, then submits; the server's refusals
 * land on their fields, the edits kept) and Cancel (back to what is stored).
 */
export function SectionForm<V extends FieldValues, O>({
  form,
  title,
  intro,
  toolbar,
  notice,
  fieldMap,
  onSave,
  onCancel,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  title: string;
  intro?: string;
  toolbar?: ReactNode;
  notice?: ReactNode;
  fieldMap?: Readonly<Record<string, string>>;
  onSave: (values: O) => Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Form
      form={form}
      aria-labelledby={headingId}
      showMessage={false}
      {...(fieldMap ? { fieldMap } : {})}
      formError={(error) => (isVersionConflict(error) ? T.conflict : undefined)}
      onSubmit={async (values) => {
        await onSave(values);
        notify.success(T.saved);
      }}
    >
      <div id={headingId}>
        <SectionHeader title={title} {...(intro ? { intro } : {})} />
      </div>
      {toolbar ? <div className="mb-4">{toolbar}</div> : null}
      <div className="space-y-4">{children}</div>
      <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-neutral-200 bg-white py-3">
        {notice ? <div className="w-full empty:hidden">{notice}</div> : null}
        <SubmitButton needsChange pending={T.saving}>
          {T.save}
        </SubmitButton>
        <CancelButton onCancel={onCancel} />
        <div className="min-w-0 flex-1">
          <SectionMessage />
        </div>
      </div>
    </Form>
  );
}

function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { isSubmitting, isDirty } = useFormState();
  const { clearErrors } = useFormContext();
  return (
    <Button
      variant="secondary"
      disabled={isSubmitting || !isDirty}
      onClick={() => {
        clearErrors();
        onCancel();
      }}
    >
      {T.cancel}
    </Button>
  );
}

/** The refusal that names no field, or "fix the marked fields" after a save the schema refused. */
function SectionMessage() {
  const { errors, isSubmitted } = useFormState();
  const root = (errors.root?.server as { message?: string } | undefined)?.message;
  const onFields = Object.keys(errors).some((k) => k !== 'root');
  return <FormMessage message={root ?? (isSubmitted && onFields ? T.fixErrors : undefined)} />;
}

/** The message of one field of the enclosing section form (its own, or the server's). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** An on/off switch of the enclosing section form (`invert`: checked while the value is false). */
export function FormToggle<V extends FieldValues>({
  name,
  label,
  note,
  invert = false,
}: {
  name: FieldPath<V>;
  label: string;
  note?: string;
  invert?: boolean;
}) {
  const { field } = useController<V>({ name });
  const error = useFieldError(name);
  return (
    <div>
      <Toggle
        label={label}
        checked={invert ? !field.value : Boolean(field.value)}
        {...(note ? { note } : {})}
        onChange={(checked) => field.onChange(invert ? !checked : checked)}
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
