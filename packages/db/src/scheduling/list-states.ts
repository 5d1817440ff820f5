import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobStates } from '../schema/jobs.ts';
import { withOrg } from '../tenant.ts';
import { toState } from './timeline-writes.ts';

/** A record's status history (`states`), newest first: the first is the current state. */
export async function listStates(
  db: Db,
  orgId: string,
  recordId: string,
): Promise<Record<string, unknown>[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobStates)
      .where(and(eq(jobStates.orgId, orgId), eq(jobStates.recordId, recordId)))
      .orderBy(desc(jobStates.seq)),
  );
  return rows.map((r) =>
    toState({
      id: r.id,
      recordId: r.recordId,
      status: r.status,
      previousStatus: r.previousStatus,
      action: r.action,
      uid: r.uid,
      at: r.utcPlusTz,
      data: r.data,
    }),
  );
}
