import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { TEST_CLOCK_PATH, TEST_CLOCK_REFUSED_IN_PRODUCTION } from './test-clock.ts';
import { createTestApp, type TestApp } from './testing/app.ts';

const BIN = fileURLToPath(new URL('../../../bin/rostra.mjs', import.meta.url));

describe('ROSTRA_TEST_CLOCK: on with 1 only, and never in production', () => {
  it('unset or 0 is off; 1 is on outside production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ ROSTRA_TEST_CLOCK: '0' }).testClock).toBe(false);
    expect(loadConfig({ ROSTRA_TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(loadConfig({ ROSTRA_TEST_CLOCK: '1', NODE_ENV: 'test' }).testClock).toBe(true);
  });

  it('any other value is refused rather than guessed', () => {
    expect(() => loadConfig({ ROSTRA_TEST_CLOCK: 'yes' })).toThrow('ROSTRA_TEST_CLOCK must be 1 or unset');
  });

  it('with NODE_ENV=production the configuration is refused', () => {
    expect(() => loadConfig({ ROSTRA_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      TEST_CLOCK_REFUSED_IN_PRODUCTION,
    );
  });

  it('rostra serve will not start with it in production: it says why and exits non-zero', {
    timeout: 120_000,
  }, () => {
    const run = spawnSync(process.execPath, [BIN, 'serve', '--no-seed'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ROSTRA_TEST_CLOCK: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-test-clock-')),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toContain(TEST_CLOCK_REFUSED_IN_PRODUCTION);
    expect(run.stdout).not.toContain('Rostra is running at');
  });
});

describe.each(testDatabaseKinds())('the test clock route on %s', (kind) => {
  describe('without the setting', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t?.close());

    it('does not exist: 404 for reading and for moving, and the clock stays put', async () => {
      const before = t.app.identity.now().getTime();
      const read = await t.app.inject({ method: 'GET', url: TEST_CLOCK_PATH });
      expect(read.statusCode).toBe(404);
      const move = await t.app.inject({
        method: 'POST',
        url: TEST_CLOCK_PATH,
        payload: { advanceSeconds: 3600 },
      });
      expect(move.statusCode).toBe(404);
      expect(t.app.identity.now().getTime()).toBe(before);
    });
  });

  describe('with the setting', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { testClock: true });
    });
    afterAll(() => t?.close());

    const move = (advanceSeconds: unknown, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { advanceSeconds }, remoteAddress });

    it('moves the clock every identity rule reads, on top of time passing', async () => {
      const start = t.clock.now().getTime();
      expect(t.app.identity.now().getTime()).toBe(start);
      const res = await move(300);
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.parse((res.json() as { now: string }).now)).toBe(start + 300_000);
      expect(t.app.identity.now().getTime()).toBe(start + 300_000);
      // Time still passes underneath.
      t.clock.advance(10);
      expect(t.app.identity.now().getTime()).toBe(start + 310_000);
      const read = await t.app.inject({ method: 'GET', url: TEST_CLOCK_PATH });
      expect(Date.parse((read.json() as { now: string }).now)).toBe(start + 310_000);
    });

    it('runs the background jobs that the move made due, and only those', async () => {
      // Everything due once: the first check of a job.
      await t.app.jobs.tick();
      const ran = async (seconds: number) =>
        ((await move(seconds)).json() as { ran: string[] }).ran.toSorted();
      // The notification runner runs every 5 s: every move here makes it due. The exception report
      // and the reminders are once-a-minute jobs: 30 s later they are not due yet, a minute later
      // they are.
      expect(await ran(30)).toEqual(['notifications']);
      expect(await ran(30)).toEqual(['exception-report', 'notification-reminders', 'notifications']);
      // Retention runs every ten minutes (the notifications' own, hourly, not yet).
      expect(await ran(600)).toEqual([
        'exception-report',
        'notification-reminders',
        'notifications',
        'retention',
      ]);
    });

    it('only forward, by a whole number of seconds, at most a month', async () => {
      const before = t.app.identity.now().getTime();
      for (const bad of [0, -60, 1.5, '60', 32 * 86_400, null]) {
        expect((await move(bad)).statusCode, String(bad)).toBe(400);
      }
      const extra = await t.app.inject({
        method: 'POST',
        url: TEST_CLOCK_PATH,
        payload: { advanceSeconds: 60, set: '2030-01-01T00:00:00Z' },
      });
      expect(extra.statusCode).toBe(400);
      expect(t.app.identity.now().getTime()).toBe(before);
    });

    it('answers only requests made on this machine', async () => {
      const before = t.app.identity.now().getTime();
      expect((await move(60, '203.0.113.9')).statusCode).toBe(404);
      const read = await t.app.inject({ method: 'GET', url: TEST_CLOCK_PATH, remoteAddress: '203.0.113.9' });
      expect(read.statusCode).toBe(404);
      expect(t.app.identity.now().getTime()).toBe(before);
    });
  });
});
