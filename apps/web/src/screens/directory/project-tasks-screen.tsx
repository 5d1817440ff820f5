import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  ControlField,
  DeleteButton,
  Facts,
  formatSpan,
  ScreenHeader,
  Section,
  StaleNotice,
  saveErrors,
  selectClass,
} from '../../features/directory/parts.tsx';
import { ReadersField } from '../../features/directory/readers-field.tsx';
import { TASKS_TEXT as K, DIRECTORY_TEXT as T } from '../../features/directory/texts.ts';
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
import { SearchInput } from '../../ui/search-input.tsx';
import type { ProjectTasksSearch } from './search.ts';

const PAGE_SIZE = 40;
const COLLECTION = '/project-tasks';

/**
 * Readers of a task or event when its customer changes: the old customer's user leaves the list,
 * the new one's joins (so that customer sees it); anyone else on the list stays.
 */
export function readersWithCustomer(
  readers: readonly string[],
  oldCustomerUid: string | undefined,
  newCustomerUid: string | undefined,
): string[] {
  const kept = readers.filter((r) => r !== oldCustomerUid);
  return newCustomerUid && !kept.includes(newCustomerUid) ? [...kept, newCustomerUid] : kept;
}

/**
 * Project tasks (/projecttasks, issue 8): search, status filter and numbered pages of the tasks the
 * caller may read (readers lists: the API applies them); `?task_id=` opens one with its calendar
 * events (`?task_id=&calevent_id=` opens the event among them). Dispatchers create and edit;
 * tasks have no actions for any role (spec §6).
 */
