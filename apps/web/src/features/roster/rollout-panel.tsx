import { MAX_ROLLOUT_DAYS } from '@rostra/core/api/roster';
import { DAY, formatDate, formatDateTime } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { askConfirm } from '../../lib/overlays.ts';
import { dateInputSeconds, dateInputValue, errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { ROSTER_TEXT as T } from './roster-text.ts';
import { type RolloutAnswer, rollout } from './template.ts';

/**
 * Rolls the master roster out to real bookings for a period: Preview counts (a dry run), Roll out
 * asks with that count and writes them in one go, then the summary says what was created, which
 * became drafts and why, and which items were left out.
 */
export function RolloutPanel({ defaultFrom }: { defaultFrom: number }) {
  const queryClient = useQueryClient();
  const [fromText, setFromText] = useState(dateInputValue(defaultFrom));
  const [toText, setToText] = useState(dateInputValue(defaultFrom + 13 * DAY));
  const [message, setMessage] = useState<string | undefined>();
  const [preview, setPreview] = useState<RolloutAnswer | null>(null);
  const [summary, setSummary] = useState<RolloutAnswer | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const ids = { from: useId(), to: useId() };

  const period = (): { from: number; to: number } | null => {
    const from = dateInputSeconds(fromText);
    const last = dateInputSeconds(toText);
    if (Number.isNaN(from) || Number.isNaN(last)) {
      setMessage(T.invalidDate);
      return null;
    }
    if (last < from || (last - from) / DAY + 1 > MAX_ROLLOUT_DAYS) {
      setMessage(T.invalidPeriod);
      return null;
    }
    return { from, to: last + DAY };
  };

  const run = async (isDry: boolean) => {
    const p = period();
    if (!p) return;
    setIsBusy(true);
    setMessage(undefined);
    try {
      if (isDry) {
        setSummary(null);
        setPreview(await rollout(p.from, p.to, true));
        return;
      }
      const counted = await rollout(p.from, p.to, true);
      const toCreate = counted.placements - counted.existing;
      if (toCreate === 0) {
        setPreview(counted);
        setMessage(T.nothingToDo);
        return;
      }
      if (!(await askConfirm(T.confirmRollout(toCreate, formatDate(p.from), formatDate(p.to - DAY))))) return;
      const done = await rollout(p.from, p.to, false);
      setPreview(null);
      setSummary(done);
      notify.success(T.done);
      void queryClient.invalidateQueries({ queryKey: ['board'] });
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  const input =
    'mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-2 text-base sm:min-h-9 sm:w-44 sm:text-sm';

  return (
    <section aria-labelledby="rollout-title" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id="rollout-title" className="text-base font-semibold text-neutral-900">
        {T.rolloutTitle}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-neutral-600">{T.rolloutHint}</p>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void run(false);
        }}
      >
        <div>
          <label htmlFor={ids.from} className="block text-sm font-medium text-neutral-700">
            {T.from}
          </label>
          <DateInput id={ids.from} className={input} value={fromText} onValueChange={setFromText} />
        </div>
        <div>
          <label htmlFor={ids.to} className="block text-sm font-medium text-neutral-700">
            {T.to}
          </label>
          <DateInput id={ids.to} className={input} value={toText} onValueChange={setToText} />
        </div>
        <Button variant="secondary" disabled={isBusy} onClick={() => void run(true)}>
          {T.preview}
        </Button>
        <Button type="submit" disabled={isBusy} aria-busy={isBusy}>
          {T.rollout}
        </Button>
      </form>
      <div className="mt-3 space-y-3">
        <FormMessage message={message} />
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
                <span className="font-medium tabular-nums">{formatDateTime(c.utc_begin_plus_tz)}</span>
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
