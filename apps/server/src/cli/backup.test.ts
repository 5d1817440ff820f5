import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD } from '@rostra/db/seed/demo-users';
import { createScratchDatabase } from '@rostra/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { listening, type Run, rostra, signInCookie, stop } from '../testing/processes.ts';

/*
 * Issue 21 point 7: a backup made as docs/operations.md says ("Backups") restores into a fresh
 * database, and a server started on it signs a demo user in.
 */

const run = promisify(execFile);

describe.runIf(Boolean(process.env.DATABASE_URL))('backup and restore on PostgreSQL', () => {
  const scratches: { url: string; drop(): Promise<void> }[] = [];
  const runs: Run[] = [];
  afterAll(async () => {
    await Promise.all(runs.map(stop));
    await Promise.all(scratches.map((s) => s.drop()));
  });
  const serve = (url: string) => {
    const served = rostra(['serve'], {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-backup-')),
    });
    runs.push(served);
    return served;
  };

  it('pg_dump of a running database, pg_restore into a new one: the server starts and signs in', {
    timeout: 300_000,
  }, async () => {
    const original = await createScratchDatabase();
    scratches.push(original);
    const first = serve(original.url);
    await listening(first);

    const file = join(mkdtempSync(join(tmpdir(), 'rostra-dump-')), 'rostra.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, original.url]);
    await stop(first);

    const restored = await createScratchDatabase();
    scratches.push(restored);
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${restored.url}`, file]);

    const second = serve(restored.url);
    const base = await listening(second);
    const cookie = await signInCookie(base, 'dispatcher@harbourcare.test', DEMO_PASSWORD);
    const me = await fetch(`${base}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user_details: { email: 'dispatcher@harbourcare.test' },
      role: 'dispatcher',
    });
  });
});
