import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import { type JobVerdict, verdictsAfter } from '@rostra/core/allocation/booking-verdict';
import { allocate } from '@rostra/core/allocation/engine';
import type { AllocationOutcome } from '@rostra/core/allocation/modes';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import { withTransactionRetry } from '../infra/transaction-retry.ts';
import { invalid, notFound, stale, type WriteFailure } from '../infra/write-result.ts';
import { withOrg } from '../tenant.ts';
import { buildAllocationScenario } from './allocation-scenario.ts';
import { isAllocatable, writeAllocation } from './allocation-writes.ts';
import { guardBlacklist, recordBlacklistOverride } from './blacklist-override.ts';
import type { StoredRecord, VersionedRecord } from './mapping.ts';
import { loadOrgContext, wallClockOf } from './org-context.ts';
import { lockResources, selectRecordForUpdate } from './timeline-writes.ts';

export type AllocateRequest = {
  jobId: string;
  mode: 'manual' | 'auto';
  /** Manual: the resources to assign (default: the booking's resIds). */
  candidateIds?: readonly string[] | undefined;
  /** The booking version read, when the caller sends one. */
  expected?: number | undefined;
  now: Date;
  /** Manual: assigns resources the customer has blacklisted anyway (history: who, when, why). */
  override?: BlacklistOverride | undefined;
  /** Who allocates (the override's history names them). */
  uid?: string | null | undefined;
};

export type AllocateResult = { ok: true; record: VersionedRecord; outcome: AllocationOutcome } | WriteFailure;

/**
 * More to write in the allocation's transaction once the assignment is written (the allocate
 * status action records its state and status there): answers the record as it ends up and the
 * extra live events.
 */
export type AfterAllocation = (
  tx: Tx,
  before: StoredRecord,
  allocated: VersionedRecord,
  outcome: AllocationOutcome,
) => Promise<{ record: VersionedRecord; events: LiveEventInput[] }>;

/** An auto allocation re-ranks at most this many times while its picks change under it. */
const MAX_ROUNDS = 8;

/**
 * Allocates a booking (manual or auto) and writes the assignment with `isConflict` in one
 * transaction, so that two dispatchers allocating the same resource at the same time never both
 * succeed silently:
 * - the booking row is locked first (two allocations of one booking run one after the other);
 * - the resources to assign are locked (FOR NO KEY UPDATE) before the scenario the decision rests
 *   on is read: manual locks its candidates up front; auto ranks, locks its picks, then ranks
 *   again on what is committed now, until its picks are all locked ones;
 * - so the second of two concurrent allocations of a resource waits for the first to commit and
 *   then sees the first's booking: manual gets `resource_busy` naming it (and `isConflict`), auto
 *   picks someone else.
 * A deadlock between two auto allocations locking in different orders is retried whole.
 */
export async function allocateBooking(
  db: Db,
  orgId: string,
  req: AllocateRequest,
  after?: AfterAllocation,
): Promise<AllocateResult> {
  return withTransactionRetry(() =>
    withOrg(db, orgId, async (tx): Promise<AllocateResult> => {
      const before = await selectRecordForUpdate(tx, orgId, req.jobId);
      if (!before) return notFound();
      if (req.expected !== undefined && before.version !== req.expected) return stale(before);
      if (!isAllocatable(before))
        return invalid('not_allocatable', 'Only bookings and group events are allocated');

      const candidateIds = req.mode === 'manual' ? [...(req.candidateIds ?? before.resIds)] : undefined;
      let locked: string[] = [];
      if (candidateIds) {
        locked = await lockResources(tx, orgId, candidateIds);
        const unknown = candidateIds.filter((id) => !locked.includes(id));
        if (unknown.length) {
          return invalid(
            'unknown_resource',
            `No resource ${unknown.join(', ')} in this organisation`,
            'candidateIds',
          );
        }
      }
      // A blacklisted resource newly assigned by hand needs the override (issue 16 point 5).
      const guard = candidateIds
        ? await guardBlacklist(tx, orgId, before.customerId, before.resIds, candidateIds, req.override)
        : ({ ok: true, overridden: [] } as const);
      if (!guard.ok) return guard;
      let outcome: AllocationOutcome | undefined;
      let verdict: JobVerdict | undefined;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const scenario = await buildAllocationScenario(tx, orgId, {
          jobId: req.jobId,
          mode: req.mode,
          candidateIds,
        });
        if (!scenario) return notFound();
        // Built from the database's typed rows, the scenario meets the contract by construction
        // (unique ids, end after begin, known candidates): the engine runs without re-validating it.
        outcome = allocate(scenario) as AllocationOutcome;
        const unlocked = outcome.assigned.filter((id) => !locked.includes(id));
        // Stored: the one conflict rule over the job as assigned (core booking-verdict.ts).
        [verdict] = verdictsAfter(scenario, [outcome.job]);
        if (unlocked.length === 0) break;
        locked = [...locked, ...(await lockResources(tx, orgId, unlocked))];
        outcome = undefined;
      }
      if (!outcome) return invalid('allocation_unsettled', 'Resources kept changing: try again');
      const { record, events } = await writeAllocation(
        tx,
        orgId,
        before,
        {
          job: outcome.job as Record<string, unknown>,
          isConflict: verdict?.isConflict ?? outcome.isConflict,
          errors: verdict?.errors ?? outcome.errors,
        },
        req.now,
      );
      if (guard.overridden.length) {
        const at = wallClockOf(await loadOrgContext(tx, orgId), req.now);
        await recordBlacklistOverride(tx, orgId, record, guard.overridden, {
          ...req,
          uid: req.uid ?? null,
          at,
        });
      }
      const finished = after ? await after(tx, before, record, outcome) : { record, events: [] };
      await appendLiveEvents(tx, orgId, [...events, ...finished.events]);
      return { ok: true, record: finished.record, outcome };
    }),
  );
}
