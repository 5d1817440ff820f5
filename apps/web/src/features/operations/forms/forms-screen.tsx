import { formatDate } from '@rostra/core/time/calendar';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { ClipboardList, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { askConfirm } from '../../../lib/overlays.ts';
import { errorText } from '../../../lib/roster.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/list-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs.tsx';
import {
  deleteForm,
  type FormSubmission,
  type FormTemplateRecord,
  listForms,
  listJobForms,
  listSubmissions,
  OPS_KEYS,
} from '../api.ts';
import { useOperationsLive } from '../live.ts';
import { FormEditor } from './form-editor.tsx';
import { FormFill } from './form-fill.tsx';
import { FORMS_TEXT as T } from './form-text.ts';

type Tab = 'templates' | 'submissions';

/**
 * Forms (/forms; issue #8): simple form templates (dispatchers create and edit them) and the
 * forms filled for jobs. "Fill for a job" picks the job and the answers; `/forms?job_id=…` (the
 * booking detail's link) fills for that job directly. Filled forms are listed newest first,
 * by form, with their answers.
 */
export function FormsScreen() {
  const { role } = useShell();
  const isDispatcher = role === 'dispatcher';
  const jobId = useSearch({ from: '/shell/forms' }).job_id;
  const [tab, setTab] = useState<Tab>('templates');
  const [editing, setEditing] = useState<FormTemplateRecord | 'new' | null>(null);
  const [filling, setFilling] = useState<FormTemplateRecord | null>(null);
  const queryClient = useQueryClient();
  // Templates and filled forms changed by another user (or tab) refresh the lists.
  useOperationsLive(role === 'scheduler' ? null : 'forms', OPS_KEYS.forms);
  useOperationsLive(isDispatcher ? 'form_submissions' : null, OPS_KEYS.submissions);

  return (
    <Page
      title={T.title}
      actions={
        isDispatcher ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" />
            {T.newTemplate}
          </Button>
        ) : null
      }
    >
      {jobId ? <JobSubmissions jobId={jobId} /> : null}
      {isDispatcher ? (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={T.title} className="mb-4">
            <TabsTrigger value="templates">{T.templates}</TabsTrigger>
            <TabsTrigger value="submissions">{T.submissions}</TabsTrigger>
          </TabsList>
          <TabsContent value="templates">
            <TemplateList canEdit onEdit={setEditing} onFill={setFilling} />
          </TabsContent>
          <TabsContent value="submissions">
            <SubmissionList />
          </TabsContent>
        </Tabs>
      ) : (
        <TemplateList canEdit={false} onEdit={setEditing} onFill={setFilling} />
      )}
      {editing ? (
        <FormEditor
          form={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify.success(T.saved(saved.name));
            void queryClient.invalidateQueries({ queryKey: OPS_KEYS.forms });
          }}
        />
      ) : null}
      {filling ? (
        <FormFill
          form={filling}
          jobId={jobId}
          onClose={() => setFilling(null)}
          onSubmitted={() => {
            notify.success(T.submitted(filling.name));
            setFilling(null);
            void queryClient.invalidateQueries({ queryKey: OPS_KEYS.submissions });
          }}
        />
      ) : null}
    </Page>
  );
}

