import { FormDateField } from '../../ui/date-input.tsx';
import type { SpanValues } from './model.ts';
import { DIRECTORY_TEXT as T } from './texts.ts';

/** A directory form's date, begin and end (its `date`, `begin` and `end`, {@link SpanValues}). */
export function SpanFields() {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FormDateField<SpanValues> name="date" label={T.date} kind="date" required />
      <FormDateField<SpanValues> name="begin" label={T.begin} kind="time" step={900} required />
      <FormDateField<SpanValues> name="end" label={T.end} kind="time" step={900} required />
    </div>
  );
}
