// Starts the built Rostra server for the browser tests on a fresh database:
// `node e2e/serve.mjs pglite|postgres PORT`. A new PGlite folder, or a new database on the
// DATABASE_URL server; both are removed when Playwright stops the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const [kind, port] = process.argv.slice(2);
// Every browser test signs in from 127.0.0.1: the per-IP sign-in limit would count them all.
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SIGNIN_LIMIT_PER_IP: '100000',
  // The sign-in captcha's proof of work, kept small so phone sign-in and sign-up tests stay fast.
  CAPTCHA_MAX_NUMBER: '2000',
  // Browser tests read sign-in links and codes through GET /api/v1/dev/outbox.
  ROSTRA_DEV_OUTBOX: '1',
  // A server clock the tests move (POST /api/v1/test/clock): sign-in.spec.ts sees a phone code
  // expire and shell.spec.ts the once-a-minute exception report without waiting for either. The
  // server refuses this setting under NODE_ENV=production. See moveServerClock in e2e/helpers.ts.
  ROSTRA_TEST_CLOCK: '1',
  // The operator's token: whats-new.spec.ts publishes a release while the app is open.
  OPERATOR_TOKEN: 'e2e-operator-token',
};
let cleanup = async () => {};

// A local OpenID Connect provider (the `oidc-provider` package, as in the server's oidc.test.ts) on
// 127.0.0.1, so that federated sign-in runs in the browser without any outside network. Its login
// page takes any login; the account's email is that login.
const idp = createServer();
await new Promise((resolve) => idp.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${idp.address().port}`;
const oidc = new Provider(issuer, {
  clients: [
    {
      client_id: 'rostra-e2e',
      client_secret: 'rostra-e2e-secret',
      redirect_uris: [`${process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`}/api/auth/callback/oidc`],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: true, name: `Federated ${id}` }),
  }),
  cookies: { keys: [randomBytes(16).toString('hex')] },
  features: { devInteractions: { enabled: true } },
});
idp.on('request', oidc.callback());
idp.unref();
Object.assign(env, {
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'rostra-e2e',
  OIDC_CLIENT_SECRET: 'rostra-e2e-secret',
  OIDC_NAME: 'Test IdP',
});

// A real SMTP server (the npm `smtp-server`, as in the server's notifications.test.ts): the app
// sends its mail there (SMTP_URL); the tests read what arrived from its mailbox, a JSON list at
// http://127.0.0.1:$E2E_MAIL_PORT_<KIND>/mails (e2e/mailbox.ts). The development outbox keeps a
// copy of each mail too, for the sign-in tests.
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (c) => {
      raw += c;
    });
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}?ignoreTLS=true`;
// Web Push to a push service on loopback (e2e/push.spec.ts plays the browser vendor's).
env.PUSH_ALLOW_HTTP = '1';
const mailbox = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(mails));
});
const mailPort = process.env[`E2E_MAIL_PORT_${kind.toUpperCase()}`];
if (mailPort) await new Promise((resolve) => mailbox.listen(Number(mailPort), '127.0.0.1', resolve));
smtp.server.unref();
mailbox.unref();

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
