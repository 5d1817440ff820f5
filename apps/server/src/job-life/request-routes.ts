import { cancellationBody, cancellationRequest, promoteBody, promotion } from '@rostra/core/api/job-life';
import { cancellationRequestIssue } from '@rostra/core/records/job-status';
import { demoteResource, promoteResource } from '@rostra/db/job-life/promotion';
import {
  decideCancellation,
  hasOpenCancellation,
  latestCancellationRequest,
  requestCancellation,
} from '@rostra/db/job-life/requests';
import { applyAction } from '@rostra/db/scheduling/apply-action';
import { getSettings } from '@rostra/db/settings';
import { z } from 'zod';
import { type Access, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, notFound, written } from '../http/kit.ts';
import { JOB_DISPATCHERS, JOB_PEOPLE, now, readJob, requireJobRole } from './job-access.ts';

const RESOURCE_DISPATCHERS: Access = {
  kind: 'signedIn',
  roles: ['dispatcher'],
  record: { table: 'resources' },
};
const REQUESTERS: Access = {
  kind: 'signedIn',
  roles: ['resource', 'customer'],
  record: { table: 'timeline_records' },
};

/**
 * Promote/demote a resource and cancellation requests (shell spec §3 flags, §4 promote/demote and
 * approve-request; issue #9 point 7).
 */
export function requestRoutes(app: App): void {
  const db = () => app.deps.db.db;

  for (const [verb, run] of [
    ['promote', 'Promote a resource to promoted dispatcher, with views restricted to the labels given'],
    ['demote', 'Demote a promoted dispatcher back to a resource'],
  ] as const) {
    app.post(
      `${API}/resources/:id/${verb}`,
      {
        config: { access: RESOURCE_DISPATCHERS },
        schema: {
          tags: ['job life'],
          summary: run,
          params: z.strictObject({ id: ID }),
          body: verb === 'promote' ? promoteBody : z.strictObject({}).nullish(),
          response: { ...CONFLICT, 200: promotion },
        },
      },
      async (req) => {
        const caller = requireAuth(req);
        const body = (req.body ?? {}) as { labels?: string[] };
        const result =
          verb === 'promote'
            ? await promoteResource(db(), caller.orgId, {
                resourceId: req.params.id,
                labels: body.labels ?? [],
                now: now(app),
              })
            : await demoteResource(db(), caller.orgId, { resourceId: req.params.id, now: now(app) });
        if (result.ok) return result;
        if (result.error === 'not_found') throw notFound();
        throw new HttpError(409, result.error, result.message);
      },
    );
  }

  app.get(
    `${API}/bookings/:id/cancellation-request`,
    {
      config: { access: JOB_PEOPLE },
      schema: {
        tags: ['job life'],
        summary: "A booking's latest cancellation request (null when none)",
        params: z.strictObject({ id: ID }),
        response: { 200: cancellationRequest.nullable() },
      },
    },
    async (req) => {
      const caller = requireAuth(req);
      const job = await readJob(app, caller, req.params.id);
      requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource', 'customer'],
        "the job's people see its requests",
      );
      return latestCancellationRequest(db(), caller.orgId, job._id);
    },
  );

  app.post(
    `${API}/bookings/:id/cancellation-request`,
    {
      config: { access: REQUESTERS },
      schema: {
        tags: ['job life'],
        summary:
          "Ask for a booking's cancellation (the job's resource or customer, when the organisation allows it)",
        params: z.strictObject({ id: ID }),
        body: cancellationBody,
        response: { ...CONFLICT, 201: cancellationRequest },
      },
    },
    async (req, reply) => {
      const caller = requireAuth(req);
      const job = await readJob(app, caller, req.params.id);
      const role = requireJobRole(
        caller,
        job,
        ['resource', 'customer'],
        "the job's resource or customer can ask to cancel it",
      );
      const display = await getSettings(db(), caller.orgId, 'display');
      const issue = cancellationRequestIssue(role, job.status, display);
      if (issue?.code === 'requests_disabled') throw new HttpError(403, issue.code, issue.message);
      if (issue) throw new HttpError(409, 'request_conflict', issue.message);
      const result = await requestCancellation(db(), caller.orgId, {
        jobId: job._id,
        reason: req.body.reason.trim(),
        uid: caller.uid,
        role,
        now: now(app),
      });
      if (result.ok) return reply.status(201).send(result.request);
      if (result.error === 'not_found') throw notFound();
      throw new HttpError(409, 'request_conflict', result.message);
    },
  );

  for (const decision of ['approve', 'refuse'] as const) {
    app.post(
      `${API}/bookings/:id/cancellation-request/${decision}`,
      {
        config: { access: JOB_DISPATCHERS },
        schema: {
          tags: ['job life'],
          summary:
            decision === 'approve'
              ? 'Approve the open cancellation request: the booking is cancelled'
              : 'Refuse the open cancellation request',
          params: z.strictObject({ id: ID }),
          body: z.strictObject({}).nullish(),
          response: { ...CONFLICT, 200: cancellationRequest },
        },
      },
      async (req) => {
        const caller = requireAuth(req);
        const job = await readJob(app, caller, req.params.id);
        if (!(await hasOpenCancellation(db(), caller.orgId, job._id))) {
          throw new HttpError(
            409,
            'request_conflict',
            'There is no open cancellation request for this booking',
          );
        }
        if (decision === 'approve' && job.status !== 'cancelled') {
          written(
            await applyAction(db(), caller.orgId, {
              recordId: job._id,
              action: 'cancel',
              uid: caller.uid,
              byDispatcher: true,
              note: 'Cancellation request approved',
              now: now(app),
            }),
          );
        }
        const result = await decideCancellation(db(), caller.orgId, {
          jobId: job._id,
          decision: decision === 'approve' ? 'approved' : 'refused',
          uid: caller.uid,
          now: now(app),
        });
        if (result.ok) return result.request;
        if (result.error === 'not_found') throw notFound();
        throw new HttpError(409, 'request_conflict', result.message);
      },
    );
  }
}
