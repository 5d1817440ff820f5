import type { Booking, SavedBooking } from '@rostra/core/api/bookings';
import type { LeaveBody } from '@rostra/core/api/shifts';
import { DAY } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import {
  dateInputSeconds,
  dateInputValue,
  errorText,
  fetchRecords,
  hmToSeconds,
  secondsToHm,
} from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { FormDateField } from '../../ui/date-picker.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { Form, FormInput, FormSelect, SubmitButton } from '../../ui/form.tsx';
import { ErrorState, Skeleton } from '../../ui/list-state.tsx';
import { RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { SHIFTS_TEXT as T } from './shifts-text.ts';

const validDate = (v: string) => !Number.isNaN(dateInputSeconds(v));
const validTime = (v: string) => !Number.isNaN(hmToSeconds(v));
const begin = (f: { fromDate: string; fromTime: string }) =>
  dateInputSeconds(f.fromDate) + hmToSeconds(f.fromTime);
const end = (f: { toDate: string; toTime: string }) => dateInputSeconds(f.toDate) + hmToSeconds(f.toTime);

/** The leave form: a kind, a begin and an end (date and time of day each), notes. */
const leaveSchema = z
  .object({
    kind: z.enum(['leave', 'break']),
    fromDate: z.string().refine(validDate, T.invalidDate),
    fromTime: z.string().refine(validTime, T.invalidTime),
    toDate: z.string().refine(validDate, T.invalidDate),
    toTime: z.string().refine(validTime, T.invalidTime),
    notes: z.string().max(2000),
  })
  .refine((f) => !(end(f) <= begin(f)), { message: T.invalidRange, path: ['toTime'] });
type LeaveValues = z.input<typeof leaveSchema>;

/** Leaves start up to this long before the week and still reach into it. */
const LEAVE_LOOKBACK = 31 * DAY;

const kindLabel = (k: string) => (k === 'leave' ? T.leave : T.break);
const KINDS: [string, string][] = [
  ['leave', T.leave],
  ['break', T.break],
];

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
  const dates = useOrgDates();
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
  const blank = (): LeaveValues => ({
    kind: 'leave',
    fromDate: dateInputValue(from),
    fromTime: '09:00',
    toDate: dateInputValue(from),
    toTime: '17:00',
    notes: '',
  });
  const form = useZodForm(leaveSchema, { defaultValues: blank() });
  const [editing, setEditing] = useState<Booking | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  // The bookings the last save or removal put in (or took out of) conflict (issue 16 point 2).
  const rechecked = useRechecked();
  const edit = (r: Booking | null) => {
    setEditing(r);
    form.reset(r ? formOf(r) : blank());
    setMessage(undefined);
  };

  const submit = async (values: z.output<typeof leaveSchema>) => {
    setMessage(undefined);
    const fields: LeaveBody = {
      _key: values.kind,
      status: values.kind,
      type: values.kind,
      resIds: [resourceId],
      utc_begin_plus_tz: begin(values),
      utc_end_plus_tz: end(values),
      notes: values.notes.trim() === '' ? null : values.notes.trim(),
    };
    if (editing) {
      rechecked.take(
        await api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(editing._id)}`, {
          method: 'PATCH',
          body: { ...fields, version: editing.version },
          quiet: true,
        }),
      );
      notify.success(T.updated);
    } else {
      rechecked.take(await api.post<SavedBooking>('/timeline-records', fields, { quiet: true }));
      notify.success(T.added);
    }
    edit(null);
    await list.refetch();
  };

  const remove = async (r: Booking) => {
    const what = kindLabel(r._key ?? '').toLowerCase();
    if (!(await askConfirm(T.confirmRemove(what)))) return;
    try {
      rechecked.take(
        await api.request<SavedBooking>(`/timeline-records/${encodeURIComponent(r._id)}`, {
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
                    {dates.dateTime(r.utc_begin_plus_tz)} – {dates.dateTime(r.utc_end_plus_tz)}
                  </span>
                  {r.notes ? <span className="text-neutral-500">{r.notes}</span> : null}
                  {canEdit ? (
                    <span className="ml-auto flex">
                      <IconButton label={T.edit(what.toLowerCase())} onClick={() => edit(r)}>
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
          <Form
            form={form}
            onSubmit={submit}
            guard={canEdit}
            className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3 border-t border-neutral-100 pt-4 [&>[role=alert]]:col-span-full"
            aria-label={editing ? T.edit(kindLabel(editing._key ?? '').toLowerCase()) : T.add}
          >
            <FormSelect<LeaveValues> name="kind" label={T.kind} options={KINDS} />
            <FormDateField<LeaveValues> name="fromDate" label={T.from} />
            <FormDateField<LeaveValues> name="fromTime" kind="time" label={T.fromTime} />
            <FormDateField<LeaveValues> name="toDate" label={T.to} />
            <FormDateField<LeaveValues> name="toTime" kind="time" label={T.toTime} />
            <FormInput<LeaveValues> name="notes" label={T.notes} maxLength={2000} className="col-span-full" />
            <div className="col-span-full space-y-2">
              <FormMessage message={message} />
              <div className="flex justify-end gap-2">
                {editing ? (
                  <Button variant="ghost" onClick={() => edit(null)}>
                    {T.cancelEdit}
                  </Button>
                ) : null}
                <SubmitButton variant="secondary">{editing ? T.update : T.add}</SubmitButton>
              </div>
            </div>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function formOf(r: Booking): LeaveValues {
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
