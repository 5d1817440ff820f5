import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormMultiSelect } from '../../ui/form.tsx';
import type { Label } from './api.ts';
import { DIRECTORY_TEXT as T } from './texts.ts';

/** A field of a directory form that picks several of `options` (`[value, text]`). */
export function PickManyField<V extends FieldValues>(props: {
  name: FieldPath<V>;
  label: string;
  options: readonly (readonly [string, string])[];
  size?: number;
}) {
  return <FormMultiSelect<V> {...props} description={T.multiHint} />;
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
