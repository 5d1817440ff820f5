import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, type DbKind, openDatabase } from './client.ts';

/**
 * The databases integration tests run on: PGlite always, PostgreSQL too when `DATABASE_URL` is set.
 * Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated, empty database that no other test run can see: an in-memory PGlite, or a new
 * database on the `DATABASE_URL` server that `close()` drops.
 */
export async function openTestDatabase(kind: DbKind): Promise<DbHandle> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const scratch = await createScratchDatabase();
  const handle = await openDatabase({ databaseUrl: scratch.url, maxConnections: 5 });
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
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required for PostgreSQL tests');
  const name = `rostra_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
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
