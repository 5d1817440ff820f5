import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { APP_ROLE } from './access.ts';
import { migrate } from './migrate.ts';

/** The query interface every feature's query functions take. Same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbKind = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** True when the database answers a trivial query. */
  isReachable(): Promise<boolean>;
  /**
   * Refreshes the planner's statistics, as the schema owner (the app role may not: its ANALYZE
   * skips every table with a warning). Run it after a bulk load (seeding, an import): without
   * statistics the planner guesses, and search then reads whole organisations. PostgreSQL's
   * autovacuum does this in time on its own; PGlite has no autovacuum, so there it is the only way.
   */
  analyze(): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `null` keeps the database in memory (tests). */
  dataDir?: string | null | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PGlite only: start from this dump of a database already migrated by this very code
   * (`dumpMigratedPglite`) instead of migrating an empty one. Tests use it: a migration takes
   * seconds, loading a dump a fraction of that.
   */
  pgliteDump?: Blob;
  /** PostgreSQL only: the database was copied from one migrated by this code; skip migrating. */
  migrated?: boolean;
};

/**
 * Opens the database, applies every migration and the access rules, and hands back a connection
 * that runs as the application role, so row-level security applies to every query it makes.
 * Migrations run as the connecting user (the schema owner).
 */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.maxConnections ?? 10, options.migrated === true);
  }
  return openPglite(options.dataDir === undefined ? './data' : options.dataDir, options.pgliteDump);
}

async function openPglite(dataDir: string | null, dump?: Blob): Promise<DbHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  if (!dump) await migrate(db, 'pglite');
  // PGlite is one session: switching role once makes every later query run as the app role.
  await client.exec(`SET ROLE ${APP_ROLE}`);
  return {
    db,
    kind: 'pglite',
    isReachable: () => ping(db),
    // One exec: PGlite runs it whole before any other query, so nothing else runs as the owner.
    analyze: async () => {
      await client.exec(`RESET ROLE; ANALYZE; SET ROLE ${APP_ROLE}`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** An in-memory PGlite database, migrated, as a dump `openDatabase({ pgliteDump })` starts from. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzlePglite({ client }) as unknown as Db, 'pglite');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, max: number, migrated: boolean): Promise<DbHandle> {
  if (!migrated) {
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    try {
      await migrate(drizzlePg({ client: owner }) as unknown as Db, 'postgres');
    } finally {
      await owner.end();
    }
  }
  // The role is a startup parameter, so it is in force before the first query on every connection.
  const pool = new pg.Pool({ connectionString: url, max, options: `-c role=${APP_ROLE}` });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    isReachable: () => ping(db),
    analyze: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
