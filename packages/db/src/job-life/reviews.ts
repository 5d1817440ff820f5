import { isReviewable } from '@rostra/core/records/job-status';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { jobReviews } from '../schema/job-life.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, lockJob } from './job.ts';

/*
 * A job's review (issue #9 point 4): the customer's rating (1–5) and comment at finished or
 * reviewed; the dispatcher's notes at reviewed.
 */

export type Review = {
  job_id: string;
  rating: number | null;
  comment: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  notes?: string | null;
  notes_by?: string | null;
  notes_at?: number | null;
  version: number;
};

const toReview = (r: typeof jobReviews.$inferSelect, withNotes: boolean): Review => ({
  job_id: r.jobId,
  rating: r.rating,
  comment: r.comment,
  reviewed_by: r.reviewedBy,
  reviewed_at: r.reviewedAt,
  ...(withNotes ? { notes: r.notes, notes_by: r.notesBy, notes_at: r.notesAt } : {}),
  version: r.version,
});

/** A job's review, or null when there is none. The dispatcher's notes only when `withNotes`. */
export async function getReview(
  db: Db,
  orgId: string,
  jobId: string,
  withNotes: boolean,
): Promise<Review | null> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobReviews)
      .where(and(eq(jobReviews.orgId, orgId), eq(jobReviews.jobId, jobId))),
  );
  return row ? toReview(row, withNotes) : null;
}

export type ReviewWrite =
  | { ok: true; review: Review }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'wrong_status'; status: string };

/** The customer's rating and comment (replacing an earlier one), at finished or reviewed. */
export async function putReview(
  db: Db,
  orgId: string,
  input: { jobId: string; rating: number; comment: string; uid: string; now: Date },
): Promise<ReviewWrite> {
  return withOrg(db, orgId, async (tx): Promise<ReviewWrite> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    if (!isReviewable(job.status)) {
      return { ok: false, error: 'wrong_status', status: job.status };
    }
    const at = input.now.getTime();
    const values = { rating: input.rating, comment: input.comment, reviewedBy: input.uid, reviewedAt: at };
    const [row] = await tx
      .insert(jobReviews)
      .values({ orgId, jobId: job.id, ...values, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: [jobReviews.orgId, jobReviews.jobId],
        set: { ...values, updatedAt: input.now, version: sql`${jobReviews.version} + 1` },
      })
      .returning();
    if (!row) throw new Error('review upsert returned nothing');
    const review = toReview(row, false);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'review', { review })]);
    return { ok: true, review };
  });
}

/** The dispatcher's notes, at reviewed. */
export async function putNotes(
  db: Db,
  orgId: string,
  input: { jobId: string; notes: string; uid: string; now: Date },
): Promise<ReviewWrite> {
  return withOrg(db, orgId, async (tx): Promise<ReviewWrite> => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return { ok: false, error: 'not_found' };
    if (job.status !== 'reviewed') return { ok: false, error: 'wrong_status', status: job.status };
    const values = { notes: input.notes, notesBy: input.uid, notesAt: input.now.getTime() };
    const [row] = await tx
      .insert(jobReviews)
      .values({ orgId, jobId: job.id, ...values, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: [jobReviews.orgId, jobReviews.jobId],
        set: { ...values, updatedAt: input.now, version: sql`${jobReviews.version} + 1` },
      })
      .returning();
    if (!row) throw new Error('notes upsert returned nothing');
    const review = toReview(row, true);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'booking',
        kind: 'notes',
        audience: { dispatchers: true },
        payload: { _id: job.id, kind: 'notes', review },
      },
    ]);
    return { ok: true, review };
  });
}
