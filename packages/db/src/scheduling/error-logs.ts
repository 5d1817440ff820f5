import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { errorLogs } from '../schema/operations.ts';
import { withOrg } from '../tenant.ts';

/** Spec §9: errors are kept 30 days (2,592,000,000 ms), request logs 10 days (864,000,000 ms). */
export const ERROR_TTL_MS = 2_592_000_000;
export const REQUEST_TTL_MS = 864_000_000;

export type ErrorLogInput = {
  type: 'error' | 'request';
  source: 'client' | 'server';
  uid?: string | null | undefined;
  err: string;
  href?: string | undefined;
  host?: string | undefined;
  hostname?: string | undefined;
  url?: string | undefined;
  method?: string | undefined;
  status?: number | undefined;
  durationMs?: number | undefined;
  info?: unknown;
  details?: unknown;
  internetSpeed?: unknown;
  projectId?: string | undefined;
};

/** Stores one error log entry of the organisation with its `ttl_at`. Answers its id and ttl_at. */
export async function addErrorLog(
  db: Db,
  orgId: string,
  entry: ErrorLogInput,
  now: Date,
): Promise<{ _id: string; ttl_at: number }> {
  const id = randomUUID();
  const ttlAt = new Date(now.getTime() + (entry.type === 'error' ? ERROR_TTL_MS : REQUEST_TTL_MS));
  await withOrg(db, orgId, (tx) =>
    tx.insert(errorLogs).values({
      orgId,
      id,
      type: entry.type,
      source: entry.source,
      uid: entry.uid ?? null,
      err: entry.err,
      href: entry.href ?? null,
      host: entry.host ?? null,
      hostname: entry.hostname ?? null,
      url: entry.url ?? null,
      method: entry.method ?? null,
      status: entry.status ?? null,
      durationMs: entry.durationMs === undefined ? null : Math.round(entry.durationMs),
      info: entry.info ?? null,
      details: entry.details ?? null,
      internetSpeed: entry.internetSpeed ?? null,
      projectId: entry.projectId ?? null,
      createdAt: now,
      ttlAt,
    }),
  );
  return { _id: id, ttl_at: ttlAt.getTime() };
}

/** Deletes the organisation's entries whose `ttl_at` has passed. */
export async function pruneErrorLogs(db: Db, orgId: string, now: Date): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(errorLogs)
      .where(and(eq(errorLogs.orgId, orgId), lt(errorLogs.ttlAt, now)))
      .returning({ id: errorLogs.id });
    return gone.length;
  });
}

/** The organisation's entries, newest first (operators and tests). */
export async function listErrorLogs(db: Db, orgId: string): Promise<(typeof errorLogs.$inferSelect)[]> {
  return withOrg(db, orgId, (tx) =>
    tx.select().from(errorLogs).where(eq(errorLogs.orgId, orgId)).orderBy(errorLogs.createdAt),
  );
}
