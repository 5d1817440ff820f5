import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { APP_ROLE } from './access.ts';
import {
  type AppTimeouts,
  assertAppRoleIsBound,
  defaultAppUrl,
  ensureAppLogin,
  loginOf,
} from './app-login.ts';
import { migrate, schemaMismatch, withMigrationLock } from './migrate.ts';

/** The query interface every feature's query functions take. Same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbKind = 'pglite' | 'postgres';

/** A PostgreSQL connection of its own (for LISTEN), outside the pool. */
export type ListenConnection = pg.Client;

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** True when the database answers a trivial query. */
  isReachable(): Promise<boolean>;
  /**
   * Why the schema lacks a migration this code expects, or undefined when it has them all (newer
   * ones are fine: the next version's deploy step may have run). Throws when the database does not
   * answer.
   */
  schemaBehind(): Promise<string | undefined>;
  /** PostgreSQL only: the app's pool right now (connections open, idle, and requests waiting for one). */
  poolStats?: () => PoolStats;
  /**
   * Refreshes the planner's statistics, as the schema owner (the app role may not: its ANALYZE
   * skips every table with a warning). Run it after a bulk load (seeding, an import): without
   * statistics the planner guesses, and search then reads whole organisations. PostgreSQL's
   * autovacuum does this in time on its own; PGlite has no autovacuum, so there it is the only way.
   */
  analyze(): Promise<void>;
  /**
   * PostgreSQL only: opens a new connection of its own for LISTEN, to the listen connection string
   * (`DATABASE_LISTEN_URL`, by default the app's), with TCP keepalive so a connection a network
   * device dropped silently is noticed. Never from the pool: a pooled or PgBouncer connection is
   * not the same session from one query to the next, and LISTEN needs one. The caller ends it.
   */
  listenConnection?: () => Promise<ListenConnection>;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number };

export type OpenOptions = {
  /**
   * PostgreSQL connection string of the schema owner (`DATABASE_URL`): migrations, access rules and
   * ANALYZE only. When absent the embedded PGlite database is used.
   */
  databaseUrl?: string | undefined;
  /**
   * The app's own connection string (`DATABASE_APP_URL`): a login role that is not a superuser, not
   * the owner and has no BYPASSRLS; it may point at PgBouncer in transaction mode. Default: the
   * owner's server and database as the role `rostra_app`, without a password (`defaultAppUrl`).
   */
  appUrl?: string | undefined;
  /** The direct connection for LISTEN (`DATABASE_LISTEN_URL`); default: the app's. */
  listenUrl?: string | undefined;
  /** Wait at most this long for a pooled connection (`DATABASE_ACQUIRE_TIMEOUT_MS`); default 10 s. */
  acquireTimeoutMs?: number | undefined;
  /**
   * Set on the app role in this database by the migration step (`DATABASE_STATEMENT_TIMEOUT_MS`,
   * `DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS`); default 60 s each, 0 for none.
   */
  statementTimeoutMs?: number | undefined;
  idleInTransactionTimeoutMs?: number | undefined;
  /** PGlite data folder; `null` keeps the database in memory (tests). */
  dataDir?: string | null | undefined;
  /** Pool size for PostgreSQL (`DATABASE_POOL_SIZE`); default 10. */
  maxConnections?: number | undefined;
  /**
   * PGlite only: start from this dump of a database already migrated by this very code
   * (`dumpMigratedPglite`) instead of migrating an empty one. Tests use it: a migration takes
   * seconds, loading a dump a fraction of that.
   */
  pgliteDump?: Blob;
  /** PostgreSQL only: the database was copied from one migrated by this code; skip migrating. */
  migrated?: boolean;
  /**
   * Do not migrate (`rostra serve --no-migrate`): the deploy step (`rostra migrate`) did. Refuses
   * (throws) when the schema is not at the version this code expects. Needs no owner connection
   * unless `initialise` is given.
   */
  noMigrate?: boolean;
  /**
   * One-time work once the schema is in place, as the app (seeding the demo data). On PostgreSQL it
   * runs still under the migration step's advisory lock, so instances starting at once do it one
   * after the other and the later ones find it done.
   */
  initialise?: (db: Db) => Promise<void>;
};

/** The message a start that may not migrate gives when the schema is not where this code needs it. */
export function schemaRefusal(reason: string): string {
  return `Refusing to start without migrating (--no-migrate): ${reason}. Run \`rostra migrate\` with this version first (the deploy step, see docs/operations.md).`;
}

/**
 * Opens the database, applies every migration and the access rules (unless `noMigrate`), runs
 * `initialise` (under the same advisory lock on PostgreSQL), and hands back a connection
 * that runs as the application role, so row-level security applies to every query it makes; it
 * refuses (throws) when that connection is a superuser, the owner or has BYPASSRLS. On PostgreSQL
 * migrations run on the owner's connection (`databaseUrl`) and the app logs in with its own
 * (`appUrl`, see app-login.ts); on PGlite, one session, the app role is taken with SET ROLE.
 */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir === undefined ? './data' : options.dataDir, options.pgliteDump, options);
}

/** Shared buffers of an embedded database (see loadPglite). */
const PGLITE_SHARED_BUFFERS = '16MB';

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** V8's WebAssembly API, which the TypeScript libraries this project uses (no DOM) do not declare. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

let pgliteWasm: Promise<WasmModule | undefined> | undefined;

