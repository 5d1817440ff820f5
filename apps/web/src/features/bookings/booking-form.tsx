import { bookingTitle, customerPlace } from '@rostra/core/records/booking-rules';
import { START_STATUSES } from '@rostra/core/records/job-status';
import { describeRepeat, type RepeatFrequency } from '@rostra/core/records/recurrence';
import { isRecurrenceOn } from '@rostra/core/settings/flag-rules';
import { fromYmd } from '@rostra/core/time/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { FormDateField } from '../../ui/date-picker.tsx';
import { Fieldset } from '../../ui/fieldset.tsx';
import { FormCheckbox, FormInput, FormMultiSelect, FormSelect, FormTextarea } from '../../ui/form.tsx';
import { VersionedFormModal } from '../../ui/form-modal.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import {
  BOOKINGS_KEY,
  type Booking,
  type BookingInput,
  bookingQuery,
  createBooking,
  createSeries,
  type NamedRecord,
  recordName,
  updateBooking,
} from './api.ts';
import { confirmBookingAssignment } from './assign-confirm.ts';
import {
  type BookingFormSchema,
  type BookingValues,
  bookingFormSchema,
  REPEAT_CHOICES,
  REPEAT_FIELDS,
  valuesOf,
} from './booking-values.ts';
import { BOOKINGS_TEXT as T } from './texts.ts';

/** The dispatcher said no to "Assign anyway?": nothing is sent and the form stays as typed. */
class Declined extends Error {}

function splitName(record: NamedRecord | undefined): { first: string | null; last: string | null } {
  if (!record) return { first: null, last: null };
  if (record.first_name || record.last_name)
    return { first: record.first_name ?? null, last: record.last_name ?? null };
  const [first = '', ...rest] = (record.name ?? '').split(' ');
  return { first: first || null, last: rest.join(' ') || null };
}

const STATUS_OPTIONS = START_STATUSES.map((s) => [s, s.charAt(0).toUpperCase() + s.slice(1)] as const);

/** The server's names of the form's fields (the times are checked on the end). */
const FIELD_MAP = {
  utc_begin_plus_tz: 'begin',
  utc_end_plus_tz: 'end',
  cs_lbls: 'csLabels',
  _geoloc: 'all_location',
  ...REPEAT_FIELDS,
};

const REPEAT_OPTIONS = REPEAT_CHOICES.map((c) => [c, T.repeatChoices[c]] as const);
const REPEAT_END_OPTIONS = (['count', 'until'] as const).map((c) => [c, T.repeatEndChoices[c]] as const);

