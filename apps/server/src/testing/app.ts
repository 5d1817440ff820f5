import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle, DbKind } from '@rostra/db/client';
import { openTestDatabase } from '@rostra/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { App } from '../http/api.ts';
import { type IdentityOptions, loadIdentityOptions } from '../identity/options.ts';
import { loadNotifyOptions, type NotifyOptions } from '../notify/options.ts';

/** The identity rules' clock in tests: starts at the real time and moves only when told. */
export type TestClock = { now(): Date; advance(seconds: number): void; set(at: Date): void };

export function createTestClock(start: Date = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (seconds) => {
      at += seconds * 1000;
    },
    set: (to) => {
      at = to.getTime();
    },
  };
}

export type TestApp = {
  app: App;
  db: DbHandle;
  config: ServerConfig;
  clock: TestClock;
  close(): Promise<void>;
};

/** A fake built web app, so SPA serving can be tested without running Vite. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rostra-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Rostra</title><div id="root"></div>');
  writeFileSync(join(dir, 'app.js'), 'console.log("app")');
  return dir;
}

/** The METRICS_TOKEN of a test app. */
export const TEST_METRICS_TOKEN = 'test-metrics-token';
/** The operator routes' token in tests (send it as `Authorization: Bearer …`). */
export const TEST_OPERATOR_TOKEN = 'test-operator-token';

/** The app on a fresh database of the given kind, in-process (use `app.inject`). */
export async function createTestApp(
  kind: DbKind,
  overrides: Partial<ServerConfig> = {},
  identity: Partial<IdentityOptions> = {},
  notify: Partial<NotifyOptions> = {},
): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  const clock = createTestClock();
  const config: ServerConfig = {
    ...loadConfig({}),
    logLevel: 'silent',
    webDist: fakeWebDist(),
    dataDir: mkdtempSync(join(tmpdir(), 'rostra-data-')),
    authSecret: 'test-secret-that-is-long-enough-for-signing-0123456789',
    // `app.inject` comes from loopback, which /metrics admits when no token is set: with one, the
    // generated access tests see it refuse a caller without it.
    metricsToken: TEST_METRICS_TOKEN,
    operatorToken: TEST_OPERATOR_TOKEN,
    ...overrides,
  };
  const app = await buildApp({
    db,
    config,
    identity: {
      ...loadIdentityOptions({ NODE_ENV: 'test', CAPTCHA_MAX_NUMBER: '50' }),
      clock: clock.now,
      ...identity,
    },
    notify: { ...loadNotifyOptions({ NODE_ENV: 'test' }), ...notify },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
