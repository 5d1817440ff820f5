import type { CustomerRecord } from '@rostra/core/api/customers';
import {
  GROUP_EVENT_START_STATUSES,
  type GroupEventBody,
  type GroupEventRecord,
  groupEventBody,
} from '@rostra/core/api/group-events';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { z } from 'zod';
import { notify } from '../../../lib/toast.ts';
import { FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { displayName } from '../api.ts';
import { PickManyField } from '../labels-field.tsx';
import { checkEvent, spanFrom, spanValuesOf } from '../model.ts';
import { RecordForm } from '../record-directory.tsx';
import { SpanFields } from '../span-fields.tsx';
import { GROUP_EVENTS_TEXT as G, DIRECTORY_TEXT as T } from '../texts.ts';

const COLLECTION = '/timeline-records';

/** A group event's name as lists and titles show it. */
export const groupEventTitle = (e: GroupEventRecord) =>
  e.reference || (typeof e.name === 'string' ? e.name : '') || e._id;

/** Where it takes place (imported records may hold anything there). */
export const locationOf = (e: GroupEventRecord) => (typeof e.all_location === 'string' ? e.all_location : '');

/** Everyone attending: the record's customer and the other customers (each once). */
export const attendingOf = (e: GroupEventRecord) => [
  ...new Set([...(e.customerId ? [e.customerId] : []), ...(e.cusIds ?? [])]),
];

const groupEventValues = z.object({
  reference: z.string(),
  status: z.enum(GROUP_EVENT_START_STATUSES),
  date: z.string(),
  begin: z.string(),
  end: z.string(),
  all_location: z.string(),
  resIds: z.array(z.string()),
  cusIds: z.array(z.string()),
  notes: z.string(),
});
export type GroupEventValues = z.input<typeof groupEventValues>;

/**
 * The group event form's checks and the body it sends: a name, a valid span, a resource when the
 * organisation forces resources on group events; the first customer is the record's customer (its
 * readers list) and all attend; a new event also sends its kind and starting status.
 */
export function groupEventForm({
  isNew,
  mustHaveResource,
  resources,
  customers,
}: {
  isNew: boolean;
  mustHaveResource: boolean;
  resources: readonly ResourceRecord[];
  customers: readonly CustomerRecord[];
}) {
  return groupEventValues
    .superRefine((v, ctx) =>
      checkEvent(v, ctx, { nameField: 'reference', kind: 'groupevent', isNew, mustHaveResource }),
    )
    .transform((v): GroupEventBody => {
      const span = spanFrom(v.date, v.begin, v.end);
      const firstResource = resources.find((r) => r._id === v.resIds[0]);
      const firstCustomer = customers.find((c) => c._id === v.cusIds[0]);
      return {
        reference: v.reference.trim(),
        utc_begin_plus_tz: span.begin,
        utc_end_plus_tz: span.end,
        all_location: v.all_location.trim() || null,
        resIds: v.resIds,
        resource_first_name: firstResource?.first_name || null,
        resource_last_name: firstResource?.last_name || null,
        customerId: v.cusIds[0] ?? null,
        customer_first_name: firstCustomer?.first_name || (firstCustomer ? displayName(firstCustomer) : null),
        customer_last_name: firstCustomer?.last_name || null,
        cusIds: v.cusIds,
        notes: v.notes.trim() || null,
        ...(isNew ? { _key: 'groupevent', type: 'groupevent', status: v.status } : {}),
      };
    })
    .pipe(groupEventBody);
}

export const groupEventValuesOf = (e: GroupEventRecord | undefined): GroupEventValues => ({
  reference: e ? groupEventTitle(e) : '',
  status: GROUP_EVENT_START_STATUSES.find((s) => s === e?.status) ?? 'draft',
  ...spanValuesOf(e?.utc_begin_plus_tz, e?.utc_end_plus_tz),
  all_location: e ? locationOf(e) : '',
  resIds: e?.resIds ?? [],
  cusIds: e ? attendingOf(e) : [],
  notes: e?.notes ?? '',
});

const names = (records: readonly (ResourceRecord | CustomerRecord)[]) =>
  records.map((r) => [r._id, displayName(r, r._id)] as const);

/** The group event form: saved with conflicts, it says so (the drawer then lists them). */
export function GroupEventForm({
  event,
  mustHaveResource,
  resources,
  customers,
  onClose,
  onSaved,
}: {
  event: GroupEventRecord | undefined;
  mustHaveResource: boolean;
  resources: ResourceRecord[];
  customers: CustomerRecord[];
  onClose: () => void;
  onSaved: (e: GroupEventRecord) => void;
}) {
  return (
    <RecordForm
      collection={COLLECTION}
      record={event}
      schema={groupEventForm({ isNew: !event, mustHaveResource, resources, customers })}
      valuesOf={groupEventValuesOf}
      title={(e) => (e ? G.editTitle(groupEventTitle(e)) : G.createTitle)}
      testId="groupevent-form"
      size="lg"
      fieldMap={{ utc_begin_plus_tz: 'begin', utc_end_plus_tz: 'end', customerId: 'cusIds' }}
      toldSaved={(e) =>
        e.isConflict === true ? notify.error(G.savedWithConflicts) : notify.success(T.saved)
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      {() => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormInput<GroupEventValues> name="reference" label={T.name} maxLength={200} />
            {event ? null : (
              <FormSelect<GroupEventValues>
                name="status"
                label={T.status}
                options={GROUP_EVENT_START_STATUSES.map((s) => [s, s.charAt(0).toUpperCase() + s.slice(1)])}
              />
            )}
          </div>
          <SpanFields />
          <FormInput<GroupEventValues> name="all_location" label={T.location} maxLength={1000} />
          <div className="grid gap-3 sm:grid-cols-2">
            <PickManyField<GroupEventValues>
              name="resIds"
              label={G.resources}
              options={names(resources)}
              size={6}
            />
            <PickManyField<GroupEventValues>
              name="cusIds"
              label={G.customers}
              options={names(customers)}
              size={6}
            />
          </div>
          <FormTextarea<GroupEventValues> name="notes" label={T.notes} rows={3} maxLength={5000} />
        </>
      )}
    </RecordForm>
  );
}
