import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { askConfirm } from '../../../lib/overlays.ts';
import { patchSearch } from '../../../lib/search-params.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { actionsColumn, columnsFor, type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { FormInput } from '../../../ui/form.tsx';
import { VersionedFormModal } from '../../../ui/form-modal.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { pageFrom } from '../model.ts';
import { failureText, ScreenHeader } from '../parts.tsx';
import type { EventsSearch } from '../search.ts';
import { DIRECTORY_TEXT as T, EVENTS_TEXT as V } from '../texts.ts';
import {
  defaultEvents,
  defaultGroup,
  type EventIssue,
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
      notify.error(failureText(e));
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
        <DataTable<WorkflowEvent>
          label={V.list}
          columns={isDispatcher ? [...COLUMNS, eventActions(setEditing, remove)] : COLUMNS}
          data={shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
          getRowId={(e) => e._key}
          rowProps={(e) => ({ 'data-event': e._key })}
          state={{
            isPending: workflows.isPending,
            error: workflows.error,
            onRetry: () => void workflows.refetch(),
            failedTitle: T.loadFailed,
            emptyTitle: q ? V.noMatch : V.empty,
          }}
          paging={{
            page,
            limit: PAGE_SIZE,
            total: shown.length,
            onPage: (p) => setSearch({ page: String(p) }),
          }}
        />
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

const col = columnsFor<WorkflowEvent>();

/** The list's columns: the event as it shows on the calendar, and its key. */
const COLUMNS: DataColumn<WorkflowEvent>[] = [
  col.accessor('_value', {
    header: V.label,
    cell: ({ row }) => (
      <span
        className="inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-black/5 ring-inset"
        style={{
          backgroundColor: row.original.color || '#f3f4f6',
          color: row.original.textColor || '#374151',
        }}
      >
        {row.original._value}
      </span>
    ),
  }),
  col.accessor('_key', {
    header: V.key,
    cell: ({ getValue }) => <span className="text-xs text-neutral-500">{getValue()}</span>,
  }),
];

/** Edit and delete (dispatchers). */
const eventActions = (
  onEdit: (e: WorkflowEvent) => void,
  onDelete: (e: WorkflowEvent) => Promise<void>,
): DataColumn<WorkflowEvent> =>
  actionsColumn(col, {
    label: V.actions,
    className: 'w-24 text-right',
    headerClassName: 'text-right',
    actions: (event) => [
      { label: `${T.edit} ${event._value}`, Icon: Pencil, onClick: () => onEdit(event) },
      { label: `${T.delete} ${event._value}`, Icon: Trash2, onClick: () => void onDelete(event) },
    ],
  });

const ISSUE_TEXT: Record<EventIssue['code'], string> = {
  key_taken: V.keyTaken,
  key_invalid: V.keyInvalid,
  label_required: T.nameRequired,
};

/** The form's values, checked by the document's rules (workflows.ts: key pattern, unique key, label). */
const eventForm = (workflows: Workflows, originalKey: string | undefined) =>
  z
    .object({ _key: z.string(), _value: z.string(), color: z.string(), textColor: z.string() })
    .transform((v): WorkflowEvent => ({ ...v, _key: v._key.trim() }))
    .superRefine((v, ctx) => {
      const result = saveEvent(workflows, v, originalKey);
      if (result.ok) return;
      for (const issue of result.issues)
        ctx.addIssue({ code: 'custom', path: [issue.field], message: ISSUE_TEXT[issue.code] });
    });

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
  const schema = useMemo(() => eventForm(workflows, event?._key), [workflows, event?._key]);
  const form = useZodForm(schema, {
    defaultValues: {
      _key: event?._key ?? '',
      _value: event?._value ?? '',
      color: event?.color || '#e0f2fe',
      textColor: event?.textColor || '#0c4a6e',
    },
  });
  const save = async (values: WorkflowEvent) => {
    const result = saveEvent(workflows, values, event?._key);
    if (!result.ok) return;
    await putWorkflows(result.workflows, workflows.version);
    await queryClient.invalidateQueries({ queryKey: workflowsQuery.queryKey });
    notify.success(T.saved);
    form.reset(form.getValues());
    onClose();
  };
  return (
    <VersionedFormModal
      form={form}
      title={event ? V.editTitle(event._value) : V.createTitle}
      testId="event-form"
      onSubmit={save}
      onReload={() => {
        void queryClient.invalidateQueries({ queryKey: workflowsQuery.queryKey });
        onClose();
      }}
      onClose={onClose}
      staleText={T.staleEdit}
    >
      <FormInput<Values> name="_value" label={V.label} maxLength={200} />
      <FormInput<Values>
        name="_key"
        label={V.key}
        maxLength={60}
        disabled={event !== undefined}
        description={V.keyHint}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormInput<Values> name="color" label={V.color} type="color" />
        <FormInput<Values> name="textColor" label={V.textColor} type="color" />
      </div>
    </VersionedFormModal>
  );
}

type Values = z.input<ReturnType<typeof eventForm>>;
