import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { applyAccessRules } from './access.ts';
import type { Db, DbKind } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Applies the committed SQL migrations (idempotent), then the access rules. */
export async function migrate(db: Db, kind: DbKind): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
  else await migratePg(db as unknown as NodePgDatabase, config);
  await applyAccessRules(db);
}

/** The advisory lock the migration step holds on PostgreSQL (per database). */
const MIGRATION_LOCK = 'rostra:migrate';

/**
 * Runs `fn` (the migration step: migrations, access rules, the app's login role) while holding a
 * session advisory lock on `owner`, so instances starting at once migrate one after the other, and
 * with a lock timeout, so a step stuck behind someone else's lock fails instead of hanging a start.
 */
export async function withMigrationLock<T>(owner: pg.Client, fn: () => Promise<T>): Promise<T> {
  await owner.query(`SET lock_timeout = '60s'`);
  await owner.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
  try {
    return await fn();
  } finally {
    await owner.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => {});
  }
}
