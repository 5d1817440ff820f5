import {
  correctionAnswer,
  correctionBody,
  mileageBody,
  timeAnswer,
  timeEntries,
  timerBody,
} from '@rostra/core/api/job-life';
import type { TimeEntries } from '@rostra/core/job-life/timer';
import {
  correctEntry,
  entryJobId,
  getTimeEntries,
  recordMileage,
  recordTimerEvent,
} from '@rostra/db/job-life/time-entries';
import type { StoredRecord } from '@rostra/db/scheduling/mapping';
import { z } from 'zod';
import { type Caller, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, notFound } from '../http/kit.ts';
import { refuseHiddenCard } from './hidden-cards.ts';
import { callerName, JOB_DISPATCHERS, JOB_WORKERS, jobRoleOf, now, readJob } from './job-access.ts';

/** The default minimum of an in-job mileage entry when the flag is on and none is set (km). */
export const DEFAULT_MIN_INJOB_MILEAGE_KM = 1;

/**
 * Which resource an entry is for: a resource records their own time (only on jobs they are
 * assigned to); a dispatcher names the resource (`resource_id`, one of the job's).
 */
function actingResource(caller: Caller, job: StoredRecord, resourceId: string | undefined): string {
  const role = jobRoleOf(caller, job);
  if (role === 'dispatcher') {
    if (resourceId === undefined) {
      throw new HttpError(400, 'resource_required', 'Choose the resource this entry is for', {
        field: 'body.resource_id',
      });
    }
    if (!job.resIds.includes(resourceId)) {
      throw new HttpError(400, 'not_on_job', 'That resource is not assigned to this job', {
        field: 'body.resource_id',
      });
    }
    return resourceId;
  }
  if (role !== 'resource' || !caller.resourceId) {
    throw new HttpError(403, 'forbidden', "Only the job's resources can record time on it");
  }
  if (resourceId !== undefined && resourceId !== caller.resourceId) {
    throw new HttpError(403, 'forbidden', 'A resource records only their own time');
  }
  return caller.resourceId;
}

/**
 * Timers, time entries, mileage and corrections (shell spec §4 timer actions; issue #9). Stored
 * with the server's clock: the device's time is corrected by its offset (core `correctedAt`).
 */
export function timeRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.post(
    `${API}/bookings/:id/timer`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: 'Start, pause, stop or lap the timer of a job (idempotent by client_id)',
        params: z.strictObject({ id: ID }),
        body: timerBody,
        response: { ...CONFLICT, 200: timeAnswer, 201: timeAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      await refuseHiddenCard(app, caller, 'timeEntry');
      const body = request.body;
      const resourceId = actingResource(caller, job, body.resource_id);
      const result = await recordTimerEvent(db(), caller.orgId, {
        jobId: job._id,
        resourceId,
        action: body.action,
        clientId: body.client_id,
        clientAt: body.client_at,
        sentAt: body.sent_at,
        uid: caller.uid,
        now: now(app),
      });
      if (!result.ok) {
        if (result.error === 'not_found') throw notFound();
        throw new HttpError(409, 'timer_sequence', result.message);
      }
      return reply.status(result.created ? 201 : 200).send(result.result);
    },
  );

  app.get(
    `${API}/bookings/:id/time-entries`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: "A job's time entries, mileage, aggregate and corrections log",
        params: z.strictObject({ id: ID }),
        response: { 200: timeEntries },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      if (jobRoleOf(caller, job) === 'other') {
        throw new HttpError(
          403,
          'forbidden',
          "Only the job's resources and dispatchers see its time entries",
        );
      }
      return getTimeEntries(db(), caller.orgId, job._id, now(app));
    },
  );

  app.post(
    `${API}/bookings/:id/mileage`,
    {
      config: { access: JOB_WORKERS },
      schema: {
        tags: ['job life'],
        summary: 'Record in-job mileage (idempotent by client_id)',
        params: z.strictObject({ id: ID }),
        body: mileageBody,
        response: { 200: timeAnswer, 201: timeAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const body = request.body;
      const resourceId = actingResource(caller, job, body.resource_id);
      const display = await refuseHiddenCard(app, caller, 'mileage');
      if (display.min_injob_mileage === true) {
        const set = display.min_injob_mileage_km;
        const min = typeof set === 'number' && set >= 0 ? set : DEFAULT_MIN_INJOB_MILEAGE_KM;
        if (body.km < min) {
          throw new HttpError(400, 'mileage_below_minimum', `The in-job mileage must be at least ${min} km`, {
            field: 'body.km',
            min_km: min,
          });
        }
      }
      const result = await recordMileage(db(), caller.orgId, {
        jobId: job._id,
        resourceId,
        clientId: body.client_id,
        km: body.km,
        uid: caller.uid,
        now: now(app),
      });
      if (!result.ok) throw notFound();
      return reply.status(result.created ? 201 : 200).send(result.result);
    },
  );

  app.patch(
    `${API}/bookings/:id/time-entries`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['job life'],
        summary: "Correct a time entry's time (or a mileage entry's km); logged with who, when and why",
        params: z.strictObject({ id: ID }),
        body: correctionBody,
        response: { ...CONFLICT, 200: correctionAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      if ((await entryJobId(db(), caller.orgId, request.body.entry_id)) !== job._id) {
        throw new HttpError(400, 'unknown_entry', 'body.entry_id: no such entry on this job', {
          field: 'entry_id',
        });
      }
      const result = await correctEntry(db(), caller.orgId, {
        entryId: request.body.entry_id,
        at: request.body.at,
        km: request.body.km,
        reason: request.body.reason,
        by: { uid: caller.uid, name: await callerName(app, caller) },
        now: now(app),
      });
      if (!result.ok) {
        if (result.error === 'not_found') throw notFound();
        throw new HttpError(
          result.error === 'sequence' ? 409 : 400,
          result.error === 'sequence' ? 'timer_sequence' : 'invalid_correction',
          result.message,
        );
      }
      const r: TimeEntries = result.result;
      return { entry: result.entry, log: result.log, ...r };
    },
  );
}
