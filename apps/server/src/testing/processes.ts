import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * Real `rostra` processes for the tests that start the server as an operator does (serve.test.ts,
 * backup.test.ts): on a free port, quiet logs, and their output kept to read.
 */

const BIN = fileURLToPath(new URL('../../../../bin/rostra.mjs', import.meta.url));

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts `rostra ARGS` on 127.0.0.1: on a free port the system picks, or on `port`. */
export function rostra(args: string[], env: NodeJS.ProcessEnv, port = 0): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => out, exited };
}

/** Waits until the process says it listens (or exits): its base URL on 127.0.0.1. */
export function listening(run: Run): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const look = () => {
      const m = /Rostra is running at http:\/\/localhost:(\d+)/.exec(run.output());
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    };
    run.child.stdout?.on('data', look);
    look();
    run.exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${run.output()}`)));
  });
}

/** Waits until the process listens, then asks its /healthz. */
export async function healthz(run: Run): Promise<number> {
  return (await fetch(`${await listening(run)}/healthz`)).status;
}

export async function stop(run: Run): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
  await run.exited;
}

/**
 * A port free right now. A server started with PORT=0 learns its port only after it has built
 * its origin checks for http://localhost:0; a test that writes with a cookie names the port first.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Signs a demo user in to a running server by email and password, as a browser would (with its
 * origin); the session cookie to send with later requests. Throws with the answer when refused.
 */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs a demo user in and answers a bearer token's headers, with the terms accepted: a
 * non-browser client of a process whose port was chosen at start (PUBLIC_URL, the origin cookie
 * writes must come from, cannot name it).
 */
export async function signInBearer(
  base: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const cookie = await signInCookie(base, email, password);
  const issued = await fetch(`${base}/api/v1/access_token`, { headers: { cookie } });
  const { access_token: token } = (await issued.json()) as { access_token: string };
  const bearer = { authorization: `Bearer ${token}` };
  const accepted = await fetch(`${base}/api/v1/terms/accept`, { method: 'POST', headers: bearer });
  if (accepted.status !== 200) throw new Error(`terms answered ${accepted.status}: ${await accepted.text()}`);
  return bearer;
}
