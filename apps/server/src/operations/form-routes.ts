import { randomUUID } from 'node:crypto';
import { formSubmission, jobFormsQuery, submissionBody, submissionsQuery } from '@rostra/core/api/operations';
import { listDocuments } from '@rostra/db/documents/documents';
import { listJobSubmissions, submitForm } from '@rostra/db/documents/form-submissions';
import { DISPATCHERS, readerOf, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { CONFLICT, idParams, notFound, paged, pageOf, written } from '../http/kit.ts';
import { FORM_READERS } from './document-routes.ts';

/*
 * Forms filled for a job (issue #8): the job detail lists them and fills one in. Whoever may read
 * the booking (dispatchers: any; resources and customers: by its readers list) sees its forms and
 * may fill one; the answers are checked against the template by the core's `checkAnswers`.
 */
export function operationsFormRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const job = withRecord(FORM_READERS, { table: 'timeline_records' });

  app.get(
    `${API}/bookings/:id/forms`,
    {
      config: { access: job },
      schema: {
        tags: ['operations'],
        summary: 'The forms filled for a booking, newest first (form_id, form_name, fields, answers)',
        params: idParams,
        querystring: jobFormsQuery,
        response: { 200: pageOf(formSubmission) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const page = await paged(() =>
        listJobSubmissions(db(), caller.orgId, request.params.id, readerOf(caller), request.query),
      );
      if (!page) throw notFound();
      return page;
    },
  );

  app.post(
    `${API}/bookings/:id/forms`,
    {
      config: { access: job },
      schema: {
        tags: ['operations'],
        summary: 'Fill a form for a booking: {form_id, answers: {field key: value}}',
        params: idParams,
        body: submissionBody,
        response: { ...CONFLICT, 201: formSubmission },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const saved = written(
        await submitForm(db(), caller.orgId, {
          id: randomUUID(),
          jobId: request.params.id,
          formId: request.body.form_id,
          answers: request.body.answers,
          reader: readerOf(caller),
          createdBy: caller.uid,
        }),
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    `${API}/form-submissions`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['operations'],
        summary: "The organisation's filled forms, newest first, by form or job",
        querystring: submissionsQuery,
        response: { 200: pageOf(formSubmission) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      return paged(() =>
        listDocuments(db(), caller.orgId, 'form_submission', {
          order: 'newest',
          q: q.q,
          parentId: q.form_id,
          jobId: q.job_id,
          cursor: q.cursor,
          limit: q.limit,
        }),
      );
    },
  );
}
