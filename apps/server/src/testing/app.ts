import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle, DbKind } from '@rostra/db/client';
import { openTestDatabase } from '@rostra/db/testing';
import { type App, buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';

export type TestApp = { app: App; db: DbHandle; config: ServerConfig; close(): Promise<void> };

/** A fake built web app, so SPA serving can be tested without running Vite. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rostra-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Rostra</title><div id="root"></div>');
  writeFileSync(join(dir, 'app.js'), 'console.log("app")');
  return dir;
}

/** The app on a fresh database of the given kind, in-process (use `app.inject`). */
export async function createTestApp(kind: DbKind, overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  const config: ServerConfig = {
    ...loadConfig({}),
    logLevel: 'silent',
    webDist: fakeWebDist(),
    authSecret: 'test-secret-that-is-long-enough-for-signing-0123456789',
    ...overrides,
  };
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
