import type { BatchOutcome } from '@rostra/core/allocation/batch';
import { verdictsAfter } from '@rostra/core/allocation/booking-verdict';
import { allocate } from '@rostra/core/allocation/engine';
import { type StaffingFigures, staffingFigures } from '@rostra/core/allocation/optimise-gains';
import type { AllocationScenario } from '@rostra/core/allocation/scenario';
import { and, asc, eq, gte, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput, publishLiveEvents } from '../infra/live-events.ts';
import { withTransactionRetry } from '../infra/transaction-retry.ts';
import { type BookingChange, enqueueBookingChanges } from '../notifications/enqueue.ts';
import { resources, timelineRecordResources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { buildBatchScenario } from './allocation-scenario.ts';
import { writeAllocation } from './allocation-writes.ts';
import type { VersionedRecord } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';

/** Jobs allocated per transaction: each chunk's commit is a progress step others can see. */
export const BATCH_CHUNK = 100;

export type BatchRequest = {
  /** Bookings beginning in [from, to) (wall-clock seconds). */
  from: number;
  to: number;
  batchId: string;
  /** Who started it (named in the progress events). */
  uid: string | null;
  now: () => Date;
  /**
   * Optimise (contract › Optimised batch) the whole window as one batch for about `budgetMs` of
   * `clock` (milliseconds, monotonic) after the greedy pass.
   */
  optimise?: { budgetMs: number; clock: () => number };
};

export type BatchSummary = {
  batch_id: string;
  jobs: number;
  assigned: number;
  conflicts: number;
  skipped: number;
  /** An optimised batch: what the greedy pass would have staffed and what the answer staffs. */
  optimised?: { budget_ms: number; greedy: StaffingFigures; final: StaffingFigures };
};

const unassigned = notExists(
  sql`(select 1 from ${timelineRecordResources} l where l.org_id = ${timelineRecords.orgId} and l.record_id = ${timelineRecords.id})`,
);

/**
 * Auto-allocates every unassigned, non-draft booking beginning in the window, in begin order (the
 * core's batch: each assignment joins the timeline before the next job is ranked, so the batch
 * never double-books). Works in chunks of 100 jobs, each one transaction that first locks every
 * resource of the organisation (single allocations wait for it, and it for them), re-reads the
 * timeline, runs the core on the chunk and writes the assignments; each commit carries a progress
 * event on the live `allocation` topic. A job someone else allocated meanwhile is skipped.
 */
export async function allocateBatch(db: Db, orgId: string, req: BatchRequest): Promise<BatchSummary> {
  const ids = await withOrg(db, orgId, (tx) =>
    tx
      .select({ id: timelineRecords.id })
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          eq(timelineRecords.key, 'booking'),
          ne(timelineRecords.status, 'draft'),
          eq(timelineRecords.inactive, false),
          gte(timelineRecords.beginAt, req.from),
          lt(timelineRecords.beginAt, req.to),
          unassigned,
        ),
      )
      .orderBy(asc(timelineRecords.beginAt), asc(timelineRecords.id)),
  );
  const total = ids.length;
  const summary: BatchSummary = { batch_id: req.batchId, jobs: 0, assigned: 0, conflicts: 0, skipped: 0 };
  const progress = (kind: string, extra: Record<string, unknown> = {}): LiveEventInput => ({
    topic: 'allocation',
    kind,
    audience: { dispatchers: true },
    payload: { ...summary, total, done: summary.jobs + summary.skipped, started_by: req.uid, ...extra },
  });
  await publishLiveEvents(db, orgId, [
    progress('allocation.batch.started', {
      from: req.from,
      to: req.to,
      ...(req.optimise ? { phase: 'greedy' } : {}),
    }),
  ]);
  if (req.optimise) {
    await optimisedBatch(
      db,
      orgId,
      req,
      req.optimise,
      ids.map((r) => r.id),
      summary,
      progress,
    );
    await publishLiveEvents(db, orgId, [progress('allocation.batch.finished')]);
    return summary;
  }

  for (let i = 0; i < ids.length; i += BATCH_CHUNK) {
    const chunk = ids.slice(i, i + BATCH_CHUNK).map((r) => r.id);
    const step = await withTransactionRetry(() =>
      withOrg(db, orgId, async (tx) => {
        const counts = { jobs: 0, assigned: 0, conflicts: 0, skipped: 0 };
        await lockBatch(tx, orgId, chunk);
        const jobs = await selectTimelineRecords(
          tx,
          and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, chunk), unassigned),
        );
        counts.skipped = chunk.length - jobs.length;
        const events: LiveEventInput[] = [];
        if (jobs.length) {
          // A scenario built from the database's rows meets the contract by construction.
          const scenario = await buildBatchScenario(tx, orgId, jobs);
          const outcome = allocate(scenario, { candidateLimit: 5 }) as BatchOutcome;
          const written = await writeBatchOutcome(tx, orgId, jobs, scenario, outcome, req.now());
          Object.assign(counts, {
            jobs: written.jobs,
            assigned: written.assigned,
            conflicts: written.conflicts,
          });
          events.push(...written.events);
        }
        const next = {
          jobs: summary.jobs + counts.jobs,
          assigned: summary.assigned + counts.assigned,
          conflicts: summary.conflicts + counts.conflicts,
          skipped: summary.skipped + counts.skipped,
        };
        events.push({
          topic: 'allocation',
          kind: 'allocation.batch.progress',
          audience: { dispatchers: true },
          payload: {
            batch_id: req.batchId,
            ...next,
            total,
            done: next.jobs + next.skipped,
            started_by: req.uid,
          },
        });
        await appendLiveEvents(tx, orgId, events);
        return counts;
      }),
    );
    summary.jobs += step.jobs;
    summary.assigned += step.assigned;
    summary.conflicts += step.conflicts;
    summary.skipped += step.skipped;
  }
  await publishLiveEvents(db, orgId, [progress('allocation.batch.finished')]);
  return summary;
}

