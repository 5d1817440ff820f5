import type { RecordNames, StoredRecord } from '@rostra/core/api/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { Pencil, Plus, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { type LiveSubscription, useLive } from '../../lib/live.ts';
import { patchSearch } from '../../lib/search-params.ts';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Button } from '../../ui/button.tsx';
import { columnsFor, type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Drawer } from '../../ui/dialog.tsx';
import { VersionedFormModal } from '../../ui/form-modal.tsx';
import { QueryState, SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager, pagerCounts } from '../../ui/pager.tsx';
import { RecheckedNotice, useRechecked } from '../../ui/rechecked-notice.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import {
  createRecord,
  DIRECTORY_KEY,
  displayName,
  type Label,
  labelsQuery,
  listQuery,
  recordQuery,
  updateRecord,
} from './api.ts';
import {
  clearedFilters,
  type DirectorySearch,
  dayParam,
  type FilterParam,
  isFiltered,
  listQueryOf,
  pageFrom,
} from './model.ts';
import { ActiveBadge, DeleteButton, LabelChips, ScreenHeader, selectClass } from './parts.tsx';
import { DIRECTORY_TEXT as T } from './texts.ts';

/*
 * The record directory (issue 17 point 3): one list with a search box, filters and numbered pages,
 * one detail drawer and one form serve every directory screen. A screen is its configuration —
 * its words, filters, columns or rows, the sections of its drawer and the fields of its form —
 * plus its own rules (a customer's blacklist, a resource's re-checked bookings, readers lists).
 */

/**
 * One filter of a directory screen: its parameter (see {@link FilterParam}) and, when it has a
 * `label`, its control in the filter bar — a select of `options`, a day (`day`, bounded by the
 * days of the filters it names) or else a text of `maxLength`.
 */
export type DirectoryFilterDef = FilterParam & {
  label?: string;
  options?: readonly (readonly [string, string])[];
  day?: { min?: string; max?: string };
  maxLength?: number;
};

/** A day filter (`YYYY-MM-DD` in the URL, its first second sent; `end`: the next day's). */
export const dayFilter = (
  key: string,
  label: string,
  day: { min?: string; max?: string } = {},
  end = false,
): DirectoryFilterDef => ({ key, to: dayParam(end), label, day });

/** The filters of a catalogue (customers, resources): search, active or not, `middle`, a label. */
export const catalogueFilters = (
  labels: readonly Label[],
  middle: DirectoryFilterDef[] = [],
): DirectoryFilterDef[] => [
  { key: 'q' },
  {
    key: 'status',
    param: 'inactive',
    values: { active: false, inactive: true },
    label: T.status,
    options: ACTIVE_OPTIONS,
  },
  ...middle,
  { key: 'label', label: T.labels, options: labelOptions(labels) },
];

/**
 * A directory screen's state, all but the form in the URL: its filters, the page, the opened
 * record (`idKey`), and its list (`list`, the feature's `GET /directory/*`) of the query made of
 * them; changes by others (the live `records` topic of `live`) refresh what it shows.
 */
export function useDirectory<
  S extends DirectorySearch & { page?: string | undefined },
  R extends StoredRecord,