/**
 * Create or edit a booking (dispatchers), on the form kit: core's booking rules and body schema
 * check it before anything is sent (booking-values.ts), a refused field is named at the field and
 * nothing typed is lost; a save that overlaps another booking is kept with the validator's
 * conflicts (shown in the detail); a stale version says someone else changed it and offers a
 * reload. Leaving with unsaved changes asks first.
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
  const { settings } = useShell();
  const mayOmitCustomer = settings?.ds.allow_booking_without_customer === true;
  const [base, setBase] = useState<Booking | undefined>(booking);
  const [saved, setSaved] = useState<Booking | undefined>();
  const schema = useMemo(
    () =>
      bookingFormSchema({
        allowWithoutCustomer: mayOmitCustomer,
        // Like the server: an older booking without a customer may be edited as long as it keeps none.
        keptCustomerId: base ? (base.customerId ?? '') : undefined,
        isNew: !base,
        flags: settings?.ds,
      }),
    [mayOmitCustomer, base, settings?.ds],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(booking) });
  const geo = useWatch({ control: form.control, name: 'geo' });
  // Saved: once the form is clean again (the unsaved-changes guard released), go on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSaved runs once per save
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved]);
  /*
   * What follows a change: a customer picked brings their address, location and labels (the
   * address only over an empty one or the last customer's); the customer's location goes with
   * the customer's address only; the times are checked together, so a change to one re-checks
   * the others' messages.
   */
  useEffect(() => {
    const placeOf = (id: string | undefined) => {
      const c = customers.find((x) => x._id === id);
      return c ? customerPlace(c) : undefined;
    };
    const set = <K extends 'all_location' | 'geo' | 'csLabels'>(key: K, value: BookingValues[K]) =>
      form.setValue(key, value as never, { shouldDirty: true });
    const initial = valuesOf(base);
    let customer = form.getValues('customerId');
    const watching = form.watch((v, { name }) => {
      if (name === 'customerId' && v.customerId !== customer) {
        const previous = placeOf(customer)?.all_location ?? '';
        const address = v.all_location ?? '';
        customer = v.customerId ?? '';
        const place = placeOf(customer);
        if (!place) return;
        if (address.trim() === '' || address === previous) {
          set('all_location', place.all_location ?? '');
          set('geo', place._geoloc);
        }
        set('csLabels', place.cs_lbls);
      } else if (name === 'all_location') {
        const text = v.all_location ?? '';
        const own = placeOf(customer);
        set(
          'geo',
          own && text === own.all_location ? own._geoloc : text === initial.all_location ? initial.geo : null,
        );
      } else if (name === undefined) customer = form.getValues('customerId');
      else if (form.formState.isSubmitted && ['date', 'begin', 'end', 'endsNextDay'].includes(name))
        void form.trigger(['date', 'begin', 'end']);
    });
    return () => watching.unsubscribe();
  }, [form, customers, base]);

  const reload = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...bookingQuery(base._id), staleTime: 0 });
    setBase(fresh);
    form.reset(valuesOf(fresh));
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  };

  const save = async ({ status, repeat, ...fields }: z.output<BookingFormSchema>) => {
    const customer = splitName(customers.find((c) => c._id === fields.customerId));
    const firstResource = splitName(resources.find((r) => r._id === fields.resIds[0]));
    const input: BookingInput = {
      ...fields,
      customer_first_name: customer.first,
      customer_last_name: customer.last,
      resource_first_name: firstResource.first,
      resource_last_name: firstResource.last,
      ...(base ? {} : { status }),
    };
    // A resource the form newly assigns that fails a check asks first (issue 16 point 5).
    const confirmed = await confirmBookingAssignment(base, input, (id) =>
      recordName(
        resources.find((r) => r._id === id),
        id,
      ),
    );
    if (confirmed === null) throw new Declined();
    if (confirmed.override) input.override = confirmed.override;
    if (!base && repeat) {
      const made = await createSeries(input, repeat);
      queryClient.setQueryData(bookingQuery(made.first._id).queryKey, made.first);
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
      if (made.conflicts > 0)
        notify.error(T.seriesSavedWithConflicts(made.series.occurrences, made.conflicts));
      else notify.success(T.seriesSaved(made.series.occurrences));
      setSaved(made.first);
      return;
    }
    const stored = base ? await updateBooking(base._id, base.version, input) : await createBooking(input);
    queryClient.setQueryData(bookingQuery(stored._id).queryKey, stored);
    await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    if (stored.isConflict) notify.error(T.savedWithConflicts);
    else notify.success(T.saved);
    setSaved(stored);
  };

  const customerOptions = [
    ['', mayOmitCustomer ? T.noCustomer : T.chooseCustomer] as const,
    ...customers.map((c) => [c._id, recordName(c, c._id)] as const),
  ];
  const labelOptions = labels.map((l) => [l._id, l.name ?? l._id] as const);

  return (
    <VersionedFormModal
      title={base ? T.editTitle(bookingTitle(base)) : T.createTitle}
      onClose={onClose}
      size="lg"
      testId="booking-form"
      form={form}
      onSubmit={save}
      onReload={reload}
      staleText={T.staleEdit}
      formError={(error) => (error instanceof Declined ? '' : undefined)}
      fieldMap={FIELD_MAP}
      formClassName="space-y-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormInput<BookingValues> name="reference" label={T.reference} maxLength={200} />
        {base ? null : <FormSelect<BookingValues> name="status" label={T.status} options={STATUS_OPTIONS} />}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormDateField<BookingValues> name="date" kind="date" label={T.date} required />
        <FormDateField<BookingValues> name="begin" kind="time" label={T.begin} step={900} required />
        <FormDateField<BookingValues> name="end" kind="time" label={T.end} step={900} required />
      </div>
      <FormCheckbox<BookingValues> name="endsNextDay" label={T.endsNextDay} />
      {!base && isRecurrenceOn(settings?.ds) ? <RepeatFields /> : null}
      <FormSelect<BookingValues> name="customerId" label={T.customer} options={customerOptions} />
      <div className="grid gap-3 sm:grid-cols-2">
        <MultiSelectField
          name="resIds"
          label={T.resource}
          options={resources.map((r) => [r._id, recordName(r, r._id)] as const)}
        />
        <MultiSelectField name="labels" label={T.labels} options={labelOptions} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormInput<BookingValues>
          name="all_location"
          label={T.address}
          maxLength={1000}
          description={
            <span data-testid="booking-location">
              {geo ? T.locationKnown(geo.lat, geo.lng) : T.locationUnknown}
            </span>
          }
        />
        <MultiSelectField name="csLabels" label={T.customerLabels} options={labelOptions} size={4} />
      </div>
      <FormTextarea<BookingValues> name="notes" label={T.notes} rows={3} maxLength={5000} />
    </VersionedFormModal>
  );
}

