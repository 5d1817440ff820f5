import { type BlacklistRecord, type PutBlacklistBody, putBlacklistBody } from '@rostra/core/api/blacklists';
import { type CreateCustomerBody, type CustomerRecord, createCustomerBody } from '@rostra/core/api/customers';
import type { ResourceRecord } from '@rostra/core/api/resources';
import { checkEmail } from '@rostra/core/shell/validators';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/client.ts';
import { notify } from '../../../lib/toast.ts';
import { FormCheckbox, FormInput, FormTextarea } from '../../../ui/form.tsx';
import { VersionedFormModal } from '../../../ui/form-modal.tsx';
import type { MaybeRechecked, TakeRechecked } from '../../../ui/rechecked-notice.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { allQuery, DIRECTORY_KEY, displayName } from '../api.ts';
import { LabelsField, PickManyField } from '../labels-field.tsx';
import { PersonForm, type PersonFormProps, PersonNameFields } from '../person-form.tsx';
import { CUSTOMERS_TEXT as C, DIRECTORY_TEXT as T } from '../texts.ts';

/** The customer form's values, as typed. */
const customerValues = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  mobile: z.string(),
  addressline1: z.string(),
  addressline2: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  labels: z.array(z.string()),
  inactive: z.boolean(),
  notes: z.string(),
});
export type CustomerValues = z.input<typeof customerValues>;

const orNull = (s: string) => s.trim() || null;

/**
 * The customer form's checks and the body it sends: a name; an email that looks like one; a
 * phone unless the organisation's `customer_phone_optional` flag is on; then the API's own
 * create schema (bounded fields), as the server checks it again.
 */
export function customerForm(isPhoneOptional: boolean) {
  return customerValues
    .superRefine((v, ctx) => {
      if (!v.first_name.trim() && !v.last_name.trim())
        ctx.addIssue({ code: 'custom', path: ['first_name'], message: T.nameRequired });
      if (v.email.trim() && checkEmail(v.email.trim())[0])
        ctx.addIssue({ code: 'custom', path: ['email'], message: T.invalidEmail });
      if (!isPhoneOptional && !v.phone.trim())
        ctx.addIssue({ code: 'custom', path: ['phone'], message: C.phoneRequired });
    })
    .transform(
      (v): CreateCustomerBody => ({
        name: `${v.first_name.trim()} ${v.last_name.trim()}`.trim(),
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: orNull(v.email),
        phone: orNull(v.phone),
        mobile: orNull(v.mobile),
        addressline1: orNull(v.addressline1),
        addressline2: orNull(v.addressline2),
        suburb: orNull(v.suburb),
        postcode: orNull(v.postcode),
        all_location:
          [v.addressline1, v.addressline2, v.suburb, v.postcode]
            .map((s) => s.trim())
            .filter(Boolean)
            .join(', ') || null,
        labels: v.labels,
        inactive: v.inactive,
        notes: orNull(v.notes),
      }),
    )
    .pipe(createCustomerBody);
}

/** A stored customer's values (a record with one `name` only is split into first and last). */
export function customerValuesOf(c: CustomerRecord | undefined): CustomerValues {
  const [first = '', ...rest] = (c?.name ?? '').split(' ');
  return {
    first_name: c?.first_name || (c && !c.last_name ? first : ''),
    last_name: c?.last_name || (c && !c.first_name ? rest.join(' ') : ''),
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    mobile: c?.mobile ?? '',
    addressline1: c?.addressline1 ?? '',
    addressline2: c?.addressline2 ?? '',
    suburb: c?.suburb ?? '',
    postcode: c?.postcode ?? '',
    labels: c?.labels ?? [],
    inactive: c?.inactive === true,
    notes: c?.notes ?? '',
  };
}

export function CustomerForm({
  customer,
  labels,
  isPhoneOptional,
  ...handlers
}: PersonFormProps<CustomerRecord> & { customer: CustomerRecord | undefined; isPhoneOptional: boolean }) {
  return (
    <PersonForm
      {...handlers}
      collection="/customers"
      record={customer}
      schema={customerForm(isPhoneOptional)}
      valuesOf={customerValuesOf}
      texts={C}
      testId="customer-form"
    >
      {() => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <PersonNameFields<CustomerValues> />
            <FormInput<CustomerValues>
              name="phone"
              label={T.phone}
              type="tel"
              required={!isPhoneOptional}
              maxLength={40}
              {...(isPhoneOptional ? { description: C.phoneOptional } : {})}
            />
            <FormInput<CustomerValues> name="mobile" label={T.mobile} type="tel" maxLength={40} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormInput<CustomerValues> name="addressline1" label={C.addressLine(1)} maxLength={200} />
            <FormInput<CustomerValues> name="addressline2" label={C.addressLine(2)} maxLength={200} />
            <FormInput<CustomerValues> name="suburb" label={C.suburb} maxLength={200} />
            <FormInput<CustomerValues> name="postcode" label={C.postcode} maxLength={20} />
          </div>
          <LabelsField<CustomerValues> name="labels" labels={labels} />
          <FormTextarea<CustomerValues> name="notes" label={T.notes} rows={3} maxLength={5000} />
          <FormCheckbox<CustomerValues> name="inactive" label={C.isInactive} />
        </>
      )}
    </PersonForm>
  );
}

const blacklistForm = putBlacklistBody.pick({ resIds: true });
type BlacklistValues = z.input<typeof blacklistForm>;

/** A customer's blacklist: the resources never to be scheduled for them (PUT, versioned). */
export function BlacklistForm({
  customerId,
  take,
  onClose,
}: {
  customerId: string;
  take: TakeRechecked;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const resources = useQuery(allQuery<ResourceRecord>('/resources'));
  const path = `/customers/${encodeURIComponent(customerId)}/blacklist`;
  const current = useQuery({
    queryKey: [...DIRECTORY_KEY, 'blacklist', customerId],
    queryFn: ({ signal }) =>
      api
        .get<BlacklistRecord>(path, { quiet: true, signal })
        .catch((): Pick<BlacklistRecord, 'resIds' | 'version'> => ({ resIds: [], version: 0 })),
  });
  const form = useZodForm(blacklistForm, { defaultValues: { resIds: [] } });
  const stored = current.data;
  // The list as stored, once read (and again after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets only when the stored list changes
  useEffect(() => {
    if (stored) form.reset({ resIds: stored.resIds });
  }, [stored]);
  const save = async ({ resIds }: BlacklistValues) => {
    const body: PutBlacklistBody = { resIds, version: stored?.version ?? 0 };
    take(await api.request<MaybeRechecked>(path, { method: 'PUT', body, quiet: true, retry: false }));
    notify.success(T.saved);
    await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
    form.reset({ resIds });
    onClose();
  };
  return (
    <VersionedFormModal
      form={form}
      title={C.blacklistTitle}
      description={C.blacklistHint}
      testId="blacklist-form"
      onSubmit={save}
      onReload={() => current.refetch()}
      onClose={onClose}
      staleText={T.staleEdit}
    >
      <PickManyField<BlacklistValues>
        name="resIds"
        label={C.blacklisted}
        size={8}
        options={(resources.data ?? []).map((r) => [r._id, displayName(r, r._id)] as const)}
      />
    </VersionedFormModal>
  );
}
