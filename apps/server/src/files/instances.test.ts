import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@rostra/db/seed/demo-users';
import { createScratchDatabase } from '@rostra/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, listening, type Run, rostra, signInCookie, stop } from '../testing/processes.ts';

/*
 * Issue 21 point 1: with DATABASE_URL set, files live where every instance finds them. Two real
 * server processes on one PostgreSQL, each with a data folder of its own: a file uploaded through
 * one is served by the other.
 */

/** The first bytes of a PNG: enough for the upload's type check. */
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);

describe.runIf(Boolean(process.env.DATABASE_URL))('files shared by two instances', () => {
  const runs: Run[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(runs.map(stop));
    await drop?.();
  });
  const serve = async (url: string) => {
    const served = rostra(
      ['serve'],
      { ...process.env, DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-instance-')) },
      await freePort(),
    );
    runs.push(served);
    return served;
  };

  it('a file uploaded through instance A is served by instance B, byte for byte', {
    timeout: 300_000,
  }, async () => {
    const db = await createScratchDatabase();
    drop = db.drop;
    const a = await listening(await serve(db.url));
    const b = await listening(await serve(db.url));

    const cookie = await signInCookie(a, 'dispatcher@harbourcare.test', DEMO_PASSWORD);
    const terms = await fetch(`${a}/api/v1/terms/accept`, { method: 'POST', headers: { cookie, origin: a } });
    expect(terms.ok, await terms.clone().text()).toBe(true);

    const uploaded = await fetch(`${a}/api/v1/uploads?name=plan.png`, {
      method: 'POST',
      headers: { cookie, origin: a, 'content-type': 'application/octet-stream' },
      body: PNG,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { _id } = (await uploaded.json()) as { _id: string };

    const served = await fetch(`${b}/api/v1/uploads/${_id}/content`, { headers: { cookie } });
    expect(served.status, await served.clone().text()).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });
});
