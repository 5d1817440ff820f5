import {
  bookingTimes,
  bookingTitle,
  checkBookingCustomer,
  customerPlace,
} from '@rostra/core/records/booking-rules';
import type { GeoPoint } from '@rostra/core/records/common';
import { fromYmd, toYmd } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ControlField } from '../../ui/control-field.tsx';
import { TemporalField } from '../../ui/date-picker.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import {
  BOOKINGS_KEY,
  type Booking,
  type BookingInput,
  bookingQuery,
  createBooking,
  type NamedRecord,
  recordName,
  updateBooking,
} from './api.ts';
import { confirmBookingAssignment } from './assign-confirm.ts';
import { BOOKINGS_TEXT as T } from './texts.ts';

/** Statuses a new booking may start in; later ones are reached by the actions. */
const CREATE_STATUSES = ['draft', 'rostered', 'confirmed'] as const;
type CreateStatus = (typeof CREATE_STATUSES)[number];

type Values = {
  reference: string;
  /** The status a new booking starts in (an edit does not send it: the actions change it). */
  status: CreateStatus;
  customerId: string;
  resIds: string[];
  labels: string[];
  date: string;
  begin: string;
  end: string;
  /** The end is on the day after the date (an overnight job); otherwise an end at or before the begin is refused. */
  endsNextDay: boolean;
  all_location: string;
  /** The location (from the customer) that goes with the address; null once the address is not the customer's. */
  geo: GeoPoint | null;
  /** The customer's labels (`cs_lbls`), taken from the customer when picked. */
  csLabels: string[];
  notes: string;
};

type Errors = Partial<Record<keyof Values | 'form', string>>;

const hhmm = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 16);

