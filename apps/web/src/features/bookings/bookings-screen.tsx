import { bookingTitle } from '@rostra/core/records/booking-rules';
import { BOOKING_STATUSES, type RecordStatus } from '@rostra/core/records/job-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangle, Plus, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useLive } from '../../lib/live.ts';
import { type OrgDates, useOrgDates } from '../../lib/org-dates.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { columnsFor, type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { DateInput } from '../../ui/date-picker.tsx';
import { SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { StatusBadge, useStatusConfig } from '../../ui/status-badge.tsx';
import {
  BOOKINGS_KEY,
  type Booking,
  bookingSearchQuery,
  type NamedRecord,
  personName,
  recordName,
  useLookups,
} from './api.ts';
import { BookingDetail } from './booking-detail.tsx';
import { BookingForm } from './booking-form.tsx';
import {
  activeFilterCount,
  type BookingFilters,
  type BookingWhen,
  clearFilters,
  filtersFromSearch,
  searchFromFilters,
  selectedBookingId,
  switchWhen,
  toBookingSearch,
} from './model.ts';
import { BOOKINGS_TEXT as T } from './texts.ts';

/**
 * Bookings (/bookings, issue 7 point 4): search, filters (status, dates, resource, customer,
 * labels), numbered pages; a table from the `md` breakpoint, cards below it; `?job_id=` / `?id=`
 * opens the detail panel. Everything the list shows is in the URL. It opens at today: the
 * upcoming bookings soonest first; Past (`?when=past`) is the bookings before today, newest first
 * (issue 16, point 9).
 */
export function BookingsScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/bookings' });
  const navigate = useNavigate({ from: '/bookings' });
  const filters = filtersFromSearch(search);
  const selected = selectedBookingId(search);
  const [isCreating, setCreating] = useState(false);

  const setFilters = (next: BookingFilters) => {
    void navigate({ search: searchFromFilters(next, search), replace: true });
  };
  const open = (id: string | undefined) => {
    void navigate({ search: (prev) => ({ ...prev, id: undefined, job_id: id }) });
  };

  const page = useQuery(bookingSearchQuery(toBookingSearch(filters)));
  const isFiltered = Boolean(filters.q) || activeFilterCount(filters) > 0;
  const lookups = useLookups(isDispatcher);
  const queryClient = useQueryClient();
  // Changes by others to the bookings on this page (the span of their times) refresh the list.
  const shown = page.data?.items ?? [];
  const span = shown.length
    ? {
        from: Math.min(...shown.map((b) => b.utc_begin_plus_tz)),
        to: Math.max(...shown.map((b) => b.utc_end_plus_tz)),
      }
    : null;
  useLive(span ? { topic: 'timeline', ...span } : null, (event) => {
    if (event.type !== 'error') void queryClient.invalidateQueries({ queryKey: [...BOOKINGS_KEY, 'search'] });
  });
  const statusConfig = useStatusConfig();

  return (
    <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{T.title}</h1>
        {isDispatcher ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {T.newBooking}
          </Button>
        ) : null}
      </div>

      <WhenTabs when={filters.when} onChange={(when) => setFilters(switchWhen(filters, when))} />

      <FilterBar
        filters={filters}
        onChange={setFilters}
        isDispatcher={isDispatcher}
        resources={lookups.resources.data ?? []}
        customers={lookups.customers.data ?? []}
        labels={lookups.labels.data ?? []}
        statusName={(s) => statusConfig.find((d) => d._key === s)?._value ?? s}
      />

      <section aria-label={T.bookingsList} className="mt-4">
        {page.isPending ? (
          <SkeletonRows />
        ) : page.isError && !page.data ? (
          <StateMessage
            tone="error"
            title={T.loadFailed}
            hint={page.error.message}
            action={
              <Button variant="secondary" onClick={() => void page.refetch()}>
                {T.retry}
              </Button>
            }
          />
        ) : page.data.items.length === 0 ? (
          isFiltered ? (
            <StateMessage
              title={T.empty}
              hint={T.emptyHint}
              action={
                <Button variant="secondary" onClick={() => setFilters(clearFilters(filters))}>
                  {T.clearFilters}
                </Button>
              }
            />
          ) : filters.when === 'upcoming' ? (
            <StateMessage
              title={T.emptyUpcoming}
              hint={T.emptyUpcomingHint}
              action={
                <Button variant="secondary" onClick={() => setFilters(switchWhen(filters, 'past'))}>
                  {T.seePast}
                </Button>
              }
            />
          ) : (
            <StateMessage title={T.emptyPast} />
          )
        ) : (
          <>
            <BookingTable items={page.data.items} selected={selected} statusConfig={statusConfig} />
            <BookingCards items={page.data.items} selected={selected} statusConfig={statusConfig} />
            <Pager
              page={filters.page}
              limit={page.data.limit}
              total={page.data.total}
              isFetching={page.isFetching}
              onPage={(p) => setFilters({ ...filters, page: p })}
            />
          </>
        )}
      </section>

      {selected ? (
        <BookingDetail
          key={selected}
          id={selected}
          onClose={() => open(undefined)}
          resources={lookups.resources.data}
          customers={lookups.customers.data}
          labels={lookups.labels.data}
        />
      ) : null}
      {isCreating ? (
        <BookingForm
          resources={lookups.resources.data ?? []}
          customers={lookups.customers.data ?? []}
          labels={lookups.labels.data ?? []}
          onClose={() => setCreating(false)}
          onSaved={(b) => {
            setCreating(false);
            open(b._id);
          }}
        />
      ) : null}
    </div>
  );
}

