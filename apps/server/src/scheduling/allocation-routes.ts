import { randomUUID } from 'node:crypto';
import { blacklistOverrideSchema } from '@rostra/core/allocation/blacklist-override';
import { allocate } from '@rostra/core/allocation/engine';
import type { AllocationOutcome } from '@rostra/core/allocation/modes';
import { allocateBooking } from '@rostra/db/scheduling/allocate-booking';
import { allocateBatch } from '@rostra/db/scheduling/allocation-batch';
import { loadAllocationScenario } from '@rostra/db/scheduling/allocation-scenario';
import { isAllocatable } from '@rostra/db/scheduling/allocation-writes';
import { loadCandidates } from '@rostra/db/scheduling/candidates';
import { checkAssignment } from '@rostra/db/scheduling/check-assignment';
import type { StoredRecord } from '@rostra/db/scheduling/mapping';
import { ScenarioCache } from '@rostra/db/scheduling/scenario-cache';
import { z } from 'zod';
import { DISPATCHERS, requireAuth, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import {
  ID,
  IDS,
  idParams,
  notFound,
  plainJson,
  recordResponse,
  requireWindow,
  SECONDS,
  VERSION,
  withETag,
  written,
} from '../http/kit.ts';

const BOOKING = withRecord(DISPATCHERS, { table: 'timeline_records' });

const candidate = z.looseObject({
  resourceId: z.string(),
  name: z.string(),
  ok: z.boolean(),
  score: z.number(),
  weightage_cost: z.number().nullable(),
  errors: z.array(z.looseObject({ code: z.string(), message: z.string() })),
});
/** The parts of a listed candidate's score (contract §Score), in the table's order; they add up to it. */
const rankedCandidate = candidate.extend({
  score_parts: z
    .object({
      preferred: z.number(),
      internal: z.number(),
      external: z.number(),
      cost: z.number(),
      past_jobs: z.number(),
      distance: z.number(),
      matching_labels: z.number(),
      free_week_hours: z.number(),
      free_day_hours: z.number(),
      same_day_load: z.number(),
      overlap: z.number(),
      outside_shift: z.number(),
    })
    .describe('the score in parts, in the contract table order'),
});
const issue = z.looseObject({ code: z.string(), message: z.string() });

export const allocateBody = z.strictObject({
  mode: z.enum(['check', 'manual', 'auto']),
  candidateIds: IDS.optional().describe('check and manual: who (default: the booking resIds)'),
  version: VERSION.optional().describe('the booking version read; a stale one answers 409'),
  override: blacklistOverrideSchema
    .optional()
    .describe(
      'manual: assign resources the customer has blacklisted anyway, saying why (without it: 400 resource_blacklisted)',
    ),
});

export const candidatesQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('candidates to skip'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_000)
    .default(50)
    .describe('candidates to list (at most 2,000: a whole large pool)'),
});

export const assignmentCheckBody = z.strictObject({
  booking_id: ID.optional().describe('the booking being changed; absent for one not saved yet'),
  utc_begin_plus_tz: SECONDS.optional().describe('the times it would have (default: its own)'),
  utc_end_plus_tz: SECONDS.optional(),
  customerId: ID.nullish().describe('the customer it would have (default: its own)'),
  labels: IDS.optional().describe('the labels it would require (default: its own)'),
  candidateIds: IDS.min(1).describe('who would be assigned'),
});

export const batchBody = z.strictObject({
  from: SECONDS,
  to: SECONDS,
  batch_id: ID.optional().describe('names the progress events; made up when absent'),
});

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
          200: z.object({
            _id: z.string(),
            total: z.number().int().describe('resources ranked (the whole pool)'),
            passing: z.number().int().describe('how many of them pass every check'),
            offset: z.number().int(),
            limit: z.number().int(),
            candidates: z
              .array(rankedCandidate)
              .describe(
                'the page: passing candidates, then failing ones, each group best first (contract order), with score parts and failed checks in words',
              ),
            booking: z
              .object({
                utc_begin_plus_tz: z.number(),
                utc_end_plus_tz: z.number(),
                customer: z.string(),
                address: z.string().nullable(),
                labels: z.array(z.string()).describe('the label names every candidate must hold'),
              })
              .describe("the panel's head: the booking's time, customer, address and required labels"),
            errors: z.array(issue).describe('job-level issues (the service plan)'),
          }),
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
        response: {
          200: z.object({
            record: recordResponse.optional(),
            assigned: z.array(z.string()),
            isConflict: z.boolean(),
            errors: z.array(issue),
            candidates: z.array(candidate),
          }),
        },
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
          200: z.object({
            isConflict: z.boolean(),
            errors: z.array(issue),
            candidates: z.array(candidate).describe('each resource checked, with its failed checks in words'),
          }),
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
          200: z.object({
            batch_id: z.string(),
            jobs: z.number(),
            assigned: z.number(),
            conflicts: z.number(),
            skipped: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to, batch_id } = request.body;
      requireWindow(from, to, 31 * 86_400, 'A batch covers at most 31 days');
      return allocateBatch(db(), caller.orgId, {
        from,
        to,
        batchId: batch_id ?? randomUUID(),
        uid: caller.uid,
        now: () => app.identity.now(),
      });
    },
  );
}
