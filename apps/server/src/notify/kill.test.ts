import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@rostra/db/seed/demo-users';
import { createScratchDatabase } from '@rostra/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { listening, type Run, rostra, signInBearer, stop } from '../testing/processes.ts';
import { telnyxEdge } from './testing.ts';

/*
 * Issue #19 point 5 with real processes: the runner of a `rostra serve` is killed (SIGKILL) while
 * an SMS it sent is in flight — the provider took the message but its answer never came back. A
 * restarted server takes the send over once its lease is out and sends it again with the same
 * idempotency key: the provider answers with the first message instead of sending a second, so
 * the worker gets exactly one SMS, and the dispatcher's delivery log says sent.
 */

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const bearerOf = (base: string, email: string) => signInBearer(base, email, DEMO_PASSWORD);

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe.each(kinds)('a server killed mid-send on %s', (kind) => {
  const runs: Run[] = [];
  const drops: (() => Promise<void>)[] = [];
  let edge: Awaited<ReturnType<typeof telnyxEdge>> | undefined;
  afterAll(async () => {
    for (const run of runs)
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await Promise.all(runs.map(stop));
    for (const drop of drops) await drop();
    await edge?.close();
  });

  it('neither loses the SMS nor sends it twice: the restarted server sends it again with the same idempotency key', {
    timeout: 300_000,
  }, async () => {
    edge = await telnyxEdge();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-notify-kill-')),
      ROSTRA_TEST_CLOCK: '1',
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'kill-test-key',
      TELNYX_FROM: '+61400000999',
      TELNYX_API_URL: edge.base,
      NOTIFY_LEASE_MS: '60000',
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase();
      drops.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    }

    // The first server: a dispatcher assigns the demo worker, whose SMS goes out and hangs.
    edge.hold.on = true;
    const first = rostra(['serve'], env);
    runs.push(first);
    const base1 = await listening(first);
    const dispatcher = await bearerOf(base1, 'dispatcher@harbourcare.test');
    const worker = await bearerOf(base1, 'resource@harbourcare.test');
    const me = await json<{ resource_id: string }>(await fetch(`${base1}/api/v1/me`, { headers: worker }));
    const customer = await bearerOf(base1, 'customer@harbourcare.test');
    const them = await json<{ customer_id: string }>(
      await fetch(`${base1}/api/v1/me`, { headers: customer }),
    );
    const day = Math.floor(Date.now() / 86_400_000) * 86_400 + 30 * 86_400;
    const created = await json<{ _id: string }>(
      await fetch(`${base1}/api/v1/timeline-records`, {
        method: 'POST',
        headers: { ...dispatcher, 'content-type': 'application/json' },
        body: JSON.stringify({
          _id: 'kill-test-job',
          status: 'confirmed',
          reference: 'HC-KILL',
          resIds: [me.resource_id],
          customerId: them.customer_id,
          utc_begin_plus_tz: day + 9 * 3600,
          utc_end_plus_tz: day + 10 * 3600,
        }),
      }),
      201,
    );
    // Run the background jobs now (the answer never comes: the runner is stuck on the SMS).
    fetch(`${base1}/api/v1/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 1 }),
    }).catch(() => undefined);
    const [inFlight] = await edge.next(1);
    expect(inFlight).toMatchObject({ to: '+61400000003', from: '+61400000999' });
    expect(inFlight?.text).toContain('HC-KILL');
    expect(edge.delivered).toHaveLength(1);

    first.child.kill('SIGKILL');
    await first.exited;
    edge.hold.on = false;

    // The restarted server: the send is still claimed by the dead runner until its lease is out.
    const second = rostra(['serve'], env);
    runs.push(second);
    const base2 = await listening(second);
    const dispatcher2 = await bearerOf(base2, 'dispatcher@harbourcare.test');
    const log = async () =>
      (
        await json<{ items: { channel: string; status: string; attempts: number }[] }>(
          await fetch(`${base2}/api/v1/bookings/${created._id}/deliveries`, { headers: dispatcher2 }),
        )
      ).items.filter((i) => i.channel === 'sms');
    expect(await log()).toEqual([expect.objectContaining({ status: 'sending', attempts: 1 })]);

    const moved = await json<{ ran: string[] }>(
      await fetch(`${base2}/api/v1/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 61 }),
      }),
    );
    expect(moved.ran).toContain('notifications');
    expect(await log()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);

    // Sent again with the same key; the provider answered with the first message.
    expect(edge.requests.map((r) => r.idempotencyKey)).toEqual([
      inFlight?.idempotencyKey,
      inFlight?.idempotencyKey,
    ]);
    expect(edge.delivered).toHaveLength(1);
    await stop(second);
  });
});
