import type { CandidateOutcome } from '@rostra/core/allocation/modes';
import type { AllocationJob } from '@rostra/core/allocation/scenario';
import type { SavedBooking } from '@rostra/core/api/bookings';
import { customerPlace } from '@rostra/core/records/booking-rules';
import { FLAG_RULE_TEXT, isResourceForced } from '@rostra/core/settings/flag-rules';
import { DAY, toYmd } from '@rostra/core/time/calendar';
import { Check, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useShell } from '../../shell/shell-context.tsx';
import { FormInput, FormMultiSelect } from '../../ui/form.tsx';
import { FormModal } from '../../ui/form-modal.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { type BookingInput, createBooking, type NamedRecord, recordName } from '../bookings/api.ts';
import { confirmBookingAssignment } from '../bookings/assign-confirm.ts';
import {
  type BookingFormSchema,
  type BookingValues,
  bookingFormSchema,
  valuesOf,
} from '../bookings/booking-values.ts';
import { CustomerField } from './customer-field.tsx';
import type { Row } from './model.ts';
import { TL } from './texts.ts';

/** Where a booking is being created: the row and its times (wall-clock seconds). */
export type CreateTarget = { row: Row; begin: number; end: number };

/** The dispatcher said no to "Assign anyway?": nothing is sent and the form stays as typed. */
class Declined extends Error {}

const hhmm = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 16);

/** The quick form's first values: the swept times, the row's resource, confirmed. */
export function createValues(target: CreateTarget): BookingValues {
  return {
    ...valuesOf(undefined),
    status: 'confirmed',
    resIds: target.row.resource ? [target.row.id] : [],
    date: toYmd(target.begin),
    begin: hhmm(target.begin),
    end: hhmm(target.end),
    endsNextDay: toYmd(target.end - 1) > toYmd(target.begin) || target.end - target.begin >= DAY,
  };
}

/**
 * Create on the grid (issue 18 point 2): the quick form a swept stretch (or a row's "new
 * booking") opens: the customer by search (their address and labels follow), the booking's
 * labels, the times as swept, the address. While it is filled in, the core's checks run in the
 * browser for the row's resource, as they do while dragging; the server has the last word on
 * save (a failing resource asks "Assign anyway?" first, as everywhere).
 */
export function CreateBooking(props: {
  target: CreateTarget;
  customers: readonly NamedRecord[];
  labels: readonly NamedRecord[];
  check: (job: AllocationJob, resourceId: string) => Promise<CandidateOutcome | null>;
  onClose: () => void;
  onCreated: (saved: SavedBooking) => void;
}) {
  const { target, customers } = props;
  const { settings } = useShell();
  const schema = useMemo(
    () =>
      bookingFormSchema({
        allowWithoutCustomer: settings?.ds.allow_booking_without_customer === true,
        flags: settings?.ds,
      }),
    [settings],
  );
  const form = useZodForm(schema, { defaultValues: createValues(target) });
  const resource = target.row.resource;

  // A customer picked brings their address, location and labels.
  useEffect(() => {
    const watching = form.watch((v, { name }) => {
      if (name !== 'customerId') return;
      const c = customers.find((x) => x._id === v.customerId);
      if (!c) return;
      const place = customerPlace(c);
      form.setValue('all_location', place.all_location ?? '', { shouldDirty: true });
      form.setValue('geo', place._geoloc, { shouldDirty: true });
      form.setValue('csLabels', place.cs_lbls, { shouldDirty: true });
    });
    return () => watching.unsubscribe();
  }, [form, customers]);

  // The live check: the booking as it would be saved, for the row's resource.
  const values = useWatch({ control: form.control });
  const [outcome, setOutcome] = useState<CandidateOutcome | null>(null);
  const { check } = props;
  useEffect(() => {
    if (!resource) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setOutcome(null);
      return;
    }
    let isCurrent = true;
    const job = { _id: '__new__', _key: 'booking', ...parsed.data, resIds: [] } as AllocationJob;
    void check(job, resource._id).then((answer) => {
      if (isCurrent) setOutcome(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [values, schema, resource, check]);

  const save = async (fields: z.output<BookingFormSchema>) => {
    const input: BookingInput = { ...fields };
    const c = customers.find((x) => x._id === fields.customerId);
    if (c) {
      const place = customerPlace(c);
      input.customer_first_name = place.customer_first_name;
      input.customer_last_name = place.customer_last_name;
    }
    const confirmed = await confirmBookingAssignment(undefined, input, () => target.row.name);
    if (confirmed === null) throw new Declined();
    if (confirmed.override) input.override = confirmed.override;
    props.onCreated(await createBooking(input));
  };

  const labelOptions = props.labels.map((l) => [l._id, recordName(l, l._id)] as const);
  return (
    <FormModal
      title={TL.newTitle}
      description={TL.newFor(
        target.row.name,
        `${toYmd(target.begin)} ${hhmm(target.begin)}–${hhmm(target.end)}`,
      )}
      form={form}
      onSubmit={save}
      formError={(error) => (error instanceof Declined ? '' : undefined)}
      onClose={props.onClose}
      submitText={TL.create}
      submittingText={TL.creating}
      cancelText={TL.cancelNew}
      testId="create-booking"
      fieldMap={{ utc_begin_plus_tz: 'begin', utc_end_plus_tz: 'end', _geoloc: 'all_location' }}
    >
      <CustomerField customers={customers} />
      <div className="grid grid-cols-3 gap-2">
        <FormInput name="date" label={TL.dateField} type="date" />
        <FormInput name="begin" label={TL.begin} type="time" step={900} />
        <FormInput name="end" label={TL.end} type="time" step={900} />
      </div>
      <FormInput name="all_location" label={TL.addressField} autoComplete="off" />
      <FormMultiSelect name="labels" label={TL.labels} options={labelOptions} size={4} />
      {resource ? (
        <section aria-label={TL.checkFor(target.row.name)} data-testid="create-check" className="text-sm">
          {outcome === null ? (
            <p className="text-neutral-500">{TL.checking}</p>
          ) : outcome.ok ? (
            <p className="flex items-center gap-1 text-emerald-700" data-check="pass">
              <Check aria-hidden className="size-4" />
              {TL.passes}
            </p>
          ) : (
            <ul className="space-y-0.5 text-red-700" data-check="fail">
              {outcome.errors.map((e) => (
                <li key={`${e.code}:${e.message}`} className="flex items-start gap-1">
                  <X aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {e.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <p className="text-sm text-neutral-600" data-testid="create-check">
          {isResourceForced('booking', settings?.ds) ? (
            <span role="alert" className="text-red-700">
              {FLAG_RULE_TEXT.resourceRequired.booking}
            </span>
          ) : (
            TL.unassignedCheck
          )}
        </p>
      )}
    </FormModal>
  );
}
