import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { askConfirm } from '../../../lib/overlays.ts';
import { patchSearch } from '../../../lib/search-params.ts';
import { notify } from '../../../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../../../lib/unsaved.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, FormMessage } from '../../../ui/field.tsx';
import { QueryState } from '../../../ui/list-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { pageFrom } from '../model.ts';
import { ScreenHeader, StaleNotice } from '../parts.tsx';
import type { EventsSearch } from '../search.ts';
import { DIRECTORY_TEXT as T, EVENTS_TEXT as V } from '../texts.ts';
import {
  defaultEvents,
  defaultGroup,
  putWorkflows,
  removeEvent,
  saveEvent,
  type WorkflowEvent,
  type Workflows,
  workflowsQuery,
} from './workflows.ts';

const PAGE_SIZE = 40;

/**
 * Events (/events, issue 8): the default workflow group's calendar events, from the
 * organisation's workflows document — search and pages on the screen, create, edit and delete
 * (dispatchers; the document is versioned, so a change by someone else asks for a reload).
 */
export function EventsScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const queryClient = useQueryClient();
  const search = useSearch({ from: '/shell/events' });
  const navigate = useNavigate({ from: '/events' });
  const setSearch = (patch: Partial<EventsSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const [editing, setEditing] = useState<WorkflowEvent | 'new' | null>(null);
  const workflows = useQuery(workflowsQuery);
  const q = (search.q ?? '').toLowerCase();
  const page = pageFrom(search.page);
  const all = workflows.data ? defaultEvents(workflows.data) : [];
  const shown = q ? all.filter((e) => `${e._key} ${e._value}`.toLowerCase().includes(q)) : all;
  const group = workflows.data ? defaultGroup(workflows.data) : undefined;

  const remove = async (event: WorkflowEvent) => {
    const doc = workflows.data;
    if (!doc || !(await askConfirm(T.confirmDelete(V.deleteWhat(event._value))))) return;
    try {
      await putWorkflows(removeEvent(doc, event._key), doc.version);
      notify.success(T.deleted);
    } catch (e) {
      notify.error(
        isApiError(e) && e.code === 'version_conflict'
          ? T.staleEdit
          : e instanceof Error
            ? e.message
            : String(e),
      );
    }
    await queryClient.invalidateQueries({ queryKey: workflowsQuery.queryKey });
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={V.title}
        action={
          isDispatcher ? (
            <Button onClick={() => setEditing('new')} disabled={!workflows.data}>
              <Plus aria-hidden className="size-4" />
              {V.newEvent}
            </Button>
          ) : null
        }
      />
      <p className="mt-1 text-sm text-neutral-600">
        {group ? `${V.group}: ${group.name || group.groupID}` : workflows.data ? V.noDefaultGroup : ''}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-2 rounded-lg border border-neutral-200 bg-white p-3">
        <SearchInput
          value={search.q ?? ''}
          onSearch={(text) => setSearch({ q: text })}
          label={`${T.search} ${V.title.toLowerCase()}`}
          placeholder={V.label}
        />
      </div>
      <section aria-label={V.list} className="mt-4">
        <QueryState
          isPending={workflows.isPending}
          error={workflows.error}
          isEmpty={shown.length === 0}
          onRetry={() => void workflows.refetch()}
          failedTitle={T.loadFailed}
          emptyTitle={q ? V.noMatch : V.empty}
        >
          <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
            {shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((e) => (
              <li key={e._key} data-event={e._key} className="flex items-center gap-3 px-4 py-2">
                <span
                  className="inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-black/5 ring-inset"
                  style={{ backgroundColor: e.color || '#f3f4f6', color: e.textColor || '#374151' }}
                >
                  {e._value}
                </span>
                <span className="text-xs text-neutral-500">{e._key}</span>
                {isDispatcher ? (
                  <span className="ml-auto flex gap-1">
                    <IconButton label={`${T.edit} ${e._value}`} onClick={() => setEditing(e)}>
                      <Pencil aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton label={`${T.delete} ${e._value}`} onClick={() => void remove(e)}>
                      <Trash2 aria-hidden className="size-4" />
                    </IconButton>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            limit={PAGE_SIZE}
            total={shown.length}
            onPage={(p) => setSearch({ page: String(p) })}
          />
        </QueryState>
      </section>
      {editing && workflows.data ? (
        <EventForm
          event={editing === 'new' ? undefined : editing}
          workflows={workflows.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

type Values = { _key: string; _value: string; color: string; textColor: string };

function EventForm({
  event,
  workflows,
  onClose,
}: {
  event: WorkflowEvent | undefined;
  workflows: Workflows;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const initial: Values = {
    _key: event?._key ?? '',
    _value: event?._value ?? '',
    color: event?.color || '#e0f2fe',
    textColor: event?.textColor || '#0c4a6e',
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = saveEvent(
      workflows,
      { _key: values._key.trim(), _value: values._value, color: values.color, textColor: values.textColor },
      event?._key,
    );
    if (!result.ok) {
      const found: typeof errors = {};
      for (const issue of result.issues) {
        found[issue.field] =
          issue.code === 'key_taken'
            ? V.keyTaken
            : issue.code === 'key_invalid'
              ? V.keyInvalid
              : T.nameRequired;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await putWorkflows(result.workflows, workflows.version);
      await queryClient.invalidateQueries({ queryKey: workflowsQuery.queryKey });
      notify.success(T.saved);
      setValues(initial);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === 'version_conflict') setStale(true);
      else setErrors({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={event ? V.editTitle(event._value) : V.createTitle}
      onClose={() => void close()}
      testId="event-form"
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
        {isStale ? (
          <StaleNotice
            onReload={() => {
              void queryClient.invalidateQueries({ queryKey: workflowsQuery.queryKey });
              onClose();
            }}
          />
        ) : null}
        <FormMessage message={errors.form} />
        <Field
          label={V.label}
          value={values._value}
          maxLength={200}
          onChange={(e) => set('_value', e.target.value)}
          error={errors._value}
        />
        <Field
          label={V.key}
          value={values._key}
          maxLength={60}
          disabled={event !== undefined}
          onChange={(e) => set('_key', e.target.value)}
          error={errors._key}
          hint={V.keyHint}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={V.color}
            type="color"
            value={values.color}
            onChange={(e) => set('color', e.target.value)}
          />
          <Field
            label={V.textColor}
            type="color"
            value={values.textColor}
            onChange={(e) => set('textColor', e.target.value)}
          />
        </div>
      </form>
    </Modal>
  );
}
