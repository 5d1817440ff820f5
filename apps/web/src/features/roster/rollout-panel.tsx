import { MAX_ROLLOUT_DAYS } from '@rostra/core/api/roster';
import { DAY } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { dateInputSeconds, dateInputValue } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { FormDateField } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { applyServerErrors, Form, SubmitButton } from '../../ui/form.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { ROSTER_TEXT as T } from './roster-text.ts';
import { type RolloutAnswer, rollout } from './template.ts';

const validDate = (v: string) => !Number.isNaN(dateInputSeconds(v));

/** The period: a first and a last day (inclusive), at most MAX_ROLLOUT_DAYS days. */
const periodSchema = z
  .object({
    from: z.string().refine(validDate, T.invalidDate),
    to: z.string().refine(validDate, T.invalidDate),
  })
  .refine(
    (p) => {
      const days = (dateInputSeconds(p.to) - dateInputSeconds(p.from)) / DAY + 1;
      return days >= 1 && days <= MAX_ROLLOUT_DAYS;
    },
    { message: T.invalidPeriod, path: ['to'] },
  )
  .transform((p) => ({ from: dateInputSeconds(p.from), to: dateInputSeconds(p.to) + DAY }));
type PeriodValues = z.input<typeof periodSchema>;
type Period = z.output<typeof periodSchema>;

/**
 * Rolls the master roster out to real bookings for a period: Preview counts (a dry run), Roll out
 * asks with that count and writes them in one go, then the summary says what was created, which
 * became drafts and why, and which items were left out.
 */
export function RolloutPanel({ defaultFrom }: { defaultFrom: number }) {
  const dates = useOrgDates();
  const queryClient = useQueryClient();
  const form = useZodForm(periodSchema, {
    defaultValues: { from: dateInputValue(defaultFrom), to: dateInputValue(defaultFrom + 13 * DAY) },
  });
  const [note, setNote] = useState<string | undefined>();
  const [preview, setPreview] = useState<RolloutAnswer | null>(null);
  const [summary, setSummary] = useState<RolloutAnswer | null>(null);
  const isBusy = form.formState.isSubmitting;

  const showPreview = form.handleSubmit(async ({ from, to }: Period) => {
    setNote(undefined);
    setSummary(null);
    try {
      setPreview(await rollout(from, to, true));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  const rollOut = async ({ from, to }: Period) => {
    setNote(undefined);
    const counted = await rollout(from, to, true);
    const toCreate = counted.placements - counted.existing;
    if (toCreate === 0) {
      setPreview(counted);
      setNote(T.nothingToDo);
      return;
    }
    if (!(await askConfirm(T.confirmRollout(toCreate, dates.date(from), dates.date(to - DAY))))) return;
    const done = await rollout(from, to, false);
    setPreview(null);
    setSummary(done);
    notify.success(T.done);
    void queryClient.invalidateQueries({ queryKey: ['board'] });
  };

  return (
    <section aria-labelledby="rollout-title" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id="rollout-title" className="text-base font-semibold text-neutral-900">
        {T.rolloutTitle}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-neutral-600">{T.rolloutHint}</p>
      <Form
        form={form}
        onSubmit={rollOut}
        guard={false}
        className="mt-3 flex flex-wrap items-start gap-3 [&>[role=alert]]:basis-full"
      >
        <FormDateField<PeriodValues> name="from" label={T.from} className="w-full sm:w-44" />
        <FormDateField<PeriodValues> name="to" label={T.to} className="w-full sm:w-44" />
        <div className="flex gap-3 sm:mt-6">
          <Button variant="secondary" disabled={isBusy} onClick={() => void showPreview()}>
            {T.preview}
          </Button>
          <SubmitButton aria-busy={isBusy}>{T.rollout}</SubmitButton>
        </div>
      </Form>
      <div className="mt-3 space-y-3">
        <FormMessage message={note} />
        {preview ? (
          <p role="status" className="text-sm text-neutral-800">
            {T.previewSummary(preview.placements, preview.existing)}
          </p>
        ) : null}
        {summary ? <Summary summary={summary} /> : null}
      </div>
    </section>
  );
}

function Summary({ summary }: { summary: RolloutAnswer }) {
  const dates = useOrgDates();
  const figures = [
    [T.created, summary.created],
    [T.rostered, summary.rostered],
    [T.drafts, summary.drafts],
    [T.existing, summary.existing],
  ] as const;
  return (
    <div role="status" aria-label={T.done} className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-md border border-neutral-200 px-3 py-2">
            <dt className="text-xs text-neutral-500">{label}</dt>
            <dd
              className={`text-lg font-semibold tabular-nums ${label === T.drafts && n > 0 ? 'text-red-700' : 'text-neutral-900'}`}
            >
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {summary.conflicts.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-neutral-800">{T.conflictsTitle}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {summary.conflicts.map((c) => (
              <li key={c._id} className="rounded bg-red-50 px-2 py-1 text-red-900">
                <span className="font-medium tabular-nums">{dates.dateTime(c.utc_begin_plus_tz)}</span>
                {' — '}
                {c.errors.map((e) => e.message).join('; ') || c._id}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.issues.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-neutral-800">{T.issuesTitle}</h3>
          <ul className="mt-1 space-y-1 text-sm text-amber-900">
            {summary.issues.map((i) => (
              <li key={`${i._id ?? i.index}`}>{`${i._id ?? ''} ${i.message}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
