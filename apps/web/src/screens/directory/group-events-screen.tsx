import { fromYmd } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangle, Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  chosen,
  DeleteButton,
  Facts,
  FilterSelect,
  formatSpan,
  hhmm,
  ScreenHeader,
  Section,
  StaleNotice,
  saveErrors,
  selectClass,
  spanFrom,
  ymd,
} from '../../features/directory/parts.tsx';
import { GROUP_EVENTS_TEXT as G, DIRECTORY_TEXT as T } from '../../features/directory/texts.ts';
import {
  allQuery,
  createRecord,
  DIRECTORY_KEY,
  displayName,
  num,
  numberedListQuery,
  pageFrom,
  param,
  type Rec,
  recordQuery,
  str,
  strs,
  updateRecord,
} from '../../lib/directory.ts';
import { patchSearch } from '../../lib/search-params.ts';
import { notify } from '../../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ControlField } from '../../ui/control-field.tsx';
import { DateInput, TemporalField } from '../../ui/date-input.tsx';
import { Drawer, Modal } from '../../ui/dialog.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { QueryState, SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { StatusBadge, useStatusConfig } from '../../ui/status-badge.tsx';
import type { GroupEventsSearch } from './search.ts';

const PAGE_SIZE = 50;
const COLLECTION = '/timeline-records';
const CREATE_STATUSES = ['draft', 'rostered', 'confirmed'] as const;

const titleOf = (e: Rec) => str(e.reference) || str(e.name) || e._id;

/**
 * Group events (/groupevents, issue 8): timeline records of `_key` groupevent — search, a date
 * window, order and pages of 50 (the spec's group lists); `?id=` opens one; dispatchers create and
 * edit them (name, time, place, resources, customers attending). Saves go through the timeline
 * records API, so the overlap validator's conflicts are stored and shown.
 */
