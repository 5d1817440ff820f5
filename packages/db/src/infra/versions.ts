import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { seenVersions, versions } from '../schema/messaging.ts';
import { organisations } from '../schema/organisations.ts';
import { appendLiveEvents } from './live-events.ts';

/*
 * Released versions and what each user has seen of them (What's New). Versions are global: every
 * organisation runs the same release.
 */

export type VersionInfo = {
  _id: string;
  version: string;
  release_date: number;
  notes: string;
  seen: boolean;
};

/** Publishes a release (for operators and tests); answers its id. */
export async function addVersion(
  db: Db,
  v: { version: string; releaseDate: Date; notes?: string },
): Promise<string> {
  const published = await publishVersion(db, v);
  if (!published) throw new Error(`Version ${v.version} is already published`);
  return published.id;
}

/**
 * Publishes a release checked by the core's `checkRelease`: the record and its live notice in one
 * transaction; undefined (and nothing written) when the version is published already.
 *
 * Versions are global but the live outbox is per organisation (its order, resume and the wake-up
 * of every instance are all per organisation), so the notice is written into every
 * organisation's stream rather than down a second, global path: a release is a rare operator
 * action, and one row per organisation costs nothing next to the machinery a global channel
 * would duplicate. Organisations are taken in id order, so two publishes cannot deadlock on
 * their sequence rows. Customers never receive it: they may not subscribe to `versions`.
 */
export async function publishVersion(
  db: Db,
  v: { version: string; releaseDate: Date; notes?: string },
): Promise<{ id: string; version: string; release_date: number } | undefined> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [row] = await tx
      .insert(versions)
      .values({ id, version: v.version, releaseDate: v.releaseDate, notes: v.notes ?? '' })
      .onConflictDoNothing({ target: versions.version })
      .returning({ id: versions.id });
    if (!row) return undefined;
    const release_date = Math.floor(v.releaseDate.getTime() / 1000);
    const orgs = await tx.select({ id: organisations.id }).from(organisations).orderBy(asc(organisations.id));
    for (const org of orgs) {
      await appendLiveEvents(tx, org.id, [
        {
          topic: 'versions',
          kind: 'versions.published',
          audience: { members: true },
          payload: { version: v.version, release_date },
        },
      ]);
    }
    return { id, version: v.version, release_date };
  });
}

/** Every release, newest first, each marked seen or not by this user. `release_date` in epoch seconds. */
export async function listVersions(db: Db, userId: string): Promise<VersionInfo[]> {
  const rows = await db
    .select({ v: versions, seenAt: seenVersions.seenAt })
    .from(versions)
    .leftJoin(seenVersions, and(eq(seenVersions.versionId, versions.id), eq(seenVersions.userId, userId)))
    .orderBy(desc(versions.releaseDate), desc(versions.version));
  return rows.map((r) => ({
    _id: r.v.id,
    version: r.v.version,
    release_date: Math.floor(r.v.releaseDate.getTime() / 1000),
    notes: r.v.notes,
    seen: r.seenAt !== null,
  }));
}

/**
 * Records that the user has seen a release; false when there is no such release. The user's other
 * tabs in the organisation they act in hear it (`versions.seen`, to them alone) and clear the dot.
 */
export async function markVersionSeen(
  db: Db,
  caller: { uid: string; orgId: string },
  version: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [v] = await tx.select({ id: versions.id }).from(versions).where(eq(versions.version, version));
    if (!v) return false;
    const [added] = await tx
      .insert(seenVersions)
      .values({ userId: caller.uid, versionId: v.id, seenAt: now })
      .onConflictDoNothing()
      .returning({ versionId: seenVersions.versionId });
    if (added)
      await appendLiveEvents(tx, caller.orgId, [
        { topic: 'versions', kind: 'versions.seen', audience: { uids: [caller.uid] }, payload: { version } },
      ]);
    return true;
  });
}