function valuesOf(b: Booking | undefined): Values {
  if (!b) {
    return {
      reference: '',
      status: 'draft',
      customerId: '',
      resIds: [],
      labels: [],
      date: '',
      begin: '09:00',
      end: '10:00',
      endsNextDay: false,
      all_location: '',
      geo: null,
      csLabels: [],
      notes: '',
    };
  }
  return {
    reference: b.reference ?? '',
    status: 'draft',
    customerId: b.customerId ?? '',
    resIds: [...b.resIds],
    labels: [...(b.labels ?? [])],
    date: toYmd(b.utc_begin_plus_tz),
    begin: hhmm(b.utc_begin_plus_tz),
    end: hhmm(b.utc_end_plus_tz),
    endsNextDay: toYmd(b.utc_end_plus_tz - 1) > toYmd(b.utc_begin_plus_tz),
    all_location: b.all_location ?? '',
    geo: b._geoloc ? { lat: b._geoloc.lat, lng: b._geoloc.lng } : null,
    csLabels: [...(b.cs_lbls ?? [])],
    notes: b.notes ?? '',
  };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (t: string) => {
  const m = TIME.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/**
 * The form's checks, the core's booking rules (issue 16 point 7; spec §5 texts for dates and
 * times): an end at or before the begin is refused unless "ends next day" is ticked; a customer is
 * needed unless `customerRequired` is false. The overlap check is the server's.
 */
export function validate(v: Values, customerRequired = true): { errors: Errors; begin: number; end: number } {
  const errors: Errors = {};
  const day = v.date ? fromYmd(v.date) : Number.NaN;
  if (!Number.isFinite(day)) errors.date = T.invalidDate;
  const b = minutes(v.begin);
  const e = minutes(v.end);
  if (!Number.isFinite(b)) errors.begin = T.invalidTime;
  if (!Number.isFinite(e)) errors.end = T.invalidTime;
  const times = bookingTimes(day, b, e, v.endsNextDay);
  if (!times.ok && !errors.date && !errors.begin && !errors.end) errors.end = times.issue.message;
  const customer = checkBookingCustomer(v, !customerRequired);
  if (customer) errors.customerId = customer.message;
  const begin = day + b * 60;
  return { errors, begin, end: times.ok ? times.end : Number.NaN };
}

function splitName(record: NamedRecord | undefined): { first: string | null; last: string | null } {
  if (!record) return { first: null, last: null };
  if (record.first_name || record.last_name)
    return { first: record.first_name ?? null, last: record.last_name ?? null };
  const [first = '', ...rest] = (record.name ?? '').split(' ');
  return { first: first || null, last: rest.join(' ') || null };
}

/**
 * Create or edit a booking (dispatchers). Bad input is named at its field and nothing typed is
 * lost; a save that overlaps another booking is kept with the validator's conflicts (shown in
 * the detail); a stale version says someone else changed it and offers a reload. Leaving with
 * unsaved changes asks first.
 */
export function BookingForm({
  booking,
  resources,
  customers,
  labels,
  onClose,
  onSaved,
}: {
  booking?: Booking;
  resources: NamedRecord[];
  customers: NamedRecord[];
  labels: NamedRecord[];
  onClose: () => void;
  onSaved: (b: Booking) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const { settings } = useShell();
  const mayOmitCustomer = settings?.ds.allow_booking_without_customer === true;
  const [base, setBase] = useState<Booking | undefined>(booking);
  const [initial, setInitial] = useState(() => valuesOf(booking));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(isDirty);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const clearErrors = (...keys: (keyof Errors)[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });

  const placeOf = (id: string) => {
    const c = customers.find((x) => x._id === id);
    return c ? customerPlace(c) : undefined;
  };
  /** A customer picked brings their address, location and labels (the address only over an empty one or the last customer's). */
  const pickCustomer = (id: string) => {
    const place = placeOf(id);
    setValues((v) => {
      const previous = placeOf(v.customerId)?.all_location ?? '';
      const isOwnAddress = v.all_location.trim() !== '' && v.all_location !== previous;
      if (!place) return { ...v, customerId: id };
      return {
        ...v,
        customerId: id,
        ...(isOwnAddress ? {} : { all_location: place.all_location ?? '', geo: place._geoloc }),
        csLabels: place.cs_lbls,
      };
    });
    clearErrors('customerId', 'all_location');
  };
  const editAddress = (text: string) => {
    // The customer's location goes with the customer's address only.
    const own = placeOf(values.customerId);
    setValues((v) => ({
      ...v,
      all_location: text,
      geo:
        own && text === own.all_location ? own._geoloc : text === initial.all_location ? initial.geo : null,
    }));
    clearErrors('all_location');
  };

  const close = async () => {
    if (await confirmLeave()) onClose();
  };

  const reload = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...bookingQuery(base._id), staleTime: 0 });
    const next = valuesOf(fresh);
    setBase(fresh);
    setInitial(next);
    setValues(next);
    setStale(false);
    setErrors({});
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Like the server: an older booking without a customer may be edited as long as it keeps none.
    const customerRequired = !mayOmitCustomer && (!base || values.customerId !== initial.customerId);
    const checked = validate(values, customerRequired);
    if (Object.values(checked.errors).some(Boolean)) {
      setErrors(checked.errors);
      return;
    }
    const customer = splitName(customers.find((c) => c._id === values.customerId));
    const firstResource = splitName(resources.find((r) => r._id === values.resIds[0]));
    const input: BookingInput = {
      reference: values.reference.trim() || null,
      customerId: values.customerId || null,
      customer_first_name: customer.first,
      customer_last_name: customer.last,
      resIds: values.resIds,
      resource_first_name: firstResource.first,
      resource_last_name: firstResource.last,
      labels: values.labels,
      utc_begin_plus_tz: checked.begin,
      utc_end_plus_tz: checked.end,
      all_location: values.all_location.trim() || null,
      _geoloc: values.geo,
      cs_lbls: values.csLabels,
      notes: values.notes.trim() || null,
      ...(base ? {} : { status: values.status }),
    };
    // A resource the form newly assigns that fails a check asks first (issue 16 point 5).
    const confirmed = await confirmBookingAssignment(base, input, (id) =>
      recordName(
        resources.find((r) => r._id === id),
        id,
      ),
    );
    if (confirmed === null) return;
    if (confirmed.override) input.override = confirmed.override;
    setSaving(true);
    setErrors({});
    try {
      const saved = base ? await updateBooking(base._id, base.version, input) : await createBooking(input);
      setInitial(values);
      queryClient.setQueryData(bookingQuery(saved._id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
      if (saved.isConflict) notify.error(T.savedWithConflicts);
      else notify.success(T.saved);
      onSaved(saved);
    } catch (e) {
      if (isApiError(e) && e.status === 409 && e.code === 'version_conflict') setStale(true);
      else if (isApiError(e)) {
        const field = (e.details as { field?: string } | undefined)?.field;
        const known: Record<string, keyof Values> = {
          utc_begin_plus_tz: 'begin',
          utc_end_plus_tz: 'end',
          reference: 'reference',
          customerId: 'customerId',
          resIds: 'resIds',
          labels: 'labels',
          all_location: 'all_location',
          notes: 'notes',
          cs_lbls: 'csLabels',
        };
        const key = field ? known[field] : undefined;
        setErrors(key ? { [key]: e.message } : { form: e.message });
      } else setErrors({ form: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };

  const selectClass = (hasError: boolean) =>
    `mt-1 block w-full rounded-md border bg-white px-2 text-base sm:text-sm ${hasError ? 'border-red-600' : 'border-neutral-300'}`;
  const multiple = (e: React.ChangeEvent<HTMLSelectElement>) =>
    [...e.target.selectedOptions].map((o) => o.value);

  return (
    <Modal
      title={base ? T.editTitle(bookingTitle(base)) : T.createTitle}
      onClose={() => void close()}
      size="lg"
      testId="booking-form"
      footer={
        <>
          <Button variant="secondary" onClick={() => void close()}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={isSaving || isStale}>
            {isSaving ? T.saving : T.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {isStale ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <span>{T.staleEdit}</span>
            <Button variant="secondary" onClick={() => void reload()}>
              {T.reload}
            </Button>
          </div>
        ) : null}
        <FormMessage message={errors.form} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={T.reference}
            value={values.reference}
            maxLength={200}
            onChange={(e) => set('reference', e.target.value)}
            error={errors.reference}
          />
          {base ? null : (
            <ControlField label={T.status} error={errors.status}>
              {(id, describedBy) => (
                <select
                  id={id}
                  aria-describedby={describedBy}
                  value={values.status}
                  onChange={(e) =>
                    set('status', CREATE_STATUSES.find((s) => s === e.target.value) ?? 'draft')
                  }
                  className={`${selectClass(false)} min-h-11 sm:min-h-9`}
                >
                  {CREATE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s.charAt(0).toUpperCase() + s.slice(1)}
                    </option>
                  ))}
                </select>
              )}
            </ControlField>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <TemporalField
            kind="date"
            label={T.date}
            required
            value={values.date}
            onValueChange={(v) => set('date', v)}
            error={errors.date}
          />
          <TemporalField
            kind="time"
            label={T.begin}
            step={900}
            required
            value={values.begin}
            onValueChange={(v) => set('begin', v)}
            error={errors.begin}
          />
          <TemporalField
            kind="time"
            label={T.end}
            step={900}
            required
            value={values.end}
            onValueChange={(v) => set('end', v)}
            error={errors.end}
          />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-700 sm:min-h-9">
          <input
            type="checkbox"
            checked={values.endsNextDay}
            onChange={(e) => {
              set('endsNextDay', e.target.checked);
              clearErrors('end');
            }}
            className="size-4 rounded border-neutral-300"
          />
          {T.endsNextDay}
        </label>
        <ControlField label={T.customer} error={errors.customerId}>
          {(id, describedBy) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={values.customerId}
              onChange={(e) => pickCustomer(e.target.value)}
              aria-invalid={errors.customerId ? true : undefined}
              className={`${selectClass(Boolean(errors.customerId))} min-h-11 sm:min-h-9`}
            >
              <option value="">{mayOmitCustomer ? T.noCustomer : T.chooseCustomer}</option>
              {customers.map((c) => (
                <option key={c._id} value={c._id}>
                  {recordName(c, c._id)}
                </option>
              ))}
            </select>
          )}
        </ControlField>
        <div className="grid gap-3 sm:grid-cols-2">
          <ControlField label={T.resource} error={errors.resIds} hint={T.resourcesHint}>
            {(id, describedBy) => (
              <select
                id={id}
                multiple
                size={6}
                aria-describedby={describedBy}
                value={values.resIds}
                onChange={(e) => set('resIds', multiple(e))}
                className={`${selectClass(Boolean(errors.resIds))} py-1`}
              >
                {resources.map((r) => (
                  <option key={r._id} value={r._id}>
                    {recordName(r, r._id)}
                  </option>
                ))}
              </select>
            )}
          </ControlField>
          <ControlField label={T.labels} error={errors.labels} hint={T.resourcesHint}>
            {(id, describedBy) => (
              <select
                id={id}
                multiple
                size={6}
                aria-describedby={describedBy}
                value={values.labels}
                onChange={(e) => set('labels', multiple(e))}
                className={`${selectClass(Boolean(errors.labels))} py-1`}
              >
                {labels.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name ?? l._id}
                  </option>
                ))}
              </select>
            )}
          </ControlField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Field
              label={T.address}
              value={values.all_location}
              maxLength={1000}
              onChange={(e) => editAddress(e.target.value)}
              error={errors.all_location}
            />
            <p className="mt-1 text-xs text-neutral-500" data-testid="booking-location">
              {values.geo ? T.locationKnown(values.geo.lat, values.geo.lng) : T.locationUnknown}
            </p>
          </div>
          <ControlField label={T.customerLabels} error={errors.csLabels} hint={T.resourcesHint}>
            {(id, describedBy) => (
              <select
                id={id}
                multiple
                size={4}
                aria-describedby={describedBy}
                value={values.csLabels}
                onChange={(e) => set('csLabels', multiple(e))}
                className={`${selectClass(Boolean(errors.csLabels))} py-1`}
              >
                {labels.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name ?? l._id}
                  </option>
                ))}
              </select>
            )}
          </ControlField>
        </div>
        <ControlField label={T.notes} error={errors.notes}>
          {(id, describedBy) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={3}
              maxLength={5000}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
              className={`${selectClass(Boolean(errors.notes))} py-2`}
            />
          )}
        </ControlField>
      </form>
    </Modal>
  );
}
