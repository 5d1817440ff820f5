import { statusDefinition } from '@rostra/core/api/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '../../ui/control-field.tsx';
import { Loaded, SectionForm, useFieldError, useSectionForm } from './form-parts.tsx';
import { type StatusDoc, send, statusQuery } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** Each status's label (required; sent trimmed), background and text colour. */
const schema = z.object({
  statusConfig: z.array(statusDefinition.extend({ _value: z.string().trim().min(1, T.statusLabelRequired) })),
});
type Values = z.input<typeof schema>;

/** Job status config (`statusConfig`): each status's label, background and text colour. */
export function StatusesSection() {
  const doc = useQuery(statusQuery);
  return <Loaded query={doc}>{(d) => <StatusesForm doc={d} />}</Loaded>;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const colourInput = (c: string) => (HEX.test(c) ? c : '#000000');

function StatusesForm({ doc }: { doc: StatusDoc }) {
  const queryClient = useQueryClient();
  const { form, withVersion, cancel } = useSectionForm(
    schema,
    doc,
    (d) => ({ statusConfig: d.statusConfig }),
    (d) => d.version,
  );

  const save = async ({ statusConfig }: z.output<typeof schema>) => {
    await withVersion((version) => send('PUT', '/job-status-config', { statusConfig, version }));
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  return (
    <SectionForm form={form} title={T.statuses} intro={T.statusesIntro} onSave={save} onCancel={cancel}>
      <div>
        <div
          aria-hidden
          className="hidden gap-3 pb-1 text-xs font-medium text-neutral-500 sm:grid sm:grid-cols-[8rem_1fr_4rem_4rem_8rem]"
        >
          <span>{T.statusKey}</span>
          <span>{T.statusLabel}</span>
          <span>{T.statusColor}</span>
          <span>{T.statusTextColor}</span>
          <span>{T.statusPreview}</span>
        </div>
        <ul className="divide-y divide-neutral-100">
          {form.getValues('statusConfig').map((s, i) => (
            <StatusRow key={s._key} index={i} statusKey={s._key} />
          ))}
        </ul>
      </div>
    </SectionForm>
  );
}

/** One status: its key, label, two colours and how it looks. */
function StatusRow({ index, statusKey }: { index: number; statusKey: string }) {
  const { register, setValue } = useFormContext<Values>();
  const s = useWatch<Values, `statusConfig.${number}`>({ name: `statusConfig.${index}` });
  const error = useFieldError(`statusConfig.${index}._value`);
  return (
    <li className="grid items-center gap-3 py-2 sm:grid-cols-[8rem_1fr_4rem_4rem_8rem]">
      <span className="text-sm font-medium text-neutral-700">{statusKey}</span>
      <div>
        <input
          aria-label={T.statusLabelFor(statusKey)}
          aria-invalid={error ? true : undefined}
          maxLength={200}
          {...register(`statusConfig.${index}._value`)}
          className={`block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
        />
        <FieldError message={error} />
      </div>
      {(['color', 'textColor'] as const).map((part) => (
        <input
          key={part}
          type="color"
          aria-label={part === 'color' ? T.statusColorFor(statusKey) : T.statusTextColorFor(statusKey)}
          className="h-9 w-14 rounded border border-neutral-300"
          value={colourInput(s[part])}
          onChange={(e) => setValue(`statusConfig.${index}.${part}`, e.target.value, { shouldDirty: true })}
        />
      ))}
      <span
        className="inline-flex h-8 items-center justify-center truncate rounded-full px-3 text-sm"
        style={{ background: s.color, color: s.textColor }}
      >
        {s._value || statusKey}
      </span>
    </li>
  );
}
