import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@rostra/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_OUTBOX_WARNING } from './identity/routes/dev-outbox.ts';

const BIN = fileURLToPath(new URL('../../../bin/rostra.mjs', import.meta.url));

type Served = { child: ChildProcess; url: string; output: () => string };

/**
 * Starts `rostra serve` as a person would, on a free port: on PGlite in the given data folder, or
 * on PostgreSQL when a database URL is given.
 */
async function serve(
  dataDir: string,
  args: string[] = [],
  databaseUrl = '',
  env: Record<string, string> = {},
): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
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
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      // The banner's last line: everything before it has arrived through the pipe.
      const m = /Rostra is running at (\S+)[\s\S]*Press Ctrl-C to stop\./.exec(out);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Each test starts the real server (tsx, migrations, seed) more than once: minutes on a busy host. */
const SERVE_TIMEOUT_MS = 240_000;

describe('rostra serve', () => {
  const running: ChildProcess[] = [];
  afterEach(() => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('seeds on the first start only and prints the demo sign-ins', {
    timeout: SERVE_TIMEOUT_MS,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rostra-serve-'));
    const first = await serve(dir);
    running.push(first.child);
    expect(first.output()).toContain('Seeded Harbour Care: 60 resources, 40 customers');
    expect(first.output()).toContain('Demo sign-ins (password demo1234):');
    for (const email of ['dispatcher@harbourcare.test', 'customer@harbourcare.test', 'multi@rostra.test']) {
      expect(first.output()).toContain(email);
    }
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    const stopped = exitCode(first.child);
    first.child.kill('SIGINT');
    expect(await stopped).toBe(0);

    const second = await serve(dir);
    running.push(second.child);
    expect(second.output()).toContain('Demo data already present: not seeding again.');
    expect(second.output()).not.toContain('Seeding Harbour Care');
    const again = exitCode(second.child);
    second.child.kill('SIGTERM');
    expect(await again).toBe(0);
  });

  it('stops cleanly on SIGTERM: the database is closed and the same folder opens again at once', {
    timeout: SERVE_TIMEOUT_MS,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rostra-serve-'));
    const a = await serve(dir, ['--no-seed']);
    running.push(a.child);
    const code = exitCode(a.child);
    a.child.kill('SIGTERM');
    // 0 is the graceful path; the safety net that forces an exit after 1.8 s exits with 1.
    expect(await code).toBe(0);
    const b = await serve(dir, ['--no-seed']);
    running.push(b.child);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
    b.child.kill('SIGINT');
    expect(await exitCode(b.child)).toBe(0);
  });

  it('warns loudly at start while the development outbox is on; it answers this machine, not a request a proxy forwarded', {
    timeout: SERVE_TIMEOUT_MS,
  }, async () => {
    const on = await serve(mkdtempSync(join(tmpdir(), 'rostra-serve-')), ['--no-seed'], '', {
      ROSTRA_DEV_OUTBOX: '1',
    });
    running.push(on.child);
    // In the banner a person reads (and in the app's log).
    const banner = on.output().slice(on.output().indexOf('Rostra is running at'));
    expect(banner).toContain(DEV_OUTBOX_WARNING);
    expect(on.output().split(DEV_OUTBOX_WARNING.split('\n')[0] ?? '').length).toBeGreaterThan(2);
    // A real connection from 127.0.0.1.
    expect((await fetch(`${on.url}/api/v1/dev/outbox`)).status).toBe(200);
    const forwarded = await fetch(`${on.url}/api/v1/dev/outbox`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forwarded.status).toBe(404);
    const off = await serve(mkdtempSync(join(tmpdir(), 'rostra-serve-')), ['--no-seed'], '', {
      ROSTRA_DEV_OUTBOX: '',
    });
    running.push(off.child);
    expect(off.output()).not.toContain('ROSTRA_DEV_OUTBOX');
    expect((await fetch(`${off.url}/api/v1/dev/outbox`)).status).toBe(404);
  });
});

describe.runIf(process.env.DATABASE_URL)('rostra serve on PostgreSQL', () => {
  it('migrates and seeds a fresh database on the first start only, and stops cleanly', {
    timeout: SERVE_TIMEOUT_MS,
  }, async () => {
    const scratch = await createScratchDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'rostra-serve-pg-'));
    try {
      const first = await serve(dir, [], scratch.url);
      expect(first.output()).toContain('Database: PostgreSQL (DATABASE_URL)');
      expect(first.output()).toContain('Seeded Harbour Care: 60 resources, 40 customers');
      expect(first.output()).toContain('dispatcher@harbourcare.test');
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const stopped = exitCode(first.child);
      first.child.kill('SIGINT');
      expect(await stopped).toBe(0);

      const second = await serve(dir, [], scratch.url);
      expect(second.output()).toContain('Demo data already present: not seeding again.');
      const again = exitCode(second.child);
      second.child.kill('SIGTERM');
      expect(await again).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