export function ProjectTasksScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/projecttasks' });
  const navigate = useNavigate({ from: '/projecttasks' });
  const setSearch = (patch: Partial<ProjectTasksSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const liveClient = useQueryClient();
  // Changes by others (or in another tab) refresh what this screen shows.
  useLive({ topic: 'records', kind: 'project_tasks' }, (e) => {
    if (e.type !== 'error') void liveClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const selected = search.task_id;
  const select = (id: string | undefined) => void navigate({ search: (prev) => ({ ...prev, task_id: id }) });
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  const q = param(search, 'q');
  const status = param(search, 'status');
  const page = pageFrom(search.page);
  const list = useQuery(
    numberedListQuery('/directory/project-tasks', {
      q: q || undefined,
      status: status || undefined,
      page,
      limit: PAGE_SIZE,
    }),
  );
  const customers = useQuery({ ...allQuery('/customers'), enabled: isDispatcher });
  const isFiltered = Boolean(q || status);
  const id = useId();

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={K.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {K.newTask}
            </Button>
          ) : null
        }
      />
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={q}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${K.title.toLowerCase()}`}
          placeholder={T.name}
        />
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor={`${id}-status`} className="text-xs font-medium text-neutral-600">
            {T.status}
          </label>
          <input
            id={`${id}-status`}
            value={status}
            maxLength={40}
            onChange={(e) => setSearch({ status: e.target.value })}
            className={selectClass()}
          />
        </div>
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setSearch({ q: '', status: '' })}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>
      <section aria-label={K.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? K.filterEmpty : K.empty}
        >
          <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
            {(list.data?.items ?? []).map((task) => (
              <li
                key={task._id}
                data-task={task._id}
                className={`relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 ${selected === task._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}`}
              >
                <Link
                  from="/projecttasks"
                  to="."
                  search={(prev) => ({ ...prev, calevent_id: undefined, task_id: task._id })}
                  className="min-w-48 flex-1 font-medium text-sky-800 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
                >
                  {str(task.name) || task._id}
                </Link>
                {str(task.status) ? (
                  <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
                    {str(task.status)}
                  </span>
                ) : null}
                <span className="text-xs text-neutral-500">{task._id}</span>
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
        <TaskDetail
          key={selected}
          id={selected}
          focusedEvent={param(search, 'calevent_id') || undefined}
          isDispatcher={isDispatcher}
          customers={customers.data ?? []}
          onClose={() => select(undefined)}
          onEdit={(task) => setEditing(task)}
        />
      ) : null}
      {editing ? (
        <TaskForm
          task={editing === 'new' ? undefined : editing}
          customers={customers.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(task) => {
            setEditing(null);
            select(task._id);
          }}
        />
      ) : null}
    </div>
  );
}

function TaskDetail({
  id,
  focusedEvent,
  isDispatcher,
  customers,
  onClose,
  onEdit,
}: {
  id: string;
  focusedEvent: string | undefined;
  isDispatcher: boolean;
  customers: Rec[];
  onClose: () => void;
  onEdit: (task: Rec) => void;
}) {
  const task = useQuery(recordQuery(COLLECTION, id));
  const events = useQuery({
    ...numberedListQuery('/directory/calendar-events', { task_id: id, limit: 50 }),
    enabled: task.isSuccess,
  });
  const t = task.data;
  return (
    <Drawer title={t ? str(t.name) || id : K.title} onClose={onClose} testId="task-detail">
      {task.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={4} />
        </div>
      ) : task.isError || !t ? (
        <div className="p-4">
          <StateMessage tone="error" title={T.notFound} hint={task.error?.message} />
        </div>
      ) : (
        <div className="pb-4">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            <span className="text-xs text-neutral-500">{t._id}</span>
            {isDispatcher ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(t)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton
                  collection={COLLECTION}
                  record={t}
                  what={K.deleteWhat(str(t.name) || id)}
                  onDeleted={onClose}
                />
              </div>
            ) : null}
          </div>
          <Section title={T.status}>
            <Facts
              rows={[
                [T.status, str(t.status)],
                [
                  K.customer,
                  str(t.customerId)
                    ? displayName(
                        customers.find((c) => c._id === str(t.customerId)),
                        str(t.customerId),
                      )
                    : '',
                ],
                [K.readers, String(strs(t._uid_r).length)],
              ]}
            />
          </Section>
          {str(t.notes) ? (
            <Section title={T.notes}>
              <p className="whitespace-pre-line">{str(t.notes)}</p>
            </Section>
          ) : null}
          <Section title={K.events}>
            {events.isPending ? (
              <SkeletonRows rows={2} height="h-6" />
            ) : events.data?.items.length ? (
              <ul className="divide-y divide-neutral-100">
                {events.data.items.map((e) => {
                  const b = num(e.utc_begin_plus_tz);
                  return (
                    <li
                      key={e._id}
                      className={`py-1.5 ${focusedEvent === e._id ? 'rounded bg-sky-50 px-1' : ''}`}
                      aria-current={focusedEvent === e._id ? 'true' : undefined}
                    >
                      <Link
                        to={'/calevents' as string}
                        search={{ calevent_id: e._id, task_id: id }}
                        className="font-medium text-sky-800 underline-offset-2 hover:underline"
                      >
                        {str(e.name) || e._id}
                      </Link>
                      {b !== undefined ? (
                        <div className="text-xs text-neutral-600 tabular-nums">
                          {formatSpan(b, num(e.utc_end_plus_tz) ?? b)}
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-neutral-500">{K.noEvents}</p>
            )}
          </Section>
        </div>
      )}
    </Drawer>
  );
}

type Values = { name: string; status: string; customerId: string; notes: string; readers: string[] };

function TaskForm({
  task,
  customers,
  onClose,
  onSaved,
}: {
  task: Rec | undefined;
  customers: Rec[];
  onClose: () => void;
  onSaved: (task: Rec) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const valuesOf = (x: Rec | undefined): Values => ({
    name: str(x?.name),
    status: str(x?.status),
    customerId: str(x?.customerId),
    notes: str(x?.notes),
    readers: strs(x?._uid_r),
  });
  const [base, setBase] = useState(task);
  const [initial, setInitial] = useState(() => valuesOf(task));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const uidOf = (cid: string) => str(customers.find((c) => c._id === cid)?.uid) || undefined;
  // A new customer's user joins the readers (and the old one's leaves), visibly in the picker.
  const setCustomer = (cid: string) => {
    setValues((v) => ({
      ...v,
      customerId: cid,
      readers: readersWithCustomer(v.readers, uidOf(v.customerId), uidOf(cid)),
    }));
    setErrors(({ customerId: _c, readers: _r, ...rest }) => rest);
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
    if (!values.name.trim()) {
      setErrors({ name: T.nameRequired });
      return;
    }
    const body = {
      name: values.name.trim(),
      status: values.status.trim() || null,
      customerId: values.customerId || null,
      notes: values.notes.trim() || null,
      _uid_r: values.readers,
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
      const r = saveErrors(err, {
        name: 'name',
        status: 'status',
        notes: 'notes',
        customerId: 'customerId',
        _uid_r: 'readers',
      });
      setStale(r.stale);
      setErrors(r.errors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={base ? K.editTitle(str(base.name) || base._id) : K.createTitle}
      onClose={() => void close()}
      testId="task-form"
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
        <Field
          label={T.name}
          value={values.name}
          maxLength={200}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <Field
          label={T.status}
          value={values.status}
          maxLength={40}
          onChange={(e) => set('status', e.target.value)}
          error={errors.status}
        />
        <ControlField label={K.customer} error={errors.customerId} hint={K.readersHint}>
          {(cid, describedBy) => (
            <select
              id={cid}
              aria-describedby={describedBy}
              value={values.customerId}
              onChange={(e) => setCustomer(e.target.value)}
              className={selectClass(Boolean(errors.customerId))}
            >
              <option value="">{K.noCustomer}</option>
              {customers.map((c) => (
                <option key={c._id} value={c._id}>
                  {displayName(c, c._id)}
                </option>
              ))}
            </select>
          )}
        </ControlField>
        <ReadersField value={values.readers} onChange={(r) => set('readers', r)} error={errors.readers} />
        <ControlField label={T.notes} error={errors.notes}>
          {(cid, describedBy) => (
            <textarea
              id={cid}
              rows={4}
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
