import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, applyAccessRules } from './access.ts';
import type { Db, DbKind } from './client.ts';
import { migrate } from './migrate.ts';
import { createScratchDatabase, testDatabaseKinds } from './testing.ts';

/*
 * The access-rules step runs at every start of every instance. With the rules in place it must
 * change nothing: its ALTER TABLE / CREATE POLICY take an exclusive lock on each tenant table, and
 * every query of the instances already serving waited behind them (issue #21 point 2).
 */

type Row = Record<string, string | boolean | null>;
const rows = async (db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/** The tables of the public schema this transaction holds a lock on, with the lock's mode. */
const publicLocks = (db: Db) =>
  rows(
    db,
    sql`select c.relname as table, l.mode from pg_locks l
          join pg_class c on c.oid = l.relation join pg_namespace n on n.oid = c.relnamespace
         where l.pid = pg_backend_pid() and n.nspname = 'public' order by 1, 2`,
  );

/** Applies the rules in a transaction and reports the table locks they took. */
const locksTakenBy = (db: Db, role?: string) =>
  db.transaction(async (tx) => {
    await applyAccessRules(tx as unknown as Db, role);
    return publicLocks(tx as unknown as Db);
  });

describe.each(testDatabaseKinds())('the access rules on %s', (kind: DbKind) => {
  // A migrated database, as its owner (the access rules are the owner's step).
  let owner: Db;
  let close: () => Promise<void>;
  const role = `rostra_t_role_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (kind === 'pglite') {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      owner = drizzlePglite({ client }) as unknown as Db;
      close = () => client.close();
    } else {
      const scratch = await createScratchDatabase();
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      owner = drizzlePg({ client }) as unknown as Db;
      close = async () => {
        await client.end();
        await scratch.drop();
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
      };
    }
    await migrate(owner, kind);
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  it('in place already, applying them again locks no table and changes nothing', async () => {
    expect(await locksTakenBy(owner)).toEqual([]);
    const [rls] = await rows(
      owner,
      sql`select bool_and(c.relrowsecurity and c.relforcerowsecurity) as all_forced, count(*)::int as tables
            from pg_class c join pg_policy p on p.polrelid = c.oid and p.polname = 'tenant_isolation'`,
    );
    expect(rls?.all_forced).toBe(true);
  });

  it('puts back only what a table lost, locking that table alone', async () => {
    await owner.execute(sql.raw(`ALTER TABLE labels NO FORCE ROW LEVEL SECURITY`));
    await owner.execute(sql.raw(`ALTER TABLE labels DISABLE ROW LEVEL SECURITY`));
    await owner.execute(sql.raw(`DROP POLICY tenant_isolation ON labels`));
    await owner.execute(sql.raw(`REVOKE DELETE ON labels FROM ${APP_ROLE}`));
    const locks = await locksTakenBy(owner);
    expect(new Set(locks.map((l) => l.table))).toEqual(new Set(['labels']));
    const [labels] = await rows(
      owner,
      sql`select c.relrowsecurity as rls, c.relforcerowsecurity as forced,
                 exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy,
                 has_table_privilege(${APP_ROLE}, c.oid, 'DELETE') as can_delete
            from pg_class c where c.oid = 'public.labels'::regclass`,
    );
    expect(labels).toEqual({ rls: true, forced: true, policy: true, can_delete: true });
  });

  it('creates the app role when the cluster does not have it (a restored dump), then grants it', async () => {
    // The rules for a role of a unique name: the shared rostra_app stays as it is.
    const before = await rows(owner, sql`select 1 from pg_roles where rolname = ${role}`);
    expect(before).toEqual([]);
    await applyAccessRules(owner, role);
    const [created] = await rows(
      owner,
      sql`select r.rolcanlogin as login,
                 has_schema_privilege(r.rolname, 'public', 'USAGE') as schema,
                 has_table_privilege(r.rolname, 'public.labels', 'SELECT') as can_read,
                 has_table_privilege(r.rolname, 'public.labels', 'DELETE') as can_delete,
                 has_table_privilege(r.rolname, 'drizzle.__drizzle_migrations', 'SELECT') as reads_journal
            from pg_roles r where r.rolname = ${role}`,
    );
    expect(created).toEqual({
      login: false,
      schema: true,
      can_read: true,
      can_delete: true,
      reads_journal: true,
    });
  });
});