/**
 * Starts compiling PGlite's WebAssembly (9 MB) in V8's background threads, once per process. Call
 * it as early as an embedded database is known to be wanted: `rostra serve` does, before it loads
 * the server's modules, which then initialise while the WebAssembly compiles (PGlite.create would
 * otherwise start compiling only once they are done). Every PGlite opened later instantiates the
 * same compiled module (tests open many). Harmless when it fails: PGlite then reads and compiles
 * its file itself.
 */
export function preparePglite(): void {
  if (pgliteWasm) return;
  try {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    pgliteWasm = WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))).catch(() => undefined);
  } catch {
    pgliteWasm = Promise.resolve(undefined);
  }
}

/**
 * PGlite and its driver, loaded when an embedded database is opened: a server on PostgreSQL never
 * loads them (half a megabyte of JavaScript at every start).
 */
async function loadPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<{ client: PGlite; db: Db }> {
  preparePglite();
  const [{ PGlite }, { pg_trgm }, { drizzle }, pgliteWasmModule] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    pgliteWasm,
  ]);
  const client = await PGlite.create({
    ...options,
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    extensions: { pg_trgm },
    // Not PostgreSQL's default 128 MB: in WebAssembly the shared memory is allocated and zeroed
    // at every start (0.3-0.5 s of CPU, and the memory grown past its first 128 MB). Pages not in
    // the buffers come from the operating system's file cache.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return { client, db: drizzle({ client }) as unknown as Db };
}

async function openPglite(
  dataDir: string | null,
  dump: Blob | undefined,
  options: OpenOptions,
): Promise<DbHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { client, db } = await loadPglite({
    ...(dataDir ? { dataDir } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
  });
  try {
    if (options.noMigrate) {
      // Before taking the app role: a folder never migrated does not have it.
      const reason = await schemaMismatch((text) => client.query(text));
      if (reason) throw new Error(schemaRefusal(reason));
    } else if (!dump) await migrate(db, 'pglite');
    // PGlite is one session: switching role once makes every later query run as the app role.
    await client.exec(`SET ROLE ${APP_ROLE}`);
    await assertAppRoleIsBound((text) => client.query(text), 'the embedded database');
    // One process owns a PGlite folder: nothing to lock against.
    await options.initialise?.(db);
  } catch (err) {
    await client.close();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    isReachable: () => ping(db),
    schemaBehind: () => schemaMismatch((text) => client.query(text), { newerIsFine: true }),
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
  const { client, db } = await loadPglite({});
  try {
    await migrate(db, 'pglite');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<DbHandle> {
  const appUrl = options.appUrl || defaultAppUrl(url);
  const appSetting = options.appUrl ? 'DATABASE_APP_URL' : `DATABASE_URL as the role ${APP_ROLE}`;
  const listenUrl = options.listenUrl || appUrl;
  const timeouts: AppTimeouts = {
    statementTimeoutMs: options.statementTimeoutMs ?? 60_000,
    idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs ?? 60_000,
  };
  const migrating = options.migrated !== true && options.noMigrate !== true;
  // The owner's connection holds the start's advisory lock: migrations, access rules, the login
  // role and the one-time work (seeding) run one instance at a time.
  const owner = migrating || options.initialise ? new pg.Client({ connectionString: url }) : undefined;
  let pool: pg.Pool | undefined;
  const start = async (): Promise<{ db: Db; pool: pg.Pool }> => {
    if (owner && migrating) {
      await migrate(drizzlePg({ client: owner }) as unknown as Db, 'postgres');
      await ensureAppLogin(owner, appUrl, timeouts);
    }
    // The app logs in as its own role: nothing here depends on a startup parameter or session
    // state, so the pool may as well be PgBouncer's in transaction mode.
    const p = new pg.Pool({
      connectionString: appUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
    });
    pool = p;
    p.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    const query = (text: string) => p.query(text);
    const login = async (text: string) => {
      try {
        return await p.query(text);
      } catch (err) {
        throw new Error(
          `Could not connect to the database as the app's role "${loginOf(appUrl).user}" (${appSetting}): ${(err as Error).message}. Configure DATABASE_APP_URL with a login role of its own and its password (see docs/operations.md).`,
          { cause: err },
        );
      }
    };
    await assertAppRoleIsBound(login, appSetting);
    if (options.noMigrate) {
      const reason = await schemaMismatch(query);
      if (reason) throw new Error(schemaRefusal(reason));
    }
    const appDb = drizzlePg({ client: p }) as unknown as Db;
    await options.initialise?.(appDb);
    return { db: appDb, pool: p };
  };
  let opened: { db: Db; pool: pg.Pool };
  try {
    if (owner) {
      await owner.connect();
      try {
        opened = await withMigrationLock(owner, start);
      } finally {
        await owner.end();
      }
    } else {
      opened = await start();
    }
  } catch (err) {
    await pool?.end();
    throw err;
  }
  const { db, pool: appPool } = opened;
  return {
    db,
    kind: 'postgres',
    isReachable: () => ping(db),
    schemaBehind: () => schemaMismatch((text) => appPool.query(text), { newerIsFine: true }),
    poolStats: () => ({
      total: appPool.totalCount,
      idle: appPool.idleCount,
      waiting: appPool.waitingCount,
    }),
    analyze: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
    },
    listenConnection: async () => {
      const client = new pg.Client({
        connectionString: listenUrl,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      try {
        await client.connect();
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      return client;
    },
    close: () => opened.pool.end(),
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
