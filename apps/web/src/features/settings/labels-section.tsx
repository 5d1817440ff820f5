import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '../../lib/client.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { serverFieldErrors } from '../../ui/form.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { Loaded, SectionHeader, SelectField } from './form-parts.tsx';
import { type Label, labelsQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

/** Label kinds (scheduling spec §3: the four, and the kinds its data also shows). */
const KINDS = [
  'group',
  'service',
  'certificate',
  'label',
  'site',
  'taskstatus',
  'option_1',
  'eventstate',
  'announcement',
  'category',
] as const;

/** Labels of every kind: list one kind, add, rename, price, deactivate, delete. */
export function LabelsSection() {
  const [kind, setKind] = useState<string>('label');
  const labels = useQuery(labelsQuery(kind));
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The bookings the last label change put in or took out of conflict (issue 16 point 2), shown
  // under the row saved (rows are remade when their version changes, so it is kept here).
  const rechecked = useRechecked();
  const [noticeFor, setNoticeFor] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-settings', 'labels'] });
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(T.labelNameRequired);
    try {
      await send('POST', '/labels', { name: name.trim(), type: kind });
      setName('');
      setError(undefined);
      notify.success(T.labelSaved);
      await refresh();
    } catch (e) {
      const byField = serverFieldErrors(e);
      setError(byField.name ?? byField[''] ?? errorText(e));
    }
  };

  return (
    <section aria-labelledby="labels-heading">
      <div id="labels-heading">
        <SectionHeader title={T.labels} intro={T.labelsIntro} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          className="w-48"
          label={T.labelKind}
          value={kind}
          onChange={setKind}
          options={KINDS.map((k) => ({ value: k, label: k }))}
        />
        <form onSubmit={add} className="flex flex-1 flex-wrap items-end gap-2" noValidate>
          <Field
            className="min-w-48 flex-1"
            label={T.newLabelName}
            value={name}
            maxLength={200}
            error={error}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Plus aria-hidden className="size-4" />
            {T.addLabel}
          </Button>
        </form>
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
                  className="hidden gap-2 pb-1 text-xs font-medium text-neutral-500 sm:grid sm:grid-cols-[1fr_8rem_auto_auto_auto]"
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
    </section>
  );
}

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
  const [name, setName] = useState(labelName);
  const [price, setPrice] = useState(label.unit_price == null ? '' : String(label.unit_price));
  const [inactive, setInactive] = useState(Boolean(label.inactive));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isDirty =
    name !== labelName ||
    price !== (label.unit_price == null ? '' : String(label.unit_price)) ||
    inactive !== Boolean(label.inactive);
  useUnsavedChanges(isDirty);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (name.trim() === '') local.name = T.labelNameRequired;
    const n = price.trim() === '' ? null : Number(price);
    if (n !== null && (!Number.isFinite(n) || n < 0)) local.unit_price = T.notANumber(T.labelPrice);
    if (Object.keys(local).length > 0) return setErrors(local);
    try {
      const answer = await send<MaybeRechecked>('PATCH', `/labels/${encodeURIComponent(label._id)}`, {
        name: name.trim(),
        unit_price: n,
        inactive,
        version: label.version,
      });
      onSaved(answer);
      setErrors({});
      notify.success(T.labelSaved);
      await onChanged();
    } catch (e) {
      setErrors(serverFieldErrors(e));
    }
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
      setErrors({ '': errorText(e) });
    }
  };

  return (
    <li className="py-2">
      <form
        onSubmit={save}
        className="grid items-center gap-2 sm:grid-cols-[1fr_8rem_auto_auto_auto]"
        noValidate
      >
        <CellInput
          label={T.labelNameOf(labelName)}
          value={name}
          maxLength={200}
          error={errors.name}
          onChange={setName}
        />
        <CellInput
          label={T.labelPriceOf(labelName)}
          inputMode="decimal"
          value={price}
          error={errors.unit_price}
          onChange={setPrice}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-700 sm:min-h-9">
          <input
            type="checkbox"
            aria-label={T.labelInactiveOf(labelName)}
            className="size-4 accent-sky-700"
            checked={inactive}
            onChange={(e) => setInactive(e.target.checked)}
          />
          {T.labelInactive}
        </label>
        <IconButton type="submit" label={T.saveLabel(labelName)} disabled={!isDirty}>
          <Save aria-hidden className="size-4" />
        </IconButton>
        <IconButton label={T.deleteLabel(labelName)} onClick={remove}>
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      </form>
      <FormMessage message={errors['']} />
      {notice}
    </li>
  );
}

/** An input of a list row: its name is for assistive technology (the column heading shows it). */
function CellInput({
  label,
  value,
  error,
  onChange,
  maxLength,
  inputMode,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  maxLength?: number;
  inputMode?: 'decimal';
}) {
  return (
    <div>
      <input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={value}
        {...(maxLength ? { maxLength } : {})}
        {...(inputMode ? { inputMode } : {})}
        onChange={(e) => onChange(e.target.value)}
        className={`block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`}
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
