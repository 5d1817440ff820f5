import { bookingTitle } from '@rostra/core/records/booking-rules';
import { checkEmail } from '@rostra/core/shell/validators';
import { formatDate } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { api } from '../../lib/client.ts';
import {
  allQuery,
  createRecord,
  DIRECTORY_KEY,
  displayName,
  type Label,
  labelsQuery,
  numberedListQuery,
  overviewQuery,
  pageFrom,
  param,
  type Rec,
  recordQuery,
  str,
  strs,
  updateRecord,
} from '../../lib/directory.ts';
import { useLive } from '../../lib/live.ts';
import { patchSearch } from '../../lib/search-params.ts';
import { notify } from '../../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Drawer, Modal } from '../../ui/dialog.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { QueryState, SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import {
  type MaybeRechecked,
  RecheckedNotice,
  type TakeRechecked,
  useRechecked,
} from '../../ui/rechecked-notice.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import {
  ActiveBadge,
  ControlField,
  chosen,
  DeleteButton,
  Facts,
  FilterSelect,
  formatSpan,
  LabelChips,
  ScreenHeader,
  Section,
  StaleNotice,
  saveErrors,
  selectClass,
} from './parts.tsx';
import type { CustomersSearch } from './search.ts';
import { CUSTOMERS_TEXT as C, DIRECTORY_TEXT as T } from './texts.ts';

const PAGE_SIZE = 40;
const COLLECTION = '/customers';

type Overview = {
  blacklisted: { _id: string; name: string }[];
  service_plans: Rec[];
  bookings: { total: number; upcoming: number };
};

export function addressOf(c: Rec): string {
  const lines = [c.addressline1, c.addressline2, c.addressline3, c.suburb, c.postcode]
    .map(str)
    .filter(Boolean);
  return lines.length ? lines.join(', ') : str(c.all_location);
}

/**
 * Customers (/customers, issue 8): search, active and label filters and numbered pages, all in the
 * URL; `?id=` opens one (contact, address, labels, blacklisted resources, service plans, their
 * bookings). Dispatchers create, edit and delete; a phone number is required unless the
 * organisation's `customer_phone_optional` flag is on.
 */
