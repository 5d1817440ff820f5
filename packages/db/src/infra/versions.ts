import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { seenVersions, versions } from '../schema/messaging.ts';

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
  const id = randomUUID();
  await db
    .insert(versions)
    .values({ id, version: v.version, releaseDate: v.releaseDate, notes: v.notes ?? '' });
  return id;
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

/** Records that the user has seen a release; false when there is no such release. */
export async function markVersionSeen(db: Db, userId: string, version: string, now: Date): Promise<boolean> {
  const [v] = await db.select({ id: versions.id }).from(versions).where(eq(versions.version, version));
  if (!v) return false;
  await db.insert(seenVersions).values({ userId, versionId: v.id, seenAt: now }).onConflictDoNothing();
  return true;
}
