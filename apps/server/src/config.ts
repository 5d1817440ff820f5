import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenOptions } from '@rostra/db/client';
import { parseFileStoreUrl } from './files/s3-settings.ts';
import { testClockSetting } from './test-clock.ts';

export type ServerConfig = {
  port: number;
  host: string;
  /** PGlite data folder, used when `databaseUrl` is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections besides the owner's (`DATABASE_URL`): see docs/operations.md. */
  database: DatabaseSettings;
  /** Folder of the built web app (`apps/web/dist`). */
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Human-readable log lines (a person at a terminal) instead of JSON (machines, CI). */
  logPretty: boolean;
  /** Public origin of the app, used for links in mail and for cookie security. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. When it was not, `publicUrl` is `http://localhost:PORT` and the
   * other loopback spellings of that origin (127.0.0.1, [::1]) are trusted too.
   */
  publicUrlConfigured: boolean;
  /**
   * Whether to believe X-Forwarded-For / -Proto: only behind a proxy that sets them. Off by
   * default, so a client reaching the server directly cannot fake its address past the per-IP
   * sign-in limits. `TRUST_PROXY=true`, or a hop count, or a comma-separated list of proxy addresses.
   */
  trustProxy: boolean | number | string;
  /** Secret for signing sessions and tokens. Generated per data folder when not configured. */
  authSecret: string | undefined;
  /** FILE_STORE_URL: an S3-compatible bucket for uploaded files (files/s3-settings.ts); unset: see fileStoreFor. */
  fileStoreUrl: string | undefined;
  /** ROSTRA_TEST_CLOCK=1: a server clock the browser tests move (test-clock.ts); refused in production. */
  testClock: boolean;
  /** Stopping on SIGTERM/SIGINT: see docs/operations.md (Running a fleet). */
  shutdown: ShutdownSettings;
  /**
   * METRICS_TOKEN: the bearer token `/metrics` asks for. Unset: `/metrics` answers only a
   * connection from this machine that no proxy forwarded (see health/metrics.ts).
   */
  metricsToken: string | undefined;
  /**
   * OPERATOR_TOKEN: the bearer token of the operator routes (publishing a release, What's New).
   * Unset: those routes refuse everyone; `rostra versions publish` does the same on the server.
   */
  operatorToken: string | undefined;
};

export type ShutdownSettings = {
  /**
   * SHUTDOWN_DRAIN_MS: after the signal, how long the instance keeps serving while `/readyz`
   * answers 503, so load balancers stop sending to it before it stops listening. Default 5 s with
   * NODE_ENV=production, else 0 (a developer's Ctrl-C stops at once).
   */
  drainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: after the drain, how long requests in flight get to finish before a forced exit. */
  timeoutMs: number;
};

/** Settings a production start cannot do without: each has a default only fit for one machine. */
export const PRODUCTION_SETTINGS = ['DATABASE_URL', 'PUBLIC_URL', 'AUTH_SECRET', 'TRUST_PROXY'] as const;

/**
 * With NODE_ENV=production, refuses (throws, naming every one missing) a start without the
 * settings a fleet needs: without DATABASE_URL an instance would quietly open its own embedded
 * database, without AUTH_SECRET sign a secret of its own, without PUBLIC_URL put localhost in its
 * mail. TRUST_PROXY must be said either way (`false` when no proxy is in front).
 */
export function requireProductionSettings(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = PRODUCTION_SETTINGS.filter((name) => !env[name]);
  if (missing.length === 0) return;
  throw new Error(
    `NODE_ENV=production needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not set. ` +
      'Set DATABASE_URL (PostgreSQL), PUBLIC_URL (the address users reach), AUTH_SECRET (the same on every instance) ' +
      'and TRUST_PROXY (true, a hop count or the proxy addresses; false when no proxy is in front): see docs/operations.md.',
  );
}

/** The app's PostgreSQL connections; unused on PGlite. */
export type DatabaseSettings = {
  /** DATABASE_APP_URL: the app's own login role (may be PgBouncer); unset: `rostra_app` on DATABASE_URL's server. */
  appUrl: string | undefined;
  /** DATABASE_LISTEN_URL: a direct connection for LISTEN; unset: the app's. */
  listenUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections in the app's pool. */
  poolSize: number;
  /** DATABASE_ACQUIRE_TIMEOUT_MS: longest wait for a pooled connection. */
  acquireTimeoutMs: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: statement_timeout of the app role; 0 for none. */
  statementTimeoutMs: number;
  /** DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: idle_in_transaction_session_timeout of the app role; 0 for none. */
  idleInTransactionTimeoutMs: number;
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return n;
}

function loadDatabaseSettings(env: NodeJS.ProcessEnv): DatabaseSettings {
  return {
    appUrl: env.DATABASE_APP_URL || undefined,
    listenUrl: env.DATABASE_LISTEN_URL || undefined,
    poolSize: whole(env, 'DATABASE_POOL_SIZE', 10, 1),
    acquireTimeoutMs: whole(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 10_000, 1),
    statementTimeoutMs: whole(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 60_000, 0),
    idleInTransactionTimeoutMs: whole(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0),
  };
}

/** How the server's configuration opens the database (`openDatabase`). */
export function databaseOptions(config: ServerConfig): OpenOptions {
  const d = config.database;
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    appUrl: d.appUrl,
    listenUrl: d.listenUrl,
    maxConnections: d.poolSize,
    acquireTimeoutMs: d.acquireTimeoutMs,
    statementTimeoutMs: d.statementTimeoutMs,
    idleInTransactionTimeoutMs: d.idleInTransactionTimeoutMs,
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads the configuration from environment variables; every value has a working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (env.LOG_FORMAT && env.LOG_FORMAT !== 'pretty' && env.LOG_FORMAT !== 'json') {
    throw new Error('LOG_FORMAT must be pretty or json');
  }
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const level = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel'];
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    database: loadDatabaseSettings(env),
    webDist: resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    logLevel: level,
    logPretty: env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : Boolean(process.stdout.isTTY),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    authSecret: env.AUTH_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    fileStoreUrl: fileStoreUrlSetting(env.FILE_STORE_URL),
    testClock: testClockSetting(env),
    shutdown: {
      drainMs: whole(env, 'SHUTDOWN_DRAIN_MS', env.NODE_ENV === 'production' ? 5_000 : 0, 0),
      timeoutMs: whole(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    operatorToken: env.OPERATOR_TOKEN || undefined,
  };
}

function fileStoreUrlSetting(value: string | undefined): string | undefined {
  if (!value) return undefined;
  parseFileStoreUrl(value); // a clear message at start, not at the first upload
  return value;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