export function CustomersScreen() {
  const { role, settings } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/customers' });
  const navigate = useNavigate({ from: '/customers' });
  const setSearch = (patch: Partial<CustomersSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const liveClient = useQueryClient();
  // Changes by others (or in another tab) refresh what this screen shows.
  useLive(isDispatcher ? { topic: 'records', kind: 'customers' } : null, (e) => {
    if (e.type !== 'error') void liveClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const selected = search.id;
  const select = (id: string | undefined) => void navigate({ search: (prev) => ({ ...prev, id: id }) });
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  // The bookings the last blacklist change put in or took out of conflict (issue 16 point 2): by
  // the blacklist in the customer's drawer while it is open, else above the list, until dismissed.
  const rechecked = useRechecked();
  const q = param(search, 'q');
  const status = param(search, 'status');
  const label = param(search, 'label');
  const page = pageFrom(search.page);
  const list = useQuery(
    numberedListQuery('/directory/customers', {
      q: q || undefined,
      inactive: status === 'inactive' ? true : status === 'active' ? false : undefined,
      label: label || undefined,
      page,
      limit: PAGE_SIZE,
    }),
  );
  const labels = useQuery(labelsQuery);
  const isPhoneOptional = settings?.ds.customer_phone_optional === true;
  const isFiltered = Boolean(q || status || label);

  return (
    <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={C.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {C.newCustomer}
            </Button>
          ) : null
        }
      />
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={q}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${C.title.toLowerCase()}`}
          placeholder={C.searchPlaceholder}
        />
        <FilterSelect
          label={T.status}
          value={status}
          onChange={(v) => setSearch({ status: v })}
          options={[
            ['', T.all],
            ['active', T.active],
            ['inactive', T.inactive],
          ]}
        />
        <FilterSelect
          label={T.labels}
          value={label}
          onChange={(v) => setSearch({ label: v })}
          options={[['', T.any], ...(labels.data ?? []).map((l) => [l._id, l.name] as const)]}
        />
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setSearch({ q: '', status: '', label: '' })}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>

      {selected ? null : <RecheckedNotice {...rechecked.props} className="mt-4" />}
      <section aria-label={C.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? C.empty : C.emptyNone}
          emptyHint={isFiltered ? C.emptyHint : undefined}
        >
          <CustomerTable items={list.data?.items ?? []} selected={selected} labels={labels.data ?? []} />
          <CustomerCards items={list.data?.items ?? []} selected={selected} />
          <Pager
            page={page}
            limit={list.data?.limit ?? PAGE_SIZE}
            total={list.data?.total ?? 0}
            isFetching={list.isFetching}
            onPage={(p) => setSearch({ page: String(p) })}
          />
        </QueryState>
      </section>

      {selected ? (
        <CustomerDetail
          key={selected}
          id={selected}
          labels={labels.data ?? []}
          isDispatcher={isDispatcher}
          onClose={() => select(undefined)}
          onEdit={(c) => setEditing(c)}
          take={rechecked.take}
          notice={<RecheckedNotice {...rechecked.props} className="mt-2" />}
        />
      ) : null}
      {editing ? (
        <CustomerForm
          customer={editing === 'new' ? undefined : editing}
          labels={labels.data ?? []}
          isPhoneOptional={isPhoneOptional}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            setEditing(null);
            select(c._id);
          }}
        />
      ) : null}
    </div>
  );
}

function OpenLink({
  id,
  children,
  className,
}: {
  id: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link to="." search={(prev) => ({ ...prev, id })} className={className}>
      {children}
    </Link>
  );
}

function CustomerTable({
  items,
  selected,
  labels,
}: {
  items: Rec[];
  selected: string | undefined;
  labels: Label[];
}) {
  return (
    <div className="hidden overflow-hidden rounded-lg border border-neutral-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.name}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.contact}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.address}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.labels}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.status}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {items.map((c) => (
            <tr
              key={c._id}
              data-customer={c._id}
              aria-current={selected === c._id ? 'true' : undefined}
              className={selected === c._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}
            >
              <td className="px-3 py-2">
                <OpenLink
                  id={c._id}
                  className="font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:underline"
                >
                  {displayName(c, c._id)}
                </OpenLink>
              </td>
              <td className="px-3 py-2 text-neutral-700">
                <div>{str(c.email) || T.none}</div>
                <div className="text-xs text-neutral-500">{str(c.phone) || str(c.mobile)}</div>
              </td>
              <td className="max-w-64 truncate px-3 py-2 text-neutral-700">{addressOf(c) || T.none}</td>
              <td className="px-3 py-2">
                <LabelChips ids={strs(c.labels)} labels={labels} />
              </td>
              <td className="px-3 py-2">
                <ActiveBadge isInactive={c.inactive === true} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CustomerCards({ items, selected }: { items: Rec[]; selected: string | undefined }) {
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((c) => (
        <li
          key={c._id}
          data-customer={c._id}
          className={`relative rounded-lg border bg-white p-3 ${selected === c._id ? 'border-sky-400' : 'border-neutral-200'}`}
        >
          <div className="flex items-start justify-between gap-2">
            <OpenLink
              id={c._id}
              className="font-medium text-sky-800 after:absolute after:inset-0 after:content-['']"
            >
              {displayName(c, c._id)}
            </OpenLink>
            <ActiveBadge isInactive={c.inactive === true} />
          </div>
          <p className="mt-1 text-sm text-neutral-600">
            {[str(c.phone), str(c.email)].filter(Boolean).join(' · ')}
          </p>
          {addressOf(c) ? <p className="text-sm text-neutral-500">{addressOf(c)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function CustomerDetail({
  id,
  labels,
  isDispatcher,
  onClose,
  onEdit,
  take,
  notice,
}: {
  id: string;
  labels: Label[];
  isDispatcher: boolean;
  onClose: () => void;
  onEdit: (c: Rec) => void;
  /** Keeps what a blacklist change re-checked for the notice. */
  take: TakeRechecked;
  /** What the last blacklist change re-checked, shown under the blacklist. */
  notice: ReactNode;
}) {
  const customer = useQuery(recordQuery(COLLECTION, id));
  const overview = useQuery({
    ...overviewQuery<Overview>('/directory/customers', id),
    enabled: customer.isSuccess,
  });
  const bookings = useQuery({
    queryKey: [...DIRECTORY_KEY, 'customer-bookings', id],
    queryFn: ({ signal }) =>
      api.post<{ items: Rec[]; total: number }>(
        '/bookings/search',
        { customer: id, order: 'desc', limit: 10 },
        { quiet: true, signal },
      ),
    enabled: customer.isSuccess,
  });
  const [isBlacklistOpen, setBlacklistOpen] = useState(false);
  const c = customer.data;
  return (
    <Drawer title={c ? displayName(c, id) : C.title} onClose={onClose} testId="customer-detail">
      {customer.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={4} />
        </div>
      ) : customer.isError || !c ? (
        <div className="p-4">
          <StateMessage
            tone="error"
            title={customer.error?.message.includes('Not found') ? T.notFound : T.detailFailed}
            hint={customer.error?.message}
          />
        </div>
      ) : (
        <div className="pb-4">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            <ActiveBadge isInactive={c.inactive === true} />
            <span className="text-xs text-neutral-500">{c._id}</span>
            {isDispatcher ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(c)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton
                  collection={COLLECTION}
                  record={c}
                  what={C.deleteWhat(displayName(c, id))}
                  onDeleted={onClose}
                />
              </div>
            ) : null}
          </div>
          <Section title={C.contact}>
            <Facts
              rows={[
                [T.email, str(c.email)],
                [T.phone, str(c.phone)],
                [T.mobile, str(c.mobile)],
              ]}
            />
          </Section>
          <Section title={C.address}>
            <p>{addressOf(c) || T.none}</p>
          </Section>
          <Section title={T.labels}>
            <LabelChips ids={strs(c.labels)} labels={labels} />
          </Section>
          <Section
            title={C.blacklisted}
            action={
              isDispatcher ? (
                <Button variant="ghost" onClick={() => setBlacklistOpen(true)}>
                  {C.editBlacklist}
                </Button>
              ) : null
            }
          >
            {overview.isPending ? (
              <SkeletonRows rows={1} height="h-6" />
            ) : overview.data?.blacklisted.length ? (
              <ul className="flex flex-wrap gap-1">
                {overview.data.blacklisted.map((r) => (
                  <li key={r._id} className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800">
                    {r.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-500">{overview.isError ? overview.error.message : C.noBlacklist}</p>
            )}
            {notice}
          </Section>
          <Section title={C.servicePlans}>
            {overview.data?.service_plans.length ? (
              <ul className="space-y-1">
                {overview.data.service_plans.map((p) => (
                  <li key={str(p.VisitStemID)} className="flex justify-between gap-2">
                    <span>{str(p.VisitStemID)}</span>
                    <span className="text-neutral-600">
                      {str(p.UpdateType) === 'Ended' && typeof p.EndDate === 'number'
                        ? C.planEnded(formatDate(p.EndDate))
                        : str(p.UpdateType) || T.active}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-500">{C.noServicePlans}</p>
            )}
          </Section>
          <Section
            title={C.bookings}
            action={
              <Link
                to={'/bookings' as string}
                search={{ customer: id }}
                className="text-sm font-medium text-sky-800 underline-offset-2 hover:underline"
              >
                {C.openBookings}
              </Link>
            }
          >
            {overview.data ? (
              <p className="mb-2 text-neutral-600">
                {C.bookingCounts(overview.data.bookings.total, overview.data.bookings.upcoming)}
              </p>
            ) : null}
            {bookings.isPending ? (
              <SkeletonRows rows={2} height="h-8" />
            ) : bookings.data?.items.length ? (
              <ul className="divide-y divide-neutral-100">
                {bookings.data.items.map((b) => (
                  <li key={b._id} className="py-1.5">
                    <Link
                      to={'/bookings' as string}
                      search={{ job_id: b._id }}
                      className="font-medium text-sky-800 underline-offset-2 hover:underline"
                    >
                      {bookingTitle(b)}
                    </Link>
                    <div className="text-xs text-neutral-600 tabular-nums">
                      {formatSpan(b.utc_begin_plus_tz as number, b.utc_end_plus_tz as number)} ·{' '}
                      {str(b.status)}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-500">{C.noBookings}</p>
            )}
          </Section>
          {str(c.notes) ? (
            <Section title={T.notes}>
              <p className="whitespace-pre-line">{str(c.notes)}</p>
            </Section>
          ) : null}
        </div>
      )}
      {isBlacklistOpen && c ? (
        <BlacklistForm customerId={c._id} take={take} onClose={() => setBlacklistOpen(false)} />
      ) : null}
    </Drawer>
  );
}

/** A customer's blacklist: the resources never to be scheduled for them (PUT, versioned). */
function BlacklistForm({
  customerId,
  take,
  onClose,
}: {
  customerId: string;
  take: TakeRechecked;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const resources = useQuery(allQuery('/resources'));
  const current = useQuery({
    queryKey: [...DIRECTORY_KEY, 'blacklist', customerId],
    queryFn: ({ signal }) =>
      api
        .get<{ resIds: string[]; version: number }>(
          `/customers/${encodeURIComponent(customerId)}/blacklist`,
          {
            quiet: true,
            signal,
          },
        )
        .catch(() => ({ resIds: [] as string[], version: 0 })),
  });
  const [picked, setPicked] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = picked ?? current.data?.resIds ?? [];
  const formId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      take(
        await api.request<MaybeRechecked>(`/customers/${encodeURIComponent(customerId)}/blacklist`, {
          method: 'PUT',
          body: { resIds: value, version: current.data?.version ?? 0 },
          quiet: true,
          retry: false,
        }),
      );
      notify.success(T.saved);
      await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
      onClose();
    } catch (err) {
      setError(saveErrors(err, {}).stale ? T.staleEdit : err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Modal
      title={C.blacklistTitle}
      description={C.blacklistHint}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={current.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} className="space-y-3">
        <FormMessage message={error} />
        <ControlField label={C.blacklisted} hint={T.multiHint}>
          {(id, describedBy) => (
            <select
              id={id}
              multiple
              size={8}
              aria-describedby={describedBy}
              value={value}
              onChange={(e) => setPicked(chosen(e))}
              className={`${selectClass()} py-1`}
            >
              {(resources.data ?? []).map((r) => (
                <option key={r._id} value={r._id}>
                  {displayName(r, r._id)}
                </option>
              ))}
            </select>
          )}
        </ControlField>
      </form>
    </Modal>
  );
}

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  addressline1: string;
  addressline2: string;
  suburb: string;
  postcode: string;
  labels: string[];
  inactive: boolean;
  notes: string;
};
type Key = keyof Values;

function valuesOf(c: Rec | undefined): Values {
  const [first = '', ...rest] = str(c?.name).split(' ');
  return {
    first_name: str(c?.first_name) || (c && !str(c.last_name) ? first : ''),
    last_name: str(c?.last_name) || (c && !str(c.first_name) ? rest.join(' ') : ''),
    email: str(c?.email),
    phone: str(c?.phone),
    mobile: str(c?.mobile),
    addressline1: str(c?.addressline1),
    addressline2: str(c?.addressline2),
    suburb: str(c?.suburb),
    postcode: str(c?.postcode),
    labels: strs(c?.labels),
    inactive: c?.inactive === true,
    notes: str(c?.notes),
  };
}

/** The form's own checks; the server checks again (bounded strings, strict body). */
export function checkCustomer(v: Values, isPhoneOptional: boolean): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  if (!v.first_name.trim() && !v.last_name.trim()) errors.first_name = T.nameRequired;
  if (v.email.trim()) {
    const issue = checkEmail(v.email.trim())[0];
    if (issue) errors.email = T.invalidEmail;
  }
  if (!isPhoneOptional && !v.phone.trim()) errors.phone = C.phoneRequired;
  return errors;
}

const FIELDS: Record<string, Key> = {
  first_name: 'first_name',
  last_name: 'last_name',
  name: 'first_name',
  email: 'email',
  phone: 'phone',
  mobile: 'mobile',
  addressline1: 'addressline1',
  addressline2: 'addressline2',
  suburb: 'suburb',
  postcode: 'postcode',
  notes: 'notes',
};

function CustomerForm({
  customer,
  labels,
  isPhoneOptional,
  onClose,
  onSaved,
}: {
  customer: Rec | undefined;
  labels: Label[];
  isPhoneOptional: boolean;
  onClose: () => void;
  onSaved: (c: Rec) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [base, setBase] = useState(customer);
  const [initial, setInitial] = useState(() => valuesOf(customer));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Key | 'form', string>>>({});
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends Key>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const reload = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...recordQuery(COLLECTION, base._id), staleTime: 0 });
    setBase(fresh);
    setInitial(valuesOf(fresh));
    setValues(valuesOf(fresh));
    setStale(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkCustomer(values, isPhoneOptional);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    const t = (s: string) => s.trim() || null;
    const body = {
      name: `${values.first_name.trim()} ${values.last_name.trim()}`.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: t(values.email),
      phone: t(values.phone),
      mobile: t(values.mobile),
      addressline1: t(values.addressline1),
      addressline2: t(values.addressline2),
      suburb: t(values.suburb),
      postcode: t(values.postcode),
      all_location:
        [values.addressline1, values.addressline2, values.suburb, values.postcode]
          .map((s) => s.trim())
          .filter(Boolean)
          .join(', ') || null,
      labels: values.labels,
      inactive: values.inactive,
      notes: t(values.notes),
    };
    setSaving(true);
    try {
      const saved = base
        ? await updateRecord(COLLECTION, base._id, base.version ?? 0, body)
        : await createRecord(COLLECTION, body);
      setInitial(values);
      queryClient.setQueryData(recordQuery(COLLECTION, saved._id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
      notify.success(T.saved);
      onSaved(saved);
    } catch (err) {
      const r = saveErrors(err, FIELDS);
      setStale(r.stale);
      setErrors(r.errors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={base ? C.editTitle(displayName(base, base._id)) : C.createTitle}
      onClose={() => void close()}
      size="lg"
      testId="customer-form"
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
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        {isStale ? <StaleNotice onReload={() => void reload()} /> : null}
        <FormMessage message={errors.form} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={T.firstName}
            value={values.first_name}
            maxLength={200}
            onChange={(e) => set('first_name', e.target.value)}
            error={errors.first_name}
          />
          <Field
            label={T.lastName}
            value={values.last_name}
            maxLength={200}
            onChange={(e) => set('last_name', e.target.value)}
            error={errors.last_name}
          />
          <Field
            label={T.email}
            type="email"
            value={values.email}
            maxLength={200}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
          />
          <Field
            label={T.phone}
            type="tel"
            required={!isPhoneOptional}
            value={values.phone}
            maxLength={40}
            onChange={(e) => set('phone', e.target.value)}
            error={errors.phone}
            {...(isPhoneOptional ? { hint: C.phoneOptional } : {})}
          />
          <Field
            label={T.mobile}
            type="tel"
            value={values.mobile}
            maxLength={40}
            onChange={(e) => set('mobile', e.target.value)}
            error={errors.mobile}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={C.addressLine(1)}
            value={values.addressline1}
            maxLength={200}
            onChange={(e) => set('addressline1', e.target.value)}
            error={errors.addressline1}
          />
          <Field
            label={C.addressLine(2)}
            value={values.addressline2}
            maxLength={200}
            onChange={(e) => set('addressline2', e.target.value)}
            error={errors.addressline2}
          />
          <Field
            label={C.suburb}
            value={values.suburb}
            maxLength={200}
            onChange={(e) => set('suburb', e.target.value)}
            error={errors.suburb}
          />
          <Field
            label={C.postcode}
            value={values.postcode}
            maxLength={20}
            onChange={(e) => set('postcode', e.target.value)}
            error={errors.postcode}
          />
        </div>
        <ControlField label={T.labels} hint={T.multiHint}>
          {(id, describedBy) => (
            <select
              id={id}
              multiple
              size={5}
              aria-describedby={describedBy}
              value={values.labels}
              onChange={(e) => set('labels', chosen(e))}
              className={`${selectClass()} py-1`}
            >
              {labels.map((l) => (
                <option key={l._id} value={l._id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </ControlField>
        <ControlField label={T.notes} error={errors.notes}>
          {(id, describedBy) => (
            <textarea
              id={id}
              rows={3}
              maxLength={5000}
              aria-describedby={describedBy}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
              className={`${selectClass(Boolean(errors.notes))} py-2`}
            />
          )}
        </ControlField>
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
          <input
            type="checkbox"
            checked={values.inactive}
            onChange={(e) => set('inactive', e.target.checked)}
            className="size-4 accent-sky-700"
          />
          {C.isInactive}
        </label>
      </form>
    </Modal>
  );
}
