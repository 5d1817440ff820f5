import { correctionBody, mileageBody } from '@rostra/core/api/job-life';
import type { ResourceAggregate } from '@rostra/core/job-life/timer';
import { isJobStartedByTimer } from '@rostra/core/records/job-status';
import { isCardHidden } from '@rostra/core/settings/flag-rules';
import { formatTime, toWallClock } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag, MapPin, Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api.ts';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormDateField } from '../../../ui/date-picker.tsx';
import { FormMessage } from '../../../ui/field.tsx';
import { Form, FormInput, SubmitButton } from '../../../ui/form.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import {
  type Correction,
  correctEntry,
  currentPosition,
  formatClock,
  formatHoursHmm,
  JOB_LIFE_KEY,
  type PingKind,
  pingsQuery,
  postMileage,
  postPing,
  type TimeEntry,
  timeEntriesQuery,
  timerAt,
  timerEvents,
} from '../../job-life/api.ts';
import type { TimerAction } from '../../job-life/queue.ts';
import { randomUuid } from '../../job-life/queue.ts';
import { useTimerQueue } from '../../job-life/timer.ts';
import { BOOKINGS_KEY, type Booking, type NamedRecord, personName, recordName, takeAction } from '../api.ts';
import { BOOKINGS_TEXT } from '../texts.ts';
import { PromoteDialog } from './promote-dialog.tsx';
import { JOB_TEXT as T } from './texts.ts';
import { useJobLifeLive, useNow } from './use-job-life.ts';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The Resource tab (issue 9 points 2 and 3): the job's resources with their time (worked, breaks,
 * hours as h.mm), live; for a resource of the job their own timer (start, pause, stop, lap),
 * mileage and position; for a dispatcher the entries with corrections and the log. Timer taps go
 * through the device's queue, so they count offline too.
 */