/** Upcoming (from today) or Past (before today): the list's two sides, one click apart. */
function WhenTabs({ when, onChange }: { when: BookingWhen; onChange: (when: BookingWhen) => void }) {
  const tabs: { when: BookingWhen; label: string }[] = [
    { when: 'upcoming', label: T.upcoming },
    { when: 'past', label: T.past },
  ];
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
      <fieldset
        aria-label={T.whichBookings}
        className="inline-flex rounded-md border border-neutral-300 bg-white p-0.5"
      >
        {tabs.map((tab) => (
          <button
            key={tab.when}
            type="button"
            aria-pressed={when === tab.when}
            onClick={() => {
              if (when !== tab.when) onChange(tab.when);
            }}
            className={`min-h-11 rounded px-4 text-sm font-medium sm:min-h-8 ${
              when === tab.when ? 'bg-sky-700 text-white' : 'text-neutral-700 hover:bg-neutral-100'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>
      <p className="text-sm text-neutral-600">{when === 'past' ? T.pastHint : T.upcomingHint}</p>
    </div>
  );
}

function customerOf(b: Booking): string {
  return personName(b.customer_first_name, b.customer_last_name, b.customerId ?? T.noCustomer);
}

function resourceOf(b: Booking): string {
  if (b.resIds.length === 0) return T.unassigned;
  const first = personName(b.resource_first_name, b.resource_last_name, b.resIds[0] ?? '');
  return b.resIds.length > 1 ? `${first} +${b.resIds.length - 1}` : first;
}

/** The link that opens a booking's detail, keeping the list's filters. */
function OpenLink({ booking, className }: { booking: Booking; className?: string }) {
  return (
    <Link
      from="/bookings"
      to="."
      search={(prev) => ({ ...prev, id: undefined, job_id: booking._id })}
      className={className}
    >
      {bookingTitle(booking)}
    </Link>
  );
}

function ConflictMark({ booking }: { booking: Booking }) {
  if (!booking.isConflict) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700" title={T.conflict}>
      <AlertTriangle aria-hidden className="size-3.5" />
      {T.conflict}
    </span>
  );
}

const col = columnsFor<Booking>();

/** The table's columns (the status column reads the organisation's status colours). */
function bookingColumns(
  statusConfig: ReturnType<typeof useStatusConfig>,
  dates: OrgDates,
): DataColumn<Booking>[] {
  return [
    col.display({
      id: 'reference',
      header: T.reference,
      cell: ({ row: { original: b } }) => (
        <>
          <OpenLink
            booking={b}
            className="font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:underline"
          />
          <div className="text-xs text-neutral-500">{b._id}</div>
        </>
      ),
    }),
    col.display({
      id: 'when',
      header: T.when,
      meta: { className: 'whitespace-nowrap text-neutral-700 tabular-nums' },
      cell: ({ row: { original: b } }) => dates.span(b.utc_begin_plus_tz, b.utc_end_plus_tz),
    }),
    col.display({
      id: 'customer',
      header: T.customer,
      meta: { className: 'text-neutral-800' },
      cell: ({ row: { original: b } }) => (
        <>
          {customerOf(b)}
          {b.all_location ? (
            <div className="max-w-64 truncate text-xs text-neutral-500">{b.all_location}</div>
          ) : null}
        </>
      ),
    }),
    col.display({
      id: 'resource',
      header: T.resource,
      cell: ({ row: { original: b } }) => (
        <span className={b.resIds.length ? 'text-neutral-800' : 'text-neutral-500 italic'}>
          {resourceOf(b)}
        </span>
      ),
    }),
    col.display({
      id: 'status',
      header: T.status,
      cell: ({ row: { original: b } }) => (
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={b.status ?? 'draft'} config={statusConfig} />
          <ConflictMark booking={b} />
        </div>
      ),
    }),
  ];
}

/** A page of bookings, the one open, and the organisation's status colours. */
type ListProps = {
  items: Booking[];
  selected: string | undefined;
  statusConfig: ReturnType<typeof useStatusConfig>;
};

function BookingTable({ items, selected, statusConfig }: ListProps) {
  const dates = useOrgDates();
  return (
    <DataTable
      label={T.bookingsList}
      className="hidden md:block"
      columns={bookingColumns(statusConfig, dates)}
      data={items}
      getRowId={(b) => b._id}
      isSelected={(b) => b._id === selected}
      rowProps={(b) => ({
        'data-booking': b._id,
        'data-begin': String(b.utc_begin_plus_tz),
        'data-end': String(b.utc_end_plus_tz),
      })}
    />
  );
}

function BookingCards({ items, selected, statusConfig }: ListProps) {
  const dates = useOrgDates();
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((b) => (
        <li
          key={b._id}
          data-booking={b._id}
          data-begin={b.utc_begin_plus_tz}
          data-end={b.utc_end_plus_tz}
          className={`relative rounded-lg border bg-white p-3 ${selected === b._id ? 'border-sky-400' : 'border-neutral-200'}`}
        >
          <div className="flex items-start justify-between gap-2">
            {/* The link covers the card: the whole card is one large touch target. */}
            <OpenLink
              booking={b}
              className="font-medium text-sky-800 after:absolute after:inset-0 after:content-['']"
            />
            <StatusBadge status={b.status ?? 'draft'} config={statusConfig} />
          </div>
          <p className="mt-1 text-sm text-neutral-700 tabular-nums">
            {dates.span(b.utc_begin_plus_tz, b.utc_end_plus_tz)}
          </p>
          <p className="mt-0.5 text-sm text-neutral-600">
            {customerOf(b)} · {resourceOf(b)}
          </p>
          <ConflictMark booking={b} />
        </li>
      ))}
    </ul>
  );
}

const selectClass =
  'mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-2 text-base sm:min-h-9 sm:text-sm';

function FilterBar({
  filters,
  onChange,
  isDispatcher,
  resources,
  customers,
  labels,
  statusName,
}: {
  filters: BookingFilters;
  onChange: (f: BookingFilters) => void;
  isDispatcher: boolean;
  resources: NamedRecord[];
  customers: NamedRecord[];
  labels: NamedRecord[];
  statusName: (status: string) => string;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  const set = (patch: Partial<BookingFilters>) => onChange({ ...filters, ...patch, page: 1 });

  const toggleStatus = (s: RecordStatus) =>
    set({
      status: filters.status.includes(s) ? filters.status.filter((x) => x !== s) : [...filters.status, s],
    });
  const labelName = (lid: string) => labels.find((l) => l._id === lid)?.name ?? lid;

  return (
    <div className="mt-4 rounded-lg border border-neutral-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-2">
        <SearchInput
          value={filters.q}
          onSearch={(q) => onChange({ ...filters, q, page: 1 })}
          label={T.search}
          placeholder={T.searchPlaceholder}
        />
        <Button
          variant="secondary"
          aria-expanded={isOpen}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
          className="lg:hidden"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          {T.filters}
          {count ? <span className="rounded-full bg-sky-700 px-1.5 text-xs text-white">{count}</span> : null}
        </Button>
        <div className="w-40">
          <label htmlFor={`${id}-order`} className="sr-only">
            {T.order}
          </label>
          <select
            id={`${id}-order`}
            value={filters.order}
            onChange={(e) => set({ order: e.target.value === 'desc' ? 'desc' : 'asc' })}
            className={`${selectClass} mt-0`}
          >
            <option value="asc">{T.soonestFirst}</option>
            <option value="desc">{T.latestFirst}</option>
          </select>
        </div>
        {count || filters.q ? (
          <Button variant="ghost" onClick={() => onChange(clearFilters(filters))}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>

      <div id={`${id}-panel`} className={`${isOpen ? 'block' : 'hidden'} mt-3 space-y-3 lg:block`}>
        <fieldset>
          <legend className="text-xs font-medium text-neutral-600">{T.status}</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {BOOKING_STATUSES.map((s) => {
              const isOn = filters.status.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={isOn}
                  onClick={() => toggleStatus(s)}
                  className={`min-h-9 rounded-full border px-3 text-sm sm:min-h-7 sm:text-xs ${
                    isOn
                      ? 'border-sky-700 bg-sky-700 text-white'
                      : 'border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-50'
                  }`}
                >
                  {statusName(s)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <FilterField id={`${id}-from`} label={T.from}>
            <DateInput
              id={`${id}-from`}
              value={filters.from}
              max={filters.to || undefined}
              onValueChange={(v) => set({ from: v })}
              className={selectClass}
            />
          </FilterField>
          <FilterField id={`${id}-to`} label={T.to}>
            <DateInput
              id={`${id}-to`}
              value={filters.to}
              min={filters.from || undefined}
              onValueChange={(v) => set({ to: v })}
              className={selectClass}
            />
          </FilterField>
          {isDispatcher ? (
            <>
              {(
                [
                  ['resource', T.resource, T.anyResource, resources],
                  ['customer', T.customer, T.anyCustomer, customers],
                ] as const
              ).map(([key, label, any, records]) => (
                <LookupSelect
                  key={key}
                  id={`${id}-${key}`}
                  label={label}
                  value={filters[key]}
                  onChange={(v) => set({ [key]: v })}
                  options={[['', any], ...records.map((r) => [r._id, recordName(r, r._id)] as const)]}
                />
              ))}
              <LookupSelect
                id={`${id}-labels`}
                label={T.labels}
                value=""
                onChange={(v) => {
                  if (v && !filters.labels.includes(v)) set({ labels: [...filters.labels, v] });
                }}
                options={[
                  ['', filters.labels.length ? `+ ${T.labels}` : `— ${T.labels} —`],
                  ...labels
                    .filter((l) => !filters.labels.includes(l._id))
                    .map((l) => [l._id, l.name ?? l._id] as const),
                ]}
              />
            </>
          ) : null}
        </div>
        {filters.labels.length ? (
          <ul aria-label={T.labels} className="flex flex-wrap gap-1.5">
            {filters.labels.map((l) => (
              <li key={l}>
                <button
                  type="button"
                  onClick={() => set({ labels: filters.labels.filter((x) => x !== l) })}
                  className="inline-flex min-h-7 items-center gap-1 rounded-full bg-neutral-100 px-2.5 text-xs text-neutral-800 hover:bg-neutral-200"
                  aria-label={`${T.labels}: ${labelName(l)} — remove`}
                >
                  {labelName(l)}
                  <X aria-hidden className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled control of the filter panel. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-neutral-600">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter's select of one value (`''`: any) from `[value, text]` options. */
function LookupSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
