import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from './access.ts';
import { type DbHandle, openDatabase } from './client.ts';
import { organisations } from './schema/organisations.ts';
import { labels } from './schema/scheduling.ts';
import { withOrg } from './tenant.ts';
import { createScratchDatabase } from './testing.ts';
import { type Pgbouncer, startPgbouncer } from './testing-pgbouncer.ts';

/*
 * The PostgreSQL connection model (app-login.ts): the app logs in as a role of its own, one row-level
 * security binds, and refuses to start on any other; it works through PgBouncer in transaction mode.
 */

const base = process.env.DATABASE_URL ?? '';

type Row = Record<string, string | number | boolean | null>;
const rows = async (h: DbHandle, q: ReturnType<typeof sql>) =>
  ((await h.db.execute(q)) as unknown as { rows: Row[] }).rows;

async function admin(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

function as(url: string, user: string, password = ''): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

describe.runIf(Boolean(process.env.DATABASE_URL))('the app connection on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const roles = {
    own: `rostra_t_app_${suffix}`,
    owner: `rostra_t_owner_${suffix}`,
    bypass: `rostra_t_bypass_${suffix}`,
  };
  let scratch: { url: string; drop(): Promise<void> };
  let h: DbHandle;
  let bouncer: Pgbouncer;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // Migrated here, by the owner (DATABASE_URL), with the app on a login role the step creates.
    h = await openDatabase({
      databaseUrl: scratch.url,
      appUrl: as(scratch.url, roles.own, 's3cret'),
      statementTimeoutMs: 4_321,
      idleInTransactionTimeoutMs: 5_432,
      maxConnections: 2,
    });
    await h.db.insert(organisations).values([
      { id: 'org-a', name: 'A', slug: 'a' },
      { id: 'org-b', name: 'B', slug: 'b' },
    ]);
    for (const org of ['org-a', 'org-b'])
      await withOrg(h.db, org, (tx) => tx.insert(labels).values({ orgId: org, id: 'l1', name: org }));
    bouncer = await startPgbouncer(base, [APP_ROLE, roles.own, 'postgres']);
  });

  afterAll(async () => {
    await h?.close();
    await bouncer?.stop();
    await scratch?.drop();
    for (const role of Object.values(roles)) await admin(base, `DROP ROLE IF EXISTS ${role}`);
  });

  it('logs in as a role the migration step created: a login member of the app role, with the timeouts, bound by RLS', async () => {
    const [who] = await rows(
      h,
      sql`select session_user as login, current_user as acting,
                 current_setting('statement_timeout') as st,
                 current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(who).toEqual({ login: roles.own, acting: roles.own, st: '4321ms', idle: '5432ms' });
    const [role] = await rows(
      h,
      sql`select rolcanlogin as login, rolsuper as super, rolbypassrls as bypass,
                 pg_has_role(oid, ${APP_ROLE}::name, 'USAGE') as member
            from pg_roles where rolname = ${roles.own}`,
    );
    expect(role).toEqual({ login: true, super: false, bypass: false, member: true });
    expect(await h.db.select().from(labels)).toEqual([]);
    expect((await withOrg(h.db, 'org-a', (tx) => tx.select().from(labels))).map((l) => l.name)).toEqual([
      'org-a',
    ]);
  });

  it('refuses to start when the app connection is a superuser', async () => {
    await expect(
      openDatabase({ databaseUrl: scratch.url, appUrl: scratch.url, migrated: true }),
    ).rejects.toThrow(
      'Refusing to start: the app\'s database connection (DATABASE_APP_URL) logs in as "postgres", which is a superuser',
    );
  });

  it('refuses to start when the app connection owns the tables', async () => {
    await admin(base, `CREATE ROLE ${roles.owner} LOGIN`);
    await admin(scratch.url, `ALTER TABLE labels OWNER TO ${roles.owner}`);
    try {
      await expect(
        openDatabase({ databaseUrl: scratch.url, appUrl: as(scratch.url, roles.owner), migrated: true }),
      ).rejects.toThrow(`logs in as "${roles.owner}", which owns the tables`);
    } finally {
      await admin(scratch.url, 'ALTER TABLE labels OWNER TO postgres');
    }
  });

  it('refuses to start when the app connection has BYPASSRLS, even as a member of the app role', async () => {
    await admin(base, `CREATE ROLE ${roles.bypass} LOGIN BYPASSRLS IN ROLE ${APP_ROLE}`);
    await expect(
      openDatabase({ databaseUrl: scratch.url, appUrl: as(scratch.url, roles.bypass), migrated: true }),
    ).rejects.toThrow(`logs in as "${roles.bypass}", which has BYPASSRLS`);
  });

  it('says which login failed when the app role cannot connect', async () => {
    await expect(
      openDatabase({ databaseUrl: scratch.url, appUrl: as(scratch.url, `nobody_${suffix}`), migrated: true }),
    ).rejects.toThrow(
      `Could not connect to the database as the app's role "nobody_${suffix}" (DATABASE_APP_URL)`,
    );
  });

  it('a request waits for a pooled connection no longer than the acquire timeout', async () => {
    const small = await openDatabase({
      databaseUrl: scratch.url,
      appUrl: as(scratch.url, roles.own, 's3cret'),
      migrated: true,
      maxConnections: 1,
      acquireTimeoutMs: 300,
    });
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        started = resolve;
      });
      // The only connection is busy in a transaction until released.
      const busy = small.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      });
      await holding;
      let failure: unknown;
      try {
        await small.db.execute(sql`select 1`);
      } catch (err) {
        failure = err;
      } finally {
        release();
      }
      // Drizzle wraps the driver's error: the pool's own is its cause.
      expect((failure as { cause?: Error } | undefined)?.cause?.message).toBe(
        'timeout exceeded when trying to connect',
      );
      await busy;
      expect(await rows(small, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await small.close();
    }
  });

  it('works through PgBouncer in transaction mode, which refuses the old startup parameter', async () => {
    // The old model: the role as a startup parameter, which PgBouncer 1.18 refuses outright.
    const old = new pg.Client({ connectionString: bouncer.via(scratch.url), options: `-c role=${APP_ROLE}` });
    await expect(old.connect()).rejects.toThrow('unsupported startup parameter: options');
    await old.end().catch(() => {});

    const pooled = await openDatabase({
      databaseUrl: scratch.url,
      appUrl: bouncer.via(as(scratch.url, roles.own, 's3cret')),
      migrated: true,
      maxConnections: 4,
    });
    try {
      expect(await pooled.db.select().from(labels)).toEqual([]);
      // Many transactions over few server connections: the org of one never leaks into the next.
      const seen = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const org = i % 2 ? 'org-a' : 'org-b';
          return withOrg(pooled.db, org, async (tx) => (await tx.select().from(labels)).map((l) => l.orgId));
        }),
      );
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => [i % 2 ? 'org-a' : 'org-b']));
      expect(await pooled.db.select().from(labels)).toEqual([]);
    } finally {
      await pooled.close();
    }
  });

  it('refuses a PgBouncer connection that logs in as the owner', async () => {
    await expect(
      openDatabase({ databaseUrl: scratch.url, appUrl: bouncer.via(scratch.url), migrated: true }),
    ).rejects.toThrow('logs in as "postgres", which is a superuser');
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('instances starting at once on PostgreSQL', () => {
  it('three opening one fresh database together all migrate it and open', async () => {
    const fresh = await createScratchDatabase();
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, maxConnections: 1 })),
      );
      for (const h of handles) {
        expect(await rows(h, sql`select current_user as role`)).toEqual([{ role: APP_ROLE }]);
        await h.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
