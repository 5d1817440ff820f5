import { checkEmail } from '@rostra/core/shell/validators';
import { formatDate, formatTime, weekdayName } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
  ymd,
} from '../../features/directory/parts.tsx';
import { RESOURCES_TEXT as R, DIRECTORY_TEXT as T } from '../../features/directory/texts.ts';
import {
  createRecord,
  DIRECTORY_KEY,
  displayName,
  type Label,
  labelsQuery,
  num,
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
import type { ResourcesSearch } from './search.ts';

const PAGE_SIZE = 40;
const COLLECTION = '/resources';

type Overview = {
  blacklisted_by: { _id: string; name: string }[];
  leaves: Rec[];
  week: { from: number; to: number; shifts: Rec[] };
};

const HOUR_FIELDS = [
  ['max_hrs_dy', R.maxDay],
  ['max_hrs_wk', R.maxWeek],
  ['max_hrs_fn', R.maxFortnight],
  ['min_hrs_dy', R.minDay],
  ['min_hrs_wk', R.minWeek],
  ['min_hrs_fn', R.minFortnight],
] as const;
type HourKey = (typeof HOUR_FIELDS)[number][0];

const hours = (v: unknown) => (num(v) === undefined ? R.notSet : `${num(v)} h`);

/**
 * Resources (/resources, issue 8): search, active, internal/external and label filters, numbered
 * pages; `?id=` opens one with its labels, hour limits, this week's shifts (read-only, linking to
 * /resource_shifts), the customers who blacklisted it and its leaves. Dispatchers create and
 * edit. Promoted dispatchers are never listed (the API leaves them out).
 */
export function ResourcesScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/resources' });
  const navigate = useNavigate({ from: '/resources' });
  const setSearch = (patch: Partial<ResourcesSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const liveClient = useQueryClient();
  // Changes by others (or in another tab) refresh what this screen shows.
  useLive(isDispatcher ? { topic: 'records', kind: 'resources' } : null, (e) => {
    if (e.type !== 'error') void liveClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const selected = search.id;
  const select = (id: string | undefined) => void navigate({ search: (prev) => ({ ...prev, id: id }) });
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  // The bookings the last change of a resource put in or took out of conflict (issue 16 point 2):
  // in the resource's drawer while it is open, else above the list, until dismissed.
  const rechecked = useRechecked();
  const q = param(search, 'q');
  const status = param(search, 'status');
  const kind = param(search, 'kind');
  const label = param(search, 'label');
  const page = pageFrom(search.page);
  const list = useQuery(
    numberedListQuery('/directory/resources', {
      q: q || undefined,
      inactive: status === 'inactive' ? true : status === 'active' ? false : undefined,
      external: kind === 'external' ? true : kind === 'internal' ? false : undefined,
      label: label || undefined,
      page,
      limit: PAGE_SIZE,
    }),
  );
  const labels = useQuery(labelsQuery);
  const isFiltered = Boolean(q || status || kind || label);

  return (
    <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={R.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {R.newResource}
            </Button>
          ) : null
        }
      />
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={q}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${R.title.toLowerCase()}`}
          placeholder={R.searchPlaceholder}
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
          label={R.kind}
          value={kind}
          onChange={(v) => setSearch({ kind: v })}
          options={[
            ['', T.all],
            ['internal', R.internal],
            ['external', R.external],
          ]}
        />
        <FilterSelect
          label={T.labels}
          value={label}
          onChange={(v) => setSearch({ label: v })}
          options={[['', T.any], ...(labels.data ?? []).map((l) => [l._id, l.name] as const)]}
        />
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setSearch({ q: '', status: '', kind: '', label: '' })}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>

      {selected ? null : <RecheckedNotice {...rechecked.props} className="mt-4" />}
      <section aria-label={R.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? R.empty : R.emptyNone}
          emptyHint={isFiltered ? R.emptyHint : undefined}
        >
          <ResourceTable items={list.data?.items ?? []} selected={selected} labels={labels.data ?? []} />
          <ResourceCards items={list.data?.items ?? []} selected={selected} />
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
        <ResourceDetail
          key={selected}
          id={selected}
          labels={labels.data ?? []}
          isDispatcher={isDispatcher}
          onClose={() => select(undefined)}
          onEdit={(r) => setEditing(r)}
          notice={<RecheckedNotice {...rechecked.props} className="mx-4 mt-3" />}
        />
      ) : null}
      {editing ? (
        <ResourceForm
          resource={editing === 'new' ? undefined : editing}
          labels={labels.data ?? []}
          onClose={() => setEditing(null)}
          take={rechecked.take}
          onSaved={(r) => {
            setEditing(null);
            select(r._id);
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

function KindBadge({ isExternal }: { isExternal: boolean }) {
  return (
    <span className="inline-flex rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
      {isExternal ? R.external : R.internal}
    </span>
  );
}

function ResourceTable({
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
              {T.email}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.labels}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {R.kind}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.status}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {items.map((r) => (
            <tr
              key={r._id}
              data-resource={r._id}
              aria-current={selected === r._id ? 'true' : undefined}
              className={selected === r._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}
            >
              <td className="px-3 py-2">
                <OpenLink
                  id={r._id}
                  className="font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:underline"
                >
                  {displayName(r, r._id)}
                </OpenLink>
              </td>
              <td className="px-3 py-2 text-neutral-700">
                <div>{str(r.email) || T.none}</div>
                <div className="text-xs text-neutral-500">{str(r.mobile) || str(r.phone)}</div>
              </td>
              <td className="px-3 py-2">
                <LabelChips ids={strs(r.labels)} labels={labels} />
              </td>
              <td className="px-3 py-2">
                <KindBadge isExternal={r.external === true} />
              </td>
              <td className="px-3 py-2">
                <ActiveBadge isInactive={r.inactive === true} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResourceCards({ items, selected }: { items: Rec[]; selected: string | undefined }) {
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((r) => (
        <li
          key={r._id}
          data-resource={r._id}
          className={`relative rounded-lg border bg-white p-3 ${selected === r._id ? 'border-sky-400' : 'border-neutral-200'}`}
        >
          <div className="flex items-start justify-between gap-2">
            <OpenLink
              id={r._id}
              className="font-medium text-sky-800 after:absolute after:inset-0 after:content-['']"
            >
              {displayName(r, r._id)}
            </OpenLink>
            <div className="flex gap-1">
              <KindBadge isExternal={r.external === true} />
              <ActiveBadge isInactive={r.inactive === true} />
            </div>
          </div>
          <p className="mt-1 text-sm text-neutral-600">
            {[str(r.mobile), str(r.email)].filter(Boolean).join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ResourceDetail({
  id,
  labels,
  isDispatcher,
  onClose,
  onEdit,
  notice,
}: {
  id: string;
  labels: Label[];
  isDispatcher: boolean;
  onClose: () => void;
  onEdit: (r: Rec) => void;
  /** What the last save re-checked, shown at the top. */
  notice: ReactNode;
}) {
  const resource = useQuery(recordQuery(COLLECTION, id));
  const overview = useQuery({
    ...overviewQuery<Overview>('/directory/resources', id),
    enabled: resource.isSuccess,
  });
  const r = resource.data;
  return (
    <Drawer title={r ? displayName(r, id) : R.title} onClose={onClose} testId="resource-detail">
      {resource.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={4} />
        </div>
      ) : resource.isError || !r ? (
        <div className="p-4">
          <StateMessage tone="error" title={T.notFound} hint={resource.error?.message} />
        </div>
      ) : (
        <div className="pb-4">
          {notice}
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            <ActiveBadge isInactive={r.inactive === true} />
            <KindBadge isExternal={r.external === true} />
            <span className="text-xs text-neutral-500">{r._id}</span>
            {isDispatcher ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(r)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton
                  collection={COLLECTION}
                  record={r}
                  what={R.deleteWhat(displayName(r, id))}
                  onDeleted={onClose}
                />
              </div>
            ) : null}
          </div>
          <Section title={T.email}>
            <Facts
              rows={[
                [T.email, str(r.email)],
                [T.mobile, str(r.mobile)],
                [T.phone, str(r.phone)],
                [R.employeeType, str(r.employee_type)],
                [R.rate, num(r.rate_hr) === undefined ? '' : String(num(r.rate_hr))],
                [R.inactiveFrom, typeof r.InactiveDate === 'number' ? formatDate(r.InactiveDate) : ''],
              ]}
            />
          </Section>
          <Section title={T.labels}>
            <LabelChips ids={strs(r.labels)} labels={labels} />
          </Section>
          <Section title={R.hourLimits}>
            <Facts rows={HOUR_FIELDS.map(([key, text]) => [text, hours(r[key])] as const)} />
          </Section>
          <Section
            title={R.shiftsThisWeek}
            action={
              <Link
                to={'/resource_shifts' as string}
                className="text-sm font-medium text-sky-800 underline-offset-2 hover:underline"
              >
                {R.editShifts}
              </Link>
            }
          >
            {overview.isPending ? (
              <SkeletonRows rows={2} height="h-6" />
            ) : overview.data?.week.shifts.length ? (
              <ul className="space-y-0.5 tabular-nums">
                {overview.data.week.shifts.map((s) => {
                  const b = num(s.utc_begin_plus_tz) ?? 0;
                  const e = num(s.utc_end_plus_tz) ?? 0;
                  return (
                    <li key={str(s.unique_id) || `${b}`}>
                      {weekdayName(b)} {formatDate(b)} · {formatTime(b)} – {formatTime(e)}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-neutral-500">{overview.isError ? overview.error.message : R.noShifts}</p>
            )}
          </Section>
          <Section title={R.blacklistedBy}>
            {overview.data?.blacklisted_by.length ? (
              <ul className="flex flex-wrap gap-1">
                {overview.data.blacklisted_by.map((c) => (
                  <li key={c._id}>
                    <Link
                      to={'/customers' as string}
                      search={{ id: c._id }}
                      className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800 underline-offset-2 hover:underline"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-500">{R.noBlacklist}</p>
            )}
          </Section>
          <Section title={R.leaves}>
            {overview.data?.leaves.length ? (
              <ul className="space-y-0.5 tabular-nums">
                {overview.data.leaves.map((l) => (
                  <li key={l._id}>
                    {formatSpan(num(l.utc_begin_plus_tz) ?? 0, num(l.utc_end_plus_tz) ?? 0)}
                    {str(l.notes) ? <span className="text-neutral-500"> · {str(l.notes)}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-neutral-500">{R.noLeaves}</p>
            )}
          </Section>
        </div>
      )}
    </Drawer>
  );
}

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  phone: string;
  labels: string[];
  external: boolean;
  inactive: boolean;
  InactiveDate: string;
  employee_type: string;
  rate_hr: string;
} & Record<HourKey, string>;
type Key = keyof Values;
/** The fields typed as text (the form's plain inputs). */
type TextKey = { [K in Key]: Values[K] extends string ? K : never }[Key];

const numText = (v: unknown) => (num(v) === undefined ? '' : String(num(v)));

function valuesOf(r: Rec | undefined): Values {
  const [first = '', ...rest] = str(r?.name).split(' ');
  return {
    first_name: str(r?.first_name) || (r && !str(r.last_name) ? first : ''),
    last_name: str(r?.last_name) || (r && !str(r.first_name) ? rest.join(' ') : ''),
    email: str(r?.email),
    mobile: str(r?.mobile),
    phone: str(r?.phone),
    labels: strs(r?.labels),
    external: r?.external === true,
    inactive: r?.inactive === true,
    InactiveDate: ymd(num(r?.InactiveDate)),
    employee_type: str(r?.employee_type),
    rate_hr: numText(r?.rate_hr),
    max_hrs_dy: numText(r?.max_hrs_dy),
    max_hrs_wk: numText(r?.max_hrs_wk),
    max_hrs_fn: numText(r?.max_hrs_fn),
    min_hrs_dy: numText(r?.min_hrs_dy),
    min_hrs_wk: numText(r?.min_hrs_wk),
    min_hrs_fn: numText(r?.min_hrs_fn),
  };
}

/** Hours as typed: empty → not set (null); otherwise 0 to a leap year's hours. */
export function parseHours(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= 24 * 366 ? n : 'invalid';
}

const FIELDS: Record<string, Key> = {
  first_name: 'first_name',
  last_name: 'last_name',
  name: 'first_name',
  email: 'email',
  mobile: 'mobile',
  phone: 'phone',
  rate_hr: 'rate_hr',
  employee_type: 'employee_type',
  InactiveDate: 'InactiveDate',
  max_hrs_dy: 'max_hrs_dy',
  max_hrs_wk: 'max_hrs_wk',
  max_hrs_fn: 'max_hrs_fn',
  min_hrs_dy: 'min_hrs_dy',
  min_hrs_wk: 'min_hrs_wk',
  min_hrs_fn: 'min_hrs_fn',
};

function ResourceForm({
  resource,
  labels,
  onClose,
  take,
  onSaved,
}: {
  resource: Rec | undefined;
  labels: Label[];
  onClose: () => void;
  /** Keeps what the change re-checked for the screen's notice. */
  take: TakeRechecked;
  onSaved: (r: Rec) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [base, setBase] = useState(resource);
  const [initial, setInitial] = useState(() => valuesOf(resource));
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
    const found: Partial<Record<Key, string>> = {};
    if (!values.first_name.trim() && !values.last_name.trim()) found.first_name = T.nameRequired;
    if (values.email.trim() && checkEmail(values.email.trim()).length) found.email = T.invalidEmail;
    const limits: Partial<Record<HourKey, number | null>> = {};
    for (const [key] of HOUR_FIELDS) {
      const h = parseHours(values[key]);
      if (h === 'invalid') found[key] = R.hoursInvalid;
      else limits[key] = h;
    }
    const rate = values.rate_hr.trim() === '' ? null : Number(values.rate_hr);
    if (rate !== null && !(Number.isFinite(rate) && rate >= 0)) found.rate_hr = R.rateInvalid;
    const inactiveDate = values.InactiveDate ? Date.parse(`${values.InactiveDate}T00:00:00Z`) / 1000 : null;
    if (inactiveDate !== null && !Number.isFinite(inactiveDate)) found.InactiveDate = T.invalidDate;
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
      mobile: t(values.mobile),
      phone: t(values.phone),
      labels: values.labels,
      external: values.external,
      inactive: values.inactive,
      InactiveDate: inactiveDate,
      employee_type: t(values.employee_type),
      rate_hr: rate,
      ...limits,
    };
    setSaving(true);
    try {
      const saved = take(
        (base
          ? await updateRecord(COLLECTION, base._id, base.version ?? 0, body)
          : await createRecord(COLLECTION, body)) as Rec & MaybeRechecked,
      );
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
  const text = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      value={values[key]}
      maxLength={200}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      {...extra}
    />
  );
  return (
    <Modal
      title={base ? R.editTitle(displayName(base, base._id)) : R.createTitle}
      onClose={() => void close()}
      size="lg"
      testId="resource-form"
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
          {text('first_name', T.firstName)}
          {text('last_name', T.lastName)}
          {text('email', T.email, { type: 'email' })}
          {text('mobile', T.mobile, { type: 'tel', maxLength: 40 })}
          {text('phone', T.phone, { type: 'tel', maxLength: 40 })}
          {text('employee_type', R.employeeType)}
          {text('rate_hr', R.rate, { inputMode: 'decimal' })}
          {text('InactiveDate', R.inactiveFrom, { type: 'date' })}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-700">{R.hourLimits}</legend>
          <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {HOUR_FIELDS.map(([key, label]) => (
              <div key={key}>{text(key, label, { inputMode: 'decimal' })}</div>
            ))}
          </div>
        </fieldset>
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
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
          <input
            type="checkbox"
            checked={values.external}
            onChange={(e) => set('external', e.target.checked)}
            className="size-4 accent-sky-700"
          />
          {R.isExternal}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
          <input
            type="checkbox"
            checked={values.inactive}
            onChange={(e) => set('inactive', e.target.checked)}
            className="size-4 accent-sky-700"
          />
          {R.isInactive}
        </label>
      </form>
    </Modal>
  );
}
