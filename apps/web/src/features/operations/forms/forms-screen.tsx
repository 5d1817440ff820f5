import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { ClipboardList, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { errorText } from '../../../lib/roster.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { columnsFor } from '../../../ui/data-table.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { Page } from '../../../ui/page.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
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
import { CursorTable, deleteAfterAsking, useCursorList } from '../list-parts.tsx';
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
  const dates = useOrgDates();
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
                {s.form_name} · {dates.date(s._qa_create_utc)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <SubmissionView submission={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}

const formCol = columnsFor<FormTemplateRecord>();
const submissionCol = columnsFor<FormSubmission>();

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
  const cursor = useCursorList([...OPS_KEYS.forms, q], (page) => listForms({ q: q || undefined, ...page }));
  // One column: on a phone the actions wrap under the name instead of scrolling out of sight.
  const columns = [
    formCol.accessor('name', {
      header: T.form,
      cell: ({ row: { original: form } }) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <ClipboardList aria-hidden className="size-5 shrink-0 text-neutral-400" />
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium text-neutral-900">{form.name}</p>
            <p className="text-xs text-neutral-500">
              {T.fieldCount(form.fields.length)}
              {form.description ? ` · ${form.description}` : ''}
            </p>
          </div>
          <div className="flex items-center">
            <Button variant="secondary" onClick={() => onFill(form)} aria-label={`${T.fill}: ${form.name}`}>
              {T.fill}
            </Button>
            {canEdit ? (
              <>
                <IconButton label={`${T.edit} ${form.name}`} onClick={() => onEdit(form)}>
                  <Pencil aria-hidden className="size-4" />
                </IconButton>
                <IconButton
                  label={`${T.delete} ${form.name}`}
                  onClick={() =>
                    void deleteAfterAsking(
                      T.confirmDelete(form.name),
                      () => deleteForm(form._id, form.version),
                      T.deleted(form.name),
                      () => void queryClient.invalidateQueries({ queryKey: OPS_KEYS.forms }),
                    )
                  }
                >
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </>
            ) : null}
          </div>
        </div>
      ),
    }),
  ];
  return (
    <>
      <div className="mb-4 flex max-w-md">
        <SearchInput label={T.search} value={q} onSearch={setQ} />
      </div>
      <CursorTable
        label={T.templates}
        cursor={cursor}
        columns={columns}
        getRowId={(form) => form._id}
        rowProps={(form) => ({ 'data-form': form.name })}
        emptyTitle={q ? T.noMatch : T.emptyTemplates}
        emptyHint={q ? undefined : T.emptyTemplatesHint}
      />
    </>
  );
}

function SubmissionList() {
  const dates = useOrgDates();
  const [q, setQ] = useState('');
  const [viewing, setViewing] = useState<FormSubmission | null>(null);
  const cursor = useCursorList([...OPS_KEYS.submissions, q], (page) =>
    listSubmissions({ q: q || undefined, ...page }),
  );
  const columns = [
    submissionCol.accessor('form_name', {
      header: T.form,
      cell: ({ row: { original: s } }) => (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium text-neutral-900">{s.form_name}</p>
            <p className="text-xs text-neutral-500">
              {T.filledFor(s.job_id)} · {T.filledOn} {dates.date(s._qa_create_utc)}
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
        </div>
      ),
    }),
  ];
  return (
    <>
      <div className="mb-4 flex max-w-md">
        <SearchInput label={T.searchSubmissions} value={q} onSearch={setQ} />
      </div>
      <CursorTable
        label={T.submissions}
        cursor={cursor}
        columns={columns}
        getRowId={(s) => s._id}
        rowProps={(s) => ({ 'data-submission': s.form_name })}
        emptyTitle={q ? T.noMatch : T.emptySubmissions}
        emptyHint={q ? undefined : T.emptySubmissionsHint}
      />
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
