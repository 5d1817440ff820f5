import { allocate } from '@rostra/core/allocation/engine';
import type { AllocationOutcome } from '@rostra/core/allocation/modes';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { buildBatchScenario } from './allocation-scenario.ts';
import { isAllocatable } from './allocation-writes.ts';
import type { StoredRecord } from './mapping.ts';
import { selectTimelineRecords } from './records.ts';

/** What an assignment about to be made would change on the booking (or a new booking's fields). */
export type AssignmentDraft = {
  /** The booking being changed; absent for a booking not saved yet. */
  bookingId?: string | undefined;
  utc_begin_plus_tz?: number | undefined;
  utc_end_plus_tz?: number | undefined;
  customerId?: string | null | undefined;
  labels?: string[] | undefined;
  /** Who would be assigned. */
  candidateIds: readonly string[];
};

export type AssignmentCheck =
  | { kind: 'not_found' }
  | { kind: 'not_allocatable' }
  | { kind: 'invalid'; message: string }
  | { kind: 'checked'; outcome: AllocationOutcome };

/**
 * "What would the checks say if these resources were assigned, with these times?" — the engine's
 * check mode over the booking as it would be after a hand-made change (a drop on another row at
 * another time, a form about to be saved): the screens ask before an assignment so that a failing
 * one is confirmed with its reasons first (issue 16 point 5). Read-only.
 */
export async function checkAssignment(
  db: Db,
  orgId: string,
  draft: AssignmentDraft,
): Promise<AssignmentCheck> {
  return withOrg(db, orgId, async (tx): Promise<AssignmentCheck> => {
    let base: StoredRecord;
    if (draft.bookingId !== undefined) {
      const [stored] = await selectTimelineRecords(
        tx,
        and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, draft.bookingId)),
        1,
      );
      if (!stored) return { kind: 'not_found' };
      base = stored;
    } else {
      if (draft.utc_begin_plus_tz === undefined || draft.utc_end_plus_tz === undefined) {
        return { kind: 'invalid', message: 'A new booking needs utc_begin_plus_tz and utc_end_plus_tz' };
      }
      base = {
        _id: 'new-booking',
        _key: 'booking',
        status: 'draft',
        resIds: [],
        utc_begin_plus_tz: draft.utc_begin_plus_tz,
        utc_end_plus_tz: draft.utc_end_plus_tz,
      } as StoredRecord;
    }
    if (!isAllocatable(base)) return { kind: 'not_allocatable' };
    const job: StoredRecord = {
      ...base,
      ...(draft.utc_begin_plus_tz !== undefined ? { utc_begin_plus_tz: draft.utc_begin_plus_tz } : {}),
      ...(draft.utc_end_plus_tz !== undefined ? { utc_end_plus_tz: draft.utc_end_plus_tz } : {}),
      ...(draft.customerId !== undefined ? { customerId: draft.customerId ?? undefined } : {}),
      ...(draft.labels !== undefined ? { labels: draft.labels } : {}),
    } as StoredRecord;
    if (job.utc_end_plus_tz < job.utc_begin_plus_tz) {
      return { kind: 'invalid', message: 'utc_end_plus_tz must not be before utc_begin_plus_tz' };
    }
    const { jobs: _jobs, ...shared } = await buildBatchScenario(tx, orgId, [job]);
    const outcome = allocate({
      ...shared,
      mode: 'check',
      job,
      candidateIds: [...draft.candidateIds],
    }) as AllocationOutcome;
    return { kind: 'checked', outcome };
  });
}
