import { STATUS_ORDER } from '@rostra/core/exceptions/status-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Loaded, SectionForm, SelectField } from './form-parts.tsx';
import { type ExceptionDoc, exceptionQuery, send, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const STATUSES = Object.keys(STATUS_ORDER);
type Row = { action_status: string; action_attr: string; minutes: string };

/** The exception report config: per status, after how many minutes past its reference time a job turns amber. */
export function ExceptionsSection() {
  const doc = useQuery(exceptionQuery);
  return <Loaded query={doc}>{(d) => <ExceptionsForm doc={d} />}</Loaded>;
}

function ExceptionsForm({ doc }: { doc: ExceptionDoc }) {
  const queryClient = useQueryClient();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    doc,
    (d) =>
      d.configs.map(
        (c): Row => ({
          action_status: c.action_status,
          action_attr: c.action_attr ?? '',
          minutes: String(c.exception_min_amber),
        }),
      ),
    (d) => d.version,
  );
  const rows = draft ?? [];
  const localErrors: Record<string, string> = {};
  rows.forEach((r, i) => {
    const n = Number(r.minutes);
    if (r.minutes.trim() === '' || !Number.isFinite(n) || n < 0 || n > 525_600) {
      localErrors[`configs.${i}.exception_min_amber`] = T.exceptionMinutesInvalid;
    }
  });

  const save = async () => {
    await withVersion((version) =>
      send('PUT', '/exception-report/config', {
        configs: rows.map((r) => ({
          action_status: r.action_status,
          ...(r.action_attr.trim() ? { action_attr: r.action_attr.trim() } : {}),
          exception_min_amber: Number(r.minutes),
        })),
        version,
      }),
    );
    reset();
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };
  const change = (i: number, patch: Partial<Row>) =>
    setDraft(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <SectionForm
      title={T.exceptions}
      intro={T.exceptionsIntro}
      isDirty={isDirty}
      onSave={save}
      onCancel={reset}
      localErrors={localErrors}
    >
      {(errors) => (
        <>
          {rows.length === 0 ? <p className="text-sm text-neutral-600">{T.noExceptionRules}</p> : null}
          <ul className="space-y-3">
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id of their own
              <li key={i} className="grid items-end gap-3 sm:grid-cols-[10rem_1fr_10rem_auto]">
                <SelectField
                  label={T.exceptionStatus}
                  value={r.action_status}
                  error={errors[`configs.${i}.action_status`]}
                  onChange={(v) => change(i, { action_status: v })}
                  options={STATUSES.map((s) => ({ value: s, label: s }))}
                />
                <Field
                  label={T.exceptionAttr}
                  value={r.action_attr}
                  placeholder="utc_end_plus_tz"
                  maxLength={60}
                  error={errors[`configs.${i}.action_attr`]}
                  onChange={(e) => change(i, { action_attr: e.target.value })}
                />
                <Field
                  label={T.exceptionMinutes}
                  inputMode="numeric"
                  value={r.minutes}
                  error={errors[`configs.${i}.exception_min_amber`]}
                  onChange={(e) => change(i, { minutes: e.target.value })}
                />
                <IconButton
                  label={T.removeException(i + 1)}
                  onClick={() => setDraft(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            disabled={rows.length >= 20}
            onClick={() =>
              setDraft([...rows, { action_status: STATUSES[0] ?? 'active', action_attr: '', minutes: '30' }])
            }
          >
            <Plus aria-hidden className="size-4" />
            {T.addException}
          </Button>
        </>
      )}
    </SectionForm>
  );
}