/** The forms already filled for the job of `/forms?job_id=…` (any role that may read the job). */
function JobSubmissions({ jobId }: { jobId: string }) {
  const [viewing, setViewing] = useState<FormSubmission | null>(null);
  const list = useQuery({
    queryKey: [...OPS_KEYS.submissions, 'job', jobId],
    queryFn: () => listJobForms(jobId, { limit: 20 }),
  });
  return (
    <section
      aria-label={T.filledFor(jobId)}
      className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm"
    >
      <h2 className="font-medium text-sky-900">{T.filledFor(jobId)}</h2>
      {list.isPending ? (
        <p className="mt-1 text-sky-800">…</p>
      ) : list.isError ? (
        <p role="alert" className="mt-1 text-red-800">
          {errorText(list.error)}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="mt-1 text-sky-800">{T.noneForJob}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {list.data.items.map((s) => (
            <li key={s._id}>
              <Button variant="secondary" onClick={() => setViewing(s)}>
                <Eye aria-hidden className="size-4" />
                {s.form_name} · {formatDate(s._qa_create_utc)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <SubmissionView submission={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}

function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="mb-4 max-w-md">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base sm:min-h-9 sm:text-sm"
      />
    </div>
  );
}

function TemplateList({
  canEdit,
  onEdit,
  onFill,
}: {
  canEdit: boolean;
  onEdit: (form: FormTemplateRecord) => void;
  onFill: (form: FormTemplateRecord) => void;
}) {
  const [q, setQ] = useState('');
  const queryClient = useQueryClient();
  const text = q.trim();
  const list = useInfiniteQuery({
    queryKey: [...OPS_KEYS.forms, text],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => listForms({ q: text || undefined, cursor: pageParam, limit: 40 }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = async (form: FormTemplateRecord) => {
    if (!(await askConfirm(T.confirmDelete(form.name)))) return;
    try {
      await deleteForm(form._id, form.version);
      notify.success(T.deleted(form.name));
    } catch (error) {
      notify.error(errorText(error));
    }
    void queryClient.invalidateQueries({ queryKey: OPS_KEYS.forms });
  };

  return (
    <>
      <SearchBox label={T.search} value={q} onChange={setQ} />
      {list.isPending ? (
        <Skeleton rows={4} className="h-14" />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={text ? T.noMatch : T.emptyTemplates}
          {...(text ? {} : { hint: T.emptyTemplatesHint })}
        />
      ) : (
        <>
          <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
            {items.map((form) => (
              <li
                key={form._id}
                data-form={form.name}
                className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              >
                <ClipboardList aria-hidden className="size-5 shrink-0 text-neutral-400" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-neutral-900">{form.name}</p>
                  <p className="truncate text-xs text-neutral-500">
                    {T.fieldCount(form.fields.length)}
                    {form.description ? ` · ${form.description}` : ''}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => onFill(form)}
                  aria-label={`${T.fill}: ${form.name}`}
                >
                  {T.fill}
                </Button>
                {canEdit ? (
                  <>
                    <IconButton label={`${T.edit} ${form.name}`} onClick={() => onEdit(form)}>
                      <Pencil aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton label={`${T.delete} ${form.name}`} onClick={() => void remove(form)}>
                      <Trash2 aria-hidden className="size-4" />
                    </IconButton>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-3 flex justify-center">
              <Button
                variant="secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {T.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function SubmissionList() {
  const [q, setQ] = useState('');
  const [viewing, setViewing] = useState<FormSubmission | null>(null);
  const text = q.trim();
  const list = useInfiniteQuery({
    queryKey: [...OPS_KEYS.submissions, text],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => listSubmissions({ q: text || undefined, cursor: pageParam, limit: 40 }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <SearchBox label={T.searchSubmissions} value={q} onChange={setQ} />
      {list.isPending ? (
        <Skeleton rows={4} className="h-14" />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={text ? T.noMatch : T.emptySubmissions}
          {...(text ? {} : { hint: T.emptySubmissionsHint })}
        />
      ) : (
        <>
          <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
            {items.map((s) => (
              <li
                key={s._id}
                data-submission={s.form_name}
                className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-neutral-900">{s.form_name}</p>
                  <p className="truncate text-xs text-neutral-500">
                    {T.filledFor(s.job_id)} · {T.filledOn} {formatDate(s._qa_create_utc)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => setViewing(s)}
                  aria-label={`${T.view}: ${s.form_name}, ${s.job_id}`}
                >
                  <Eye aria-hidden className="size-4" />
                  {T.view}
                </Button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-3 flex justify-center">
              <Button
                variant="secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {T.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {viewing ? <SubmissionView submission={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

/** A filled form's answers, against the fields it was filled with. */
export function SubmissionView({ submission, onClose }: { submission: FormSubmission; onClose: () => void }) {
  const show = (v: unknown) =>
    v === true ? T.yes : v === false ? T.no : v === null || v === undefined || v === '' ? T.none : String(v);
  return (
    <Modal
      title={T.answersOf(submission.form_name)}
      onClose={onClose}
      description={T.filledFor(submission.job_id)}
    >
      <dl className="divide-y divide-neutral-100 text-sm">
        {submission.fields.map((f) => (
          <div key={f.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] gap-3 py-2">
            <dt className="text-neutral-600">{f.label}</dt>
            <dd className={`text-neutral-900 ${f.type === 'signature' ? 'font-serif italic' : ''}`}>
              {show(submission.answers[f.key])}
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
