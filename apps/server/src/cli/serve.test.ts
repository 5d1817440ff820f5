import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_OUTBOX_WARNING } from '../identity/routes/dev-outbox.ts';

const BIN = fileURLToPath(new URL('../../../../bin/rostra.mjs', import.meta.url));

/** `rostra serve --no-seed` on a fresh PGlite folder and a free port; resolves once it has started. */
async function serve(env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-seed'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-serve-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => (out += String(d)));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Rostra is running at http:\/\/localhost:(\d+)[\s\S]*Press Ctrl-C to stop\./.exec(out);
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
  return { child, base: `http://127.0.0.1:${port}`, output: () => out };
}

describe('rostra serve with the development outbox', () => {
  const running: ChildProcess[] = [];
  afterEach(() => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('warns loudly at start while it is on; it answers this machine, not a request a proxy forwarded', async () => {
    const on = await serve({ ROSTRA_DEV_OUTBOX: '1' });
    running.push(on.child);
    // In the banner a person reads (and in the app's log).
    const banner = on.output().slice(on.output().indexOf('Rostra is running at'));
    expect(banner).toContain(DEV_OUTBOX_WARNING);
    expect(on.output().split(DEV_OUTBOX_WARNING.split('\n')[0] ?? '').length).toBeGreaterThan(2);
    // A real connection from 127.0.0.1.
    expect((await fetch(`${on.base}/api/v1/dev/outbox`)).status).toBe(200);
    const forwarded = await fetch(`${on.base}/api/v1/dev/outbox`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forwarded.status).toBe(404);
  });

  it('says nothing of it when it is off', async () => {
    const off = await serve({ ROSTRA_DEV_OUTBOX: '' });
    running.push(off.child);
    expect(off.output()).not.toContain('ROSTRA_DEV_OUTBOX');
    expect((await fetch(`${off.base}/api/v1/dev/outbox`)).status).toBe(404);
  });
});
