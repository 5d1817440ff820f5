import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { jobRequests } from '../schema/job-life.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, lockJob } from './job.ts';

/*
 * Cancellation requests (shell spec §3 flags "resource or customer can request booking
 * cancellation"; §4 approve-request): the job's resource or customer asks, a dispatcher approves
 * (the booking is cancelled) or refuses. One open request per job at a time.
 */

export type CancellationRequest = {
  _id: string;
  job_id: string;
  status: 'pending' | 'approved' | 'refused';
  reason: string;
  by: { uid: string; role: string };
  at: number;
  decided_by: string | null;
  decided_at: number | null;
};

const toRequest = (r: typeof jobRequests.$inferSelect): CancellationRequest => ({
  _id: r.id,
  job_id: r.jobId,
  status: r.status,
  reason: r.reason,
  by: { uid: r.byUid, role: r.byRole },
  at: r.at,
  decided_by: r.decidedBy,
  decided_at: r.decidedAt,
});

/** The job's latest cancellation request, or null. */
export async function latestCancellationRequest(
  db: Db,
  orgId: string,
  jobId: string,
): Promise<CancellationRequest | null> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobRequests)
      .where(
        and(eq(jobRequests.orgId, orgId), eq(jobRequests.jobId, jobId), eq(jobRequests.kind, 'cancellation')),
      )
      .orderBy(desc(jobRequests.at), desc(jobRequests.createdAt))
      .limit(1),
  );
  return row ? toRequest(row) : null;
}

export type RequestResult =
  | { ok: true; request: CancellationRequest }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'conflict'; message: string };

/** Asks for a job's cancellation (refused while one is open or when it is already cancelled). */
export async function requestCancellation(
  db: Db,
  orgId: string,
  input: { jobId: string; reason: string; uid: string; role: string; now: Date },
): Promise<RequestResult> {
  return withOrg(db, orgId, async (tx): Promise<RequestResult> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    if (job.status === 'cancelled')
      return { ok: false, error: 'conflict', message: 'This booking is already cancelled' };
    const [open] = await tx
      .select({ id: jobRequests.id })
      .from(jobRequests)
      .where(
        and(
          eq(jobRequests.orgId, orgId),
          eq(jobRequests.jobId, job.id),
          eq(jobRequests.kind, 'cancellation'),
          eq(jobRequests.status, 'pending'),
        ),
      );
    if (open)
      return {
        ok: false,
        error: 'conflict',
        message: 'A cancellation has already been requested for this booking',
      };
    const [row] = await tx
      .insert(jobRequests)
      .values({
        orgId,
        id: randomUUID(),
        jobId: job.id,
        kind: 'cancellation',
        status: 'pending',
        reason: input.reason,
        byUid: input.uid,
        byRole: input.role,
        at: input.now.getTime(),
      })
      .returning();
    if (!row) throw new Error('request insert returned nothing');
    const request = toRequest(row);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'cancellation_request', { request })]);
    return { ok: true, request };
  });
}

/**
 * Marks the open request approved or refused. The caller cancels the booking first when
 * approving (the status action), so an approved request always has a cancelled booking.
 */
export async function decideCancellation(
  db: Db,
  orgId: string,
  input: { jobId: string; decision: 'approved' | 'refused'; uid: string; now: Date },
): Promise<RequestResult> {
  return withOrg(db, orgId, async (tx): Promise<RequestResult> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    const [row] = await tx
      .update(jobRequests)
      .set({ status: input.decision, decidedBy: input.uid, decidedAt: input.now.getTime() })
      .where(
        and(
          eq(jobRequests.orgId, orgId),
          eq(jobRequests.jobId, job.id),
          eq(jobRequests.kind, 'cancellation'),
          eq(jobRequests.status, 'pending'),
        ),
      )
      .returning();
    if (!row)
      return {
        ok: false,
        error: 'conflict',
        message: 'There is no open cancellation request for this booking',
      };
    const request = toRequest(row);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'cancellation_request', { request })]);
    return { ok: true, request };
  });
}

/** Whether the job has an open request (checked before cancelling on approval). */
export async function hasOpenCancellation(db: Db, orgId: string, jobId: string): Promise<boolean> {
  return (await latestCancellationRequest(db, orgId, jobId))?.status === 'pending';
}
