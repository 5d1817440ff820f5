import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { orgSettings } from './schema/organisations.ts';
import { withOrg } from './tenant.ts';

/**
 * Reads one settings document as a role sees it: the organisation-wide value ('' role) with the
 * role's own overrides on top. Returns `{}` when nothing is stored; callers merge over defaults.
 */
export async function getSettings(
  db: Db,
  orgId: string,
  key: string,
  role = '',
): Promise<Record<string, unknown>> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({ role: orgSettings.role, value: orgSettings.value })
      .from(orgSettings)
      .where(and(eq(orgSettings.key, key), inArray(orgSettings.role, role ? ['', role] : ['']))),
  );
  const base = rows.find((r) => r.role === '')?.value ?? {};
  const own = role ? (rows.find((r) => r.role === role)?.value ?? {}) : {};
  return { ...base, ...own };
}

/** Stores (replaces) one settings document for the organisation or one role of it. */
export async function putSettings(
  db: Db,
  orgId: string,
  key: string,
  value: Record<string, unknown>,
  role = '',
): Promise<void> {
  await withOrg(db, orgId, (tx) =>
    tx
      .insert(orgSettings)
      .values({ orgId, key, role, value })
      .onConflictDoUpdate({
        target: [orgSettings.orgId, orgSettings.key, orgSettings.role],
        set: { value, updatedAt: new Date(), version: sql`${orgSettings.version} + 1` },
      }),
  );
}
