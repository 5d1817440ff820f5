import {
  checkAnswers,
  FORM_LIMITS,
  type FormAnswers,
  type FormField,
  type FormIssue,
} from '@rostra/core/forms/form-template';
import { DAY, dayStart, formatDate } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { api } from '../../../lib/client.ts';
import { errorText, timeRange, wallNow } from '../../../lib/roster.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { DateInput } from '../../../ui/date-picker.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { type BookingPage, personName } from '../../bookings/api.ts';
import { type FormTemplateRecord, submitJobForm } from '../api.ts';
import { FORMS_TEXT as T } from './form-text.ts';

export type JobChoice = { _id: string; label: string };

/**
 * Fills a form for a job: first the job (unless given, e.g. from a booking's detail through
 * `/forms?job_id=…`), then one input per field. The core's `checkAnswers` shows what is missing
 * or wrong beside each field before anything is sent; the server checks again.
 */
export function FormFill({
  form,
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
  const [answers, setAnswers] = useState<FormAnswers>(() => initialAnswers(form.fields));
  const [issues, setIssues] = useState<FormIssue[]>([]);
  const [message, setMessage] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!job) return;
    const cleaned = cleanAnswers(form.fields, answers);
    const found = checkAnswers(form.fields, cleaned);
    setIssues(found);
    if (found.length) return;
    setIsBusy(true);
    setMessage(undefined);
    try {
      await submitJobForm(job._id, form._id, cleaned);
      onSubmitted();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal title={T.fillTitle(form.name)} onClose={onClose} size="lg" testId="form-fill">
      {job ? (
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-neutral-50 px-3 py-2 text-sm">
            <span className="font-medium text-neutral-800">{T.filledFor(job.label)}</span>
            {jobId ? null : (
              <Button variant="ghost" onClick={() => setJob(null)}>
                {T.changeJob}
              </Button>
            )}
          </div>
          {form.description ? <p className="text-sm text-neutral-600">{form.description}</p> : null}
          <FormMessage message={message} />
          {form.fields.map((f) => (
            <AnswerInput
              key={f.key}
              field={f}
              value={answers[f.key] ?? null}
              error={issues.find((i) => i.field === `answers.${f.key}`)?.message}
              onChange={(v) => setAnswers((a) => ({ ...a, [f.key]: v }))}
            />
          ))}
          <div className="flex justify-end gap-2 border-t border-neutral-200 pt-3">
            <Button variant="secondary" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={isBusy}>
              {T.submit}
            </Button>
          </div>
        </form>
      ) : (
        <JobPicker onPick={setJob} />
      )}
    </Modal>
  );
}

function initialAnswers(fields: readonly FormField[]): FormAnswers {
  return Object.fromEntries(fields.map((f) => [f.key, f.type === 'checkbox' ? false : null]));
}

/** Blank text becomes "no answer"; numbers typed as text become numbers (or stay text to be refused). */
function cleanAnswers(fields: readonly FormField[], answers: FormAnswers): FormAnswers {
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

function AnswerInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: FormAnswers[string];
  error: string | undefined;
  onChange: (value: FormAnswers[string]) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
  const box = `mt-1 block min-h-11 w-full rounded-md border bg-white px-3 text-base sm:min-h-9 sm:text-sm ${error ? 'border-red-600' : 'border-neutral-300'}`;
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
  let input: ReactNode;
  switch (field.type) {
    case 'checkbox':
      return (
        <div>
          <label
            htmlFor={id}
            className="flex min-h-11 items-center gap-2 text-sm font-medium text-neutral-700 sm:min-h-9"
          >
            <input
              {...common}
              type="checkbox"
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
              className="size-4"
            />
            {label}
          </label>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      );
    case 'select':
      input = (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={box}
        >
          <option value="">—</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      input = (
        <input
          {...common}
          type="text"
          inputMode="decimal"
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value)}
          className={box}
        />
      );
      break;
    case 'date':
      input = (
        <DateInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onValueChange={(v) => onChange(v)}
          className={box}
        />
      );
      break;
    case 'signature':
      input = (
        <input
          {...common}
          type="text"
          autoComplete="name"
          placeholder={T.signatureHint}
          maxLength={FORM_LIMITS.answerMax}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={`${box} font-serif italic`}
        />
      );
      break;
    default:
      input = (
        <textarea
          {...common}
          rows={2}
          maxLength={FORM_LIMITS.answerMax}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={`${box} py-2`}
        />
      );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {label}
      </label>
      {input}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Today's jobs, or those matching the text: pick one with a click or Enter. */
export function JobPicker({ onPick }: { onPick: (job: JobChoice) => void }) {
  const { me } = useShell();
  const [q, setQ] = useState('');
  const id = useId();
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
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-neutral-800">{T.chooseJob}</p>
      <div>
        <label htmlFor={id} className="block text-sm text-neutral-700">
          {T.jobSearch}
        </label>
        <input
          id={id}
          type="search"
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
          className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
        />
      </div>
      {jobs.isPending ? (
        <p className="text-sm text-neutral-500">…</p>
      ) : jobs.isError ? (
        <FormMessage message={errorText(jobs.error)} />
      ) : jobs.data.items.length === 0 ? (
        <p className="text-sm text-neutral-500">{T.noJobs}</p>
      ) : (
        <ul className="max-h-80 divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200">
          {jobs.data.items.map((b) => {
            const who = personName(b.customer_first_name, b.customer_last_name, b._id);
            const label = `${who}, ${formatDate(b.utc_begin_plus_tz)} ${timeRange(b.utc_begin_plus_tz, b.utc_end_plus_tz)}`;
            return (
              <li key={b._id}>
                <button
                  type="button"
                  data-job={b._id}
                  onClick={() => onPick({ _id: b._id, label })}
                  className="flex min-h-11 w-full flex-wrap items-center gap-x-3 px-3 py-2 text-left text-sm hover:bg-sky-50 focus-visible:bg-sky-50"
                >
                  <span className="font-medium text-neutral-900">{who}</span>
                  <span className="text-neutral-600 tabular-nums">
                    {formatDate(b.utc_begin_plus_tz)} {timeRange(b.utc_begin_plus_tz, b.utc_end_plus_tz)}
                  </span>
                  <span className="ml-auto text-xs text-neutral-400">{b.reference ?? b._id}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
