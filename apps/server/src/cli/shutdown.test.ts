import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@rostra/db/seed/demo-users';
import { createScratchDatabase } from '@rostra/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { listening, type Run, rostra, signInBearer, stop } from '../testing/processes.ts';

/*
 * Stopping one instance of a fleet (issue #21 point 5), with a real `rostra serve` process and
 * real connections: on SIGTERM /readyz turns 503 at once while the instance keeps serving (the
 * drain), then live sockets are closed with 1001 and a request in flight still gets its answer.
 */

/** A WebSocket to /api/v1/live by hand (Node 20 has no client): resolves once the server said hello. */
function openLive(base: string, credential: Record<string, string>): Promise<{ closeCode: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/live`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...credential,
      },
    });
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('error', reject);
    req.on('upgrade', (_res, socket, head) => {
      let buf: Buffer = head;
      let greeted = false;
      // The promise exists before the first read: the hello can already be in `head`.
      let done: (code: number) => void = () => {};
      const closeCode = new Promise<number>((settle) => {
        done = settle;
      });
      const read = () => {
        // Server frames are not masked: opcode, length (7 bits, or 16/64 bits after), payload.
        while (buf.length >= 2) {
          const opcode = (buf[0] ?? 0) & 0x0f;
          let length = (buf[1] ?? 0) & 0x7f;
          const at = length === 126 ? 4 : length === 127 ? 10 : 2;
          if (buf.length < at) return;
          if (length === 126) length = buf.readUInt16BE(2);
          else if (length === 127) length = Number(buf.readBigUInt64BE(2));
          if (buf.length < at + length) return;
          const payload = buf.subarray(at, at + length);
          buf = buf.subarray(at + length);
          if (opcode === 0x8) {
            // Answer the close as a client does (masked, with a zero mask), then hang up.
            socket.end(Buffer.from([0x88, 0x82, 0, 0, 0, 0, 0x03, 0xe9]));
            done(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
          } else if (!greeted && String(payload).includes('"hello"')) {
            greeted = true;
            resolve({ closeCode });
          }
        }
      };
      socket.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d]);
        read();
      });
      socket.on('close', () => done(-1));
      read();
    });
    req.end();
  });
}

/** A POST whose body is sent in two halves: `finish` sends the rest and resolves with the answer. */
function postInTwoHalves(url: string, body: string): { finish(): Promise<{ status: number; body: string }> } {
  const half = Math.floor(body.length / 2);
  const req: ClientRequest = httpRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  req.flushHeaders();
  return {
    finish: () => {
      req.end(body.slice(half));
      return answered;
    },
  };
}

/** Resolves when the process has printed `text`. */
function printed(run: Run, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (run.output().includes(text)) resolve();
    };
    run.child.stdout?.on('data', look);
    look();
    run.exited.then((code) =>
      reject(new Error(`exited with ${code} before printing "${text}":\n${run.output()}`)),
    );
  });
}

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('rostra serve on %s stopped with SIGTERM', (kind) => {
  const runs: Run[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    // A run a failed test left draining: the second signal ends the drain.
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGTERM');
    await Promise.all(runs.map(stop));
    for (const drop of drops) await drop();
  });

  it('turns /readyz 503 at once and keeps serving through the drain; then closes sockets with 1001 and answers the request in flight', {
    timeout: 300_000,
  }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-drain-')),
      // Longer than the test: the second signal ends it, so nothing here waits on a clock.
      SHUTDOWN_DRAIN_MS: '600000',
    };
    delete env.DATABASE_URL;
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase();
      drops.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    }
    const run = rostra(['serve'], env);
    runs.push(run);
    const base = await listening(run);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const bearer = await signInBearer(base, 'dispatcher@harbourcare.test', DEMO_PASSWORD);
    const live = await openLive(base, bearer);
    const inFlight = postInTwoHalves(
      `${base}/api/v1/sign_in_methods`,
      JSON.stringify({ email: 'dispatcher@harbourcare.test' }),
    );

    run.child.kill('SIGTERM');
    await printed(run, 'Stopping (SIGTERM)');
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', reason: 'stopping' });
    // Still serving while load balancers notice.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/me`, { headers: bearer })).status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await live.closeCode).toBe(1001);
    const answer = await inFlight.finish();
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('methods');
    expect(await run.exited, run.output()).toBe(0);
  });
});