>({
  search,
  list,
  filters,
  idKey = 'id',
  pageSize = 40,
  live = null,
}: {
  search: S;
  list: string;
  filters: readonly DirectoryFilterDef[];
  idKey?: keyof S & string;
  pageSize?: number;
  live?: LiveSubscription | null;
}) {
  const queryClient = useQueryClient();
  const go = useNavigate();
  useLive(live, (e) => {
    if (e.type !== 'error') void queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const [editing, setEditing] = useState<Editing<R>>(null);
  const navigate = (update: (prev: S) => S, replace: boolean) =>
    void go({ to: '.', search: (prev) => update(prev as S), replace });
  const setSearch = (patch: Partial<S>) => navigate((prev) => patchSearch(prev, patch), true);
  const open = (id: string | undefined) => navigate((prev) => ({ ...prev, [idKey]: id }), false);
  const query = listQueryOf(search, filters, pageSize);
  return {
    filters,
    pageSize,
    list: useQuery(listQuery<R>(list, query)),
    text: (key: keyof S & string) => search[key]?.trim() ?? '',
    setSearch,
    selected: search[idKey] || undefined,
    page: pageFrom(search.page),
    onPage: (page: number) => setSearch({ page: String(page) } as Partial<S>),
    isFiltered: isFiltered(search, filters),
    clear: () => setSearch(clearedFilters(filters) as Partial<S>),
    editing,
    setEditing,
    /** The form's close and save: saved, the form closes and the record opens. */
    formHandlers: {
      onClose: () => setEditing(null),
      onSaved: (saved: { _id: string }) => {
        setEditing(null);
        open(saved._id);
      },
    },
    /** The opened record's drawer: edit opens the form, close forgets the record. */
    drawerHandlers: { onEdit: (record: R) => setEditing(record), onClose: () => open(undefined) },
  };
}

/** A directory's state as {@link useDirectory} makes it (for a record `R`). */
export type Directory<R extends StoredRecord> = Omit<
  ReturnType<typeof useDirectory<DirectorySearch, R>>,
  'text' | 'setSearch'
> & {
  text(key: string): string;
  setSearch(patch: Record<string, string>): void;
};

/** A control of a directory's filter bar, bound to its key of the URL (half the bar on phones). */
function FilterControl({ dir, filter: f }: { dir: Directory<StoredRecord>; filter: DirectoryFilterDef }) {
  const id = useId();
  const value = dir.text(f.key);
  const set = (value: string) => dir.setSearch({ [f.key]: value });
  return (
    <div className="w-[calc(50%-0.25rem)] sm:w-40">
      <label htmlFor={id} className="text-xs font-medium text-neutral-600">
        {f.label}
      </label>
      {f.options ? (
        <select id={id} value={value} onChange={(e) => set(e.target.value)} className={selectClass()}>
          {f.options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      ) : f.day ? (
        <DateInput
          id={id}
          value={value}
          min={f.day.min ? dir.text(f.day.min) || undefined : undefined}
          max={f.day.max ? dir.text(f.day.max) || undefined : undefined}
          onValueChange={set}
          className={selectClass()}
        />
      ) : (
        <input
          id={id}
          value={value}
          maxLength={f.maxLength}
          onChange={(e) => set(e.target.value)}
          className={selectClass()}
        />
      )}
    </div>
  );
}

/** How a list shows its records: a table (with cards on phones), or one row per record. */
export type DirectoryView<R extends RowData> =
  | { columns: DataColumn<R>[]; card: (record: R) => ReactNode }
  | { row: (record: R, isSelected: boolean) => ReactNode };

/** The words of a directory screen. */
export type DirectoryText = {
  title: string;
  list: string;
  newRecord: string;
  /** The search box's placeholder (its `?q=`). */
  searchPlaceholder: string;
  /** An empty list's words: `empty` (and `emptyHint`) when filters are set, else `emptyNone`. */
  emptyNone: string;
  empty: string;
  emptyHint?: string;
  /** What the delete asks about (`the customer Ann Lee`). */
  deleteWhat: (name: string) => string;
};

/** A record's drawer as a screen configures it (see {@link RecordDrawer}). */
export type DrawerConfig<R extends StoredRecord> = Omit<
  Parameters<typeof RecordDrawer<R>>[0],
  'id' | 'fallbackTitle' | 'testId' | 'canWrite' | 'onEdit' | 'onClose' | 'deleteWhat'
>;

/** The `data-*` attribute that names a record of the list (e.g. `customer` → `data-customer`). */
const dataAttr = (name: string, id: string) => ({ [`data-${name}`]: id }) as Record<`data-${string}`, string>;

/**
 * A directory screen: its title and New button, the filter bar (search and `dir`'s filters), the
 * list with its states and pages, and the opened record's `drawer` and the `form` (its `record`
 * undefined for a new one) of those who may write.
 */
export function RecordDirectory<R extends StoredRecord & RowData>({
  dir,
  text,
  canWrite,
  subtitle,
  above,
  view,
  dataName,
  width = 'max-w-7xl',
  drawer,
  form,
}: {
  dir: Directory<R>;
  text: DirectoryText;
  /** Whether the caller may create, edit and delete. */
  canWrite: boolean;
  /** Shown under the title (e.g. the kind of record the menu's entry lists). */
  subtitle?: ReactNode;
  /** Shown between the filters and the list (e.g. what the last change re-checked). */
  above?: ReactNode;
  view: DirectoryView<R>;
  /** Names a record of the list (`data-<dataName>`) and the drawer (`<dataName>-detail`). */
  dataName: string;
  width?: string;
  drawer: DrawerConfig<R>;
  form: (record: R | undefined, handlers: Directory<R>['formHandlers']) => ReactNode;
}) {
  const { list, selected, isFiltered, page, editing } = dir;
  const items = list.data?.items ?? [];
  return (
    <div className={`mx-auto ${width} px-4 py-5 sm:px-6`}>
      <ScreenHeader
        title={text.title}
        action={
          canWrite ? (
            <Button onClick={() => dir.setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {text.newRecord}
            </Button>
          ) : null
        }
      />
      {subtitle ? <p className="mt-1 text-xs text-neutral-500">{subtitle}</p> : null}
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={dir.text('q')}
          onSearch={(q) => dir.setSearch({ q })}
          label={`${T.search} ${text.title.toLowerCase()}`}
          placeholder={text.searchPlaceholder}
        />
        {dir.filters.map((f) =>
          f.label ? <FilterControl key={f.key} dir={dir as Directory<StoredRecord>} filter={f} /> : null,
        )}
        {isFiltered ? (
          <Button variant="ghost" onClick={dir.clear}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>
      {above}
      <section aria-label={text.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={items.length === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? text.empty : text.emptyNone}
          emptyHint={isFiltered ? text.emptyHint : undefined}
        >
          {'columns' in view ? (
            <>
              <DataTable
                label={text.list}
                className="hidden md:block"
                columns={view.columns}
                data={items}
                getRowId={(r) => r._id}
                rowProps={(r) => dataAttr(dataName, r._id)}
                isSelected={(r) => r._id === selected}
              />
              <ul className="space-y-2 md:hidden">
                {items.map((r) => (
                  <li
                    key={r._id}
                    {...dataAttr(dataName, r._id)}
                    className={`relative rounded-lg border bg-white p-3 ${selected === r._id ? 'border-sky-400' : 'border-neutral-200'}`}
                  >
                    {view.card(r)}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
              {items.map((r) => (
                <li
                  key={r._id}
                  {...dataAttr(dataName, r._id)}
                  aria-current={selected === r._id ? 'true' : undefined}
                  className={`relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 ${selected === r._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}`}
                >
                  {view.row(r, selected === r._id)}
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} {...pagerCounts(list, dir.pageSize)} onPage={dir.onPage} />
        </QueryState>
      </section>
      {selected ? (
        <RecordDrawer<R>
          key={selected}
          id={selected}
          fallbackTitle={text.title}
          testId={`${dataName}-detail`}
          canWrite={canWrite}
          deleteWhat={(r) => text.deleteWhat(drawer.title(r))}
          {...drawer}
          {...dir.drawerHandlers}
        />
      ) : null}
      {editing ? form(editing === 'new' ? undefined : editing, dir.formHandlers) : null}
    </div>
  );
}

/** A link of a list that opens the record `id` in the screen's drawer (`?id=`, or `?<idKey>=`). */
export function OpenLink({
  id,
  idKey = 'id',
  children,
  className,
}: {
  id: string;
  idKey?: string;
  children: ReactNode;
  className: string;
}) {
  return (
    <Link to="." search={(prev) => ({ ...prev, [idKey]: id })} className={className}>
      {children}
    </Link>
  );
}

/** The options of an active/inactive filter. */
const ACTIVE_OPTIONS = [
  ['', T.all],
  ['active', T.active],
  ['inactive', T.inactive],
] as const;

/** The options of a label filter. */
const labelOptions = (labels: readonly Label[]) =>
  [['', T.any], ...labels.map((l) => [l._id, l.name] as const)] as const;

type Catalogued = StoredRecord &
  RecordNames & {
    email?: string | null | undefined;
    labels?: string[] | null | undefined;
    inactive?: boolean | null | undefined;
  };

/**
 * A catalogue's state (customers, resources): the organisation's labels, its directory with the
 * catalogue's filters (`middle` among them; refreshed live for dispatchers, who alone write) and
 * what its last change re-checked (issue 16 point 2).
 */
export function useCatalogue<
  S extends DirectorySearch & { page?: string | undefined },
  R extends StoredRecord,
>({
  search,
  list,
  kind,
  middle,
}: {
  search: S;
  list: string;
  kind: 'customers' | 'resources';
  middle?: DirectoryFilterDef[];
}) {
  const canWrite = useShell().role === 'dispatcher';
  const labels = useQuery(labelsQuery).data ?? [];
  const dir = useDirectory<S, R>({
    search,
    list,
    filters: catalogueFilters(labels, middle),
    live: canWrite ? { topic: 'records', kind } : null,
  });
  return { dir, labels, canWrite, rechecked: useRechecked() };
}

/**
 * A catalogue's directory: a table of `catalogueColumns` (cards of `card` on phones), and what
 * the last change re-checked above the list while no record is open.
 */
export function CatalogueDirectory<R extends Catalogued & RowData>({
  catalogue: { dir, labels, canWrite, rechecked },
  contact,
  columns,
  card,
  ...rest
}: Omit<Parameters<typeof RecordDirectory<R>>[0], 'dir' | 'canWrite' | 'view' | 'above'> & {
  catalogue: {
    dir: Directory<R>;
    labels: Label[];
    canWrite: boolean;
    rechecked: ReturnType<typeof useRechecked>;
  };
  contact: Parameters<typeof catalogueColumns<R>>[1];
  columns: DataColumn<R>[];
  card: (record: R) => ReactNode;
}) {
  return (
    <RecordDirectory
      dir={dir}
      canWrite={canWrite}
      above={dir.selected ? null : <RecheckedNotice {...rechecked.props} className="mt-4" />}
      view={{ columns: catalogueColumns(labels, contact, columns), card }}
      {...rest}
    />
  );
}

/**
 * The columns of a catalogue's table: the name (opening the record), the email over the
 * `contact`'s phone, the screen's `middle` columns, labels and active.
 */
function catalogueColumns<R extends Catalogued & RowData>(
  labels: readonly Label[],
  contact: { header: string; phone: (record: R) => string | null | undefined },
  middle: DataColumn<R>[],
) {
  const col = columnsFor<R>();
  return [
    col.display({
      id: 'name',
      header: T.name,
      cell: ({ row: { original: r } }) => (
        <OpenLink id={r._id} className={OPEN_LINK_CLASS}>
          {displayName(r, r._id)}
        </OpenLink>
      ),
    }),
    col.display({
      id: 'contact',
      header: contact.header,
      meta: { className: 'text-neutral-700' },
      cell: ({ row: { original: r } }) => (
        <>
          <div>{r.email || T.none}</div>
          <div className="text-xs text-neutral-500">{contact.phone(r)}</div>
        </>
      ),
    }),
    ...middle,
    col.display({
      id: 'labels',
      header: T.labels,
      cell: ({ row: { original: r } }) => <LabelChips ids={r.labels ?? []} labels={labels} />,
    }),
    col.display({
      id: 'status',
      header: T.status,
      cell: ({ row: { original: r } }) => <ActiveBadge isInactive={r.inactive === true} />,
    }),
  ] as DataColumn<R>[];
}

/** A catalogue's record on a phone: its name (opening it), badges, contact line and `more`. */
export function CatalogueCard({
  r,
  badges,
  contact,
  more,
}: {
  r: Catalogued;
  badges: ReactNode;
  contact: readonly (string | null | undefined)[];
  more?: string;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <OpenLink id={r._id} className={OPEN_CARD_CLASS}>
          {displayName(r, r._id)}
        </OpenLink>
        <div className="flex gap-1">{badges}</div>
      </div>
      <p className="mt-1 text-sm text-neutral-600">{contact.filter(Boolean).join(' · ')}</p>
      {more ? <p className="text-sm text-neutral-500">{more}</p> : null}
    </>
  );
}

/** The link of a list that opens a record's drawer (the whole card or row is its target). */
export const OPEN_LINK_CLASS =
  'font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:underline';
export const OPEN_CARD_CLASS = `${OPEN_LINK_CLASS} after:absolute after:inset-0 after:content-['']`;

/**
 * A record's drawer: its loading and failed states, a bar with its badges, id, Edit and Delete
 * (for those who may write), then the screen's sections.
 */
export function RecordDrawer<R extends StoredRecord>({
  collection,
  id,
  title,
  fallbackTitle,
  testId,
  badges,
  top,
  accepts,
  canWrite,
  onEdit,
  deleteWhat,
  onClose,
  sections,
}: {
  collection: string;
  id: string;
  title: (record: R) => string;
  fallbackTitle: string;
  testId: string;
  badges?: (record: R) => ReactNode;
  /** Shown above the bar (e.g. what the last save re-checked). */
  top?: ReactNode;
  /** Whether the record found is this screen's (another kind of the collection is not found). */
  accepts?: (record: R) => boolean;
  canWrite: boolean;
  onEdit: (record: R) => void;
  deleteWhat: (record: R) => string;
  onClose: () => void;
  /** The screen's sections of the record. */
  sections: (record: R) => ReactNode;
}) {
  const query = useQuery(recordQuery<R>(collection, id));
  const r = query.data && (accepts?.(query.data) ?? true) ? query.data : undefined;
  return (
    <Drawer title={r ? title(r) : fallbackTitle} onClose={onClose} testId={testId}>
      {query.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={4} />
        </div>
      ) : query.isError || !r ? (
        <div className="p-4">
          <StateMessage
            tone="error"
            title={isApiError(query.error) && query.error.status !== 404 ? T.detailFailed : T.notFound}
            hint={query.error?.message}
          />
        </div>
      ) : (
        <div className="pb-4">
          {top}
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            {badges?.(r)}
            <span className="text-xs text-neutral-500">{r._id}</span>
            {canWrite ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(r)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton collection={collection} record={r} what={deleteWhat(r)} onDeleted={onClose} />
              </div>
            ) : null}
          </div>
          {sections(r)}
        </div>
      )}
    </Drawer>
  );
}

/** A directory's form: what it edits, new or stored. */
export type Editing<R> = R | 'new' | null;

/**
 * A record's create-or-edit form in a modal: the screen's `schema` checks the values (its
 * output is the body the API's schema takes) before anything is sent; a change sends the version
 * read, and a stale one offers to reload the record. Saved, the lists refresh and `onSaved` opens it.
 */
export function RecordForm<S extends z.ZodType<B, FieldValues>, R extends StoredRecord, B extends object>({
  collection,
  record,
  schema,
  valuesOf,
  title,
  afterSave,
  toldSaved = () => notify.success(T.saved),
  onSaved,
  children,
  ...modal
}: {
  collection: string;
  record: R | undefined;
  schema: S;
  /** The form's values for a record (empty ones for a new record). */
  valuesOf: (record: R | undefined) => z.input<S>;
  title: (record: R | undefined) => string;
  testId: string;
  size?: 'lg';
  /** Server field names that are another field of the form. */
  fieldMap?: Readonly<Record<string, string>>;
  /** What else a save refreshes or tells (after the directory's lists). */
  afterSave?: (saved: R) => Promise<void> | void;
  /** Tells that it is saved (by default "Saved"). */
  toldSaved?: (saved: R) => void;
  onClose: () => void;
  onSaved: (saved: R) => void;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(record);
  const [saved, setSaved] = useState<R | undefined>();
  const form = useZodForm(schema, { defaultValues: valuesOf(record) as never });
  // Saved: once the form is clean again (the unsaved-changes guard released), open the record.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSaved runs once per save
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved]);
  const reload = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...recordQuery<R>(collection, base._id), staleTime: 0 });
    setBase(fresh);
    form.reset(valuesOf(fresh));
  };
  const save = async (body: z.output<S>) => {
    const saved = base
      ? await updateRecord<R, B>(collection, base._id, base.version ?? 0, body)
      : await createRecord<R, B>(collection, body);
    queryClient.setQueryData(recordQuery<R>(collection, saved._id).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
    await afterSave?.(saved);
    toldSaved(saved);
    form.reset(valuesOf(saved));
    setSaved(saved);
  };
  return (
    <VersionedFormModal
      {...modal}
      form={form}
      title={title(base)}
      onSubmit={save}
      onReload={reload}
      staleText={T.staleEdit}
    >
      {children(form)}
    </VersionedFormModal>
  );
}
