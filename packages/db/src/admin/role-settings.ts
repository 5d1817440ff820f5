import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { stale, type WriteResult } from '../infra/write-result.ts';
import { orgSettings } from '../schema/organisations.ts';
import { withOrg } from '../tenant.ts';

/** One settings document of one scope: '' is organisation-wide, a role name that role's overrides. */
export type ScopedDocument = { _key: string; role: string; value: Record<string, unknown>; version: number };

/** Every stored scope of a settings document (organisation-wide and per role), oldest role first. */
export async function listScopedDocuments(db: Db, orgId: string, key: string): Promise<ScopedDocument[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({ role: orgSettings.role, value: orgSettings.value, version: orgSettings.version })
      .from(orgSettings)
      .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, key))),
  );
  return rows.map((r) => ({ _key: key, ...r }));
}

/**
 * Replaces one scope of a settings document when it is still at `expected` (0: not stored yet),
 * and tells every member on the live `settings` topic (`{ _key, role, value, version }`): each
 * reader then reads the document as its own role sees it. Otherwise `stale`, nothing written.
 */
export async function putScopedDocument(
  db: Db,
  orgId: string,
  key: string,
  role: string,
  value: Record<string, unknown>,
  expected: number,
): Promise<WriteResult<ScopedDocument>> {
  return withOrg(db, orgId, async (tx) => {
    const where = and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, key), eq(orgSettings.role, role));
    const [row] = await tx.select().from(orgSettings).where(where).for('update');
    const version = row?.version ?? 0;
    if (version !== expected) return stale({ _key: key, role, value: row?.value ?? {}, version });
    const [saved] = row
      ? await tx
          .update(orgSettings)
          .set({ value, version: sql`${orgSettings.version} + 1`, updatedAt: new Date() })
          .where(where)
          .returning()
      : await tx.insert(orgSettings).values({ orgId, key, role, value }).returning();
    const doc = { _key: key, role, value: saved?.value ?? value, version: saved?.version ?? 1 };
    await appendLiveEvents(tx, orgId, [
      { topic: 'settings', kind: 'settings.changed', audience: { members: true }, payload: doc },
    ]);
    return { ok: true, record: doc };
  });
}
