import { DAY, formatDateTime } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { api } from '../../lib/client.ts';
import { askConfirm } from '../../lib/overlays.ts';
import {
  dateInputSeconds,
  dateInputValue,
  errorText,
  fetchRecords,
  hmToSeconds,
  secondsToHm,
  type TimelineRecord,
} from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { DateInput, TimeInput } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { type MaybeRechecked, RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { SHIFTS_TEXT as T } from './shifts-text.ts';

type Kind = 'leave' | 'break';
type Form = { kind: Kind; fromDate: string; fromTime: string; toDate: string; toTime: string; notes: string };

/** Leaves start up to this long before the week and still reach into it. */
const LEAVE_LOOKBACK = 31 * DAY;

const kindLabel = (k: string) => (k === 'leave' ? T.leave : T.break);

/**
 * A resource's leaves and breaks that touch the week, listed and (for dispatchers) added, edited
 * and deleted as timeline records with `_key` leave or break.
 */
export function LeavesPanel({
  resourceId,
  from,
  to,
  canEdit,
}: {
  resourceId: string;
  from: number;
  to: number;
  canEdit: boolean;
}) {
  const list = useQuery({
    queryKey: ['leaves', resourceId, from],
    queryFn: async () => {
      const [leaves, breaks] = await Promise.all([
        fetchRecords(from - LEAVE_LOOKBACK, to, 'leave'),
        fetchRecords(from, to, 'break'),
      ]);
      return [...leaves, ...breaks]
        .filter(
          (r) => r.utc_end_plus_tz > from && (r.resIds.includes(resourceId) || r.resourceId === resourceId),
        )
        .sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz);
    },
  });
  const blank = (): Form => ({
    kind: 'leave',
    fromDate: dateInputValue(from),
    fromTime: '09:00',
    toDate: dateInputValue(from),
    toTime: '17:00',
    notes: '',
  });
  const [form, setForm] = useState<Form>(blank);
  const [editing, setEditing] = useState<TimelineRecord | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  // The bookings the last save or removal put in (or took out of) conflict (issue 16 point 2).
  const rechecked = useRechecked();
  const isDirty = JSON.stringify(form) !== JSON.stringify(editing ? formOf(editing) : blank());
  useUnsavedChanges(canEdit && isDirty);
  const ids = {
    kind: useId(),
    fromDate: useId(),
    fromTime: useId(),
    toDate: useId(),
    toTime: useId(),
    notes: useId(),
  };

  const submit = async () => {
    const day0 = dateInputSeconds(form.fromDate);
    const day1 = dateInputSeconds(form.toDate);
    if (Number.isNaN(day0) || Number.isNaN(day1)) return setMessage(T.invalidDate);
    const t0 = hmToSeconds(form.fromTime);
    const t1 = hmToSeconds(form.toTime);
    if (Number.isNaN(t0) || Number.isNaN(t1)) return setMessage(T.invalidTime);
    const begin = day0 + t0;
    const end = day1 + t1;
    if (end <= begin) return setMessage(T.invalidRange);
    setIsBusy(true);
    setMessage(undefined);
    const fields = {
      _key: form.kind,
      status: form.kind,
      type: form.kind,
      resIds: [resourceId],
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: end,
      notes: form.notes.trim() === '' ? null : form.notes.trim(),
    };
    try {
      if (editing) {
        rechecked.take(
          await api.request<MaybeRechecked>(`/timeline-records/${encodeURIComponent(editing._id)}`, {
            method: 'PATCH',
            body: { ...fields, version: editing.version },
            quiet: true,
          }),
        );
        notify.success(T.updated);
      } else {
        rechecked.take(await api.post<MaybeRechecked>('/timeline-records', fields, { quiet: true }));
        notify.success(T.added);
      }
      setEditing(null);
      setForm(blank());
      await list.refetch();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async (r: TimelineRecord) => {
    const what = kindLabel(r._key ?? '').toLowerCase();
    if (!(await askConfirm(T.confirmRemove(what)))) return;
    try {
      rechecked.take(
        await api.request<MaybeRechecked>(`/timeline-records/${encodeURIComponent(r._id)}`, {
          method: 'DELETE',
          headers: { 'if-match': String(r.version) },
          quiet: true,
        }),
      );
      notify.success(T.removed);
      await list.refetch();
    } catch (error) {
      setMessage(errorText(error));
    }
  };

  const input =
    'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-neutral-300 bg-white px-2 text-base sm:min-h-9 sm:text-sm';

  return (
    <section aria-labelledby="leaves-title" className="rounded-lg border border-neutral-200 bg-white">
      <h2
        id="leaves-title"
        className="border-b border-neutral-200 px-4 py-3 text-base font-semibold text-neutral-900"
      >
        {T.leavesAndBreaks}
      </h2>
      <RecheckedNotice {...rechecked.props} />
      <div className="p-4">
        {list.isPending ? (
          <Skeleton rows={2} className="h-8" />
        ) : list.isError ? (
          <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-neutral-500">{T.noLeaves}</p>
        ) : (
          <ul className="divide-y divide-neutral-100" aria-label={T.leavesAndBreaks}>
            {list.data.map((r) => {
              const what = kindLabel(r._key ?? '');
              return (
                <li key={r._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${r._key === 'leave' ? 'bg-violet-50 text-violet-800' : 'bg-amber-50 text-amber-800'}`}
                  >
                    {what}
                  </span>
                  <span className="tabular-nums text-neutral-800">
                    {formatDateTime(r.utc_begin_plus_tz)} – {formatDateTime(r.utc_end_plus_tz)}
                  </span>
                  {r.notes ? <span className="text-neutral-500">{r.notes}</span> : null}
                  {canEdit ? (
                    <span className="ml-auto flex">
                      <IconButton
                        label={T.edit(what.toLowerCase())}
                        onClick={() => {
                          setEditing(r);
                          setForm(formOf(r));
                          setMessage(undefined);
                        }}
                      >
                        <Pencil aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton label={T.remove(what.toLowerCase())} onClick={() => void remove(r)}>
                        <Trash2 aria-hidden className="size-4" />
                      </IconButton>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {canEdit ? (
          <form
            className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-3 border-t border-neutral-100 pt-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            aria-label={editing ? T.edit(kindLabel(editing._key ?? '').toLowerCase()) : T.add}
          >
            <div>
              <label htmlFor={ids.kind} className="block text-sm font-medium text-neutral-700">
                {T.kind}
              </label>
              <select
                id={ids.kind}
                className={input}
                value={form.kind}
                onChange={(e) => setForm({ ...form, kind: e.target.value as Kind })}
              >
                <option value="leave">{T.leave}</option>
                <option value="break">{T.break}</option>
              </select>
            </div>
            <div>
              <label htmlFor={ids.fromDate} className="block text-sm font-medium text-neutral-700">
                {T.from}
              </label>
              <DateInput
                id={ids.fromDate}
                className={input}
                value={form.fromDate}
                onValueChange={(v) => setForm((f) => ({ ...f, fromDate: v }))}
              />
            </div>
            <div>
              <label htmlFor={ids.fromTime} className="block text-sm font-medium text-neutral-700">
                {T.fromTime}
              </label>
              <TimeInput
                id={ids.fromTime}
                className={input}
                value={form.fromTime}
                onValueChange={(v) => setForm((f) => ({ ...f, fromTime: v }))}
              />
            </div>
            <div>
              <label htmlFor={ids.toDate} className="block text-sm font-medium text-neutral-700">
                {T.to}
              </label>
              <DateInput
                id={ids.toDate}
                className={input}
                value={form.toDate}
                onValueChange={(v) => setForm((f) => ({ ...f, toDate: v }))}
              />
            </div>
            <div>
              <label htmlFor={ids.toTime} className="block text-sm font-medium text-neutral-700">
                {T.toTime}
              </label>
              <TimeInput
                id={ids.toTime}
                className={input}
                value={form.toTime}
                onValueChange={(v) => setForm((f) => ({ ...f, toTime: v }))}
              />
            </div>
            <div className="col-span-full">
              <label htmlFor={ids.notes} className="block text-sm font-medium text-neutral-700">
                {T.notes}
              </label>
              <input
                id={ids.notes}
                type="text"
                maxLength={2000}
                className={input}
                value={form.notes}
                onChange={(e) => setForm({ ...form, notes: e.target.value })}
              />
            </div>
            <div className="col-span-full space-y-2">
              <FormMessage message={message} />
              <div className="flex justify-end gap-2">
                {editing ? (
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setEditing(null);
                      setForm(blank());
                      setMessage(undefined);
                    }}
                  >
                    {T.cancelEdit}
                  </Button>
                ) : null}
                <Button type="submit" variant="secondary" disabled={isBusy} aria-busy={isBusy}>
                  {editing ? T.update : T.add}
                </Button>
              </div>
            </div>
          </form>
        ) : null}
      </div>
    </section>
  );
}

function formOf(r: TimelineRecord): Form {
  const b = r.utc_begin_plus_tz;
  const e = r.utc_end_plus_tz;
  return {
    kind: r._key === 'break' ? 'break' : 'leave',
    fromDate: dateInputValue(b),
    fromTime: secondsToHm(b % DAY),
    toDate: dateInputValue(e),
    toTime: secondsToHm(e % DAY),
    notes: r.notes ?? '',
  };
}
