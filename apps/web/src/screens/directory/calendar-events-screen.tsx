import { fromYmd } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
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
import { ReadersField } from '../../features/directory/readers-field.tsx';
import { CALEVENTS_TEXT as E, DIRECTORY_TEXT as T } from '../../features/directory/texts.ts';
import {
  createRecord,
  DIRECTORY_KEY,
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
import { ControlField } from '../../ui/control-field.tsx';
import { DateInput, TemporalField } from '../../ui/date-input.tsx';
import { Drawer, Modal } from '../../ui/dialog.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { QueryState, SkeletonRows, StateMessage } from '../../ui/list-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import type { CalendarEventsSearch } from './search.ts';

const PAGE_SIZE = 40;
const COLLECTION = '/calendar-events';

const whenOf = (e: Rec) => {
  const b = num(e.utc_begin_plus_tz);
  return b === undefined ? E.allDayUnset : formatSpan(b, num(e.utc_end_plus_tz) ?? b);
};

/**
 * Calendar events (/calevents, issue 8): search, task and date filters and numbered pages of the
 * events the caller may read (readers lists, applied by the API); `?calevent_id=` opens one,
 * `?task_id=` narrows to a task's events; `?type=` is the menu's own (it picks the highlighted
 * entry) and is kept. Dispatchers create and edit; no actions for any role (spec §6).
 */
export function CalendarEventsScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/calevents' });
  const navigate = useNavigate({ from: '/calevents' });
  const setSearch = (patch: Partial<CalendarEventsSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const liveClient = useQueryClient();
  // Changes by others (or in another tab) refresh what this screen shows.
  useLive({ topic: 'records', kind: 'calendar_events' }, (e) => {
    if (e.type !== 'error') void liveClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
  });
  const selected = search.calevent_id;
  const select = (id: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, calevent_id: id }) });
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  const q = param(search, 'q');
  const taskId = param(search, 'task_id');
  const from = param(search, 'from');
  const type = param(search, 'type');
  const page = pageFrom(search.page);
  const fromSec = from ? fromYmd(from) : Number.NaN;
  const list = useQuery(
    numberedListQuery('/directory/calendar-events', {
      q: q || undefined,
      task_id: taskId || undefined,
      type: type || undefined,
      from: Number.isFinite(fromSec) ? fromSec : undefined,
      page,
      limit: PAGE_SIZE,
    }),
  );
  const tasks = useQuery(numberedListQuery('/directory/project-tasks', { limit: 250 }));
  const taskName = (tid: string) => str(tasks.data?.items.find((t) => t._id === tid)?.name) || tid;
  const isFiltered = Boolean(q || taskId || from);
  const id = useId();

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={E.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {E.newEvent}
            </Button>
          ) : null
        }
      />
      {type ? <p className="mt-1 text-xs text-neutral-500">{E.type(type)}</p> : null}
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={q}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${E.title.toLowerCase()}`}
          placeholder={T.name}
        />
        <FilterSelect
          label={E.task}
          value={taskId}
          onChange={(v) => setSearch({ task_id: v })}
          options={[
            ['', T.any],
            ...(tasks.data?.items ?? []).map((t) => [t._id, str(t.name) || t._id] as const),
          ]}
        />
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-neutral-600">
            {T.begin}
          </label>
          <DateInput
            id={`${id}-from`}
            value={from}
            onValueChange={(v) => setSearch({ from: v })}
            className={selectClass()}
          />
        </div>
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setSearch({ q: '', task_id: '', from: '' })}>
            <X aria-hidden className="size-4" />
            {T.clearFilters}
          </Button>
        ) : null}
      </div>
      <section aria-label={E.list} className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={isFiltered ? E.filterEmpty : E.empty}
        >
          <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
            {(list.data?.items ?? []).map((ev) => (
              <li
                key={ev._id}
                data-calevent={ev._id}
                className={`relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 ${selected === ev._id ? 'bg-sky-50' : 'hover:bg-neutral-50'}`}
              >
                <Link
                  to="."
                  search={(prev) => ({ ...prev, calevent_id: ev._id })}
                  className="min-w-48 flex-1 font-medium text-sky-800 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
                >
                  {str(ev.name) || ev._id}
                </Link>
                <span className="text-sm text-neutral-700 tabular-nums">{whenOf(ev)}</span>
                {str(ev.type) ? (
                  <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
                    {str(ev.type)}
                  </span>
                ) : null}
                {str(ev.task_id) ? (
                  <span className="text-xs text-neutral-500">
                    {E.task}: {taskName(str(ev.task_id))}
                  </span>
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
        <EventDetail
          key={selected}
          id={selected}
          isDispatcher={isDispatcher}
          taskName={taskName}
          onClose={() => select(undefined)}
          onEdit={(ev) => setEditing(ev)}
        />
      ) : null}
      {editing ? (
        <EventForm
          event={editing === 'new' ? undefined : editing}
          defaultTask={taskId}
          defaultType={type}
          tasks={tasks.data?.items ?? []}
          onClose={() => setEditing(null)}
          onSaved={(ev) => {
            setEditing(null);
            select(ev._id);
          }}
        />
      ) : null}
    </div>
  );
}

function EventDetail({
  id,
  isDispatcher,
  taskName,
  onClose,
  onEdit,
}: {
  id: string;
  isDispatcher: boolean;
  taskName: (id: string) => string;
  onClose: () => void;
  onEdit: (ev: Rec) => void;
}) {
  const event = useQuery(recordQuery(COLLECTION, id));
  const ev = event.data;
  return (
    <Drawer title={ev ? str(ev.name) || id : E.title} onClose={onClose} testId="calevent-detail">
      {event.isPending ? (
        <div className="p-4">
          <SkeletonRows rows={3} />
        </div>
      ) : event.isError || !ev ? (
        <div className="p-4">
          <StateMessage tone="error" title={T.notFound} hint={event.error?.message} />
        </div>
      ) : (
        <div className="pb-4">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3">
            <span className="text-xs text-neutral-500">{ev._id}</span>
            {isDispatcher ? (
              <div className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => onEdit(ev)}>
                  <Pencil aria-hidden className="size-4" />
                  {T.edit}
                </Button>
                <DeleteButton
                  collection={COLLECTION}
                  record={ev}
                  what={E.deleteWhat(str(ev.name) || id)}
                  onDeleted={onClose}
                />
              </div>
            ) : null}
          </div>
          <Section title={T.when}>
            <Facts
              rows={[
                [T.when, whenOf(ev)],
                [E.typeLabel, str(ev.type)],
                [
                  E.task,
                  str(ev.task_id) ? (
                    <Link
                      key="task"
                      to={'/projecttasks' as string}
                      search={{ task_id: str(ev.task_id), calevent_id: ev._id }}
                      className="text-sky-800 underline-offset-2 hover:underline"
                    >
                      {taskName(str(ev.task_id))}
                    </Link>
                  ) : (
                    ''
                  ),
                ],
              ]}
            />
          </Section>
          {str(ev.notes) ? (
            <Section title={T.notes}>
              <p className="whitespace-pre-line">{str(ev.notes)}</p>
            </Section>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}

type Values = {
  name: string;
  type: string;
  task_id: string;
  date: string;
  begin: string;
  end: string;
  notes: string;
  readers: string[];
};
type Key = keyof Values;

function EventForm({
  event,
  defaultTask,
  defaultType,
  tasks,
  onClose,
  onSaved,
}: {
  event: Rec | undefined;
  defaultTask: string;
  /** The type of a new event: the screen's `?type=`, so that it is listed there. */
  defaultType: string;
  tasks: Rec[];
  onClose: () => void;
  onSaved: (ev: Rec) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const readersOfTask = (tid: string) => strs(tasks.find((t) => t._id === tid)?._uid_r);
  const valuesOf = (x: Rec | undefined): Values => {
    const b = num(x?.utc_begin_plus_tz);
    const e = num(x?.utc_end_plus_tz);
    return {
      name: str(x?.name),
      type: x ? str(x.type) : defaultType,
      task_id: x ? str(x.task_id) : defaultTask,
      date: ymd(b),
      begin: b === undefined ? '09:00' : hhmm(b),
      end: e === undefined ? '10:00' : hhmm(e),
      notes: str(x?.notes),
      // Whoever may read the task may read its events.
      readers: x ? strs(x._uid_r) : readersOfTask(defaultTask),
    };
  };
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
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const span = spanFrom(values.date, values.begin, values.end);
    const found: Partial<Record<Key, string>> = { ...span.errors };
    if (!values.name.trim()) found.name = T.nameRequired;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const body = {
      name: values.name.trim(),
      type: values.type.trim() || null,
      task_id: values.task_id || null,
      utc_begin_plus_tz: span.begin,
      utc_end_plus_tz: span.end,
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
      await queryClient.invalidateQueries({ queryKey: ['calendar'] });
      notify.success(T.saved);
      onSaved(saved);
    } catch (err) {
      const r = saveErrors(err, {
        name: 'name',
        task_id: 'task_id',
        utc_begin_plus_tz: 'begin',
        utc_end_plus_tz: 'end',
        notes: 'notes',
        type: 'type',
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
      title={base ? E.editTitle(str(base.name) || base._id) : E.createTitle}
      onClose={() => void close()}
      testId="calevent-form"
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
          label={E.typeLabel}
          value={values.type}
          maxLength={60}
          hint={E.typeHint}
          onChange={(e) => set('type', e.target.value)}
          error={errors.type}
        />
        <ControlField label={E.task} error={errors.task_id}>
          {(cid, describedBy) => (
            <select
              id={cid}
              aria-describedby={describedBy}
              value={values.task_id}
              onChange={(e) => {
                const tid = e.target.value;
                set('task_id', tid);
                // The chosen task's readers join the event's (whoever may read the task).
                setValues((v) => ({ ...v, readers: [...new Set([...v.readers, ...readersOfTask(tid)])] }));
              }}
              className={selectClass(Boolean(errors.task_id))}
            >
              <option value="">{E.noTask}</option>
              {tasks.map((t) => (
                <option key={t._id} value={t._id}>
                  {str(t.name) || t._id}
                </option>
              ))}
            </select>
          )}
        </ControlField>
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
        <ReadersField value={values.readers} onChange={(r) => set('readers', r)} error={errors.readers} />
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
