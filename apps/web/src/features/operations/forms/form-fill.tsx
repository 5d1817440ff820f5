import type { BookingPage } from '@rostra/core/api/bookings';
import { submissionBody } from '@rostra/core/api/operations';
import {
  checkAnswers,
  FORM_LIMITS,
  type FormAnswers,
  type FormField as TemplateField,
} from '@rostra/core/forms/form-template';
import { DAY, dayStart } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/client.ts';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { errorText, timeRange, wallNow } from '../../../lib/roster.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { Command, CommandInput, CommandItem, CommandList } from '../../../ui/command.tsx';
import { FormDateField } from '../../../ui/date-picker.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { FormCheckbox, FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { personName } from '../../bookings/api.ts';
import { type FormTemplateRecord, submitJobForm } from '../api.ts';
import { FormModal } from '../list-parts.tsx';
import { FORMS_TEXT as T } from './form-text.ts';

export type JobChoice = { _id: string; label: string };

/**
 * The answers as the API takes them, checked against the template's fields by the core's
 * `checkAnswers` (required, of the field's type, among the options): its issues name
 * `answers.<key>`, which is where each field's answer sits in the form.
 */
const fillForm = (fields: readonly TemplateField[]) =>
  z.object({ answers: submissionBody.shape.answers }).superRefine((v, ctx) => {
    for (const issue of checkAnswers(fields, cleanAnswers(fields, v.answers)))
      ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.message });
  });
type FillValues = z.input<ReturnType<typeof fillForm>>;

/**
 * Fills a form for a job: first the job (unless given, e.g. from a booking's detail through
 * `/forms?job_id=…`), then one input per field. What is missing or wrong shows beside each field
 * before anything is sent; the server checks again.
 */
export function FormFill({
  form: template,
  jobId,
  onClose,
  onSubmitted,
}: {
  form: FormTemplateRecord;
  jobId?: string | undefined;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const [job, setJob] = useState<JobChoice | null>(jobId ? { _id: jobId, label: jobId } : null);
  const form = useZodForm(fillForm(template.fields), {
    defaultValues: { answers: initialAnswers(template.fields) },
  });

  const submit = async (values: z.output<ReturnType<typeof fillForm>>) => {
    if (!job) return;
    await submitJobForm(job._id, template._id, cleanAnswers(template.fields, values.answers));
    onSubmitted();
  };

  if (!job)
    return (
      <Modal title={T.fillTitle(template.name)} onClose={onClose} size="lg" testId="form-fill">
        <JobPicker onPick={setJob} />
      </Modal>
    );
  return (
    <FormModal
      title={T.fillTitle(template.name)}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitText={T.submit}
      size="lg"
      testId="form-fill"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-neutral-50 px-3 py-2 text-sm">
        <span className="font-medium text-neutral-800">{T.filledFor(job.label)}</span>
        {jobId ? null : (
          <Button variant="ghost" onClick={() => setJob(null)}>
            {T.changeJob}
          </Button>
        )}
      </div>
      {template.description ? <p className="text-sm text-neutral-600">{template.description}</p> : null}
      {template.fields.map((f) => (
        <AnswerField key={f.key} field={f} />
      ))}
    </FormModal>
  );
}

function initialAnswers(fields: readonly TemplateField[]): FormAnswers {
  return Object.fromEntries(fields.map((f) => [f.key, f.type === 'checkbox' ? false : null]));
}

/** Blank text becomes "no answer"; numbers typed as text become numbers (or stay text to be refused). */
function cleanAnswers(fields: readonly TemplateField[], answers: FormAnswers): FormAnswers {
  const out: FormAnswers = {};
  for (const f of fields) {
    const v = answers[f.key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    if (f.type === 'number' && typeof v === 'string') {
      const n = Number(v.replace(',', '.'));
      out[f.key] = Number.isFinite(n) ? n : v;
    } else out[f.key] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** One answer: its field's control, labelled by the field (a required one marked *). */
function AnswerField({ field }: { field: TemplateField }) {
  const name = `answers.${field.key}` as const;
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span aria-hidden className="text-red-700">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  switch (field.type) {
    case 'checkbox':
      return <FormCheckbox<FillValues> name={name} label={label} />;
    case 'select':
      return (
        <FormSelect<FillValues>
          name={name}
          label={label}
          aria-required={field.required ? true : undefined}
          options={[['', '—'], ...(field.options ?? []).map((o) => [o, o] as const)]}
        />
      );
    case 'number':
      return (
        <FormInput<FillValues>
          name={name}
          label={label}
          inputMode="decimal"
          aria-required={field.required ? true : undefined}
        />
      );
    case 'date':
      return <FormDateField<FillValues> name={name} kind="date" label={label} />;
    case 'signature':
      return (
        <FormInput<FillValues>
          name={name}
          label={label}
          className="[&_input]:font-serif [&_input]:italic"
          autoComplete="name"
          placeholder={T.signatureHint}
          maxLength={FORM_LIMITS.answerMax}
          aria-required={field.required ? true : undefined}
        />
      );
    default:
      return (
        <FormTextarea<FillValues>
          name={name}
          label={label}
          rows={2}
          maxLength={FORM_LIMITS.answerMax}
          aria-required={field.required ? true : undefined}
        />
      );
  }
}

/** Today's jobs, or those matching the text: pick one with a click or Enter. */
export function JobPicker({ onPick }: { onPick: (job: JobChoice) => void }) {
  const dates = useOrgDates();
  const { me } = useShell();
  const [q, setQ] = useState('');
  const today = dayStart(wallNow(me.company?.time_zone));
  const text = q.trim();
  const jobs = useQuery({
    queryKey: ['ops', 'job-picker', text, today],
    queryFn: ({ signal }) =>
      api.post<BookingPage>(
        '/bookings/search',
        text ? { q: text, limit: 20, order: 'desc' } : { from: today, to: today + DAY, limit: 50 },
        { quiet: true, signal },
      ),
  });
  const items = jobs.data?.items ?? [];
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-neutral-800">{T.chooseJob}</p>
      <Command label={T.jobSearch} shouldFilter={false} className="space-y-2">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
          />
          <CommandInput value={q} onValueChange={setQ} placeholder={T.jobSearch} maxLength={100} />
        </div>
        {jobs.isError ? <FormMessage message={errorText(jobs.error)} /> : null}
        <CommandList
          label={T.chooseJob}
          className="max-h-80 divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200"
        >
          {jobs.isPending ? (
            <p role="status" className="px-3 py-2 text-sm text-neutral-500">
              {T.loadingJobs}
            </p>
          ) : null}
          {jobs.isSuccess && items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-neutral-500">{T.noJobs}</p>
          ) : null}
          {items.map((b) => {
            const who = personName(b.customer_first_name, b.customer_last_name, b._id);
            const when = `${dates.date(b.utc_begin_plus_tz)} ${timeRange(b.utc_begin_plus_tz, b.utc_end_plus_tz)}`;
            return (
              <CommandItem
                key={b._id}
                value={b._id}
                data-job={b._id}
                onSelect={() => onPick({ _id: b._id, label: `${who}, ${when}` })}
                className="flex min-h-11 flex-wrap items-center gap-x-3 text-sm"
              >
                <span className="font-medium text-neutral-900">{who}</span>
                <span className="text-neutral-600 tabular-nums">{when}</span>
                <span className="ml-auto text-xs text-neutral-400">{b.reference ?? b._id}</span>
              </CommandItem>
            );
          })}
        </CommandList>
      </Command>
    </div>
  );
}
