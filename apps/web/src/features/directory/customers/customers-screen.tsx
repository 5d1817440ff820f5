import type { CustomerOverview, CustomerRecord } from '@rostra/core/api/customers';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import type { TimelineRecord } from '@rostra/core/records/timeline-record';
import { formatDate } from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { api } from '../../../lib/client.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { columnsFor } from '../../../ui/data-table.tsx';
import { SkeletonRows } from '../../../ui/list-state.tsx';
import { RecheckedNotice, type TakeRechecked, useRechecked } from '../../../ui/rechecked-notice.tsx';
import { DIRECTORY_KEY, displayName, type Label, labelsQuery, listQuery, overviewQuery } from '../api.ts';
import type { FilterParam } from '../model.ts';
import {
  ACTIVE_OPTIONS,
  ActiveBadge,
  Facts,
  formatSpan,
  LabelChips,
  labelOptions,
  Section,
} from '../parts.tsx';
import {
  catalogueColumns,
  DirectoryFilter,
  OPEN_CARD_CLASS,
  OpenLink,
  RecordDirectory,
  RecordDrawer,
  useDirectoryState,
} from '../record-directory.tsx';
import type { CustomersSearch } from '../search.ts';
import { CUSTOMERS_TEXT as C, DIRECTORY_TEXT as T } from '../texts.ts';
import { BlacklistForm, CustomerForm } from './customer-form.tsx';

const PAGE_SIZE = 40;
const COLLECTION = '/customers';

/** The list's filters: search, active or not, a label. */
const FILTERS: FilterParam[] = [
  { key: 'q' },
  { key: 'status', param: 'inactive', values: { active: false, inactive: true } },
  { key: 'label' },
];

export function addressOf(c: CustomerRecord): string {
  const lines = [c.addressline1, c.addressline2, c.addressline3, c.suburb, c.postcode].filter(Boolean);
  return lines.length ? lines.join(', ') : (c.all_location ?? '');
}

const col = columnsFor<CustomerRecord>();
const columns = (labels: Label[]) =>
  catalogueColumns<CustomerRecord>(labels, [
    col.display({
      id: 'contact',
      header: C.contact,
      meta: { className: 'text-neutral-700' },
      cell: ({ row: { original: c } }) => (
        <>
          <div>{c.email || T.none}</div>
          <div className="text-xs text-neutral-500">{c.phone || c.mobile}</div>
        </>
      ),
    }),
    col.display({
      id: 'address',
      header: C.address,
      meta: { className: 'max-w-64 truncate text-neutral-700' },
      cell: ({ row: { original: c } }) => addressOf(c) || T.none,
    }),
  ]);

function CustomerCard({ c }: { c: CustomerRecord }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <OpenLink id={c._id} className={OPEN_CARD_CLASS}>
          {displayName(c, c._id)}
        </OpenLink>
        <ActiveBadge isInactive={c.inactive === true} />
      </div>
      <p className="mt-1 text-sm text-neutral-600">{[c.phone, c.email].filter(Boolean).join(' · ')}</p>
      {addressOf(c) ? <p className="text-sm text-neutral-500">{addressOf(c)}</p> : null}
    </>
  );
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
  const navigate = useNavigate({ from: '/customers' });
  const dir = useDirectoryState<CustomersSearch, CustomerRecord>({
    search: useSearch({ from: '/shell/customers' }),
    navigate: (update, replace) => void navigate({ search: update, replace }),
    filters: FILTERS,
    idKey: 'id',
    pageSize: PAGE_SIZE,
    live: isDispatcher ? { topic: 'records', kind: 'customers' } : null,
  });
  // The bookings the last blacklist change put in or took out of conflict (issue 16 point 2): by
  // the blacklist in the customer's drawer while it is open, else above the list, until dismissed.
  const rechecked = useRechecked();
  const list = useQuery(listQuery<CustomerRecord>('/directory/customers', dir.query));
  const labels = useQuery(labelsQuery).data ?? [];
  return (
    <RecordDirectory
      dir={dir}
      title={C.title}
      listLabel={C.list}
      newLabel={C.newCustomer}
      canCreate={isDispatcher}
      searchPlaceholder={C.searchPlaceholder}
      filters={
        <>
          <DirectoryFilter dir={dir} name="status" label={T.status} options={ACTIVE_OPTIONS} />
          <DirectoryFilter dir={dir} name="label" label={T.labels} options={labelOptions(labels)} />
        </>
      }
      above={dir.selected ? null : <RecheckedNotice {...rechecked.props} className="mt-4" />}
      list={list}
      pageSize={PAGE_SIZE}
      empty={{ none: C.emptyNone, filtered: C.empty, hint: C.emptyHint }}
      view={{ columns: columns(labels), card: (c) => <CustomerCard c={c} /> }}
      dataName="customer"
    >
      {dir.selected ? (
        <RecordDrawer<CustomerRecord>
          key={dir.selected}
          collection={COLLECTION}
          id={dir.selected}
          title={(c) => displayName(c, c._id)}
          fallbackTitle={C.title}
          testId="customer-detail"
          badges={(c) => <ActiveBadge isInactive={c.inactive === true} />}
          canWrite={isDispatcher}
          deleteWhat={(c) => C.deleteWhat(displayName(c, c._id))}
          {...dir.drawerHandlers}
        >
          {(c) => (
            <CustomerSections
              c={c}
              labels={labels}
              isDispatcher={isDispatcher}
              take={rechecked.take}
              notice={<RecheckedNotice {...rechecked.props} className="mt-2" />}
            />
          )}
        </RecordDrawer>
      ) : null}
      {dir.editing ? (
        <CustomerForm
          customer={dir.editing === 'new' ? undefined : dir.editing}
          labels={labels}
          isPhoneOptional={settings?.ds.customer_phone_optional === true}
          {...dir.formHandlers}
        />
      ) : null}
    </RecordDirectory>
  );
}

