import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobRuns } from '../schema/operations.ts';
import { organisations } from '../schema/organisations.ts';

/*
 * Background jobs run once per period across every server instance. An instance claims a run in a
 * transaction holding a transaction-scoped advisory lock on the job's name (two instances never
 * claim at once); the claim succeeds only when the last run started a whole period ago and has
 * finished (or was abandoned long ago). Not tenant-scoped: job bookkeeping is global.
 */

/** Claims the job's run for `now`; true when this caller should run it. */
export async function claimJobRunUnsafe(
  db: Db,
  name: string,
  now: Date,
  periodMs: number,
  abandonedAfterMs = 10 * 60_000,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`rostra-job:${name}`})) as ok`,
    );
    const ok = (lock as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok;
    if (!ok) return false;
    const [run] = await tx.select().from(jobRuns).where(eq(jobRuns.name, name));
    if (run) {
      const due = run.lastStartedAt.getTime() + periodMs - 1_000 <= now.getTime();
      const finished = run.lastFinishedAt !== null && run.lastFinishedAt >= run.lastStartedAt;
      const abandoned = run.lastStartedAt.getTime() + abandonedAfterMs <= now.getTime();
      if (!due || (!finished && !abandoned)) return false;
      await tx.update(jobRuns).set({ lastStartedAt: now }).where(eq(jobRuns.name, name));
    } else {
      await tx.insert(jobRuns).values({ name, lastStartedAt: now });
    }
    return true;
  });
}

export async function finishJobRunUnsafe(db: Db, name: string, now: Date): Promise<void> {
  await db.update(jobRuns).set({ lastFinishedAt: now }).where(eq(jobRuns.name, name));
}

/** Every organisation's id (jobs visit each in its own tenant transaction). Not tenant-scoped. */
export async function listOrganisationIdsUnsafe(db: Db): Promise<string[]> {
  const rows = await db.select({ id: organisations.id }).from(organisations).orderBy(organisations.id);
  return rows.map((r) => r.id);
}
