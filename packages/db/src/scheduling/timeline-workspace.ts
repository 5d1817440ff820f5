import { type ActiveLock, activeLocks, isExpired, workspaceTtlAt } from '@rostra/core/timeline/workspace';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { timelineWorkspaces } from '../schema/planning.ts';
import { withOrg } from '../tenant.ts';

/** A user's timeline workspace document (spec §3), times in epoch seconds. */
export type Workspace = {
  _id: string;
  uid: string;
  name: string | null;
  locked_ids: string[];
  items: unknown[];
  committed: boolean;
  time_boundaries: Record<string, unknown> | null;
  _qa_update_utc: number;
  ttl_at: number;
};

export type WorkspaceInput = {
  name?: string | null | undefined;
  locked_ids: string[];
  items: unknown[];
  committed: boolean;
  time_boundaries?: Record<string, unknown> | null | undefined;
};

type Row = typeof timelineWorkspaces.$inferSelect;

function toWorkspace(row: Row): Workspace {
  return {
    _id: row.id,
    uid: row.uid,
    name: row.name,
    locked_ids: row.lockedIds,
    items: row.items,
    committed: row.committed,
    time_boundaries: row.timeBoundaries,
    _qa_update_utc: row.updatedSec,
    ttl_at: row.ttlAt,
  };
}

/** What others are told: who holds which items since when (not the items being edited). */
function summary(w: Workspace) {
  return {
    _id: w._id,
    uid: w.uid,
    name: w.name,
    locked_ids: w.locked_ids,
    _qa_update_utc: w._qa_update_utc,
    ttl_at: w.ttl_at,
  };
}

/**
 * Sets the user's workspace document (their own, `_id` = uid): stamped now, expiring 7 days later
 * (the core's `workspaceTtlAt`). Setting it again keeps the locks alive (the 60 s rule).
 */
export async function setWorkspace(
  db: Db,
  orgId: string,
  uid: string,
  input: WorkspaceInput,
  nowSec: number,
): Promise<Workspace> {
  return withOrg(db, orgId, async (tx) => {
    const values = {
      uid,
      name: input.name ?? null,
      lockedIds: [...new Set(input.locked_ids)],
      items: input.items,
      committed: input.committed,
      timeBoundaries: input.time_boundaries ?? null,
      updatedSec: nowSec,
      ttlAt: workspaceTtlAt(nowSec),
      updatedAt: new Date(nowSec * 1000),
    };
    const [row] = await tx
      .insert(timelineWorkspaces)
      .values({ ...values, orgId, id: uid })
      .onConflictDoUpdate({
        target: [timelineWorkspaces.orgId, timelineWorkspaces.id],
        set: { ...values, version: sql`${timelineWorkspaces.version} + 1` },
      })
      .returning();
    const doc = toWorkspace(row as Row);
    await appendLiveEvents(tx, orgId, [
      { topic: 'workspace', kind: 'workspace.set', audience: { members: true }, payload: summary(doc) },
    ]);
    return doc;
  });
}

/** Clears (deletes) the user's workspace document; true when there was one. */
export async function clearWorkspace(db: Db, orgId: string, uid: string): Promise<boolean> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(timelineWorkspaces)
      .where(and(eq(timelineWorkspaces.orgId, orgId), eq(timelineWorkspaces.id, uid)))
      .returning({ id: timelineWorkspaces.id });
    if (gone.length) {
      await appendLiveEvents(tx, orgId, [
        {
          topic: 'workspace',
          kind: 'workspace.cleared',
          audience: { members: true },
          payload: { _id: uid, uid },
        },
      ]);
    }
    return gone.length > 0;
  });
}

/**
 * The user's own document (unless expired) and the items others hold locked now: the core's
 * `activeLocks` over every live document (a lock counts while its document was set within 60 s).
 */
export async function readWorkspaces(
  db: Db,
  orgId: string,
  uid: string,
  nowSec: number,
): Promise<{ own: Workspace | null; locks: Record<string, ActiveLock> }> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx.select().from(timelineWorkspaces).where(eq(timelineWorkspaces.orgId, orgId)),
  );
  const docs = rows.map(toWorkspace).filter((d) => !isExpired(d, nowSec));
  return {
    own: docs.find((d) => d.uid === uid) ?? null,
    locks: activeLocks(
      docs.map((d) => ({ ...d, name: d.name ?? undefined })),
      uid,
      nowSec,
    ),
  };
}

/** Deletes the organisation's documents past their `ttl_at`. */
export async function pruneWorkspaces(db: Db, orgId: string, nowSec: number): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(timelineWorkspaces)
      .where(and(eq(timelineWorkspaces.orgId, orgId), lt(timelineWorkspaces.ttlAt, nowSec + 1)))
      .returning({ id: timelineWorkspaces.id });
    return gone.length;
  });
}
