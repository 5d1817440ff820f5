import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../infra/paging.ts';
import { jobPurchases } from '../schema/job-life.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, lockJob } from './job.ts';

/** Purchases page size (scheduling core §9: purchases default 50). */
export const PURCHASES_PAGE_SIZE = 50;

/** A purchase for a job; `amount` in cents. */
export type Purchase = {
  _id: string;
  client_id: string;
  description: string;
  amount: number;
  created_by: string;
  created_at: number;
};

const toPurchase = (r: typeof jobPurchases.$inferSelect): Purchase => ({
  _id: r.id,
  client_id: r.clientId,
  description: r.description,
  amount: r.amount,
  created_by: r.createdBy,
  created_at: r.createdAt,
});

/** A page of a job's purchases, newest first. Throws InvalidCursorError for a foreign cursor. */
export async function listPurchases(
  db: Db,
  orgId: string,
  jobId: string,
  cursor?: string,
): Promise<Page<Purchase>> {
  const key = cursor === undefined ? undefined : decodeCursor(cursor, 2);
  if (
    cursor !== undefined &&
    (key === undefined || typeof key[0] !== 'number' || typeof key[1] !== 'string')
  ) {
    throw new InvalidCursorError();
  }
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobPurchases)
      .where(
        and(
          eq(jobPurchases.orgId, orgId),
          eq(jobPurchases.jobId, jobId),
          key
            ? or(
                lt(jobPurchases.createdAt, key[0] as number),
                and(eq(jobPurchases.createdAt, key[0] as number), lt(jobPurchases.id, key[1] as string)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(jobPurchases.createdAt), desc(jobPurchases.id))
      .limit(PURCHASES_PAGE_SIZE + 1),
  );
  const more = rows.length > PURCHASES_PAGE_SIZE;
  const shown = more ? rows.slice(0, PURCHASES_PAGE_SIZE) : rows;
  const last = shown[shown.length - 1];
  return {
    items: shown.map(toPurchase),
    next_cursor: more && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}

/** Records a purchase; the same `client_id` again returns the stored one (`created: false`). */
export async function addPurchase(
  db: Db,
  orgId: string,
  input: { jobId: string; clientId: string; description: string; amount: number; uid: string; now: Date },
): Promise<{ purchase: Purchase; created: boolean } | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return undefined;
    const [existing] = await tx
      .select()
      .from(jobPurchases)
      .where(
        and(
          eq(jobPurchases.orgId, orgId),
          eq(jobPurchases.jobId, job.id),
          eq(jobPurchases.clientId, input.clientId),
        ),
      );
    if (existing) return { purchase: toPurchase(existing), created: false };
    const [row] = await tx
      .insert(jobPurchases)
      .values({
        orgId,
        id: randomUUID(),
        jobId: job.id,
        clientId: input.clientId,
        description: input.description,
        amount: input.amount,
        createdBy: input.uid,
        createdAt: input.now.getTime(),
      })
      .returning();
    if (!row) throw new Error('purchase insert returned nothing');
    const purchase = toPurchase(row);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'purchase', { purchase })]);
    return { purchase, created: true };
  });
}
