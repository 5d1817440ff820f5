import { DEFAULT_ACTION_ATTR } from '@rostra/core/exceptions/report';
import { STATUS_ORDER } from '@rostra/core/exceptions/status-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { statusName, useStatusConfig } from '../../ui/status-badge.tsx';
import { Loaded, SectionForm, SelectField } from './form-parts.tsx';
import { type ExceptionDoc, exceptionQuery, send, useDraft } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const STATUSES = Object.keys(STATUS_ORDER);
/** The job fields a rule measures from, as the spec stores them (`action_attr`). */
const START = 'utc_begin_plus_tz';
const END = DEFAULT_ACTION_ATTR;
type Row = { action_status: string; action_attr: string; minutes: string };

/**
 * The exception report config in the user's words: the status a booking should reach, measured
 * from its start or its end, and the minutes late before it turns amber. Stored as the spec's
 * fields (`action_status`, `action_attr`, `exception_min_amber`); a field other than start or end
 * (set through the API) is kept and shown as "Another time".
 */
export function ExceptionsSection() {
  const doc = useQuery(exceptionQuery);
  return <Loaded query={doc}>{(d) => <ExceptionsForm doc={d} />}</Loaded>;
}

function ExceptionsForm({ doc }: { doc: ExceptionDoc }) {
  const queryClient = useQueryClient();
  const statusConfig = useStatusConfig();
  const { draft, setDraft, isDirty, reset, withVersion } = useDraft(
    doc,
    (d) =>
      d.configs.map(
        (c): Row => ({
          action_status: c.action_status,
          action_attr: c.action_attr ?? END,
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
          action_attr: r.action_attr,
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
              <li key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_13rem_auto]" data-rule={i}>
                <SelectField
                  label={T.exceptionStatus}
                  value={r.action_status}
                  error={errors[`configs.${i}.action_status`]}
                  onChange={(v) => change(i, { action_status: v })}
                  options={STATUSES.map((s) => ({ value: s, label: statusName(statusConfig, s) }))}
                />
                <SelectField
                  label={T.exceptionFrom}
                  value={r.action_attr}
                  error={errors[`configs.${i}.action_attr`]}
                  onChange={(v) => change(i, { action_attr: v })}
                  options={[
                    { value: START, label: T.exceptionFromStart },
                    { value: END, label: T.exceptionFromEnd },
                    ...(r.action_attr !== START && r.action_attr !== END
                      ? [{ value: r.action_attr, label: T.exceptionFromOther(r.action_attr) }]
                      : []),
                  ]}
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
                <p className="text-sm text-neutral-600 sm:col-span-4" data-testid="exception-rule-says">
                  {T.exceptionRuleSays(
                    statusName(statusConfig, r.action_status),
                    r.minutes.trim(),
                    r.action_attr === START ? 'start' : r.action_attr === END ? 'end' : r.action_attr,
                  )}
                </p>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            disabled={rows.length >= 20}
            onClick={() =>
              setDraft([...rows, { action_status: 'finished', action_attr: END, minutes: '30' }])
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
