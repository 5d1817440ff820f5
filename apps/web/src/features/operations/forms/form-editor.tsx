import {
  checkTemplate,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  type FormField,
  type FormFieldType,
  type FormIssue,
  fieldKeyFor,
} from '@rostra/core/forms/form-template';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorText, isVersionConflict } from '../../../lib/roster.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, FormMessage } from '../../../ui/field.tsx';
import { createForm, type FormTemplateRecord, updateForm } from '../api.ts';
import { FORMS_TEXT as T } from './form-text.ts';

/** A field being edited: `options` as the text of its textarea; `isNew` fields take their key from the label. */
type Draft = {
  id: number;
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options: string;
  isNew: boolean;
};

let nextDraftId = 1;

const toDraft = (f: FormField): Draft => ({
  id: nextDraftId++,
  key: f.key,
  label: f.label,
  type: f.type,
  required: f.required === true,
  options: (f.options ?? []).join('\n'),
  isNew: false,
});

const emptyDraft = (): Draft => ({
  id: nextDraftId++,
  key: '',
  label: '',
  type: 'text',
  required: false,
  options: '',
  isNew: true,
});

/** The template's fields from the drafts: new fields get a key made from their label. */
function fieldsOf(drafts: readonly Draft[]): FormField[] {
  const taken = drafts.filter((d) => !d.isNew).map((d) => d.key);
  return drafts.map((d) => {
    const key = d.isNew ? fieldKeyFor(d.label, taken) : d.key;
    if (d.isNew) taken.push(key);
    return {
      key,
      label: d.label.trim(),
      type: d.type,
      ...(d.required ? { required: true } : {}),
      ...(d.type === 'select'
        ? {
            options: d.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : {}),
    };
  });
}

/**
 * The form template editor: a name, a description and an ordered list of fields (label, type,
 * required, a choice's options). The core's `checkTemplate` decides; its issues show beside
 * the field they are about, and a server refusal is shown without losing the edits.
 */
export function FormEditor({
  form,
  onClose,
  onSaved,
}: {
  form: FormTemplateRecord | null;
  onClose: () => void;
  onSaved: (saved: FormTemplateRecord) => void;
}) {
  const [current, setCurrent] = useState(form);
  const [name, setName] = useState(form?.name ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [drafts, setDrafts] = useState<Draft[]>(() => (form ? form.fields.map(toDraft) : [emptyDraft()]));
  const [issues, setIssues] = useState<FormIssue[]>([]);
  const [message, setMessage] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const descriptionId = useId();

  const issueAt = (path: string) => issues.find((i) => i.field === path)?.message;
  const change = (id: number, patch: Partial<Draft>) =>
    setDrafts((ds) => ds.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const move = (index: number, by: number) =>
    setDrafts((ds) => {
      const next = [...ds];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOf(drafts);
    const found = checkTemplate({ name, fields });
    setIssues(found);
    if (found.length) {
      setMessage(found.find((i) => i.field === 'fields')?.message);
      return;
    }
    setIsBusy(true);
    setMessage(undefined);
    const input = { name: name.trim(), description, fields };
    try {
      onSaved(current ? await updateForm(current._id, current.version, input) : await createForm(input));
    } catch (error) {
      if (isVersionConflict(error)) {
        const latest = (error as { details?: { current?: FormTemplateRecord } }).details?.current;
        if (latest) setCurrent(latest);
        setMessage(T.conflict);
      } else setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal title={form ? T.editTemplate : T.newTemplate} onClose={onClose} size="lg">
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormMessage message={message} />
        <Field
          label={T.name}
          value={name}
          maxLength={FORM_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          error={issueAt('name')}
        />
        <div>
          <label htmlFor={descriptionId} className="block text-sm font-medium text-neutral-700">
            {T.description}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            rows={2}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
            className="mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base sm:text-sm"
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-700">{T.fields}</legend>
          <ol className="mt-2 space-y-3">
            {drafts.map((d, i) => (
              <li
                key={d.id}
                data-field-row={i}
                className="rounded-md border border-neutral-200 bg-neutral-50 p-3"
              >
                <div className="flex flex-wrap items-end gap-2">
                  <Field
                    className="min-w-40 flex-1"
                    label={`${T.fieldLabel} ${i + 1}`}
                    value={d.label}
                    maxLength={FORM_LIMITS.labelMax}
                    onChange={(e) => change(d.id, { label: e.target.value })}
                    error={issueAt(`fields.${i}.label`) ?? issueAt(`fields.${i}.key`)}
                  />
                  <TypeSelect index={i} value={d.type} onChange={(type) => change(d.id, { type })} />
                  <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-700 sm:min-h-9">
                    <input
                      type="checkbox"
                      checked={d.required}
                      onChange={(e) => change(d.id, { required: e.target.checked })}
                      className="size-4"
                    />
                    {T.required}
                  </label>
                  <div className="flex">
                    <IconButton label={T.moveUp(d.label)} disabled={i === 0} onClick={() => move(i, -1)}>
                      <ArrowUp aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton
                      label={T.moveDown(d.label)}
                      disabled={i === drafts.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton
                      label={T.removeField(d.label)}
                      onClick={() => setDrafts((ds) => ds.filter((x) => x.id !== d.id))}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </IconButton>
                  </div>
                </div>
                {d.type === 'select' ? (
                  <OptionsInput
                    value={d.options}
                    onChange={(options) => change(d.id, { options })}
                    error={issueAt(`fields.${i}.options`)}
                  />
                ) : null}
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            className="mt-3"
            disabled={drafts.length >= FORM_LIMITS.fieldsMax}
            onClick={() => setDrafts((ds) => [...ds, emptyDraft()])}
          >
            <Plus aria-hidden className="size-4" />
            {T.addField}
          </Button>
        </fieldset>
        <div className="flex justify-end gap-2 border-t border-neutral-200 pt-3">
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={isBusy}>
            {T.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function TypeSelect({
  index,
  value,
  onChange,
}: {
  index: number;
  value: FormFieldType;
  onChange: (type: FormFieldType) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {`${T.fieldType} ${index + 1}`}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as FormFieldType)}
        className="mt-1 block min-h-11 rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
      >
        {FORM_FIELD_TYPES.map((t) => (
          <option key={t} value={t}>
            {T.types[t]}
          </option>
        ))}
      </select>
    </div>
  );
}

function OptionsInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {T.options} <span className="font-normal text-neutral-500">({T.optionsHint})</span>
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
