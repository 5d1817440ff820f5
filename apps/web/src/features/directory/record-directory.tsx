import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { Pencil, Plus, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { type LiveSubscription, useLive } from '../../lib/live.ts';
import { patchSearch } from '../../lib/search-params.ts';
import { notify } from '../../lib/toast.ts';
import { confirmLeave } from '../../lib/unsaved.ts';
import { Button } from '../../ui/button.tsx';
import { columnsFor, type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Drawer, Modal } from '../../ui/dialog.tsx';
import { Form, FormRootMessage, useZodForm } from '../../ui/form.tsx';
import { QueryState, SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import {
  createRecord,
  DIRECTORY_KEY,
  displayName,
  type Label,
  type Named,
  type NumberedPage,
  recordQuery,
  type StoredRecord,
  updateRecord,
} from './api.ts';
import {
  clearedFilters,
  type DirectorySearch,
  type FilterParam,
  isFiltered,
  listQueryOf,
  pageFrom,
} from './model.ts';
import {
  ActiveBadge,
  DeleteButton,
  FilterSelect,
  LabelChips,
  ScreenHeader,
  StaleNotice,
  selectClass,
} from './parts.tsx';
import { DIRECTORY_TEXT as T } from './texts.ts';

/*
 * The record directory (issue 17 point 3): one list with a search box, filters and numbered pages,
 * one detail drawer and one form serve every directory screen. A screen is its configuration —
 * its words, filters, columns or rows, the sections of its drawer and the fields of its form —
 * plus its own rules (a customer's blacklist, a resource's re-checked bookings, readers lists).
 */

/**
 * A directory screen's state, all but the form in the URL: its filters (`filters`), the page, the
 * opened record (`idKey`), and the list's query made of them; changes by others (the live
 * `records` topic of `live`) refresh what it shows. `navigate` changes the route's search.
 */
export function useDirectoryState<S extends DirectorySearch & { page?: string | undefined }, R>({
  search,
  navigate,
  filters,
  idKey,
  pageSize,
  live,
}: {
  search: S;
  navigate: (update: (prev: S) => S, replace: boolean) => void;
  filters: readonly FilterParam[];
  idKey: keyof S & string;
  pageSize: number;
  live: LiveSubscription | null;
}) {
  const queryClient = useQueryClient();
  useLive(live, (e) => {
    if (e.type !== 'error') void queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const [editing, setEditing] = useState<Editing<R>>(null);
  const setSearch = (patch: Partial<S>) => navigate((prev) => patchSearch(prev, patch), true);
  return {
    text: (key: keyof S & string) => search[key]?.trim() ?? '',
    setSearch,
    selected: search[idKey] || undefined,
    select: (id: string | undefined) => navigate((prev) => ({ ...prev, [idKey]: id }), false),
    query: listQueryOf(search, filters, pageSize),
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
        navigate((prev) => ({ ...prev, [idKey]: saved._id }), false);
      },
    },
    /** The opened record's drawer: edit opens the form, close forgets the record. */
    drawerHandlers: {
      onEdit: (record: R) => setEditing(record),
      onClose: () => navigate((prev) => ({ ...prev, [idKey]: undefined }), false),
    },
  };
}

/** What the shared parts use of {@link useDirectoryState} (methods: any screen's search fits). */
export interface DirectoryState {
  text(key: string): string;
  setSearch(patch: Record<string, string>): void;
  /** Opens the form of a new record. */
  setEditing(editing: 'new'): void;
  clear(): void;
  onPage(page: number): void;
  selected: string | undefined;
  isFiltered: boolean;
  page: number;
}

/** A select of a directory's filter bar, bound to its key of the URL. */
export function DirectoryFilter({
  dir,
  name,
  label,
  options,
}: {
  dir: DirectoryState;
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <FilterSelect
      label={label}
      value={dir.text(name)}
      onChange={(value) => dir.setSearch({ [name]: value })}
      options={options}
    />
  );
}

/** A labelled control of a directory's filter bar (half the bar on phones). */
function FilterBox({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="w-[calc(50%-0.25rem)] sm:w-40">
      <label htmlFor={id} className="text-xs font-medium text-neutral-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A day (`YYYY-MM-DD`) of a directory's filter bar, bound to its key of the URL. */
export function DirectoryDateFilter({
  dir,
  name,
  label,
  min,
  max,
}: {
  dir: DirectoryState;
  name: string;
  label: string;
  min?: string | undefined;
  max?: string | undefined;
}) {
  return (
    <FilterBox label={label}>
      {(id) => (
        <DateInput
          id={id}
          value={dir.text(name)}
          min={min || undefined}
          max={max || undefined}
          onValueChange={(value) => dir.setSearch({ [name]: value })}
          className={selectClass()}
        />
      )}
    </FilterBox>
  );
}

/** A text of a directory's filter bar, bound to its key of the URL. */
export function DirectoryTextFilter({
  dir,
  name,
  label,
  maxLength,
}: {
  dir: DirectoryState;
  name: string;
  label: string;
  maxLength: number;
}) {
  return (
    <FilterBox label={label}>
      {(id) => (
        <input
          id={id}
          value={dir.text(name)}
          maxLength={maxLength}
          onChange={(e) => dir.setSearch({ [name]: e.target.value })}
          className={selectClass()}
        />
      )}
    </FilterBox>
  );
}

/** How a list shows its records: a table (with cards on phones), or one row per record. */
export type DirectoryView<R extends RowData> =
  | { columns: DataColumn<R>[]; card: (record: R) => ReactNode }
  | { row: (record: R, isSelected: boolean) => ReactNode };

/** The `data-*` attribute that names a record of the list (e.g. `customer` → `data-customer`). */
const dataAttr = (name: string, id: string) => ({ [`data-${name}`]: id }) as Record<`data-${string}`, string>;

export function RecordDirectory<R extends StoredRecord & RowData>({
  dir,
  title,
  listLabel,
  newLabel,
  canCreate,
  searchPlaceholder,
  subtitle,
  filters,
  above,
  list,
  pageSize,
  empty,
  view,
  dataName,
  width = 'max-w-7xl',
  children,
}: {
  dir: DirectoryState;
  title: string;
  listLabel: string;
  /** The create button's words (shown when the caller may create). */
  newLabel: string;
  canCreate: boolean;
  /** The search box's placeholder (its `?q=`). */
  searchPlaceholder: string;
  /** Shown under the title (e.g. the kind of record the menu's entry lists). */
  subtitle?: ReactNode;
  /** The filter bar's controls after the search box. */
  filters?: ReactNode;
  /** Shown between the filters and the list (e.g. what the last change re-checked). */
  above?: ReactNode;
  list: UseQueryResult<NumberedPage<R>>;
  pageSize: number;
  /** Words of an empty list: `filtered` when filters are set, else `none`. */
  empty: { none: string; filtered: string; hint?: string };
  view: DirectoryView<R>;
  dataName: string;
  width?: string;
  /** The drawer and the form. */
  children?: ReactNode;
}) {
  const items = list.data?.items ?? [];
  const { selected, isFiltered, page } = dir;
  return (
    <div className={`mx-auto ${width} px-4 py-5 sm:px-6`}>
      <ScreenHeader
        title={title}
        action={
          canCreate ? (
            <Button onClick={() => dir.setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {newLabel}
            </Button>
          ) : null
        }
      />
      {subtitle ? <p className="mt-1 text-xs text-neutral-500">{subtitle}</p> : null}
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={dir.text('q')}
          onSearch={(q) => dir.setSearch({ q })}
          label={`${T.search} ${title.toLowerCase()}`}
          placeholder={searchPlaceholder}
        />
        {filters}
        {isFiltered ? (
          <Button variant="ghost" onClick={dir.clear}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>
      {above}
      <section aria-label={listLabel} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={items.length === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? empty.filtered : empty.none}
          emptyHint={isFiltered ? empty.hint : undefined}
        >
          {'columns' in view ? (
            <>
              <DataTable
                label={listLabel}
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
          <Pager
            page={page}
            limit={list.data?.limit ?? pageSize}
            total={list.data?.total ?? 0}
            isFetching={list.isFetching}
            onPage={dir.onPage}
          />
        </QueryState>
      </section>
      {children}
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

type Catalogued = StoredRecord &
  Named & { labels?: string[] | null | undefined; inactive?: boolean | null | undefined };

/** The name (opening the record), labels and active columns of a catalogue's table. */
export function catalogueColumns<R extends Catalogued & RowData>(
  labels: readonly Label[],
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
  children,
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
  children: (record: R) => ReactNode;
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
          {children(r)}
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
  testId,
  size,
  fieldMap,
  afterSave,
  toldSaved = () => notify.success(T.saved),
  onClose,
  onSaved,
  children,
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
  const formId = useId();
  const [base, setBase] = useState(record);
  const [isStale, setStale] = useState(false);
  const [saved, setSaved] = useState<R | undefined>();
  const form = useZodForm(schema, { defaultValues: valuesOf(record) as never });
  // Saved: once the form is clean again (the unsaved-changes guard released), open the record.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSaved runs once per save
  useEffect(() => {
    if (saved) onSaved(saved);
  }, [saved]);
  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const reload = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...recordQuery<R>(collection, base._id), staleTime: 0 });
    setBase(fresh);
    form.reset(valuesOf(fresh));
    setStale(false);
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
  const whole = (error: unknown) => {
    if (!(isApiError(error) && error.status === 409 && error.code === 'version_conflict')) return undefined;
    setStale(true);
    return T.staleEdit;
  };
  return (
    <Modal
      title={title(base)}
      onClose={() => void close()}
      testId={testId}
      {...(size ? { size } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={() => void close()}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={form.formState.isSubmitting || isStale}>
            {form.formState.isSubmitting ? T.saving : T.save}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={save}
        formError={whole}
        showMessage={false}
        {...(fieldMap ? { fieldMap } : {})}
        className="space-y-3"
      >
        {isStale ? <StaleNotice onReload={() => void reload()} /> : <FormRootMessage />}
        {children(form)}
      </Form>
    </Modal>
  );
}
