import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '@rostra/db/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { healthz, type Run, rostra, stop } from '../testing/processes.ts';

/*
 * Real `rostra` processes, as an operator starts them: several instances at once on one PostgreSQL
 * (issue #21 point 2), and the deploy step `rostra migrate` before `rostra serve --no-migrate`.
 */

async function demoOrganisations(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ n: number }>('select count(*)::int as n from organisations')).rows[0]?.n ?? -1;
  } finally {
    await c.end();
  }
}

const STACK = /^\s+at /m;

describe.runIf(Boolean(process.env.DATABASE_URL))('three rostra serve processes started at once', () => {
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  const runs: Run[] = [];
  afterAll(async () => {
    await Promise.all(runs.map(stop));
    await scratch?.drop();
  });

  const threeAtOnce = async (url: string) => {
    const three = [0, 1, 2].map(() =>
      rostra(['serve'], {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-three-')),
      }),
    );
    runs.push(...three);
    try {
      return await Promise.all(three.map(healthz));
    } finally {
      await Promise.all(three.map(stop));
    }
  };

  it('on a fresh database all become ready, with the demo data seeded once', {
    timeout: 300_000,
  }, async () => {
    scratch = await createScratchDatabase();
    expect(await threeAtOnce(scratch.url)).toEqual([200, 200, 200]);
    expect(await demoOrganisations(scratch.url)).toBe(2);
  });

  it('on that database, migrated and seeded, all become ready again', { timeout: 300_000 }, async () => {
    expect(scratch).toBeDefined();
    expect(await threeAtOnce(scratch?.url ?? '')).toEqual([200, 200, 200]);
    expect(await demoOrganisations(scratch?.url ?? '')).toBe(2);
  });
});

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('rostra serve --no-migrate on %s', (kind) => {
  it('refuses a database not migrated, in one line; after `rostra migrate` it starts', {
    timeout: 300_000,
  }, async () => {
    const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'rostra-nomig-')) };
    if (scratch) env.DATABASE_URL = scratch.url;
    else delete env.DATABASE_URL;
    const running: Run[] = [];
    try {
      const refused = rostra(['serve', '--no-migrate'], env);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain(
        'rostra: Refusing to start without migrating (--no-migrate): the database has no Rostra schema yet. Run `rostra migrate` with this version first (the deploy step, see docs/operations.md).',
      );
      expect(refused.output()).not.toMatch(STACK);

      const migrated = rostra(['migrate'], env);
      expect(await migrated.exited).toBe(0);
      expect(migrated.output()).toContain('Migrations applied: the schema is at ');

      const served = rostra(['serve', '--no-migrate'], env);
      running.push(served);
      expect(await healthz(served)).toBe(200);
      await stop(served);

      if (scratch) {
        // The other refusals read the same way: the owner (a superuser) given as the app's login.
        const superuser = rostra(['serve', '--no-migrate'], { ...env, DATABASE_APP_URL: scratch.url });
        expect(await superuser.exited).toBe(1);
        expect(superuser.output()).toContain(
          `rostra: Refusing to start: the app's database connection (DATABASE_APP_URL) logs in as "postgres", which is a superuser`,
        );
        expect(superuser.output()).not.toMatch(STACK);
      }
    } finally {
      await Promise.all(running.map(stop));
      await scratch?.drop();
    }
  });
});
