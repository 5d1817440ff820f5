import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
