import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { APP_ROLE } from './access.ts';

/*
 * A PgBouncer for tests, in transaction mode as production poolers run, in front of the
 * `DATABASE_URL` server: started in process (Debian's `pgbouncer` binary, a temporary
 * configuration, a free port), stopped when the process exits. With `ROSTRA_TEST_PGBOUNCER=1`
 * every PostgreSQL test database's app connection goes through it (testing.ts).
 */

export type Pgbouncer = {
  port: number;
  /** `url` with host and port replaced by PgBouncer's; the database and user stay. */
  via(url: string): string;
  /** The end of PgBouncer's log, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
};

const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** Whether the tests are asked to put PgBouncer between the app and PostgreSQL. */
export function pgbouncerRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ROSTRA_TEST_PGBOUNCER === '1';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a PgBouncer in transaction mode in front of `upstream`'s server. Any database name is
 * passed through (`* =`); the users it lets in (trust, as the test server does) are `users`.
 */
export async function startPgbouncer(upstream: string, users: string[] = [APP_ROLE]): Promise<Pgbouncer> {
  const binary = BINARIES.find((b) => existsSync(b));
  if (!binary) throw new Error("pgbouncer is not installed (Debian's package: apt-get install pgbouncer)");
  const server = new URL(upstream);
  // PgBouncer will not run as root: it then runs as postgres, which must read and write its folder.
  const asRoot = userInfo().uid === 0;
  let logFile = '';
  // Each attempt has a folder of its own: the shell below removes it when PgBouncer ends.
  const start = async (port: number): Promise<ChildProcess> => {
    const dir = mkdtempSync(join(tmpdir(), 'rostra-pgbouncer-'));
    if (asRoot) chmodSync(dir, 0o777);
    logFile = join(dir, 'pgbouncer.log');
    writeFileSync(join(dir, 'users.txt'), users.map((u) => `"${u}" ""`).join('\n'));
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=${server.hostname} port=${server.port || 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 20',
        `logfile = ${logFile}`,
        'log_connections = 0',
        'log_disconnections = 0',
        '',
      ].join('\n'),
    );
    for (const f of ['pgbouncer.ini', 'users.txt']) chmodSync(join(dir, f), 0o644);
    const args = [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')];
    // Through a shell that ends PgBouncer when its stdin, a pipe from this process, closes (kept
    // as fd 3: a background job's own stdin is /dev/null): when
    // this process ends, however it ends (a test worker is killed, not exited), PgBouncer goes
    // too and its folder is removed. An 'exit' handler alone would not run then.
    const child = spawn(
      'sh',
      [
        '-c',
        'exec 3<&0; "$@" & pid=$!; (cat <&3 >/dev/null; kill $pid 2>/dev/null) & wait $pid; rm -rf "$0"',
        dir,
        binary,
        ...args,
      ],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    child.unref();
    (child.stdin as unknown as Socket).unref();
    return child;
  };
  const log = () =>
    existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
  // A free port can be taken between finding it and PgBouncer binding it: then it exits and
  // another port is tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = await start(port);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    // Waiting for a process to listen, not for time to pass: checked every 20 ms, for 10 s at most.
    for (let i = 0; i < 500 && !exited; i++) {
      if (await accepts(port)) {
        return {
          port,
          via: (url) => {
            const u = new URL(url);
            u.hostname = '127.0.0.1';
            u.port = String(port);
            return u.toString();
          },
          log,
          stop: async () => {
            if (exited) return;
            const gone = new Promise((resolve) => child.once('exit', resolve));
            child.stdin?.end();
            await gone;
          },
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.stdin?.end();
  }
  throw new Error(`PgBouncer did not start:\n${log()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let shared: Promise<Pgbouncer> | undefined;

/** One PgBouncer per test process, in front of `DATABASE_URL`'s server. */
export function sharedPgbouncer(): Promise<Pgbouncer> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required for PgBouncer tests');
  shared ??= startPgbouncer(base);
  return shared;
}
