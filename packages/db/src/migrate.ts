import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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
  if (await migrationsPending(db)) {
    if (kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
    else await migratePg(db as unknown as NodePgDatabase, config);
  }
  await applyAccessRules(db);
}

/**
 * Whether drizzle's migrator would apply anything: it applies each migration newer than the
 * journal's last row, so with that row at or past this code's newest migration it would only
 * read and hash every migration file and make its schema and table if they did not exist (five
 * round trips, two of them DDL, at every start). One query answers it instead. No journal yet (a
 * new database): pending.
 */
async function migrationsPending(db: Db): Promise<boolean> {
  const newest = expectedMigrations().at(-1)?.when ?? 0;
  try {
    const { rows } = (await db.execute(
      sql.raw('select max(created_at)::text as at from drizzle.__drizzle_migrations'),
    )) as unknown as { rows: { at: string | null }[] };
    const last = rows[0]?.at;
    return last === null || last === undefined || Number(last) < newest;
  } catch (err) {
    // drizzle wraps the driver's error (DrizzleQueryError) with it as the cause.
    const e = err as { code?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code;
    if (code === '42P01' || code === '3F000') return true;
    throw err;
  }
}

/** The advisory lock the migration step holds on PostgreSQL (per database). */
const MIGRATION_LOCK = 'rostra:migrate';

/**
 * Runs `fn` (the start's one-time step: migrations, access rules, the app's login role, seeding)
 * while holding a session advisory lock on `owner`, so instances starting at once do it one after
 * the other, and with a lock timeout, so a step stuck behind someone else's lock (or waiting more
 * than that for the lock itself) fails instead of hanging a start.
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

/** The migrations this code expects, oldest first: each one's tag and journal time (drizzle's key). */
export function expectedMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/**
 * Why the database's schema is not at the version this code expects, or undefined when it is. It
 * reads drizzle's migration journal (the access rules let the app role read it), so it works on
 * the app's connection: for a start that does not migrate (`rostra serve --no-migrate`).
 * `newerIsFine`: migrations newer than this code are no mismatch (readiness during a rolling
 * deploy, when the deploy step has already migrated for the next version).
 */
export async function schemaMismatch(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  options: { newerIsFine?: boolean } = {},
): Promise<string | undefined> {
  const expected = expectedMigrations();
  let applied: Set<number>;
  try {
    const { rows } = await query(
      'select created_at::text as at from drizzle.__drizzle_migrations order by created_at',
    );
    applied = new Set((rows as { at: string }[]).map((r) => Number(r.at)));
  } catch (err) {
    const code = (err as { code?: string }).code;
    // No journal (42P01 table, 3F000 schema) or not readable (42501: migrated by an older version).
    if (code === '42P01' || code === '3F000') return 'the database has no Rostra schema yet';
    if (code === '42501')
      return 'the migration journal is not readable by the app role (migrated by an older version)';
    throw err;
  }
  const missing = expected.filter((m) => !applied.has(m.when));
  if (missing.length > 0)
    return `the database schema lacks ${missing.length} of this version's ${expected.length} migrations (${missing
      .slice(0, 3)
      .map((m) => m.tag)
      .join(', ')}${missing.length > 3 ? ', …' : ''})`;
  if (options.newerIsFine) return undefined;
  const newest = expected.at(-1)?.when ?? 0;
  const unknown = [...applied].filter((at) => at > newest).length;
  if (unknown > 0)
    return `the database schema has ${unknown} migration(s) newer than this version knows (it was migrated by a newer Rostra)`;
  return undefined;
}
