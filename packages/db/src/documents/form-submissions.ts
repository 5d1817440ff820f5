import { checkAnswers, type FormAnswers, type FormField } from '@rostra/core/forms/form-template';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import type { Page } from '../infra/paging.ts';
import { invalid, notFound, type WriteResult } from '../infra/write-result.ts';
import { orgDocuments } from '../schema/documents.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { appendDocumentEvents } from './document-events.ts';
import { type DocumentOf, type DocumentQuery, documentOf, listDocuments } from './documents.ts';

/*
 * Forms filled for a job: a `form_submission` document with `job_id` = the booking and
 * `parent_id` = the form template. It keeps a copy of the fields it was filled against, so a later
 * change of the template does not change what was answered.
 */

/** The booking's id when the reader may read it (dispatchers: any of the organisation's). */
async function readableJob(tx: Tx, orgId: string, jobId: string, reader: Reader): Promise<boolean> {
  const [row] = await tx
    .select({ id: timelineRecords.id })
    .from(timelineRecords)
    .where(
      and(
        eq(timelineRecords.orgId, orgId),
        eq(timelineRecords.id, jobId),
        readableBy(timelineRecords.readers, reader),
      ),
    );
  return row !== undefined;
}

/** Whether the organisation has this timeline record (any reader): pods are booked on real jobs. */
export async function jobExists(db: Db, orgId: string, jobId: string): Promise<boolean> {
  return withOrg(db, orgId, (tx) => readableJob(tx, orgId, jobId, { uid: '', seesAll: true }));
}

/** The job's submissions, newest first; undefined when the reader cannot read the job. */
export async function listJobSubmissions(
  db: Db,
  orgId: string,
  jobId: string,
  reader: Reader,
  query: Pick<DocumentQuery, 'cursor' | 'limit'> = {},
): Promise<Page<DocumentOf<'form_submission'>> | undefined> {
  if (!(await withOrg(db, orgId, (tx) => readableJob(tx, orgId, jobId, reader)))) return undefined;
  return listDocuments(db, orgId, 'form_submission', { ...query, jobId, order: 'newest' });
}

export type SubmitForm = {
  id: string;
  jobId: string;
  formId: string;
  answers: FormAnswers;
  reader: Reader;
  createdBy: string;
  /** The submitter's display name, kept with the answers. */
  createdByName?: string | undefined;
};

/**
 * Stores a filled form for a job the reader may read: `not_found` when they cannot, `unknown_form`
 * (400, field form_id) when the organisation has no such form, the first answer issue (400, field
 * `answers.<key>`, every issue in the message) when the answers do not fit the form.
 */
export async function submitForm(
  db: Db,
  orgId: string,
  input: SubmitForm,
): Promise<WriteResult<DocumentOf<'form_submission'>>> {
  return withOrg(db, orgId, async (tx) => {
    if (!(await readableJob(tx, orgId, input.jobId, input.reader))) return notFound();
    const [form] = await tx
      .select()
      .from(orgDocuments)
      .where(
        and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, input.formId), eq(orgDocuments.kind, 'form')),
      );
    if (!form) return invalid('unknown_form', `No form ${input.formId} in this organisation`, 'form_id');
    const fields = (Array.isArray(form.data.fields) ? form.data.fields : []) as FormField[];
    const issues = checkAnswers(fields, input.answers);
    const first = issues[0];
    if (first) return invalid('invalid_answers', issues.map((i) => i.message).join('; '), first.field);
    const [existing] = await tx
      .select({ id: orgDocuments.id })
      .from(orgDocuments)
      .where(and(eq(orgDocuments.orgId, orgId), eq(orgDocuments.id, input.id)));
    if (existing) return { ok: false, error: 'exists' } as const;
    const [row] = await tx
      .insert(orgDocuments)
      .values({
        orgId,
        id: input.id,
        kind: 'form_submission',
        name: form.name,
        jobId: input.jobId,
        parentId: form.id,
        status: 'submitted',
        createdBy: input.createdBy,
        data: {
          form_id: form.id,
          form_name: form.name,
          fields,
          answers: input.answers,
          ...(input.createdByName ? { created_by_name: input.createdByName } : {}),
        },
      })
      .returning();
    const record = documentOf('form_submission', row as typeof orgDocuments.$inferSelect);
    await appendDocumentEvents(tx, orgId, 'form_submissions', input.id, undefined, record);
    return { ok: true, record };
  });
}
