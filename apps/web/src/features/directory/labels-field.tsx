import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../../ui/form.tsx';
import type { Label } from './api.ts';
import { chosen, selectClass } from './parts.tsx';
import { DIRECTORY_TEXT as T } from './texts.ts';

/** A record's labels in a directory form: several picked from the organisation's labels. */
export function LabelsField<V extends FieldValues>({
  name,
  labels,
}: {
  name: FieldPath<V>;
  labels: Label[];
}) {
  return (
    <FormField<V> name={name} label={T.labels} description={T.multiHint}>
      {(f) => (
        <select
          id={f.id}
          multiple
          size={5}
          aria-describedby={f['aria-describedby']}
          value={f.value as string[]}
          onChange={(e) => f.onChange(chosen(e))}
          onBlur={f.onBlur}
          className={`${selectClass()} py-1`}
        >
          {labels.map((l) => (
            <option key={l._id} value={l._id}>
              {l.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
