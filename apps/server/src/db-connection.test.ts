import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@rostra/db/testing';
import { describe, expect, it } from 'vitest';
import { databaseOptions, loadConfig } from './config.ts';

const BIN = fileURLToPath(new URL('../../../bin/rostra.mjs', import.meta.url));

describe('the database connection settings', () => {
  it('are read from the environment, each with a default', () => {
    expect(loadConfig({}).database).toEqual({
      appUrl: undefined,
      listenUrl: undefined,
      poolSize: 10,
      acquireTimeoutMs: 10_000,
      statementTimeoutMs: 60_000,
      idleInTransactionTimeoutMs: 60_000,
    });
    const config = loadConfig({
      DATABASE_URL: 'postgres://owner@db/rostra',
      DATABASE_APP_URL: 'postgres://rostra_app:pw@pgbouncer:6432/rostra',
      DATABASE_LISTEN_URL: 'postgres://rostra_app:pw@db/rostra',
      DATABASE_POOL_SIZE: '25',
      DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '15000',
    });
    expect(databaseOptions(config)).toMatchObject({
      databaseUrl: 'postgres://owner@db/rostra',
      appUrl: 'postgres://rostra_app:pw@pgbouncer:6432/rostra',
      listenUrl: 'postgres://rostra_app:pw@db/rostra',
      maxConnections: 25,
      acquireTimeoutMs: 2000,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 15_000,
    });
  });

  it('refuse a value that is not a whole number', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a whole number of at least 1, got "0"',
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of at least 0, got "5s"',
    );
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'rostra serve with an app connection RLS would not bind',
  () => {
    it('refuses to start, saying why and which setting to change', { timeout: 120_000 }, async () => {
      const scratch = await createScratchDatabase();
      try {
        // The owner's own connection string given as the app's: a superuser here.
        const child = spawn(process.execPath, [BIN, 'serve', '--no-seed'], {
          env: {
            ...process.env,
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-refuse-')),
            DATABASE_URL: scratch.url,
            DATABASE_APP_URL: scratch.url,
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout?.on('data', (d) => {
          out += String(d);
        });
        child.stderr?.on('data', (d) => {
          out += String(d);
        });
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(code).not.toBe(0);
        expect(out).toContain(
          `Refusing to start: the app's database connection (DATABASE_APP_URL) logs in as "postgres", which is a superuser, so row-level security would not bind its queries`,
        );
        expect(out).not.toContain('Rostra is running');
      } finally {
        await scratch.drop();
      }
    });
  },
);
