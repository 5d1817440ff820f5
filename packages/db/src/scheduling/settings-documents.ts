import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Audience, appendLiveEvents } from '../infra/live-events.ts';
import { stale, type WriteResult } from '../infra/write-result.ts';
import { orgSettings } from '../schema/organisations.ts';
import { withOrg } from '../tenant.ts';
import { fromToday, type Rechecked, recheckBookings } from './recheck-bookings.ts';

/**
 * Organisation-wide settings documents served as versioned records: the job status config
 * (`statusConfig`), the workflows (`workflow_calevents`, `workflow_groups`) and the exception
 * report config. Stored in `org_settings` under their key with role ''.
 */
export type SettingsDocument = { _key: string; value: Record<string, unknown>; version: number };

export async function getSettingsDocument(db: Db, orgId: string, key: string): Promise<SettingsDocument> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select({ value: orgSettings.value, version: orgSettings.version })
      .from(orgSettings)
      .where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, key), eq(orgSettings.role, ''))),
  );
  return { _key: key, value: row?.value ?? {}, version: row?.version ?? 0 };
}

/**
 * Replaces a settings document when it is still at `expected` (0: not stored yet), and tells the
 * live `settings` topic of who may read it (`audience`: every member unless the document is
 * narrower, e.g. the dispatchers' exception report config). Otherwise `stale`, nothing written.
 */
export async function putSettingsDocument(
  db: Db,
  orgId: string,
  key: string,
  value: Record<string, unknown>,
  expected: number,
  audience: Audience = { members: true },
  now: Date = new Date(),
): Promise<WriteResult<SettingsDocument & { rechecked?: Rechecked }>> {
  return withOrg(db, orgId, async (tx) => {
    const where = and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, key), eq(orgSettings.role, ''));
    const [row] = await tx.select().from(orgSettings).where(where).for('update');
    const version = row?.version ?? 0;
    if (version !== expected) return stale({ _key: key, value: row?.value ?? {}, version });
    const [saved] = row
      ? await tx
          .update(orgSettings)
          .set({ value, version: sql`${orgSettings.version} + 1`, updatedAt: new Date() })
          .where(where)
          .returning()
      : await tx.insert(orgSettings).values({ orgId, key, role: '', value }).returning();
    const doc = { _key: key, value: saved?.value ?? value, version: saved?.version ?? 1 };
    await appendLiveEvents(tx, orgId, [
      { topic: 'settings', kind: 'settings.changed', audience, payload: doc },
    ]);
    if (key !== 'allocation') return { ok: true, record: doc };
    // The allocation switches and week start decide verdicts: the organisation's bookings from
    // today on are checked again.
    const rechecked = await recheckBookings(
      tx,
      orgId,
      { ...(await fromToday(tx, orgId, now)), resourceIds: 'all' },
      now,
    );
    return { ok: true, record: { ...doc, rechecked } };
  });
}
