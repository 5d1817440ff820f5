import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_TABLES } from './access.ts';
import type { DbHandle } from './client.ts';
import { organisations } from './schema/organisations.ts';
import { customers, labels } from './schema/scheduling.ts';
import { withOrg } from './tenant.ts';
import { openTestDatabase, testDatabaseKinds } from './testing.ts';

describe.each(testDatabaseKinds())('row-level security on %s', (kind) => {
  let h: DbHandle;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db.insert(organisations).values([
      { id: 'org-a', name: 'A', slug: 'a' },
      { id: 'org-b', name: 'B', slug: 'b' },
    ]);
    await withOrg(h.db, 'org-a', (tx) =>
      tx.insert(labels).values({ orgId: 'org-a', id: 'l1', name: 'Nurse' }),
    );
    await withOrg(h.db, 'org-b', (tx) =>
      tx.insert(labels).values({ orgId: 'org-b', id: 'l1', name: 'Driver' }),
    );
  });
  afterAll(() => h?.close());

  it('a query run without the org setting sees no tenant rows', async () => {
    expect(await h.db.select().from(labels)).toEqual([]);
  });

  it('analyze() gives the planner statistics as the owner, and the app role stays in force after it', async () => {
    // pg_class.reltuples: -1 until the table is first analysed, then its row count (2 labels).
    const rowEstimate = async () =>
      Number(
        (
          (await h.db.execute(sql`select reltuples from pg_class where relname = 'labels'`)) as unknown as {
            rows: { reltuples: number }[];
          }
        ).rows[0]?.reltuples,
      );
    // The app role's own ANALYZE skips the table (it is not the owner).
    await h.db.execute(sql`analyze labels`).catch(() => undefined);
    expect(await rowEstimate()).toBe(-1);
    await h.analyze();
    expect(await rowEstimate()).toBe(2);
    // Still the app role: row-level security holds without the org setting.
    expect(await h.db.select().from(labels)).toEqual([]);
  });

  it('a query bound to an organisation sees only that organisation, even with no filter', async () => {
    const rows = await withOrg(h.db, 'org-a', (tx) => tx.select().from(labels));
    expect(rows.map((r) => [r.orgId, r.name])).toEqual([['org-a', 'Nurse']]);
  });

  it('a write into another organisation is refused', async () => {
    await expect(
      withOrg(h.db, 'org-a', (tx) => tx.insert(labels).values({ orgId: 'org-b', id: 'l2', name: 'Sneaky' })),
    ).rejects.toThrow();
    const leaked = await withOrg(h.db, 'org-b', (tx) => tx.select().from(labels).where(eq(labels.id, 'l2')));
    expect(leaked).toEqual([]);
  });

  it('an update without the org setting changes nothing', async () => {
    await h.db.update(labels).set({ name: 'Changed' });
    const rows = await withOrg(h.db, 'org-b', (tx) => tx.select().from(labels));
    expect(rows.map((r) => r.name)).toEqual(['Driver']);
  });

  it('the org setting does not outlive its transaction', async () => {
    await withOrg(h.db, 'org-a', (tx) => tx.select().from(customers));
    const setting = await h.db.execute(sql`select coalesce(current_setting('app.org_id', true), '') as v`);
    expect((setting as unknown as { rows: { v: string }[] }).rows[0]?.v).toBe('');
    expect(await h.db.select().from(labels)).toEqual([]);
  });

  it('an organisation id holding quotes and backslashes binds exactly that organisation', async () => {
    const odd = String.raw`o'rg\x' or '1'='1`;
    await h.db.insert(organisations).values({ id: odd, name: 'Odd', slug: 'odd' });
    await withOrg(h.db, odd, (tx) => tx.insert(labels).values({ orgId: odd, id: 'l1', name: 'Odd label' }));
    const seen = await withOrg(h.db, odd, async (tx) => {
      const setting = await tx.execute(sql`select current_setting('app.org_id') as v`);
      return {
        setting: (setting as unknown as { rows: { v: string }[] }).rows[0]?.v,
        labels: (await tx.select().from(labels)).map((r) => r.name),
      };
    });
    expect(seen).toEqual({ setting: odd, labels: ['Odd label'] });
  });

  it('every table with an org_id column, except the declared global tables, is under row-level security', async () => {
    const res = await withOrg(h.db, 'org-a', (tx) =>
      tx.execute(sql`
        select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from information_schema.columns col
                      where col.table_name = c.relname and col.column_name = 'org_id')`),
    );
    const tables = (res as unknown as { rows: { name: string; rls: boolean; forced: boolean }[] }).rows;
    expect(tables.length).toBeGreaterThan(5);
    for (const t of tables) {
      if ((GLOBAL_TABLES as readonly string[]).includes(t.name)) continue;
      expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({
        table: t.name,
        rls: true,
        forced: true,
      });
    }
  });
});
