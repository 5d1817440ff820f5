// Starts the built Rostra server for the browser tests on a fresh database:
// `node e2e/serve.mjs pglite|postgres PORT`. A new PGlite folder, or a new database on the
// DATABASE_URL server; both are removed when Playwright stops the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const [kind, port] = process.argv.slice(2);
// Every browser test signs in from 127.0.0.1: the per-IP sign-in limit would count them all.
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SIGNIN_LIMIT_PER_IP: '100000',
  // Browser tests read sign-in links and codes through GET /api/v1/dev/outbox.
  ROSTRA_DEV_OUTBOX: '1',
  // Short enough for sign-in.spec.ts to see a phone code expire; long enough to type one in.
  PHONE_CODE_LIFETIME_SECONDS: '25',
};
let cleanup = async () => {};

if (kind === 'postgres') {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required for the postgres browser run');
  const name = `rostra_e2e_${randomBytes(5).toString('hex')}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'rostra-e2e-'));
  env.DATA_DIR = dir;
  delete env.DATABASE_URL;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['bin/rostra.mjs', 'serve'], { env, stdio: 'inherit' });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await cleanup().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  if (!stopping) cleanup().finally(() => process.exit(code ?? 1));
});
