import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { Audience, LiveEventInput } from '../infra/live-events.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';

/*
 * What every job-life use-case shares: the job row locked for the write (so a job's timer events,
 * ledger numbers and requests are decided one at a time), and who hears of a change (the
 * organisation's dispatchers and the job's readers list: its resources' and customer's users).
 */

export type LockedJob = {
  id: string;
  status: string;
  readers: string[];
  resIds: string[];
  customerId: string | null;
};

/** Locks the job (a timeline record) for this transaction; undefined when it does not exist. */
export async function lockJob(tx: Tx, orgId: string, jobId: string): Promise<LockedJob | undefined> {
  const [row] = await tx
    .select({
      id: timelineRecords.id,
      status: timelineRecords.status,
      readers: timelineRecords.readers,
      resIds: timelineRecords.resIds,
      customerId: timelineRecords.customerId,
    })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, jobId)))
    .for('update');
  return row;
}

/** The dispatchers and the job's readers. */
export function jobAudience(job: Pick<LockedJob, 'readers'>): Audience {
  const uids = [...new Set(job.readers.filter((u) => u !== ''))].sort();
  return uids.length ? { dispatchers: true, uids } : { dispatchers: true };
}

/**
 * The dispatchers and the users of the job's resources: who may read what a job's resources
 * record about their work (time entries), which its customer may not.
 */
export async function workersAudience(
  tx: Tx,
  orgId: string,
  job: Pick<LockedJob, 'resIds'>,
): Promise<Audience> {
  if (job.resIds.length === 0) return { dispatchers: true };
  const rows = await tx
    .select({ uid: resources.uid })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), inArray(resources.id, job.resIds)));
  const uids = [...new Set(rows.flatMap((r) => (r.uid ? [r.uid] : [])))].sort();
  return uids.length ? { dispatchers: true, uids } : { dispatchers: true };
}

/** A `booking` topic event about one job (the booking subscription matches on `_id`). */
export function jobEvent(
  job: Pick<LockedJob, 'id' | 'readers'>,
  kind: string,
  payload: Record<string, unknown>,
): LiveEventInput {
  return { topic: 'booking', kind, audience: jobAudience(job), payload: { _id: job.id, kind, ...payload } };
}

/** A Postgres unique violation (a concurrent retry of the same client_id). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export const nowMs = (now: Date) => now.getTime();
export const countAll = sql<number>`count(*)::int`;
