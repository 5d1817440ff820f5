import { DEFAULT_ACTION_ATTR } from '@rostra/core/exceptions/report';
import { STATUS_ORDER } from '@rostra/core/exceptions/status-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button, IconButton } from '../../ui/button.tsx';
import { FormInput, FormSelect } from '../../ui/form.tsx';
import { statusName, useStatusConfig } from '../../ui/status-badge.tsx';
import { Loaded, SectionForm, useSectionForm } from './form-parts.tsx';
import { type ExceptionDoc, exceptionQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const STATUSES = Object.keys(STATUS_ORDER);
/** The job fields a rule measures from, as the spec stores them (`action_attr`). */
const START = 'utc_begin_plus_tz';
const END = DEFAULT_ACTION_ATTR;

/** A rule's minutes: a number from 0 to a year (the field holds the text). */
const minutes = z
  .string()
  .refine((m) => {
    const n = Number(m);
    return m.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 525_600;
  }, T.exceptionMinutesInvalid)
  .transform(Number);
/** Hours before a job's start: empty (never) or a number from 0 to 720. */
const hours = z
  .string()
  .refine((h) => {
    const n = Number(h);
    return h.trim() === '' || (Number.isFinite(n) && n >= 0 && n <= 720);
  }, T.unconfirmedHoursInvalid)
  .transform((h) => (h.trim() === '' ? null : Number(h)));
const schema = z.object({
  configs: z.array(
    z.object({ action_status: z.string(), action_attr: z.string(), exception_min_amber: minutes }),
  ),
  unconfirmed_hours: hours,
});
type Values = z.input<typeof schema>;

const valuesOf = (d: ExceptionDoc): Values => ({
  configs: d.configs.map((c) => ({
    action_status: c.action_status,
    action_attr: c.action_attr ?? END,
    exception_min_amber: String(c.exception_min_amber),
  })),
  unconfirmed_hours: typeof d.unconfirmed_hours === 'number' ? String(d.unconfirmed_hours) : '',
});

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
  const { form, withVersion, cancel } = useSectionForm(schema, doc, valuesOf, (d) => d.version);
  const rules = useFieldArray({ control: form.control, name: 'configs' });
  const rows = useWatch({ control: form.control, name: 'configs' }) ?? [];

  const save = async ({ configs, unconfirmed_hours }: z.output<typeof schema>) => {
    await withVersion((version) =>
      send('PUT', '/exception-report/config', { configs, unconfirmed_hours, version }),
    );
    await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  };

  return (
    <SectionForm form={form} title={T.exceptions} intro={T.exceptionsIntro} onSave={save} onCancel={cancel}>
      {rules.fields.length === 0 ? <p className="text-sm text-neutral-600">{T.noExceptionRules}</p> : null}
      <ul className="space-y-3">
        {rules.fields.map((rule, i) => {
          const r = rows[i] ?? rule;
          return (
            <li
              key={rule.id}
              className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_13rem_auto]"
              data-rule={i}
            >
              <FormSelect
                name={`configs.${i}.action_status`}
                label={T.exceptionStatus}
                options={STATUSES.map((s) => [s, statusName(statusConfig, s)] as const)}
              />
              <FormSelect
                name={`configs.${i}.action_attr`}
                label={T.exceptionFrom}
                options={[
                  [START, T.exceptionFromStart],
                  [END, T.exceptionFromEnd],
                  ...(r.action_attr !== START && r.action_attr !== END
                    ? [[r.action_attr, T.exceptionFromOther(r.action_attr)] as const]
                    : []),
                ]}
              />
              <FormInput
                name={`configs.${i}.exception_min_amber`}
                label={T.exceptionMinutes}
                inputMode="numeric"
              />
              <IconButton label={T.removeException(i + 1)} onClick={() => rules.remove(i)}>
                <Trash2 aria-hidden className="size-4" />
              </IconButton>
              <p className="text-sm text-neutral-600 sm:col-span-4" data-testid="exception-rule-says">
                {T.exceptionRuleSays(
                  statusName(statusConfig, r.action_status),
                  r.exception_min_amber.trim(),
                  r.action_attr === START ? 'start' : r.action_attr === END ? 'end' : r.action_attr,
                )}
              </p>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        disabled={rules.fields.length >= 20}
        onClick={() =>
          rules.append({ action_status: 'finished', action_attr: END, exception_min_amber: '30' })
        }
      >
        <Plus aria-hidden className="size-4" />
        {T.addException}
      </Button>
      <FormInput
        name="unconfirmed_hours"
        label={T.unconfirmedHours}
        description={T.unconfirmedHoursHint}
        inputMode="numeric"
        className="max-w-xs"
      />
    </SectionForm>
  );
}
