import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultAppUrl } from './app-login.ts';
import { type DbHandle, type DbKind, dumpMigratedPglite, type OpenOptions, openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { pgbouncerRequested, sharedPgbouncer } from './testing-pgbouncer.ts';

/**
 * The databases integration tests run on: PGlite always, PostgreSQL too when `DATABASE_URL` is set;
 * only PostgreSQL, through PgBouncer, with `ROSTRA_TEST_PGBOUNCER=1` (CI's PgBouncer leg).
 * Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): DbKind[] {
  if (!process.env.DATABASE_URL) return ['pglite'];
  return pgbouncerRequested() ? ['postgres'] : ['pglite', 'postgres'];
}

/**
 * How a test opens PostgreSQL database `url` (the owner's connection string): as the app would,
 * logging in as the app role; with `ROSTRA_TEST_PGBOUNCER=1` the app's pool goes through a
 * PgBouncer in transaction mode (testing-pgbouncer.ts) and LISTEN stays direct, as in production.
 */
export async function testConnection(
  url: string,
): Promise<Pick<OpenOptions, 'databaseUrl' | 'appUrl' | 'listenUrl'>> {
  const appUrl = defaultAppUrl(url);
  if (!pgbouncerRequested()) return { databaseUrl: url };
  return { databaseUrl: url, appUrl: (await sharedPgbouncer()).via(appUrl), listenUrl: appUrl };
}

/**
 * A fresh, migrated, empty database that no other test run can see: an in-memory PGlite, or a new
 * database on the `DATABASE_URL` server that `close()` drops.
 */
export async function openTestDatabase(kind: DbKind): Promise<DbHandle> {
  if (kind === 'pglite') return openDatabase({ dataDir: null, pgliteDump: await migratedDump() });
  const scratch = await createScratchDatabase(await migratedTemplate());
  const handle = await openDatabase({
    ...(await testConnection(scratch.url)),
    maxConnections: 5,
    migrated: true,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database on the `DATABASE_URL` server, for tests that start their own server
 * process on it. `drop()` removes it (forcibly, whoever is still connected).
 */
export async function createScratchDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required for PostgreSQL tests');
  const name = `rostra_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A dump of a freshly migrated PGlite database, made once per set of migrations and access rules
 * and kept in the temporary folder, shared by every test file and worker: a test database loads it
 * in well under a second instead of migrating for several. Its name is a hash of the migration
 * files and of the code that applies them, so any change to those makes a new one.
 */
async function migratedDump(): Promise<Blob> {
  const file = join(tmpdir(), `rostra-pglite-${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const dump = await dumpMigratedPglite();
    // Written aside, then renamed: a worker reading it never sees half a file.
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
    return dump;
  }
}

/**
 * The PostgreSQL counterpart: a database migrated once per hash on the `DATABASE_URL` server
 * (`rostra_tpl_<hash>`), that test databases are created from as a copy. The first worker to need
 * it builds it under another name and renames it when done; the others wait on the lock.
 */
async function migratedTemplate(): Promise<string> {
  const base = process.env.DATABASE_URL as string;
  const name = `rostra_tpl_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const exists = async () =>
      (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
      await handle.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await client.end();
  }
}

let hash: string | undefined;
function migrationsHash(): string {
  if (hash) return hash;
  const h = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    try {
      h.update(name).update(readFileSync(path));
    } catch {
      // a folder (meta/)
    }
  }
  for (const code of ['./access.ts', './app-login.ts', './migrate.ts', './client.ts']) {
    h.update(readFileSync(fileURLToPath(new URL(code, import.meta.url))));
  }
  // The database engine's own version: a dump is only read by the PGlite that wrote it.
  h.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  hash = h.digest('hex').slice(0, 16);
  return hash;
}
