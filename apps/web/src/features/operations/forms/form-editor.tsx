import { formBody, formConflict } from '@rostra/core/api/operations';
import {
  checkTemplate,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  type FormField,
  fieldKeyFor,
} from '@rostra/core/forms/form-template';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button, IconButton } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { FormCheckbox, FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { createForm, type FormTemplateRecord, updateForm } from '../api.ts';
import { FormModal, versionConflict } from '../list-parts.tsx';
import { FORMS_TEXT as T } from './form-text.ts';

/** A field being edited: `options` as the text of its textarea; `isNew` fields take their key from the label. */
const draft = z.object({
  key: z.string(),
  label: z.string().max(FORM_LIMITS.labelMax),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  options: z.string(),
  isNew: z.boolean(),
});
type Draft = z.infer<typeof draft>;

const toDraft = (f: FormField): Draft => ({
  key: f.key,
  label: f.label,
  type: f.type,
  required: f.required === true,
  options: (f.options ?? []).join('\n'),
  isNew: false,
});

const emptyDraft = (): Draft => ({
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
 * The editor's values: the API's name and description, the fields as drafts. The core's
 * `checkTemplate` decides; its issues land on the field they are about (a key's issue on its
 * label, which the key is made from).
 */
const editorForm = z
  .object({
    name: formBody.shape.name,
    description: z.string().max(2000),
    fields: z.array(draft).max(FORM_LIMITS.fieldsMax),
  })
  .superRefine((v, ctx) => {
    for (const issue of checkTemplate({ name: v.name, fields: fieldsOf(v.fields) })) {
      const path = issue.field.replace(/\.key$/, '.label').split('.');
      ctx.addIssue({
        code: 'custom',
        path: path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: issue.message,
      });
    }
  });
type EditorValues = z.input<typeof editorForm>;

/**
 * The form template editor: a name, a description and an ordered list of fields (label, type,
 * required, a choice's options). Issues show beside the field they are about before anything is
 * sent, and a server refusal is shown without losing the edits.
 */
export function FormEditor({
  form: template,
  onClose,
  onSaved,
}: {
  form: FormTemplateRecord | null;
  onClose: () => void;
  onSaved: (saved: FormTemplateRecord) => void;
}) {
  const [current, setCurrent] = useState(template);
  const form = useZodForm(editorForm, {
    defaultValues: {
      name: template?.name ?? '',
      description: template?.description ?? '',
      fields: template ? template.fields.map(toDraft) : [emptyDraft()],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'fields' });

  const save = async (values: z.output<typeof editorForm>) => {
    const input = {
      name: values.name.trim(),
      description: values.description,
      fields: fieldsOf(values.fields),
    };
    onSaved(current ? await updateForm(current._id, current.version, input) : await createForm(input));
  };

  return (
    <FormModal
      title={template ? T.editTemplate : T.newTemplate}
      form={form}
      onSubmit={save}
      formError={versionConflict(formConflict, setCurrent, T.conflict)}
      onClose={onClose}
      size="lg"
    >
      <FormInput<EditorValues> name="name" label={T.name} maxLength={FORM_LIMITS.nameMax} />
      <FormTextarea<EditorValues> name="description" label={T.description} rows={2} maxLength={2000} />
      <Fieldset legend={T.fields}>
        <ol className="mt-2 space-y-3">
          {rows.fields.map((row, i) => (
            <DraftRow
              key={row.id}
              index={i}
              count={rows.fields.length}
              onMove={(by) => rows.move(i, i + by)}
              onRemove={() => rows.remove(i)}
            />
          ))}
        </ol>
        <FieldsMessage />
        <Button
          variant="secondary"
          className="mt-3"
          disabled={rows.fields.length >= FORM_LIMITS.fieldsMax}
          onClick={() => rows.append(emptyDraft())}
        >
          <Plus aria-hidden className="size-4" />
          {T.addField}
        </Button>
      </Fieldset>
    </FormModal>
  );
}

/** The list's own issue ("Add at least one field"). */
function FieldsMessage() {
  const { errors } = useFormState<EditorValues>();
  return <FormMessage message={errors.fields?.root?.message ?? errors.fields?.message} />;
}

const TYPE_OPTIONS = FORM_FIELD_TYPES.map((t) => [t, T.types[t]] as const);

/** One field of the template: label, type, required, order, remove; a choice's options. */
function DraftRow({
  index: i,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const [label, type] = useWatch<EditorValues, [`fields.${number}.label`, `fields.${number}.type`]>({
    name: [`fields.${i}.label`, `fields.${i}.type`],
  });
  return (
    <li data-field-row={i} className="rounded-md border border-neutral-200 bg-neutral-50 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <FormInput<EditorValues>
          className="min-w-40 flex-1"
          name={`fields.${i}.label`}
          label={`${T.fieldLabel} ${i + 1}`}
          maxLength={FORM_LIMITS.labelMax}
        />
        <FormSelect<EditorValues>
          name={`fields.${i}.type`}
          label={`${T.fieldType} ${i + 1}`}
          options={TYPE_OPTIONS}
        />
        <FormCheckbox<EditorValues> name={`fields.${i}.required`} label={T.required} />
        <div className="flex">
          <IconButton label={T.moveUp(label)} disabled={i === 0} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden className="size-4" />
          </IconButton>
          <IconButton label={T.moveDown(label)} disabled={i === count - 1} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden className="size-4" />
          </IconButton>
          <IconButton label={T.removeField(label)} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </div>
      </div>
      {type === 'select' ? (
        <FormTextarea<EditorValues>
          className="mt-2"
          name={`fields.${i}.options`}
          rows={3}
          label={
            <>
              {T.options} <span className="font-normal text-neutral-500">({T.optionsHint})</span>
            </>
          }
        />
      ) : null}
    </li>
  );
}
