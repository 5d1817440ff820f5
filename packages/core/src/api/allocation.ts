import { z } from 'zod';
import { blacklistOverrideSchema } from '../allocation/blacklist-override.ts';
import { allocationModeSchema } from '../allocation/scenario.ts';
import { bookingRecord, conflictError } from './bookings.ts';
import { ID, IDS, SECONDS, VERSION } from './common.ts';

/*
 * The allocation API (spec §5, §8; the allocation JSON contract, contracts/allocation.md; issue 17
 * point 1): a booking's ranked candidates, a check or allocation of one booking, the check of a
 * hand-made assignment before it is made, and the batch over a period. Issues and candidates are
 * the contract's §Outcome shapes, field for field. The server validates and documents with these;
 * the web takes its types from them. The server's routes answer the engine's outcome through these
 * schemas, so the typecheck keeps the two alike.
 */

/**
 * An issue (contract §Outcome `errors`): a spec code, a title where the spec has one, the filled
 * message, the resource it is about; the same shape a booking keeps in its `errors`.
 */
export const allocationIssue = conflictError;
export type AllocationIssue = z.infer<typeof allocationIssue>;

/** A candidate (contract §Outcome `candidates`); `weightage_cost` is null when the resource has no label. */
export const allocationCandidate = z.looseObject({
  resourceId: z.string(),
  name: z.string(),
  ok: z.boolean(),
  score: z.number(),
  weightage_cost: z.number().nullable(),
  errors: z.array(allocationIssue),
});
export type AllocationCandidate = z.infer<typeof allocationCandidate>;

/** The parts of a candidate's score (contract §Score), in the table's order; they add up to it. */
export const scoreParts = z
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
    under_minimum_hours: z.number().describe("Rostra's minimum hours preference (MIN_HOURS_NOT_CHECK)"),
    travel: z
      .number()
      .describe("Rostra's travel part: −1 per minute from the previous job (TRAVEL_TIME_NOT_CHECK)"),
  })
  .describe("the score in parts, in the contract table order, then Rostra's");
export type ScoreParts = z.infer<typeof scoreParts>;

/** A listed candidate of the candidate panel, with its score in parts. */
export const rankedCandidate = allocationCandidate.extend({ score_parts: scoreParts });
export type RankedCandidate = z.infer<typeof rankedCandidate>;

// --- a booking's candidates -------------------------------------------------------------------

/** `GET /bookings/:id/candidates?offset&limit`. */
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
export type CandidatesQuery = z.input<typeof candidatesQuery>;

/** The candidate panel's head: the booking's time, customer, address and required label names. */
export const candidatesHead = z
  .object({
    utc_begin_plus_tz: z.number(),
    utc_end_plus_tz: z.number(),
    customer: z.string().describe("the customer's name as the messages print it ('' without one)"),
    address: z.string().nullable(),
    labels: z.array(z.string()).describe('the label names every candidate must hold'),
  })
  .describe("the panel's head: the booking's time, customer, address and required labels");
export type CandidatesHead = z.infer<typeof candidatesHead>;

/**
 * One page of a booking's ranked candidates: those who pass every check first, then those who
 * fail, each best first; `total` and `passing` count the whole pool.
 */
export const candidatesAnswer = z.object({
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
  booking: candidatesHead,
  errors: z.array(allocationIssue).describe('job-level issues (the service plan)'),
});
export type CandidatesAnswer = z.infer<typeof candidatesAnswer>;

// --- one booking --------------------------------------------------------------------------------

/** `POST /bookings/:id/allocate`: check, or allocate by hand (manual) or by the engine (auto). */
export const allocateBody = z.strictObject({
  mode: allocationModeSchema,
  candidateIds: IDS.optional().describe('check and manual: who (default: the booking resIds)'),
  version: VERSION.optional().describe('the booking version read; a stale one answers 409'),
  override: blacklistOverrideSchema
    .optional()
    .describe(
      'manual: assign resources the customer has blacklisted anyway, saying why (without it: 400 resource_blacklisted)',
    ),
});
export type AllocateBody = z.input<typeof allocateBody>;

/** The answer of an allocation: the booking as written (not in check mode) and the contract's outcome. */
export const allocateAnswer = z.object({
  record: bookingRecord.optional().describe('manual and auto: the booking as written'),
  assigned: z.array(z.string()),
  isConflict: z.boolean(),
  errors: z.array(allocationIssue),
  candidates: z.array(allocationCandidate),
});
export type AllocateAnswer = z.infer<typeof allocateAnswer>;

// --- a hand-made assignment, before it is made --------------------------------------------------

/** `POST /allocation/check`: the booking (absent when new) as it would be, and who would be assigned. */
export const assignmentCheckBody = z.strictObject({
  booking_id: ID.optional().describe('the booking being changed; absent for one not saved yet'),
  utc_begin_plus_tz: SECONDS.optional().describe('the times it would have (default: its own)'),
  utc_end_plus_tz: SECONDS.optional(),
  customerId: ID.nullish().describe('the customer it would have (default: its own)'),
  labels: IDS.optional().describe('the labels it would require (default: its own)'),
  candidateIds: IDS.min(1).describe('who would be assigned'),
});
export type AssignmentCheckBody = z.input<typeof assignmentCheckBody>;

export const assignmentCheckAnswer = z.object({
  isConflict: z.boolean(),
  errors: z.array(allocationIssue),
  candidates: z.array(allocationCandidate).describe('each resource checked, with its failed checks in words'),
});
export type AssignmentCheckAnswer = z.infer<typeof assignmentCheckAnswer>;

// --- the batch ------------------------------------------------------------------------------------

const staffingFigures = z.object({
  staffed: z.number().describe('jobs with every resource they need'),
  preferred: z.number().describe('workers assigned to a job that names them preferred'),
});

/** `POST /allocation/batch`: every unassigned, non-draft booking beginning in `[from, to)`. */
export const batchBody = z.strictObject({
  from: SECONDS,
  to: SECONDS,
  batch_id: ID.optional().describe('names the progress events; made up when absent'),
  optimise: z
    .boolean()
    .optional()
    .describe(
      "improve on the greedy batch for the organisation's optimise_budget_ms (contract › Optimised batch); default off",
    ),
});
export type BatchBody = z.input<typeof batchBody>;

export const batchAnswer = z.object({
  batch_id: z.string(),
  jobs: z.number(),
  assigned: z.number(),
  conflicts: z.number(),
  skipped: z.number(),
  optimised: z
    .object({
      budget_ms: z.number(),
      greedy: staffingFigures.describe('what the greedy batch alone would have staffed'),
      final: staffingFigures.describe('what the answer staffs'),
    })
    .optional()
    .describe('an optimised batch: the greedy start and the answer compared'),
});
export type BatchAnswer = z.infer<typeof batchAnswer>;