/** A customer's drawer: contact, address, labels, blacklist, service plans, bookings, notes. */
function CustomerSections({
  c,
  labels,
  isDispatcher,
  take,
  notice,
}: {
  c: CustomerRecord;
  labels: Label[];
  isDispatcher: boolean;
  /** Keeps what a blacklist change re-checked for the notice. */
  take: TakeRechecked;
  /** What the last blacklist change re-checked, shown under the blacklist. */
  notice: ReactNode;
}) {
  const overview = useQuery(overviewQuery<CustomerOverview>('/directory/customers', c._id));
  const bookings = useQuery({
    queryKey: [...DIRECTORY_KEY, 'customer-bookings', c._id],
    queryFn: ({ signal }) =>
      api.post<{ items: (TimelineRecord & { _id: string })[]; total: number }>(
        '/bookings/search',
        { customer: c._id, order: 'desc', limit: 10 },
        { quiet: true, signal },
      ),
  });
  const [isBlacklistOpen, setBlacklistOpen] = useState(false);
  return (
    <>
      <Section title={C.contact}>
        <Facts
          rows={[
            [T.email, c.email],
            [T.phone, c.phone],
            [T.mobile, c.mobile],
          ]}
        />
      </Section>
      <Section title={C.address}>
        <p>{addressOf(c) || T.none}</p>
      </Section>
      <Section title={T.labels}>
        <LabelChips ids={c.labels ?? []} labels={labels} />
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
              <li key={p.VisitStemID} className="flex justify-between gap-2">
                <span>{p.VisitStemID}</span>
                <span className="text-neutral-600">
                  {p.UpdateType === 'Ended' && typeof p.EndDate === 'number'
                    ? C.planEnded(formatDate(p.EndDate))
                    : p.UpdateType || T.active}
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
            to="/bookings"
            search={{ customer: c._id }}
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
                  to="/bookings"
                  search={{ job_id: b._id }}
                  className="font-medium text-sky-800 underline-offset-2 hover:underline"
                >
                  {bookingTitle(b)}
                </Link>
                <div className="text-xs text-neutral-600 tabular-nums">
                  {formatSpan(b.utc_begin_plus_tz ?? 0, b.utc_end_plus_tz ?? 0)} · {b.status}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-neutral-500">{C.noBookings}</p>
        )}
      </Section>
      {c.notes ? (
        <Section title={T.notes}>
          <p className="whitespace-pre-line">{c.notes}</p>
        </Section>
      ) : null}
      {isBlacklistOpen ? (
        <BlacklistForm customerId={c._id} take={take} onClose={() => setBlacklistOpen(false)} />
      ) : null}
    </>
  );
}
