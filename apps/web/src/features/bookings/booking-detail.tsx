import { actionBody } from '@rostra/core/api/bookings';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { isCardHidden } from '@rostra/core/settings/flag-rules';
import { type JobAction, type JobTab, jobDetailTabs, recordActions } from '@rostra/core/shell/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, ClipboardList, Pencil, X } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { useLive } from '../../lib/live.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { BESIDE_CONTROL } from '../../ui/control-field.tsx';
import { Form, FormInput, SubmitButton } from '../../ui/form.tsx';
import { SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { StatusBadge, statusName, useStatusConfig } from '../../ui/status-badge.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { ALLOCATE_TEXT, type Allocated } from './allocate-text.ts';
import {
  BOOKINGS_KEY,
  type Booking,
  bookingQuery,
  bookingStatesQuery,
  type ConflictError,
  type NamedRecord,
  personName,
  recordName,
  takeAction,
} from './api.ts';
import { BookingForm } from './booking-form.tsx';
import { InventoryPicker } from './inventory-picker.tsx';
import { Cancellation } from './job/cancellation.tsx';
import { ChatsTab } from './job/chats-tab.tsx';
import { DirectionsLink } from './job/directions-link.tsx';
import { MoneyTab } from './job/money-tab.tsx';
import { ResourceTab } from './job/resource-tab.tsx';
import { NotesTab, ReviewTab } from './job/review-tab.tsx';
import { ACTION_LABELS, HISTORY_LABELS, BOOKINGS_TEXT as T, TAB_LABELS } from './texts.ts';

/**
 * The allocate picker brings the timeline's candidate panel and the allocation engine: only
 * dispatchers allocate, so it is fetched when first opened, not with every booking's detail
 * (a worker's day stays small; docs/performance.md).
 */
const AllocatePicker = lazy(() =>
  import('./allocate-picker.tsx').then((m) => ({ default: m.AllocatePicker })),
);

/** The options action's one field: core's `option`, which this form requires. */
const optionForm = z.object({ option: actionBody.shape.option.unwrap().trim().min(1, T.optionRequired) });
type OptionValues = z.input<typeof optionForm>;

/** The dispatcher's lookups (a worker or customer has none). */
type Lookups = {
  resources?: NamedRecord[] | undefined;
  customers?: NamedRecord[] | undefined;
  labels?: NamedRecord[] | undefined;
};

/**
 * A booking's detail (issue 7 point 4): a panel beside the list (the whole screen on a phone),
 * with the role's actions of spec §6 and the tabs of the booking's stage (§2, the core's
 * `jobDetailTabs`). It follows the booking live; Escape or Close closes it.
 */
export function BookingDetail({ id, onClose, ...lookups }: { id: string; onClose: () => void } & Lookups) {
  const dates = useOrgDates();
  const { role } = useShell();
  const queryClient = useQueryClient();
  const booking = useQuery(bookingQuery(id));
  const statusConfig = useStatusConfig();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [isEditing, setEditing] = useState(false);

  useLive({ topic: 'booking', id }, (event) => {
    if (event.type !== 'error') void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !isEditing) {
      event.stopPropagation();
      onClose();
    }
  };

  const b = booking.data;
  const title = b ? bookingTitle(b) : id;

  return (
    <aside
      aria-labelledby={`${id}-detail-title`}
      data-testid="booking-detail"
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-30 flex flex-col bg-white sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[36rem] sm:border-l sm:border-neutral-300 sm:shadow-[-12px_0_32px_-8px_rgba(0,0,0,0.18)]"
    >
      <header className="flex items-start justify-between gap-3 border-b border-neutral-200 px-4 py-3">
        <div className="min-w-0">
          <p className="text-xs text-neutral-500">{T.detail}</p>
          <h2
            id={`${id}-detail-title`}
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-lg font-semibold text-neutral-900 outline-none"
          >
            {title}
          </h2>
          {b ? (
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-700">
              <StatusBadge status={b.status ?? 'draft'} config={statusConfig} />
              <span className="tabular-nums">{dates.span(b.utc_begin_plus_tz, b.utc_end_plus_tz)}</span>
            </div>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {b && role === 'dispatcher' ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              {T.edit}
            </Button>
          ) : null}
          <IconButton label={T.close} onClick={onClose}>
            <X aria-hidden className="size-5" />
          </IconButton>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {booking.isPending ? (
          <SkeletonRows rows={2} height="h-16" />
        ) : booking.isError ? (
          <StateMessage
            tone="error"
            title={isApiError(booking.error) && booking.error.status === 404 ? T.notFound : T.detailFailed}
            hint={
              isApiError(booking.error) && booking.error.status === 404 ? undefined : booking.error.message
            }
            action={
              isApiError(booking.error) && booking.error.status === 404 ? null : (
                <Button variant="secondary" onClick={() => void booking.refetch()}>
                  {T.retry}
                </Button>
              )
            }
          />
        ) : (
          <div className="space-y-4">
            {/* Conflicts are the dispatcher's to solve: they name other jobs and a worker's shifts. */}
            {booking.data.isConflict && role === 'dispatcher' ? (
              <ConflictList errors={booking.data.errors ?? []} />
            ) : null}
            <ActionBar booking={booking.data} {...lookups} />
            <Cancellation booking={booking.data} />
            <DetailTabs booking={booking.data} {...lookups} />
          </div>
        )}
      </div>
      {isEditing && b ? (
        <BookingForm
          booking={b}
          resources={lookups.resources ?? []}
          customers={lookups.customers ?? []}
          labels={lookups.labels ?? []}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </aside>
  );
}

/**
 * The role's actions (customer none; resource options, dispatch, start, finish; dispatcher all).
 * Allocate opens the candidate picker (issue 16 point 6); what it did shows here with Undo.
 */
function ActionBar({ booking, resources, customers }: { booking: Booking } & Lookups) {
  const { role } = useShell();
  const queryClient = useQueryClient();
  const actions = recordActions(role, 'booking');
  const [busy, setBusy] = useState<JobAction | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isChoosing, setChoosing] = useState(false);
  const optionValues = useZodForm(optionForm, { defaultValues: { option: '' } });
  const [isPicking, setPicking] = useState(false);
  const [allocated, setAllocated] = useState<Allocated | null>(null);
  const resourceNames = new Map((resources ?? []).map((r) => [r._id, recordName(r, r._id)]));
  const customer = customers?.find((c) => c._id === booking.customerId);
  const customerName = customer
    ? recordName(customer, booking.customerId ?? '')
    : personName(booking.customer_first_name, booking.customer_last_name, '');
  const undoAllocation = async (done: Allocated) => {
    setError(undefined);
    try {
      await done.undo();
      setAllocated(null);
      notify.success(ALLOCATE_TEXT.undone);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const run = async (action: JobAction, chosen?: string) => {
    setBusy(action);
    setError(undefined);
    try {
      await takeAction(booking._id, action, booking.version, chosen);
      notify.success(T.actionDone(ACTION_LABELS[action]));
      setChoosing(false);
      optionValues.reset({ option: '' });
    } catch (e) {
      if (isApiError(e) && e.status === 409) setError(T.staleAction);
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    }
  };

  return (
    <section aria-label={T.actions}>
      {actions.length === 0 ? (
        <p className="text-sm text-neutral-500">{T.noActions}</p>
      ) : (
        <div role="toolbar" aria-label={T.actions} className="flex flex-wrap gap-1.5">
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'cancel' ? 'ghost' : 'secondary'}
              disabled={busy !== null}
              aria-busy={busy === a}
              aria-expanded={a === 'options' ? isChoosing : undefined}
              onClick={() =>
                a === 'options' ? setChoosing((c) => !c) : a === 'allocate' ? setPicking(true) : void run(a)
              }
              className={`px-3 sm:min-h-8 ${a === 'cancel' ? 'text-red-700 hover:bg-red-50' : ''}`}
            >
              {ACTION_LABELS[a]}
            </Button>
          ))}
        </div>
      )}
      {isChoosing ? (
        <Form
          form={optionValues}
          guard={false}
          showMessage={false}
          className="mt-2 flex flex-wrap items-start gap-2"
          onSubmit={({ option }) => run('options', option)}
        >
          <FormInput<OptionValues>
            className="min-w-0 flex-1"
            name="option"
            label={T.option}
            maxLength={200}
            placeholder={T.optionPlaceholder}
          />
          <SubmitButton className={BESIDE_CONTROL} disabled={busy !== null}>
            {T.send}
          </SubmitButton>
        </Form>
      ) : null}
      {allocated ? (
        <div
          role="status"
          data-testid="allocated"
          className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          <span className="min-w-0 flex-1">{allocated.text}</span>
          <Button
            variant="secondary"
            className="px-3 sm:min-h-8"
            onClick={() => void undoAllocation(allocated)}
          >
            {ALLOCATE_TEXT.undo}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {isPicking ? (
        <Suspense fallback={null}>
          <AllocatePicker
            booking={booking}
            resourceNames={resourceNames}
            customer={customerName}
            onDone={(done) => {
              setAllocated(done);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The stage's tabs (arrow keys, Home and End move between tabs). */
function DetailTabs({ booking, ...lookups }: { booking: Booking } & Lookups) {
  const { role } = useShell();
  const tabs = jobDetailTabs(booking.status ?? 'draft', role);
  const [chosen, setChosen] = useState<JobTab>(tabs.includes('details') ? 'details' : (tabs[0] ?? 'details'));
  const active = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'details');

  return (
    <Tabs value={active} onValueChange={setChosen}>
      <TabsList aria-label={T.detail}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            {TAB_LABELS[tab]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={active} className="pt-4">
        {active === 'details' ? (
          <DetailsTab booking={booking} {...lookups} />
        ) : active === 'resource' ? (
          <ResourceTab booking={booking} resources={lookups.resources} labels={lookups.labels} />
        ) : active === 'chats' ? (
          <ChatsTab jobId={booking._id} />
        ) : active === 'notes' ? (
          <NotesTab booking={booking} />
        ) : active === 'review' ? (
          <ReviewTab booking={booking} />
        ) : (
          <MoneyTab jobId={booking._id} />
        )}
      </TabsContent>
    </Tabs>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words text-neutral-900">{children}</dd>
    </div>
  );
}

function DetailsTab({ booking, customers, labels, resources }: { booking: Booking } & Lookups) {
  const dates = useOrgDates();
  const { role, settings } = useShell();
  const statusConfig = useStatusConfig();
  // The audit card (the status history): not shown to resources when the organisation hides it.
  const showsHistory = !isCardHidden(role, 'audit', settings?.ds);
  const states = useQuery({ ...bookingStatesQuery(booking._id), enabled: showsHistory });
  const customer = customers?.find((c) => c._id === booking.customerId);
  const labelNames = (booking.labels ?? []).map((l) => labels?.find((x) => x._id === l)?.name ?? l);
  const [showInventory, setShowInventory] = useState(false);
  const hasInventory = Array.isArray(booking.inventory) && booking.inventory.length > 0;

  return (
    <div className="space-y-5">
      <dl className="divide-y divide-neutral-100">
        <Row label={T.reference}>{booking.reference || '—'}</Row>
        <Row label={T.times}>{dates.span(booking.utc_begin_plus_tz, booking.utc_end_plus_tz)}</Row>
        <Row label={T.customer}>
          {customer
            ? recordName(customer, booking.customerId ?? '')
            : personName(booking.customer_first_name, booking.customer_last_name, booking.customerId ?? '—')}
        </Row>
        <Row label={T.address}>
          {booking.all_location || '—'}
          <DirectionsLink booking={booking} />
        </Row>
        <Row label={T.labels}>
          {labelNames.length ? (
            <ul className="flex flex-wrap gap-1">
              {labelNames.map((l) => (
                <li key={l} className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs">
                  {l}
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </Row>
        <Row label={T.notes}>{booking.notes || '—'}</Row>
      </dl>

      {hasInventory || showInventory ? (
        <InventoryPicker booking={booking} isEditable={role === 'dispatcher'} />
      ) : role === 'dispatcher' ? (
        <Button variant="secondary" onClick={() => setShowInventory(true)}>
          {T.addInventory}
        </Button>
      ) : null}

      {role === 'dispatcher' || role === 'resource' ? (
        // The job's forms (checklists, incident reports): filled on the forms screen for this job.
        <Link
          to={'/forms' as string}
          search={{ job_id: booking._id }}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:underline"
        >
          <ClipboardList aria-hidden className="size-4" />
          {T.fillForm}
        </Link>
      ) : null}

      {showsHistory ? (
        <section aria-labelledby={`${booking._id}-history`}>
          <h3 id={`${booking._id}-history`} className="text-sm font-semibold text-neutral-900">
            {T.history}
          </h3>
          {states.isPending ? (
            <div className="mt-2 h-10 animate-pulse rounded bg-neutral-100" />
          ) : states.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {states.error.message}
            </p>
          ) : states.data.items.length === 0 ? (
            <p className="mt-2 text-sm text-neutral-500">{T.noHistory}</p>
          ) : (
            <ol className="mt-2 space-y-1.5">
              {states.data.items.map((s, i) => (
                <li key={s._id ?? i} className="flex flex-wrap items-center gap-2 text-sm">
                  <StatusBadge status={s.status ?? ''} config={statusConfig} />
                  <span className="text-neutral-600">
                    {historyLabel(s.action) ?? statusName(statusConfig, s.status ?? '')}
                    {s.option ? ` · ${s.option}` : ''}
                    {/* A blacklist override says whom it let through and why (issue 16 point 5). */}
                    {s.action === 'blacklist_override' && s.resIds
                      ? ` · ${s.resIds
                          .map((r) =>
                            recordName(
                              resources?.find((x) => x._id === r),
                              r,
                            ),
                          )
                          .join(', ')}`
                      : ''}
                    {s.reason ? ` · “${s.reason}”` : ''}
                  </span>
                  {typeof s._utc_plus_tz === 'number' ? (
                    <span className="text-xs text-neutral-500 tabular-nums">
                      {dates.dateTime(s._utc_plus_tz)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** A history entry of the blacklist override (the state's action `blacklist_override`). */
const OVERRIDE_LABEL = 'Assigned despite the blacklist';

/** What a state record says happened: an action's name, or the record's creation or edit. */
function historyLabel(action: string | undefined): string | undefined {
  if (!action) return undefined;
  if (action === 'blacklist_override') return OVERRIDE_LABEL;
  if (action in ACTION_LABELS) return ACTION_LABELS[action as JobAction];
  return HISTORY_LABELS[action] ?? action;
}

/** A plain string: the menu paths are routes made from a list, not typed one by one. */
const BOOKINGS_PATH: string = '/bookings';

/** The overlap validator's conflicts as the server stored them (red: conflicts only). */
function ConflictList({ errors }: { errors: readonly ConflictError[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle aria-hidden className="size-4" />
        {T.conflicts}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {errors.map((e, i) => (
          <li key={`${e.code}-${e.conflictId ?? i}`}>
            {e.title && e.title !== e.message ? <span className="font-medium">{e.title}: </span> : null}
            {e.message}
            {e.resourceId ? <span className="text-red-800"> ({e.resourceId})</span> : null}
            {e.conflictId ? (
              <>
                {' · '}
                <Link
                  to={BOOKINGS_PATH}
                  search={{ job_id: e.conflictId }}
                  className="font-medium underline underline-offset-2"
                >
                  {T.openBooking(e.conflictId)}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