/**
 * Locks a batch's bookings before they are read (an allocation of one of them by someone else
 * commits first, and the job is skipped as assigned, or waits for the batch), then every
 * resource in id order (the order every write locks in: booking, then resources).
 */
async function lockBatch(tx: Tx, orgId: string, ids: readonly string[]): Promise<void> {
  await tx
    .select({ id: timelineRecords.id })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, [...ids])))
    .orderBy(asc(timelineRecords.id))
    .for('update');
  await tx
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.orgId, orgId))
    .orderBy(asc(resources.id))
    .for('no key update');
}

type Progress = (kind: string, extra?: Record<string, unknown>) => LiveEventInput;

/**
 * The optimised batch over the whole window. First pass: the greedy batch on a snapshot (no
 * locks), its figures published as the `optimise` phase begins, so the dialog shows both phases.
 * Then one transaction locks the window's bookings and every resource, re-reads them, runs the
 * greedy batch again (the start the summary compares with) and the optimised batch for about the
 * budget, and writes the answer, as a chunk of the greedy batch does. The contract's hard rule
 * holds: every assignment passes every check against the final timeline.
 */
async function optimisedBatch(
  db: Db,
  orgId: string,
  req: BatchRequest,
  optimise: { budgetMs: number; clock: () => number },
  ids: string[],
  summary: BatchSummary,
  progress: Progress,
): Promise<void> {
  const where = (tx: Tx) =>
    selectTimelineRecords(
      tx,
      and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, ids), unassigned),
    );
  if (ids.length === 0) return;
  const first = await withOrg(db, orgId, async (tx) => {
    const jobs = await where(tx);
    if (!jobs.length) return null;
    return staffingFigures(
      allocate(await buildBatchScenario(tx, orgId, jobs), { candidateLimit: 5 }) as BatchOutcome,
    );
  });
  await publishLiveEvents(db, orgId, [
    progress('allocation.batch.progress', { phase: 'optimise', budget_ms: optimise.budgetMs, greedy: first }),
  ]);
  const step = await withTransactionRetry(() =>
    withOrg(db, orgId, async (tx) => {
      await lockBatch(tx, orgId, ids);
      const jobs = await where(tx);
      const skipped = ids.length - jobs.length;
      if (!jobs.length) return { skipped, written: null, optimised: undefined };
      const scenario = await buildBatchScenario(tx, orgId, jobs);
      // The greedy start the summary compares with is the optimiser's own, not a second run.
      let greedy: StaffingFigures | undefined;
      const outcome = allocate(
        { ...scenario, optimise: { budget_ms: optimise.budgetMs } },
        { candidateLimit: 5, clock: optimise.clock, onGreedy: (g) => (greedy = staffingFigures(g)) },
      ) as BatchOutcome;
      const written = await writeBatchOutcome(tx, orgId, jobs, scenario, outcome, req.now());
      const optimised = {
        budget_ms: optimise.budgetMs,
        greedy: greedy ?? staffingFigures(outcome),
        final: staffingFigures(outcome),
      };
      await appendLiveEvents(tx, orgId, written.events);
      return { skipped, written, optimised };
    }),
  );
  summary.skipped = step.skipped;
  if (step.written) {
    summary.jobs = step.written.jobs;
    summary.assigned = step.written.assigned;
    summary.conflicts = step.written.conflicts;
  }
  if (step.optimised) summary.optimised = step.optimised;
}

/**
 * Writes a batch's outcome for `jobs` (as read, before it): each booking's resources and the
 * conflict state the one conflict rule gives over the batch as assigned (core booking-verdict.ts;
 * the property test shows it agrees with the batch's own isConflict), and the notifications of
 * the changes, written together after the allocations. Returns the counts and the live events.
 */
async function writeBatchOutcome(
  tx: Tx,
  orgId: string,
  jobs: readonly VersionedRecord[],
  scenario: AllocationScenario,
  outcome: BatchOutcome,
  now: Date,
): Promise<{ jobs: number; assigned: number; conflicts: number; events: LiveEventInput[] }> {
  const verdicts = verdictsAfter(
    scenario,
    outcome.results.map((r) => r.job),
  );
  const counts = { jobs: 0, assigned: 0, conflicts: 0 };
  const events: LiveEventInput[] = [];
  const changes: BookingChange[] = [];
  const finishes: (() => Promise<LiveEventInput[]>)[] = [];
  for (const [k, result] of outcome.results.entries()) {
    const before = jobs[k];
    if (!before) continue;
    counts.jobs++;
    if (result.assigned.length) counts.assigned++;
    const verdict = verdicts[k] ?? result;
    if (verdict.isConflict) counts.conflicts++;
    const written = await writeAllocation(
      tx,
      orgId,
      before,
      { job: result.job as Record<string, unknown>, isConflict: verdict.isConflict, errors: verdict.errors },
      now,
      changes,
    );
    finishes.push(written.finish);
  }
  await enqueueBookingChanges(tx, orgId, changes, now);
  // After the sends: a change held as a roster draft is told as its workers read it.
  for (const finish of finishes) events.push(...(await finish()));
  return { ...counts, events };
}