export function GroupEventsScreen() {
  const { role, settings } = useShell();
  const isDispatcher = role === 'dispatcher';
  // The organisation's "force resources on group events" flag.
  const mustHaveResource = settings?.ds.force_resource_groupevent === true;
  const search = useSearch({ from: '/shell/groupevents' });
  const navigate = useNavigate({ from: '/groupevents' });
  const setSearch = (patch: Partial<GroupEventsSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const selected = search.id;
  const select = (id: string | undefined) => void navigate({ search: (prev) => ({ ...prev, id: id }) });
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  const q = param(search, 'q');
  const from = param(search, 'from');
  const to = param(search, 'to');
  const order = param(search, 'order') === 'desc' ? 'desc' : 'asc';
  const page = pageFrom(search.page);
  const fromSec = from ? fromYmd(from) : Number.NaN;
  const toSec = to ? fromYmd(to) : Number.NaN;
  const list = useQuery(
    numberedListQuery('/directory/group-events', {
      q: q || undefined,
      from: Number.isFinite(fromSec) ? fromSec : undefined,
      // The "to" day is included: records beginning before the next midnight.
      to: Number.isFinite(toSec) ? toSec + 86_400 : undefined,
      order,
      page,
      limit: PAGE_SIZE,
    }),
  );
  const resources = useQuery({ ...allQuery('/resources'), enabled: isDispatcher });
  const customers = useQuery({ ...allQuery('/customers'), enabled: isDispatcher });
  const statusConfig = useStatusConfig();
  const isFiltered = Boolean(q || from || to);
  const id = useId();

  return (
    <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={G.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {G.newEvent}
            </Button>
          ) : null
        }
      />
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={q}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${G.title.toLowerCase()}`}
          placeholder={G.searchPlaceholder}
        />
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-neutral-600">
            {G.from}
          </label>
          <DateInput
            id={`${id}-from`}
            value={from}
            max={to || undefined}
            onValueChange={(v) => setSearch({ from: v })}
            className={selectClass()}
          />
        </div>
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor={`${id}-to`} className="text-xs font-medium text-neutral-600">
            {G.to}
          </label>
          <DateInput
            id={`${id}-to`}
            value={to}
            min={from || undefined}
            onValueChange={(v) => setSearch({ to: v })}
            className={selectClass()}
          />
        </div>
        <FilterSelect
          label="Order"
          value={order}
          onChange={(v) => setSearch({ order: v === 'desc' ? 'desc' : '' })}
          options={[
            ['asc', G.soonest],
            ['desc', G.latest],
          ]}
        />
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setSearch({ q: '', from: '', to: '' })}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>

      <section aria-label={G.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? G.empty : G.emptyNone}
        >
          <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
            {(list.data?.items ?? []).map((e) => (
              <li
                key={e._id}
                data-groupevent={e._id}
                className={`relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 ${selected === e._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}`}
              >
                <Link
                  to="."
                  search={(prev) => ({ ...prev, id: e._id })}
                  className="min-w-48 flex-1 font-medium text-sky-800 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
                >
                  {titleOf(e)}
                </Link>
                <span className="text-sm text-neutral-700 tabular-nums">
                  {formatSpan(num(e.utc_begin_plus_tz) ?? 0, num(e.utc_end_plus_tz) ?? 0)}
                </span>
                <span className="max-w-64 truncate text-sm text-neutral-500">{str(e.all_location)}</span>
                <span className="text-xs text-neutral-600">
                  {G.resources}: {strs(e.resIds).length}
                </span>
                <StatusBadge status={str(e.status) || 'draft'} config={statusConfig} />
                {e.isConflict === true ? (
                  <AlertTriangle aria-label={G.conflicts} className="size-4 text-red-700" />
                ) : null}
              </li>
            ))}
          </ul>
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
        <GroupEventDetail
          key={selected}
          id={selected}
          isDispatcher={isDispatcher}
          resources={resources.data ?? []}
          customers={customers.data ?? []}
          onClose={() => select(undefined)}
          onEdit={(e) => setEditing(e)}
        />
      ) : null}
      {editing ? (
        <GroupEventForm
          event={editing === 'new' ? undefined : editing}
          mustHaveResource={mustHaveResource}
          resources={resources.data ?? []}
          customers={customers.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(e) => {
            setEditing(null);
            select(e._id);
          }}
        />
      ) : null}
    </div>
  );
}

function names(ids: string[], records: Rec[]): string {
  return ids
    .map((i) =>
      displayName(
        records.find((r) => r._id === i),
        i,
      ),
    )
    .join(', ');
}

function GroupEventDetail({
  id,
  isDispatcher,
  resources,
  customers,
  onClose,
  onEdit,
}: {
  id: string;
  isDispatcher: boolean;
  resources: Rec[];
  customers: Rec[];
  onClose: () => void;
  onEdit: (e: Rec) => void;
}) {
  const event = useQuery(recordQuery(COLLECTION, id));
  const statusConfig = useStatusConfig();
  const e = event.data;
  const isGroupEvent = e?._key === 'groupevent';
  const attending = e
    ? [...new Set([...(str(e.customerId) ? [str(e.customerId)] : []), ...strs(e.cusIds)])]
    : [];
  const errors = Array.isArray(e?.errors) ? (e.errors as { code: string; message: string }[]) : [];
  return (
    <Drawer title={e ? titleOf(e) : G.title} onClose={onClose} testId="groupevent-detail">
      {event.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={4} />
        </div>
      ) : event.isError || !e || !isGroupEvent ? (
        <div className="p-4">
          <StateMessage tone="error" title={T.notFound} hint={event.error?.message} />
        </div>
      ) : (
        <div className="pb-4">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            <StatusBadge status={str(e.status) || 'draft'} config={statusConfig} />
            <span className="text-xs text-neutral-500">{e._id}</span>
            {isDispatcher ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(e)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton
                  collection={COLLECTION}
                  record={e}
                  what={G.deleteWhat(titleOf(e))}
                  onDeleted={onClose}
                />
              </div>
            ) : null}
          </div>
          {errors.length ? (
            <div
              role="alert"
              className="mx-4 mb-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              <p className="font-medium">{G.conflicts}</p>
              <ul className="mt-1 list-disc pl-5">
                {errors.map((x, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the validator's errors have no id of their own
                  <li key={i}>{x.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Section title={T.when}>
            <Facts
              rows={[
                [T.when, formatSpan(num(e.utc_begin_plus_tz) ?? 0, num(e.utc_end_plus_tz) ?? 0)],
                [T.location, str(e.all_location)],
              ]}
            />
          </Section>
          <Section title={G.resources}>
            <p>{strs(e.resIds).length ? names(strs(e.resIds), resources) : G.noResources}</p>
          </Section>
          <Section title={G.customers}>
            <p>{attending.length ? names(attending, customers) : G.noCustomers}</p>
          </Section>
          {str(e.notes) ? (
            <Section title={T.notes}>
              <p className="whitespace-pre-line">{str(e.notes)}</p>
            </Section>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}

type Values = {
  reference: string;
  status: string;
  date: string;
  begin: string;
  end: string;
  all_location: string;
  resIds: string[];
  cusIds: string[];
  notes: string;
};
type Key = keyof Values;

function valuesOf(e: Rec | undefined): Values {
  const b = num(e?.utc_begin_plus_tz);
  const en = num(e?.utc_end_plus_tz);
  return {
    reference: e ? titleOf(e) : '',
    status: str(e?.status) || 'draft',
    date: ymd(b),
    begin: b === undefined ? '09:00' : hhmm(b),
    end: en === undefined ? '10:00' : hhmm(en),
    all_location: str(e?.all_location),
    resIds: strs(e?.resIds),
    cusIds: e ? [...new Set([...(str(e.customerId) ? [str(e.customerId)] : []), ...strs(e.cusIds)])] : [],
    notes: str(e?.notes),
  };
}

const FIELDS: Record<string, Key> = {
  reference: 'reference',
  utc_begin_plus_tz: 'begin',
  utc_end_plus_tz: 'end',
  all_location: 'all_location',
  resIds: 'resIds',
  cusIds: 'cusIds',
  customerId: 'cusIds',
  notes: 'notes',
};

function GroupEventForm({
  event,
  mustHaveResource,
  resources,
  customers,
  onClose,
  onSaved,
}: {
  event: Rec | undefined;
  mustHaveResource: boolean;
  resources: Rec[];
  customers: Rec[];
  onClose: () => void;
  onSaved: (e: Rec) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [base, setBase] = useState(event);
  const [initial, setInitial] = useState(() => valuesOf(event));
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
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const span = spanFrom(values.date, values.begin, values.end);
    const found: Partial<Record<Key, string>> = { ...span.errors };
    if (!values.reference.trim()) found.reference = T.nameRequired;
    if (mustHaveResource && values.resIds.length === 0) found.resIds = G.resourceRequired;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const firstCustomer = customers.find((c) => c._id === values.cusIds[0]);
    const firstResource = resources.find((r) => r._id === values.resIds[0]);
    const body: Record<string, unknown> = {
      reference: values.reference.trim(),
      utc_begin_plus_tz: span.begin,
      utc_end_plus_tz: span.end,
      all_location: values.all_location.trim() || null,
      resIds: values.resIds,
      resource_first_name: str(firstResource?.first_name) || null,
      resource_last_name: str(firstResource?.last_name) || null,
      // The first customer is the record's customer (their readers list); all attend.
      customerId: values.cusIds[0] ?? null,
      customer_first_name:
        str(firstCustomer?.first_name) || (firstCustomer ? displayName(firstCustomer) : null),
      customer_last_name: str(firstCustomer?.last_name) || null,
      cusIds: values.cusIds,
      notes: values.notes.trim() || null,
      ...(base ? {} : { _key: 'groupevent', type: 'groupevent', status: values.status }),
    };
    setSaving(true);
    try {
      const saved = base
        ? await updateRecord(COLLECTION, base._id, base.version ?? 0, body)
        : await createRecord(COLLECTION, body);
      setInitial(values);
      queryClient.setQueryData(recordQuery(COLLECTION, saved._id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
      if (saved.isConflict === true) notify.error(G.savedWithConflicts);
      else notify.success(T.saved);
      onSaved(saved);
    } catch (err) {
      const r = saveErrors(err, FIELDS);
      setStale(r.stale);
      setErrors(r.errors);
    } finally {
      setSaving(false);
    }
  };
  const multi = (key: 'resIds' | 'cusIds', label: string, records: Rec[]) => (
    <ControlField label={label} error={errors[key]} hint={T.multiHint}>
      {(cid, describedBy) => (
        <select
          id={cid}
          multiple
          size={6}
          aria-describedby={describedBy}
          value={values[key]}
          onChange={(e) => set(key, chosen(e))}
          className={`${selectClass(Boolean(errors[key]))} py-1`}
        >
          {records.map((r) => (
            <option key={r._id} value={r._id}>
              {displayName(r, r._id)}
            </option>
          ))}
        </select>
      )}
    </ControlField>
  );
  return (
    <Modal
      title={base ? G.editTitle(titleOf(base)) : G.createTitle}
      onClose={() => void close()}
      size="lg"
      testId="groupevent-form"
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
            label={T.name}
            value={values.reference}
            maxLength={200}
            onChange={(e) => set('reference', e.target.value)}
            error={errors.reference}
          />
          {base ? null : (
            <ControlField label={T.status}>
              {(cid) => (
                <select
                  id={cid}
                  value={values.status}
                  onChange={(e) => set('status', e.target.value)}
                  className={selectClass()}
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
        <Field
          label={T.location}
          value={values.all_location}
          maxLength={1000}
          onChange={(e) => set('all_location', e.target.value)}
          error={errors.all_location}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          {multi('resIds', G.resources, resources)}
          {multi('cusIds', G.customers, customers)}
        </div>
        <ControlField label={T.notes} error={errors.notes}>
          {(cid, describedBy) => (
            <textarea
              id={cid}
              rows={3}
              maxLength={5000}
              aria-describedby={describedBy}
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