export function ResourceTab({
  booking,
  resources,
  labels,
}: {
  booking: Booking;
  resources: NamedRecord[] | undefined;
  labels?: NamedRecord[] | undefined;
}) {
  const { me, role, settings } = useShell();
  const myResource = me.resource_id ?? undefined;
  const isMine = role === 'resource' && myResource !== undefined && booking.resIds.includes(myResource);
  const canSeeTime = role === 'dispatcher' || isMine;
  useJobLifeLive(booking._id);
  const time = useQuery({ ...timeEntriesQuery(booking._id), enabled: canSeeTime });
  const { queue, state: queueState } = useTimerQueue(me.uid, me.org_id ?? '');
  const pending = queueState.pending.filter((e) => e.job_id === booking._id);
  const refused = queueState.refused.filter((e) => e.job_id === booking._id);

  const nameOf = (rid: string, i: number) => {
    const known = resources?.find((r) => r._id === rid);
    if (known) return recordName(known, rid);
    if (i === 0) return personName(booking.resource_first_name, booking.resource_last_name, rid);
    return rid;
  };

  const views = booking.resIds.map((rid) => ({
    rid,
    events: timerEvents(
      time.data?.entries,
      rid === myResource && isMine ? pending : [],
      rid,
      serverClock.offset(),
    ),
  }));
  const anyOpen = views.some((v) => {
    const last = timerAt(v.events, 0).state;
    return last === 'running' || last === 'paused';
  });
  const now = useNow(anyOpen);
  const needed = Array.isArray(booking.MasterResourceID) ? booking.MasterResourceID.length : 1;
  const [promoting, setPromoting] = useState<
    { _id: string; name: string; isPromoted: boolean } | undefined
  >();

  return (
    <div className="space-y-5">
      {isMine && myResource && !isCardHidden(role, 'timeEntry', settings?.ds) ? (
        <MyTimer
          booking={booking}
          view={timerAt(views.find((v) => v.rid === myResource)?.events ?? [], now)}
          pendingCount={pending.length}
          onTap={(action) => queue.enqueue({ job_id: booking._id, action })}
          refused={refused.map((r) => T.refused(T[actionLabel(r.action)].toLowerCase(), r.message))}
          onDismiss={() => queue.dismissRefused(booking._id)}
        />
      ) : null}

      <section aria-labelledby={`${booking._id}-res`}>
        <h3 id={`${booking._id}-res`} className="text-sm font-semibold text-neutral-900">
          {canSeeTime ? T.perResource : T.resources}
        </h3>
        {needed > 1 ? (
          <p className="text-sm text-neutral-600">{BOOKINGS_TEXT.resourcesNeeded(needed)}</p>
        ) : null}
        {booking.resIds.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-500">{BOOKINGS_TEXT.noResources}</p>
        ) : (
          <ul className="mt-2 divide-y divide-neutral-100 rounded-md border border-neutral-200">
            {views.map((v, i) => {
              const a = timerAt(v.events, now);
              return (
                <li
                  key={v.rid}
                  data-resource={v.rid}
                  data-state={canSeeTime ? a.state : undefined}
                  data-worked-seconds={canSeeTime ? a.worked_seconds : undefined}
                  data-break-seconds={canSeeTime ? a.break_seconds : undefined}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
                >
                  <span className="font-medium text-neutral-900">{nameOf(v.rid, i)}</span>
                  {canSeeTime && time.data ? (
                    <span className="flex flex-wrap items-center gap-x-3 text-neutral-700 tabular-nums">
                      <span>{T.states[a.state]}</span>
                      <span title={T.worked}>
                        {T.worked} {formatClock(a.worked_seconds)}
                      </span>
                      <span title={T.breaks}>
                        {T.breaks} {formatClock(a.break_seconds)}
                      </span>
                      <span title={T.hours}>
                        {T.hours} {formatHoursHmm(a.worked_seconds)}
                      </span>
                    </span>
                  ) : (
                    <span className="text-xs text-neutral-500">{v.rid}</span>
                  )}
                  {role === 'dispatcher' ? (
                    <Button
                      variant="ghost"
                      className="px-2 sm:min-h-8"
                      onClick={() =>
                        setPromoting({
                          _id: v.rid,
                          name: nameOf(v.rid, i),
                          isPromoted: resources?.find((r) => r._id === v.rid)?.promoted_dispatcher === true,
                        })
                      }
                    >
                      {T.promote}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {canSeeTime && time.isError ? (
          <div role="alert" className="mt-2 text-sm text-red-800">
            {T.timeFailed}: {time.error.message}{' '}
            <button type="button" className="underline" onClick={() => void time.refetch()}>
              {T.retry}
            </button>
          </div>
        ) : null}
      </section>

      {promoting ? (
        <PromoteDialog
          resource={promoting}
          labels={labels ?? []}
          isPromoted={promoting.isPromoted}
          onClose={() => setPromoting(undefined)}
        />
      ) : null}
      {isMine && !isCardHidden(role, 'mileage', settings?.ds) ? (
        <MileageForm
          jobId={booking._id}
          total={time.data?.aggregate.by_resource[myResource ?? '']?.mileage_km}
        />
      ) : null}
      {canSeeTime ? <Pings jobId={booking._id} canSend={isMine} /> : null}
      {role === 'dispatcher' && time.data ? (
        <EntriesForDispatcher
          jobId={booking._id}
          entries={time.data.entries}
          log={time.data.log ?? []}
          nameOf={(rid) => nameOf(rid, booking.resIds.indexOf(rid))}
        />
      ) : null}
    </div>
  );
}

function actionLabel(action: TimerAction): 'start' | 'pause' | 'stop' | 'lapAction' {
  return action === 'lap' ? 'lapAction' : action;
}

/** The resource's own timer: a big clock and the buttons the state allows. */
function MyTimer({
  booking,
  view,
  pendingCount,
  onTap,
  refused,
  onDismiss,
}: {
  booking: Booking;
  view: ResourceAggregate;
  pendingCount: number;
  onTap: (action: TimerAction) => void;
  refused: string[];
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  const [actionError, setActionError] = useState<string | undefined>();

  const tap = (action: TimerAction) => {
    onTap(action);
    if (action === 'start' || action === 'stop')
      void sendPing(booking._id, action === 'start' ? 'start' : 'finish');
    // The first start also starts the job, when the server can be reached; the timer itself is queued.
    if (action === 'start' && isJobStartedByTimer(booking.status) && navigator.onLine) {
      takeAction(booking._id, 'start', booking.version)
        .then(() => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }))
        .catch((e: unknown) => {
          if (!(isApiError(e) && e.status === 0)) setActionError(errorText(e));
        });
    }
  };

  const isRunning = view.state === 'running';
  const isPaused = view.state === 'paused';
  return (
    <section
      aria-labelledby={`${booking._id}-timer`}
      data-testid="my-timer"
      data-state={view.state}
      data-worked-seconds={view.worked_seconds}
      data-break-seconds={view.break_seconds}
      className="rounded-lg border border-neutral-200 bg-neutral-50 p-4"
    >
      <h3 id={`${booking._id}-timer`} className="text-sm font-semibold text-neutral-900">
        {T.yourTimer}
      </h3>
      <p className="mt-1 text-sm text-neutral-600" aria-live="polite">
        {T.states[view.state]}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-x-6 gap-y-2">
        <div>
          <p className="text-xs text-neutral-500">{T.worked}</p>
          <p className="text-4xl font-semibold text-neutral-900 tabular-nums" data-testid="worked-clock">
            {formatClock(view.worked_seconds)}
          </p>
        </div>
        <div>
          <p className="text-xs text-neutral-500">{T.breaks}</p>
          <p className="text-xl text-neutral-700 tabular-nums">{formatClock(view.break_seconds)}</p>
        </div>
        <div>
          <p className="text-xs text-neutral-500">{T.hours}</p>
          <p className="text-xl text-neutral-700 tabular-nums">{formatHoursHmm(view.worked_seconds)}</p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:flex">
        {isRunning ? (
          <>
            <Button variant="secondary" onClick={() => tap('pause')}>
              <Pause aria-hidden className="size-4" />
              {T.pause}
            </Button>
            <Button variant="secondary" onClick={() => tap('lap')}>
              <Flag aria-hidden className="size-4" />
              {T.lapAction}
            </Button>
          </>
        ) : (
          <Button onClick={() => tap('start')}>
            <Play aria-hidden className="size-4" />
            {isPaused ? T.resume : T.start}
          </Button>
        )}
        {isRunning || isPaused ? (
          <Button variant="danger" onClick={() => tap('stop')}>
            <Square aria-hidden className="size-4" />
            {T.stop}
          </Button>
        ) : null}
      </div>
      {view.laps.length ? (
        <ol className="mt-3 flex flex-wrap gap-2 text-xs text-neutral-700" aria-label={T.laps}>
          {view.laps.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: laps are a fixed list in order
            <li key={i} className="rounded bg-white px-2 py-1 ring-1 ring-neutral-200 tabular-nums">
              {T.lap(i + 1)}: {formatClock(l)}
            </li>
          ))}
        </ol>
      ) : null}
      {pendingCount > 0 ? (
        <p role="status" className="mt-3 text-sm text-amber-900" data-testid="timer-waiting">
          {T.waiting(pendingCount)}
        </p>
      ) : null}
      {refused.length ? (
        <div role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <ul className="space-y-1">
            {refused.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages in order, dismissed together
              <li key={i}>{r}</li>
            ))}
          </ul>
          <button type="button" className="mt-1 underline" onClick={onDismiss}>
            {T.dismiss}
          </button>
        </div>
      ) : null}
      {actionError ? <FormMessage message={actionError} /> : null}
    </section>
  );
}

/** Sends the device's position for a job; geolocation refusals are said once, quietly. */
async function sendPing(jobId: string, kind: PingKind): Promise<string | undefined> {
  const found = await currentPosition();
  if (!found.ok) {
    return found.reason === 'denied'
      ? T.positionDenied
      : found.reason === 'unsupported'
        ? T.positionUnsupported
        : T.positionUnavailable;
  }
  try {
    await postPing(jobId, {
      client_id: randomUuid(),
      kind,
      lat: found.position.lat,
      lng: found.position.lng,
      ...(found.position.accuracy !== undefined ? { accuracy: found.position.accuracy } : {}),
    });
    return undefined;
  } catch (e) {
    return errorText(e);
  }
}

/** Kilometres as typed (a comma is a decimal point), then core's check of `mileageBody.km`. */
const mileageForm = z.object({
  km: z
    .string()
    .transform((t) => (t.trim() === '' ? Number.NaN : Number(t.replace(',', '.'))))
    .pipe(z.number({ error: T.kmInvalid }).min(0, T.kmInvalid).pipe(mileageBody.shape.km)),
});

function MileageForm({ jobId, total }: { jobId: string; total: number | undefined }) {
  const queryClient = useQueryClient();
  const form = useZodForm(mileageForm, { defaultValues: { km: '' } });
  const save = async ({ km }: z.output<typeof mileageForm>) => {
    await postMileage(jobId, { client_id: randomUuid(), km });
    form.reset({ km: '' });
    notify.success(T.mileageSaved);
    void queryClient.invalidateQueries({ queryKey: timeEntriesQuery(jobId).queryKey });
  };
  return (
    <section aria-labelledby={`${jobId}-mileage`}>
      <h3 id={`${jobId}-mileage`} className="text-sm font-semibold text-neutral-900">
        {T.mileage}
        {total !== undefined && total > 0 ? (
          <span className="ml-2 font-normal text-neutral-600">{T.totalKm(total)}</span>
        ) : null}
      </h3>
      <Form form={form} onSubmit={save} guard={false} className="mt-2 flex flex-wrap items-start gap-2">
        <FormInput<z.input<typeof mileageForm>>
          name="km"
          label={T.km}
          inputMode="decimal"
          className="min-w-0 flex-1"
        />
        <SubmitButton variant="secondary" className="mt-6">
          {T.addMileage}
        </SubmitButton>
      </Form>
    </section>
  );
}

function Pings({ jobId, canSend }: { jobId: string; canSend: boolean }) {
  const { me } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const queryClient = useQueryClient();
  const pings = useQuery(pingsQuery(jobId));
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | undefined>();
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    const problem = await sendPing(jobId, 'on_demand');
    setSending(false);
    setMessage(problem ? { tone: 'error', text: problem } : { tone: 'info', text: T.positionSent });
    void queryClient.invalidateQueries({ queryKey: pingsQuery(jobId).queryKey });
  };
  const items = pings.data?.items ?? [];
  return (
    <section aria-labelledby={`${jobId}-pings`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${jobId}-pings`} className="text-sm font-semibold text-neutral-900">
          {T.pings}
        </h3>
        {canSend ? (
          <Button variant="secondary" onClick={() => void send()} disabled={isSending}>
            <MapPin aria-hidden className="size-4" />
            {T.sendPosition}
          </Button>
        ) : null}
      </div>
      {message ? (
        <div className="mt-2">
          <FormMessage message={message.text} tone={message.tone} />
        </div>
      ) : null}
      {pings.isError ? (
        <p className="mt-2 text-sm text-neutral-500">
          {isApiError(pings.error) && pings.error.status === 404 ? T.noPings : pings.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-500">{pings.isPending ? '…' : T.noPings}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {items.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="font-medium text-neutral-900">{T.pingKinds[p.kind]}</span>
              <span className="text-neutral-600 tabular-nums">{formatTime(toWallClock(p.at, timeZone))}</span>
              {p.inside_geofence !== null ? (
                <Tag isGood={p.inside_geofence}>
                  {p.inside_geofence ? T.insideGeofence : T.outsideGeofence}
                </Tag>
              ) : null}
              {p.near_job !== null ? (
                <Tag isGood={p.near_job}>{p.near_job ? T.nearJob : T.farFromJob}</Tag>
              ) : null}
              {p.distance_m !== null ? (
                <span className="text-xs text-neutral-500">{T.distance(p.distance_m)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Tag({ isGood, children }: { isGood: boolean; children: string }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs ${isGood ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
    >
      {children}
    </span>
  );
}

/** `YYYY-MM-DDTHH:MM:SS` of wall-clock seconds, for a datetime-local input. */
const toInput = (wall: number) => new Date(wall * 1000).toISOString().slice(0, 19);

function EntriesForDispatcher({
  jobId,
  entries,
  log,
  nameOf,
}: {
  jobId: string;
  entries: TimeEntry[];
  log: Correction[];
  nameOf: (rid: string) => string;
}) {
  const dates = useOrgDates();
  const { me } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const [editing, setEditing] = useState<TimeEntry | undefined>();
  const when = (ms: number) => dates.dateTime(toWallClock(ms, timeZone));
  const sorted = [...entries].sort((a, b) => a.at - b.at);
  return (
    <section aria-labelledby="time-entries-title" className="space-y-3">
      <h3 id="time-entries-title" className="text-sm font-semibold text-neutral-900">
        {T.entries}
      </h3>
      {sorted.length === 0 ? (
        <p className="text-sm text-neutral-500">{T.noTimeYet}</p>
      ) : (
        <ul className="divide-y divide-neutral-100 rounded-md border border-neutral-200 text-sm">
          {sorted.map((e) => (
            <li
              key={e._id}
              data-entry={e.action}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5"
            >
              <span>
                <span className="font-medium">{T[actionLabel(e.action)]}</span>{' '}
                <span className="text-neutral-600">{nameOf(e.resource_id)}</span>{' '}
                <span className="text-neutral-700 tabular-nums">{when(e.at)}</span>
                {e.corrected ? <span className="ml-1 text-xs text-amber-800">({T.corrected})</span> : null}
              </span>
              <Button variant="ghost" className="px-2 sm:min-h-8" onClick={() => setEditing(e)}>
                {T.correct}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <h4 className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{T.log}</h4>
        {log.length === 0 ? (
          <p className="text-sm text-neutral-500">{T.noLog}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {log.map((l) => (
              <li key={l._id}>
                {T.logLine(
                  l.by.name || l.by.uid,
                  l.old_at !== null ? when(l.old_at) : `${l.old_km ?? ''} km`,
                  l.new_at !== null ? when(l.new_at) : `${l.new_km ?? ''} km`,
                )}{' '}
                <span className="text-neutral-600">— {l.reason}</span>{' '}
                <span className="text-xs text-neutral-500">({when(l.at)})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing ? (
        <CorrectDialog
          jobId={jobId}
          entry={editing}
          label={`${T[actionLabel(editing.action)]} ${nameOf(editing.resource_id)}`}
          timeZone={timeZone}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </section>
  );
}

/** A correction as typed: the new wall-clock time and core's `correctionBody.reason`. */
const correctForm = z.object({
  at: z.string().refine((v) => Number.isFinite(Date.parse(`${v}Z`)), BOOKINGS_TEXT.invalidTime),
  reason: correctionBody.shape.reason,
});

function CorrectDialog({
  jobId,
  entry,
  label,
  timeZone,
  onClose,
}: {
  jobId: string;
  entry: TimeEntry;
  label: string;
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const wall = toWallClock(entry.at, timeZone);
  const form = useZodForm(correctForm, { defaultValues: { at: toInput(wall), reason: '' } });
  const save = async (values: z.output<typeof correctForm>) => {
    // The input is the organisation's wall clock: move the instant by what the wall clock moved.
    const at = entry.at + (Date.parse(`${values.at}Z`) - wall * 1000);
    await correctEntry(jobId, entry._id, { at }, values.reason);
    void queryClient.invalidateQueries({ queryKey: JOB_LIFE_KEY });
    onClose();
  };
  return (
    <FormModal title={T.correctTitle(label)} onClose={onClose} form={form} onSubmit={save} quick>
      <FormDateField<CorrectValues> name="at" kind="datetime" label={T.newTime} step={60} />
      <FormInput<CorrectValues> name="reason" label={T.reason} maxLength={500} />
    </FormModal>
  );
}

type CorrectValues = z.input<typeof correctForm>;
