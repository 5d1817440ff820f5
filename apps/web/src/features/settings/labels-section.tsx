import { LABEL_TYPES } from '@rostra/core/api/labels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { IconButton } from '../../ui/button.tsx';
import { Form, FormCheckbox, FormInput, SubmitButton } from '../../ui/form.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { Loaded, SelectField, SettingsSection } from './form-parts.tsx';
import { type Label, labelsQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** Labels of every kind: list one kind, add, rename, price, deactivate, delete. */
export function LabelsSection() {
  const [kind, setKind] = useState<string>('label');
  const labels = useQuery(labelsQuery(kind));
  const queryClient = useQueryClient();
  // The bookings the last label change put in or took out of conflict (issue 16 point 2), shown
  // under the row saved (rows are remade when their version changes, so it is kept here).
  const rechecked = useRechecked();
  const [noticeFor, setNoticeFor] = useState<string | null>(null);

  // Cancel first: invalidating a list whose first load is still on its way only waits for that
  // load (TanStack Query hands back the fetch in flight when there is no data yet), which may have
  // been answered before the change, so the new label would not show.
  const refresh = async () => {
    const queryKey = ['admin-settings', 'labels'];
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey });
  };
  return (
    <SettingsSection title={T.labels} intro={T.labelsIntro}>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          className="w-48"
          label={T.labelKind}
          value={kind}
          onChange={setKind}
          options={LABEL_TYPES.map((k) => ({ value: k, label: k }))}
        />
        <AddLabelForm kind={kind} onAdded={refresh} />
      </div>
      <div className="mt-4">
        <Loaded query={labels}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={T.noLabels} />
            ) : (
              <ul className="divide-y divide-neutral-100">
                <li
                  aria-hidden
                  className="hidden gap-2 pb-1 text-xs font-medium text-neutral-500 sm:grid sm:grid-cols-[1fr_8rem_6.5rem_2.25rem_2.25rem]"
                >
                  <span>{T.labelName}</span>
                  <span>{T.labelPrice}</span>
                </li>
                {list.map((label) => (
                  <LabelRow
                    key={`${label._id}-${label.version}`}
                    label={label}
                    onChanged={refresh}
                    onSaved={(answer) => {
                      rechecked.take(answer);
                      setNoticeFor(label._id);
                    }}
                    notice={
                      noticeFor === label._id ? (
                        <RecheckedNotice {...rechecked.props} className="mt-2" />
                      ) : null
                    }
                  />
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </SettingsSection>
  );
}

const NAME = z.string().trim().min(1, T.labelNameRequired).max(200);

/** A new label of the kind shown: its name. */
const addForm = z.object({ name: NAME });

function AddLabelForm({ kind, onAdded }: { kind: string; onAdded: () => Promise<unknown> }) {
  const form = useZodForm(addForm, { defaultValues: { name: '' } });
  const add = async ({ name }: z.output<typeof addForm>) => {
    await send('POST', '/labels', { name, type: kind });
    form.reset({ name: '' });
    notify.success(T.labelSaved);
    await onAdded();
  };
  return (
    <Form form={form} onSubmit={add} className="flex flex-1 flex-wrap items-start gap-2">
      <FormInput<z.input<typeof addForm>>
        name="name"
        label={T.newLabelName}
        maxLength={200}
        className="min-w-48 flex-1"
      />
      <SubmitButton variant="secondary" className="sm:mt-6">
        <Plus aria-hidden className="size-4" />
        {T.addLabel}
      </SubmitButton>
    </Form>
  );
}

/** A label's row: its name (required), unit price (empty: none; else a number ≥ 0) and whether it is inactive. */
const rowForm = z.object({
  name: NAME,
  unit_price: z.string().transform((p, ctx) => {
    if (p.trim() === '') return null;
    const n = Number(p);
    if (Number.isFinite(n) && n >= 0) return n;
    ctx.addIssue({ code: 'custom', message: T.notANumber(T.labelPrice) });
    return z.NEVER;
  }),
  inactive: z.boolean(),
});
type RowValues = z.input<typeof rowForm>;

function LabelRow({
  label,
  onChanged,
  onSaved,
  notice,
}: {
  label: Label;
  onChanged: () => Promise<unknown>;
  /** The change's answer, with the bookings it re-checked. */
  onSaved: (answer: MaybeRechecked) => void;
  notice: ReactNode;
}) {
  // An imported label may have no name: it shows (and is named) as empty until one is given.
  const labelName = label.name ?? '';
  const form = useZodForm(rowForm, {
    defaultValues: {
      name: labelName,
      unit_price: label.unit_price == null ? '' : String(label.unit_price),
      inactive: Boolean(label.inactive),
    },
  });

  const save = async (values: z.output<typeof rowForm>) => {
    const answer = await send<MaybeRechecked>('PATCH', `/labels/${encodeURIComponent(label._id)}`, {
      ...values,
      version: label.version,
    });
    onSaved(answer);
    notify.success(T.labelSaved);
    await onChanged();
  };

  const remove = async () => {
    if (!(await askConfirm(T.confirmDeleteLabel(labelName)))) return;
    try {
      await api.request(`/labels/${encodeURIComponent(label._id)}`, {
        method: 'DELETE',
        headers: { 'If-Match': String(label.version) },
        quiet: true,
        retry: false,
      });
      notify.success(T.labelDeleted);
      await onChanged();
    } catch (e) {
      form.setError('root.server', { type: 'server', message: errorText(e) });
    }
  };

  return (
    <li className="py-2">
      <Form form={form} onSubmit={save}>
        <div className="grid grid-cols-[1fr_auto_auto_auto] items-start gap-2 sm:grid-cols-[1fr_8rem_6.5rem_2.25rem_2.25rem]">
          <FormInput<RowValues>
            name="name"
            label={T.labelNameOf(labelName)}
            isLabelHidden
            maxLength={200}
            className="col-span-4 sm:col-span-1"
          />
          <FormInput<RowValues>
            name="unit_price"
            label={T.labelPriceOf(labelName)}
            isLabelHidden
            inputMode="decimal"
          />
          <FormCheckbox<RowValues>
            name="inactive"
            className="mt-1"
            label={
              <>
                <span aria-hidden>{T.labelInactive}</span>
                <span className="sr-only">{T.labelInactiveOf(labelName)}</span>
              </>
            }
          />
          <IconButton
            type="submit"
            className="mt-1"
            label={T.saveLabel(labelName)}
            disabled={!form.formState.isDirty}
          >
            <Save aria-hidden className="size-4" />
          </IconButton>
          <IconButton className="mt-1" label={T.deleteLabel(labelName)} onClick={remove}>
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </div>
      </Form>
      {notice}
    </li>
  );
}
