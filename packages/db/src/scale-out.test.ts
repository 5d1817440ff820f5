import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_TABLES } from './access.ts';
import type { DbHandle } from './client.ts';
import { deleteRecord } from './scheduling/delete-record.ts';
import { listStates } from './scheduling/list-states.ts';
import { RESOURCES } from './scheduling/record-kinds.ts';
import { addState, writeAssignments } from './scheduling/timeline-writes.ts';
import { organisations } from './schema/organisations.ts';
import { resources, timelineRecords } from './schema/scheduling.ts';
import { withOrg } from './tenant.ts';
import { openTestDatabase, testDatabaseKinds } from './testing.ts';

/*
 * Citus readiness (docs/scale-out.md), read from the catalogue of a migrated database, so that a
 * table or key added later cannot quietly break it.
 */

type Placement = 'distributed' | 'reference' | 'local';

/** The placement docs/scale-out.md gives each table: its rows "| `name` | placement | …". */
function documentedPlacements(): Map<string, Placement> {
  const doc = readFileSync(fileURLToPath(new URL('../../../docs/scale-out.md', import.meta.url)), 'utf8');
  const out = new Map<string, Placement>();
  for (const m of doc.matchAll(/^\| `([a-z_]+)` \| (distributed|reference|local) \|/gm)) {
    out.set(m[1] as string, m[2] as Placement);
  }
  return out;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

describe.each(testDatabaseKinds())('scale-out readiness on %s', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
  });
  afterAll(() => h?.close());

  const tables = async () =>
    rowsOf(
      await h.db.execute(sql`
        select c.relname as name,
               exists (select 1 from pg_attribute a
                        where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped) as tenant
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
         order by 1`),
    ).map((r) => ({ name: String(r.name), tenant: r.tenant === true }));

  it('docs/scale-out.md places every table, and every tenant table is distributed by org_id', async () => {
    const documented = documentedPlacements();
    const all = await tables();
    const missing = all.filter((t) => !documented.has(t.name)).map((t) => t.name);
    expect(missing, 'tables docs/scale-out.md does not place').toEqual([]);
    const gone = [...documented.keys()].filter((n) => !all.some((t) => t.name === n));
    expect(gone, 'tables docs/scale-out.md places that do not exist').toEqual([]);
    const global = new Set<string>(GLOBAL_TABLES);
    const misplaced = all
      .filter((t) => t.tenant && !global.has(t.name) && documented.get(t.name) !== 'distributed')
      .map((t) => t.name);
    expect(misplaced, 'tenant tables not distributed by org_id').toEqual([]);
    const distributedWithoutOrg = all
      .filter((t) => !t.tenant && documented.get(t.name) === 'distributed')
      .map((t) => t.name);
    expect(distributedWithoutOrg).toEqual([]);
  });

  it("every distributed table's primary, unique and foreign keys lead with org_id", async () => {
    const placed = documentedPlacements();
    const keys = rowsOf(
      await h.db.execute(sql`
        select c.relname as tbl, k.conname as name, k.contype as type,
               (select a.attname from pg_attribute a
                 where a.attrelid = k.conrelid and a.attnum = k.conkey[1]) as first,
               (select a.attname from pg_attribute a
                 where a.attrelid = k.confrelid and a.attnum = k.confkey[1]) as ref_first,
               coalesce(r.relname, '') as ref
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_namespace n on n.oid = c.relnamespace
          left join pg_class r on r.oid = k.confrelid
         where n.nspname = 'public' and k.contype in ('p', 'u', 'f')
        union all
        select c.relname, i.relname, 'i', a.attname, null, ''
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class c on c.oid = x.indrelid
          join pg_namespace n on n.oid = c.relnamespace
          left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
         where n.nspname = 'public' and x.indisunique
           and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`),
    );
    const broken = keys
      .filter((k) => placed.get(String(k.tbl)) === 'distributed')
      .filter((k) => {
        if (k.type !== 'f') return k.first !== 'org_id';
        // A foreign key to a reference table may lead with anything; one to a distributed table
        // must join on org_id first at both ends (co-location).
        const target = placed.get(String(k.ref));
        if (target === 'reference') return false;
        return !(target === 'distributed' && k.first === 'org_id' && k.ref_first === 'org_id');
      })
      .map((k) => `${k.tbl}.${k.name}`);
    expect(broken).toEqual([]);
  });

  it('no distributed table has a statement-level trigger or a global identity order', async () => {
    const placed = documentedPlacements();
    const triggers = rowsOf(
      await h.db.execute(sql`
        select c.relname as tbl, t.tgname as name, (t.tgtype & 1) = 0 as statement_level
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and not t.tgisinternal`),
    );
    expect(
      triggers
        .filter((t) => placed.get(String(t.tbl)) === 'distributed' && t.statement_level === true)
        .map((t) => `${t.tbl}.${t.name}`),
    ).toEqual([]);
    const identities = rowsOf(
      await h.db.execute(sql`
        select c.relname as tbl, a.attname as col
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
           and (a.attidentity <> '' or exists (
                 select 1 from pg_attrdef d where d.adrelid = c.oid and d.adnum = a.attnum
                    and pg_get_expr(d.adbin, d.adrelid) like 'nextval(%'))`),
    );
    expect(
      identities.filter((i) => placed.get(String(i.tbl)) === 'distributed').map((i) => `${i.tbl}.${i.col}`),
    ).toEqual([]);
  });

  describe('what replaced the trigger and the global order', () => {
    const ORG = 'org-scale';
    beforeAll(async () => {
      await h.db.insert(organisations).values({ id: ORG, name: 'Scale', slug: 'scale' });
      await withOrg(h.db, ORG, async (tx) => {
        await tx.insert(resources).values([
          { orgId: ORG, id: 'rA', name: 'Ann' },
          { orgId: ORG, id: 'rB', name: 'Bo' },
        ]);
        await tx
          .insert(timelineRecords)
          .values({ orgId: ORG, id: 'j1', key: 'booking', beginAt: 0, endAt: 3600 });
      });
    });
    const resIdsOf = () =>
      withOrg(h.db, ORG, async (tx) => {
        const [r] = await tx
          .select({ resIds: timelineRecords.resIds, resourceId: timelineRecords.resourceId })
          .from(timelineRecords)
          .where(and(eq(timelineRecords.orgId, ORG), eq(timelineRecords.id, 'j1')));
        return r;
      });

    it("a record's resIds follow its assignments, in order, and lose a deleted resource", async () => {
      await withOrg(h.db, ORG, (tx) => writeAssignments(tx, ORG, 'j1', ['rB', 'rA']));
      expect(await resIdsOf()).toEqual({ resIds: ['rB', 'rA'], resourceId: 'rB' });
      await withOrg(h.db, ORG, (tx) => writeAssignments(tx, ORG, 'j1', ['rA']));
      expect((await resIdsOf())?.resIds).toEqual(['rA']);
      await withOrg(h.db, ORG, (tx) => writeAssignments(tx, ORG, 'j1', ['rA', 'rB']));
      const deleted = await deleteRecord(h.db, ORG, RESOURCES, 'rA', undefined);
      expect(deleted.ok).toBe(true);
      expect((await resIdsOf())?.resIds).toEqual(['rB']);
    });

    it("a job's states are ordered within the job: the latest written is the current one", async () => {
      for (const [status, at] of [
        ['rostered', 100],
        ['started', 50], // an earlier wall clock written later: write order still wins
        ['finished', 50],
      ] as const) {
        await withOrg(h.db, ORG, (tx) =>
          addState(tx, ORG, {
            recordId: 'j1',
            status,
            previousStatus: null,
            action: 'update',
            uid: null,
            at,
          }),
        );
      }
      const states = await listStates(h.db, ORG, 'j1');
      expect(states.map((s) => s.status)).toEqual(['finished', 'started', 'rostered']);
    });
  });
});