/**
 * The Repeat option of a new booking (`planner_recurrence`): how often, and until a last day or
 * for a number of bookings; the rule in words once it is complete.
 */
function RepeatFields() {
  const [repeat, end, date, begin, until, count] = useWatch<BookingValues>({
    name: ['repeat', 'repeatEnd', 'date', 'begin', 'repeatUntil', 'repeatCount'],
  }) as [string, string, string, string, string, string];
  const first = fromYmd(date) + (Number(begin.slice(0, 2)) * 60 + Number(begin.slice(3, 5))) * 60;
  const bound = end === 'count' ? Number(count) : fromYmd(until);
  const rule =
    repeat === 'none'
      ? null
      : { frequency: repeat as RepeatFrequency, ...(end === 'count' ? { count: bound } : { until: bound }) };
  const words = rule && Number.isFinite(first) && Number.isFinite(bound) ? describeRepeat(first, rule) : null;
  return (
    <Fieldset
      className="grid gap-3 sm:grid-cols-3"
      data-testid="booking-repeat"
      legend={T.repeat}
      look="hidden"
    >
      <FormSelect<BookingValues>
        name="repeat"
        label={T.repeat}
        options={REPEAT_OPTIONS}
        description={words ? T.repeatHint(words) : undefined}
      />
      {repeat === 'none' ? null : (
        <>
          <FormSelect<BookingValues> name="repeatEnd" label={T.repeatEnd} options={REPEAT_END_OPTIONS} />
          {end === 'count' ? (
            <FormInput<BookingValues>
              name="repeatCount"
              label={T.repeatCount}
              type="number"
              min={2}
              max={366}
              inputMode="numeric"
            />
          ) : (
            <FormDateField<BookingValues> name="repeatUntil" kind="date" label={T.repeatUntil} />
          )}
        </>
      )}
    </Fieldset>
  );
}

/** A list to choose several from (resources, labels): Ctrl or ⌘ adds one. */
function MultiSelectField(props: {
  name: 'resIds' | 'labels' | 'csLabels';
  label: string;
  options: readonly (readonly [string, string])[];
  size?: number;
}) {
  return <FormMultiSelect<BookingValues> size={6} {...props} description={T.resourcesHint} />;
}
