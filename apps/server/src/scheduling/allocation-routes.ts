import { randomUUID } from 'node:crypto';
import { allocate } from '@rostra/core/allocation/engine';
import type { AllocationOutcome } from '@rostra/core/allocation/modes';
import {
  allocateAnswer,
  allocateBody,
  assignmentCheckAnswer,
  assignmentCheckBody,
  batchAnswer,
  batchBody,
  candidatesAnswer,
  candidatesQuery,
} from '@rostra/core/api/allocation';
import { effectiveOptimiseBudget } from '@rostra/core/settings/documents';
import { allocateBooking } from '@rostra/db/scheduling/allocate-booking';
import { allocateBatch } from '@rostra/db/scheduling/allocation-batch';
import { loadAllocationScenario } from '@rostra/db/scheduling/allocation-scenario';
import { isAllocatable } from '@rostra/db/scheduling/allocation-writes';
import { loadCandidates } from '@rostra/db/scheduling/candidates';
import { checkAssignment } from '@rostra/db/scheduling/check-assignment';
import type { StoredRecord } from '@rostra/db/scheduling/mapping';
import { ScenarioCache } from '@rostra/db/scheduling/scenario-cache';
import { getSettings } from '@rostra/db/settings';
import { DISPATCHERS, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, idParams, notFound, plainJson, requireWindow, withETag, written } from '../http/kit.ts';

const BOOKING = withRecord(DISPATCHERS, { table: 'timeline_records' });

/**
 * Allocation over HTTP: the scenario is built from the database (the organisation's switches,
 * max distance, the timeline, shifts, blacklists, service plans) and the core's engine decides.
 */
export function allocationRoutes(app: App): void {
  const db = () => app.deps.db.db;
  /** Read-only rankings reuse the pool and shifts while the database says they are unchanged. */
  const cache = new ScenarioCache();

  /** The outcome of check mode for `candidateIds` (all resources when undefined). */
  const check = async (orgId: string, jobId: string, candidateIds: string[] | undefined) => {
    const scenario = await loadAllocationScenario(db(), orgId, { jobId, mode: 'check', candidateIds }, cache);
    if (!scenario?.job) throw notFound();
    if (!isAllocatable(scenario.job as StoredRecord)) {
      throw new HttpError(400, 'not_allocatable', 'Only bookings and group events are allocated');
    }
    const ids = candidateIds ?? (scenario.resources ?? []).map((r) => r._id);
    // Built from the database's typed rows, the scenario meets the contract by construction: the
    // engine runs without re-validating it (validation costs more than the ranking itself).
    return allocate({ ...scenario, candidateIds: ids }) as AllocationOutcome;
  };

  app.get(
    `${API}/bookings/:id/candidates`,
    {
      config: { access: BOOKING },
      schema: {
        tags: ['allocation'],
        summary:
          'Every resource checked and scored for the booking (the core check mode), one page at a time: those who pass first, then those who fail, each best first',
        params: idParams,
        querystring: candidatesQuery,
        response: {
          200: candidatesAnswer,
        },
      },
      // The schema documents the answer; a page of up to 2,000 is not re-validated on the way out.
      serializerCompiler: plainJson,
    },
    async (request) => {
      const caller = requireAuth(request);
      const { offset, limit } = request.query;
      const result = await loadCandidates(db(), caller.orgId, request.params.id, { offset, limit }, cache);
      if (result.kind === 'not_found') throw notFound();
      if (result.kind === 'not_allocatable') {
        throw new HttpError(400, 'not_allocatable', 'Only bookings and group events are allocated');
      }
      const { total, passing, candidates, errors } = result.ranked;
      return {
        _id: request.params.id,
        total,
        passing,
        offset,
        limit,
        candidates,
        errors,
        booking: result.head,
      };
    },
  );

  app.post(
    `${API}/bookings/:id/allocate`,
    {
      config: { access: BOOKING },
      schema: {
        tags: ['allocation'],
        summary:
          'Check, or allocate manually or automatically (assignment and isConflict written in one transaction)',
        params: idParams,
        body: allocateBody,
        response: { ...CONFLICT, 200: allocateAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { mode, candidateIds, version, override } = request.body;
      if (mode === 'check') {
        const outcome = await check(
          caller.orgId,
          request.params.id,
          candidateIds ?? (await bookingResIds(caller.orgId, request.params.id)),
        );
        return {
          assigned: outcome.assigned,
          isConflict: outcome.isConflict,
          errors: outcome.errors,
          candidates: outcome.candidates,
        };
      }
      const result = await allocateBooking(db(), caller.orgId, {
        jobId: request.params.id,
        mode,
        candidateIds,
        expected: version,
        now: app.identity.now(),
        override,
        uid: caller.uid,
      });
      const record = written(result.ok ? { ok: true, record: result.record } : result);
      const outcome = (result as { outcome: AllocationOutcome }).outcome;
      withETag(reply, record);
      return {
        record,
        assigned: outcome.assigned,
        isConflict: outcome.isConflict,
        errors: outcome.errors,
        candidates: outcome.candidates,
      };
    },
  );

  app.post(
    `${API}/allocation/check`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['allocation'],
        summary:
          'Check resources against a booking as it would be after a hand-made change (times, customer, labels), before assigning them; nothing is written',
        body: assignmentCheckBody,
        response: {
          200: assignmentCheckAnswer,
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { booking_id, candidateIds, ...changes } = request.body;
      const result = await checkAssignment(db(), caller.orgId, {
        ...changes,
        bookingId: booking_id,
        candidateIds,
      });
      if (result.kind === 'not_found') throw notFound();
      if (result.kind === 'not_allocatable') {
        throw new HttpError(400, 'not_allocatable', 'Only bookings and group events are allocated');
      }
      if (result.kind === 'invalid') throw new HttpError(400, 'invalid_time_range', result.message);
      const { isConflict, errors, candidates } = result.outcome;
      return { isConflict, errors, candidates };
    },
  );

  const bookingResIds = async (orgId: string, id: string) => {
    const scenario = await loadAllocationScenario(db(), orgId, { jobId: id, mode: 'check' });
    if (!scenario?.job) throw notFound();
    return (scenario.job.resIds ?? []) as string[];
  };

  app.post(
    `${API}/allocation/batch`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['allocation'],
        summary:
          'Auto-allocate every unassigned, non-draft booking beginning in [from, to); progress on the live allocation topic',
        body: batchBody,
        response: {
          200: batchAnswer,
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to, batch_id, optimise } = request.body;
      requireWindow(from, to, 31 * 86_400, 'A batch covers at most 31 days');
      const budgetMs = optimise
        ? effectiveOptimiseBudget((await getSettings(db(), caller.orgId, 'allocation')).optimise_budget_ms)
        : 0;
      return allocateBatch(db(), caller.orgId, {
        from,
        to,
        batchId: batch_id ?? randomUUID(),
        uid: caller.uid,
        now: () => app.identity.now(),
        ...(optimise ? { optimise: { budgetMs, clock: () => performance.now() } } : {}),
      });
    },
  );
}
