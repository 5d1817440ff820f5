import type { BookingPage, BookingSearch } from '@rostra/core/api/bookings';
import type { CustomerOverview, CustomerRecord } from '@rostra/core/api/customers';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { api } from '../../../lib/client.ts';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { columnsFor } from '../../../ui/data-table.tsx';
import { RecheckedNotice, type TakeRechecked } from '../../../ui/rechecked-notice.tsx';
import { DIRECTORY_KEY, displayName, type Label, overviewQuery } from '../api.ts';
import { ActiveBadge, Facts, LabelChips, ListOr, NotesSection, Section } from '../parts.tsx';
import { CatalogueCard, CatalogueDirectory, useCatalogue } from '../record-directory.tsx';
import type { CustomersSearch } from '../search.ts';
import { CUSTOMERS_TEXT as C, DIRECTORY_TEXT as T } from '../texts.ts';
import { BlacklistForm, CustomerForm } from './customer-form.tsx';

export function addressOf(c: CustomerRecord): string {
  const lines = [c.addressline1, c.addressline2, c.addressline3, c.suburb, c.postcode].filter(Boolean);
  return lines.length ? lines.join(', ') : (c.all_location ?? '');
}

const col = columnsFor<CustomerRecord>();
const addressColumn = col.display({
  id: 'address',
  header: C.address,
  meta: { className: 'max-w-64 truncate text-neutral-700' },
  cell: ({ row: { original: c } }) => addressOf(c) || T.none,
});

const active = (c: CustomerRecord) => <ActiveBadge isInactive={c.inactive === true} />;

/**
 * Customers (/customers, issue 8): search, active and label filters and numbered pages, all in the
 * URL; `?id=` opens one (contact, address, labels, blacklisted resources, service plans, their
 * bookings). Dispatchers create, edit and delete; a phone number is required unless the
 * organisation's `customer_phone_optional` flag is on.
 */
export function CustomersScreen() {
  const { settings } = useShell();
  // The bookings the last blacklist change put in or took out of conflict (issue 16 point 2): by
  // the blacklist in the customer's drawer while it is open, else above the list, until dismissed.
  const catalogue = useCatalogue<CustomersSearch, CustomerRecord>({
    search: useSearch({ from: '/shell/customers' }),
    list: '/directory/customers',
    kind: 'customers',
  });
  const { labels, canWrite, rechecked } = catalogue;
  return (
    <CatalogueDirectory
      catalogue={catalogue}
      text={C}
      contact={{ header: C.contact, phone: (c) => c.phone || c.mobile }}
      columns={[addressColumn]}
      card={(c) => (
        <CatalogueCard r={c} badges={active(c)} contact={[c.phone, c.email]} more={addressOf(c)} />
      )}
      dataName="customer"
      drawer={{
        collection: '/customers',
        title: (c) => displayName(c, c._id),
        badges: active,
        sections: (c) => (
          <CustomerSections
            c={c}
            labels={labels}
            isDispatcher={canWrite}
            take={rechecked.take}
            notice={<RecheckedNotice {...rechecked.props} className="mt-2" />}
          />
        ),
      }}
      form={(customer, handlers) => (
        <CustomerForm
          customer={customer}
          labels={labels}
          isPhoneOptional={settings?.ds.customer_phone_optional === true}
          {...handlers}
        />
      )}
    />
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
  const dates = useOrgDates();
  const overview = useQuery(overviewQuery<CustomerOverview>('/directory/customers', c._id));
  const bookings = useQuery({
    queryKey: [...DIRECTORY_KEY, 'customer-bookings', c._id],
    queryFn: ({ signal }) =>
      api.post<BookingPage>(
        '/bookings/search',
        { customer: c._id, order: 'desc', limit: 10 } satisfies BookingSearch,
        {
          quiet: true,
          signal,
        },
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
        <ListOr
          items={overview.data?.blacklisted}
          isPending={overview.isPending}
          error={overview.error}
          none={C.noBlacklist}
          className="flex flex-wrap gap-1"
        >
          {(r) => (
            <li key={r._id} className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800">
              {r.name}
            </li>
          )}
        </ListOr>
        {notice}
      </Section>
      <Section title={C.servicePlans}>
        <ListOr items={overview.data?.service_plans} none={C.noServicePlans} className="space-y-1">
          {(p) => (
            <li key={p.VisitStemID} className="flex justify-between gap-2">
              <span>{p.VisitStemID}</span>
              <span className="text-neutral-600">
                {p.UpdateType === 'Ended' && typeof p.EndDate === 'number'
                  ? C.planEnded(dates.date(p.EndDate))
                  : p.UpdateType || T.active}
              </span>
            </li>
          )}
        </ListOr>
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
        <ListOr
          items={bookings.data?.items}
          isPending={bookings.isPending}
          none={C.noBookings}
          className="divide-y divide-neutral-100"
        >
          {(b) => (
            <li key={b._id} className="py-1.5">
              <Link
                to="/bookings"
                search={{ job_id: b._id }}
                className="font-medium text-sky-800 underline-offset-2 hover:underline"
              >
                {bookingTitle(b)}
              </Link>
              <div className="text-xs text-neutral-600 tabular-nums">
                {dates.span(b.utc_begin_plus_tz ?? 0, b.utc_end_plus_tz ?? 0)} · {b.status}
              </div>
            </li>
          )}
        </ListOr>
      </Section>
      <NotesSection notes={c.notes} />
      {isBlacklistOpen ? (
        <BlacklistForm customerId={c._id} take={take} onClose={() => setBlacklistOpen(false)} />
      ) : null}
    </>
  );
}
