import { notesBody, ping, pingBody, pings, review, reviewBody } from '@rostra/core/api/job-life';
import { can } from '@rostra/core/shell/roles';
import { addPing, listPings } from '@rostra/db/job-life/pings';
import { getReview, putNotes, putReview } from '@rostra/db/job-life/reviews';
import { z } from 'zod';
import { requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, notFound } from '../http/kit.ts';
import {
  JOB_DISPATCHERS,
  JOB_PEOPLE,
  JOB_WORKERS,
  jobRoleOf,
  now,
  readJob,
  requireJobRole,
} from './job-access.ts';

/**
 * Pings (issue #9 point 3) and the review (point 4): the job's resources ping their position;
 * dispatchers and the job's resources see the pings with geofence and nearness; the job's
 * customer reviews at finished or reviewed; dispatchers add notes at reviewed.
 */
export function reviewRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.post(
    `${API}/bookings/:id/pings`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: "Record the resource's position at start, finish or on demand (idempotent by client_id)",
        params: z.strictObject({ id: ID }),
        body: pingBody,
        response: { 200: ping, 201: ping },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const role = requireJobRole(
        caller,
        job,
        ['resource', 'dispatcher'],
        "the job's resources record their position on it",
      );
      const body = request.body;
      const result = await addPing(db(), caller.orgId, {
        jobId: job._id,
        clientId: body.client_id,
        kind: body.kind,
        resourceId: role === 'resource' ? caller.resourceId : null,
        uid: caller.uid,
        lat: body.lat,
        lng: body.lng,
        accuracy: body.accuracy,
        now: now(app),
      });
      if (!result) throw notFound();
      return reply.status(result.created ? 201 : 200).send(result.ping);
    },
  );

  app.get(
    `${API}/bookings/:id/pings`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: "A job's pings, oldest first, with whether each was inside the geofence and near the job",
        params: z.strictObject({ id: ID }),
        response: { 200: pings },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      requireJobRole(
        caller,
        job,
        ['resource', 'dispatcher'],
        "the job's resources and dispatchers see its pings",
      );
      return { items: await listPings(db(), caller.orgId, job._id) };
    },
  );

  app.get(
    `${API}/bookings/:id/review`,
    {
      config: { access: JOB_PEOPLE },
      schema: {
        tags: ['job life'],
        summary: "A job's review (null when none); the dispatcher's notes for dispatchers only",
        params: z.strictObject({ id: ID }),
        response: { 200: review.nullable() },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const role = requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource', 'customer'],
        "the job's people see its review",
      );
      return getReview(db(), caller.orgId, job._id, role === 'dispatcher');
    },
  );

  app.put(
    `${API}/bookings/:id/review`,
    {
      config: { access: { kind: 'signedIn', roles: ['customer'], record: { table: 'timeline_records' } } },
      schema: {
        tags: ['job life'],
        summary: "The customer's rating (1–5) and comment, at finished or reviewed",
        params: z.strictObject({ id: ID }),
        body: reviewBody,
        response: { ...CONFLICT, 200: review },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      if (!can(jobRoleOf(caller, job), 'write_review'))
        throw new HttpError(403, 'forbidden', "Only the job's customer can review it");
      const result = await putReview(db(), caller.orgId, {
        jobId: job._id,
        rating: request.body.rating,
        comment: request.body.comment.trim(),
        uid: caller.uid,
        now: now(app),
      });
      if (result.ok) return result.review;
      if (result.error === 'not_found') throw notFound();
      throw new HttpError(409, 'not_reviewable', 'A job can be reviewed once it is finished');
    },
  );

  app.put(
    `${API}/bookings/:id/notes`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "The dispatcher's notes on a reviewed job",
        params: z.strictObject({ id: ID }),
        body: notesBody,
        response: { ...CONFLICT, 200: review },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const result = await putNotes(db(), caller.orgId, {
        jobId: job._id,
        notes: request.body.notes.trim(),
        uid: caller.uid,
        now: now(app),
      });
      if (result.ok) return result.review;
      if (result.error === 'not_found') throw notFound();
      throw new HttpError(409, 'not_reviewed', 'Notes are added once the job is reviewed');
    },
  );
}
