import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPublish } from '../cli/versions.ts';
import { API } from '../http/api.ts';
import { LiveClient } from '../live/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../testing/app.ts';

type Listed = {
  items: { version: string; release_date: number; notes: string; seen: boolean }[];
  unseen: number;
};
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const NOW = new Date('2026-12-04T09:00:00Z');
const NOW_S = NOW.getTime() / 1000;

describe.each(testDatabaseKinds())("publishing a version to What's New on %s", (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  const listed = async (as = p.dispatcher) => ok<Listed>(await call(t, as, 'GET', '/versions'));
  const versionsNow = async () => (await listed()).items.map((v) => v.version);
  const publish = (body: unknown, token: string | undefined = TEST_OPERATOR_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/operator/versions`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as Record<string, unknown>,
    });
  const cli = (input: { version: string; date?: string; notes?: string }) => {
    const said: string[] = [];
    const failed: string[] = [];
    return runPublish(t.db.db, input, t.clock.now(), {
      say: (l) => said.push(l),
      fail: (l) => failed.push(l),
    }).then((done) => ({ done, said, failed }));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOW);
    p = await schedulingOrg(t, 'org-versions');
    other = await schedulingOrg(t, 'org-versions-2');
  });
  afterAll(() => t?.close());

  it('a fresh database already has the current version, 3.5.0, unread', async () => {
    expect(await listed()).toEqual({
      items: [
        {
          _id: expect.any(String),
          version: '3.5.0',
          release_date: day('2026-01-01'),
          notes: '',
          seen: false,
        },
      ],
      unseen: 1,
    });
  });

  it('the command line publishes a version; bad input and a duplicate are refused with a clear message and change nothing', async () => {
    expect(await cli({ version: '3.5.1', date: '2026-02-01', notes: 'Faster timeline' })).toEqual({
      done: true,
      said: ['Published version 3.5.1 (released 2026-02-01).'],
      failed: [],
    });
    const before = await versionsNow();
    expect(before).toEqual(['3.5.1', '3.5.0']);
    const refusals = [
      [{ version: 'v3.7' }, '"v3.7" is not a version: write it as major.minor.patch, e.g. 3.6.0.'],
      [{ version: '3.07.0' }, '"3.07.0" is not a version: write it as major.minor.patch, e.g. 3.6.0.'],
      [
        { version: '3.7.0', date: '2026-02-30' },
        '"2026-02-30" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-04.',
      ],
      [
        { version: '3.7.0', date: 'tomorrow' },
        '"tomorrow" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-04.',
      ],
      [{ version: '3.7.0', notes: 'x'.repeat(10_001) }, 'Release notes must be at most 10000 characters.'],
      [{ version: '3.5.1', notes: 'again' }, 'Version 3.5.1 is already published; nothing was changed.'],
    ] as const;
    for (const [input, message] of refusals) {
      expect(await cli(input)).toEqual({ done: false, said: [], failed: [message] });
    }
    expect(await versionsNow()).toEqual(before);
    expect((await listed()).items[0]?.notes).toBe('Faster timeline');
  });

  it("the operator's route publishes with the server's now by default; members, even dispatchers, may not", async () => {
    const res = await publish({ version: '3.6.0', notes: 'Timeline v2' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ version: '3.6.0', release_date: NOW_S });
    expect((await listed(p.resource1)).items[0]).toMatchObject({
      version: '3.6.0',
      notes: 'Timeline v2',
      seen: false,
    });
    // Another organisation sees the same release: versions are the product's.
    expect((await listed(other.dispatcher)).items[0]?.version).toBe('3.6.0');

    const before = await versionsNow();
    const dispatcher = await t.app.inject({
      method: 'POST',
      url: `${API}/operator/versions`,
      headers: { ...p.dispatcher, 'content-type': 'application/json' },
      payload: { version: '9.0.0' },
    });
    expect(dispatcher.statusCode).toBe(401);
    expect((await publish({ version: '9.0.0' }, 'wrong-token')).statusCode).toBe(401);
    const bad = await publish({ version: '3.6', release_date: '2026-12-04' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'body.version: "3.6" is not a version: write it as major.minor.patch, e.g. 3.6.0.',
    );
    expect((await publish({ version: '3.7.0', release_date: '04/12/2026' })).json().error.message).toBe(
      'body.release_date: "04/12/2026" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-04.',
    );
    const twice = await publish({ version: '3.6.0' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Version 3.6.0 is already published; nothing was changed.');
    expect(await versionsNow()).toEqual(before);
  });

  it("a published version reaches open apps live in every organisation, never a customer's; reading it clears the others' tabs", async () => {
    const d = await LiveClient.connect(t.app, p.dispatcher);
    const d2 = await LiveClient.connect(t.app, p.dispatcher);
    const r = await LiveClient.connect(t.app, other.resource1);
    const c = await LiveClient.connect(t.app, p.customer);
    for (const s of [d, d2, r])
      expect(await s.subscribe({ topic: 'versions' })).toMatchObject({ type: 'subscribed' });
    expect(await c.subscribe({ topic: 'versions' })).toMatchObject({
      type: 'error',
      code: 'forbidden_topic',
    });

    expect((await publish({ version: '3.8.0', notes: 'Live' })).statusCode).toBe(201);
    const isPublished = (m: { kind?: string; data?: Record<string, unknown> }) =>
      m.kind === 'versions.published' && m.data?.version === '3.8.0';
    expect((await d.next(isPublished)).data).toEqual({ version: '3.8.0', release_date: NOW_S });
    await r.next(isPublished);
    await d2.next(isPublished);

    // Read in one tab: the other hears it (the version-read feed); the resource elsewhere does not.
    ok(await call(t, p.dispatcher, 'POST', '/versions/seen', { version: '3.8.0' }));
    expect((await d2.next((m) => m.kind === 'versions.seen')).data).toEqual({ version: '3.8.0' });
    expect((await listed()).items.find((v) => v.version === '3.8.0')?.seen).toBe(true);
    // A marker published after: the customer's socket got neither, the resource no read of another user.
    expect((await publish({ version: '3.8.1' })).statusCode).toBe(201);
    await r.next((m) => m.kind === 'versions.published' && m.data?.version === '3.8.1');
    expect(r.events().some((m) => m.kind === 'versions.seen')).toBe(false);
    expect(c.events().some((m) => m.topic === 'versions')).toBe(false);
    for (const s of [d, d2, r, c]) s.close();
  });
});

describe('rostra versions (the real command, PGlite data folder)', () => {
  const BIN = fileURLToPath(new URL('../../../../bin/rostra.mjs', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'rostra-versions-'));
  const rostra = (args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'versions', ...args], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC', DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('publishes, refuses a duplicate with exit 2, and lists newest first', { timeout: 180_000 }, () => {
    expect(rostra(['publish', '3.6.0', '--date', '2026-12-04', '--notes', 'Timeline v2'])).toMatchObject({
      status: 0,
      stdout: 'Published version 3.6.0 (released 2026-12-04).\n',
    });
    expect(rostra(['publish', '3.6.0'])).toMatchObject({
      status: 2,
      stderr: 'Version 3.6.0 is already published; nothing was changed.\n',
    });
    expect(rostra(['publish', 'latest'])).toMatchObject({ status: 2 });
    expect(rostra(['list'])).toMatchObject({
      status: 0,
      stdout: '3.6.0\t2026-12-04\tTimeline v2\n3.5.0\t2026-01-01\n',
    });
  });
});
