import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, requireProductionSettings } from './config.ts';
import { type Run, rostra } from './testing/processes.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://owner@db.internal/rostra',
  PUBLIC_URL: 'https://rostra.example',
  AUTH_SECRET: 'a-secret-shared-by-every-instance-0123456789',
  TRUST_PROXY: 'false',
};

describe('a production start (NODE_ENV=production)', () => {
  it('goes ahead with DATABASE_URL, PUBLIC_URL, AUTH_SECRET and TRUST_PROXY set (TRUST_PROXY=false counts)', () => {
    expect(() => requireProductionSettings(PRODUCTION)).not.toThrow();
  });

  it('stops, naming every one of them that is missing', () => {
    const { DATABASE_URL: _d, TRUST_PROXY: _t, ...without } = PRODUCTION;
    expect(() => requireProductionSettings(without)).toThrow(
      /^NODE_ENV=production needs DATABASE_URL, TRUST_PROXY, which are not set\./,
    );
    expect(() => requireProductionSettings({ ...PRODUCTION, AUTH_SECRET: '' })).toThrow(
      /^NODE_ENV=production needs AUTH_SECRET, which is not set\./,
    );
  });

  it('outside production nothing is required (the embedded database, a secret per data folder)', () => {
    expect(() => requireProductionSettings({})).not.toThrow();
    expect(() => requireProductionSettings({ NODE_ENV: 'test' })).not.toThrow();
  });

  it('drains for 5 s before stopping by default; elsewhere it stops at once', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).shutdown).toEqual({ drainMs: 5_000, timeoutMs: 10_000 });
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '30000', SHUTDOWN_TIMEOUT_MS: '2000' }).shutdown).toEqual({
      drainMs: 30_000,
      timeoutMs: 2_000,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(
      'SHUTDOWN_DRAIN_MS must be a whole number of at least 0, got "soon"',
    );
  });

  it('rostra serve refuses in one line, exit code 1, before opening any database', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rostra-prod-'));
    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.AUTH_SECRET;
    const run: Run = rostra(['serve'], env);
    expect(await run.exited).toBe(1);
    expect(readdirSync(dataDir), 'no embedded database was made').toEqual([]);
    expect(run.output()).toMatch(
      /^rostra: NODE_ENV=production needs DATABASE_URL, AUTH_SECRET, which are not set\. Set DATABASE_URL .* see docs\/operations\.md\.\n$/,
    );
  });
});
