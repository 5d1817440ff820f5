import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../../ui/form.tsx';
import type { Label } from './api.ts';
import { chosen, selectClass } from './parts.tsx';
import { DIRECTORY_TEXT as T } from './texts.ts';

/** A field of a directory form that picks several of `options` (`[value, text]`). */
export function PickManyField<V extends FieldValues>({
  name,
  label,
  options,
  size = 5,
}: {
  name: FieldPath<V>;
  label: string;
  options: readonly (readonly [string, string])[];
  size?: number;
}) {
  return (
    <FormField<V> name={name} label={label} description={T.multiHint}>
      {(f) => (
        <select
          id={f.id}
          multiple
          size={size}
          aria-invalid={f['aria-invalid']}
          aria-describedby={f['aria-describedby']}
          value={f.value as string[]}
          onChange={(e) => f.onChange(chosen(e))}
          onBlur={f.onBlur}
          className={`${selectClass(f['aria-invalid'] === true)} py-1`}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A record's labels in a directory form: several picked from the organisation's labels. */
export function LabelsField<V extends FieldValues>({
  name,
  labels,
}: {
  name: FieldPath<V>;
  labels: Label[];
}) {
  return (
    <PickManyField<V> name={name} label={T.labels} options={labels.map((l) => [l._id, l.name] as const)} />
  );
}
