import type { CustomerRecord } from '@rostra/core/api/customers';
import {
  type CreateProjectTaskBody,
  createProjectTaskBody,
  type ProjectTaskRecord,
} from '@rostra/core/api/project-tasks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { useShell } from '../../../shell/shell-context.tsx';
import { FormInput, FormSelect, FormTextarea } from '../../../ui/form.tsx';
import { allQuery, displayName } from '../api.ts';
import { readersWithCustomer } from '../model.ts';
import { ReadersField } from '../readers-field.tsx';
import { OPEN_CARD_CLASS, RecordDirectory, RecordForm, useDirectory } from '../record-directory.tsx';
import type { ProjectTasksSearch } from '../search.ts';
import { TASKS_TEXT as K, DIRECTORY_TEXT as T } from '../texts.ts';
import { TaskSections } from './task-sections.tsx';

const COLLECTION = '/project-tasks';

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
  const dir = useDirectory<ProjectTasksSearch, ProjectTaskRecord>({
    search,
    list: '/directory/project-tasks',
    filters: [{ key: 'q' }, { key: 'status', label: T.status, maxLength: 40 }],
    idKey: 'task_id',
    live: { topic: 'records', kind: 'project_tasks' },
  });
  const customers = useQuery({ ...allQuery<CustomerRecord>('/customers'), enabled: isDispatcher }).data ?? [];
  return (
    <RecordDirectory
      dir={dir}
      text={K}
      canWrite={isDispatcher}
      view={{
        row: (task) => (
          <>
            <Link
              from="/projecttasks"
              to="."
              search={(prev) => ({ ...prev, calevent_id: undefined, task_id: task._id })}
              className={`min-w-48 flex-1 ${OPEN_CARD_CLASS}`}
            >
              {task.name || task._id}
            </Link>
            {task.status ? (
              <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
                {task.status}
              </span>
            ) : null}
            <span className="text-xs text-neutral-500">{task._id}</span>
          </>
        ),
      }}
      dataName="task"
      width="max-w-6xl"
      drawer={{
        collection: COLLECTION,
        title: (t) => t.name || t._id,
        sections: (t) => <TaskSections t={t} customers={customers} focusedEvent={search.calevent_id} />,
      }}
      form={(task, handlers) => <TaskForm task={task} customers={customers} {...handlers} />}
    />
  );
}

/** The task form's values, its checks and the body it sends (core's create schema checks it). */
const taskForm = z
  .object({
    name: z.string().trim().min(1, T.nameRequired),
    status: z.string(),
    customerId: z.string(),
    notes: z.string(),
    readers: z.array(z.string()),
  })
  .transform(
    (v): CreateProjectTaskBody => ({
      name: v.name,
      status: v.status.trim() || null,
      customerId: v.customerId || null,
      notes: v.notes.trim() || null,
      _uid_r: v.readers,
    }),
  )
  .pipe(createProjectTaskBody);
type TaskValues = z.input<typeof taskForm>;

const taskValuesOf = (t: ProjectTaskRecord | undefined): TaskValues => ({
  name: t?.name ?? '',
  status: t?.status ?? '',
  customerId: t?.customerId ?? '',
  notes: t?.notes ?? '',
  readers: t?._uid_r ?? [],
});

function TaskForm({
  task,
  customers,
  onClose,
  onSaved,
}: {
  task: ProjectTaskRecord | undefined;
  customers: CustomerRecord[];
  onClose: () => void;
  onSaved: (task: ProjectTaskRecord) => void;
}) {
  const uidOf = (cid: string) => customers.find((c) => c._id === cid)?.uid || undefined;
  return (
    <RecordForm
      collection={COLLECTION}
      record={task}
      schema={taskForm}
      valuesOf={taskValuesOf}
      title={(t) => (t ? K.editTitle(t.name || t._id) : K.createTitle)}
      testId="task-form"
      fieldMap={{ _uid_r: 'readers' }}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <FormInput<TaskValues> name="name" label={T.name} maxLength={200} />
          <FormInput<TaskValues> name="status" label={T.status} maxLength={40} />
          <FormSelect<TaskValues>
            name="customerId"
            label={K.customer}
            description={K.readersHint}
            options={[['', K.noCustomer], ...customers.map((c) => [c._id, displayName(c, c._id)] as const)]}
            onChangeCapture={(e) => {
              // A new customer's user joins the readers (and the old one's leaves), visibly.
              const next = (e.target as HTMLSelectElement).value;
              const readers = readersWithCustomer(
                form.getValues('readers'),
                uidOf(form.getValues('customerId')),
                uidOf(next),
              );
              form.setValue('readers', readers, { shouldDirty: true });
            }}
          />
          <ReadersField
            value={form.watch('readers')}
            onChange={(r) => form.setValue('readers', r, { shouldDirty: true })}
            error={form.formState.errors.readers?.message}
          />
          <FormTextarea<TaskValues> name="notes" label={T.notes} rows={4} maxLength={5000} />
        </>
      )}
    </RecordForm>
  );
}
