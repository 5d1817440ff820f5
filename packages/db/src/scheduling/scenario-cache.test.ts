import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { organisations } from '../schema/organisations.ts';
import { resources, shifts, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { loadAllocationScenario } from './allocation-scenario.ts';
import { RESOURCES } from './record-kinds.ts';
import { ScenarioCache } from './scenario-cache.ts';
import { updateRecord } from './update-record.ts';

const ORG = 'org-cache';
const MON = Date.parse('2026-03-09T09:00:00Z') / 1000;

describe.each(testDatabaseKinds())('the scenario cache on %s', (kind) => {
  let h: DbHandle;
  const cache = new ScenarioCache();
  const load = async () => (await loadAllocationScenario(h.db, ORG, { jobId: 'j', mode: 'check' }, cache))!;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db.insert(organisations).values({ id: ORG, name: 'Cache', slug: 'cache' });
    await withOrg(h.db, ORG, async (tx) => {
      await tx.insert(resources).values([
        { orgId: ORG, id: 'r1', name: 'Ann' },
        { orgId: ORG, id: 'r2', name: 'Bob' },
      ]);
      await tx.insert(shifts).values({
        orgId: ORG,
        id: 'r1_2026-03-08_2026-03-14',
        resourceId: 'r1',
        weekId: '2026-03-08_2026-03-14',
        days: ['mo'],
        beg: 0,
        end: 3600,
      });
      await tx.insert(timelineRecords).values({ orgId: ORG, id: 'j', beginAt: MON, endAt: MON + 3600 });
    });
  });
  afterAll(() => h?.close());

  it('reuses the pool and shifts while they are unchanged, and reads them again after any write', async () => {
    const first = await load();
    expect((await load()).resources).toBe(first.resources);
    expect((await load()).shifts).toBe(first.shifts);
    expect(written(await updateRecord(h.db, ORG, RESOURCES, 'r2', { name: 'Bobby' }, undefined)).name).toBe(
      'Bobby',
    );
    const afterUpdate = await load();
    expect(afterUpdate.resources).not.toBe(first.resources);
    expect(afterUpdate.resources?.find((r) => r._id === 'r2')?.name).toBe('Bobby');
    await withOrg(h.db, ORG, (tx) => tx.delete(resources).where(eq(resources.id, 'r2')));
    expect((await load()).resources?.map((r) => r._id)).toEqual(['r1']);
    await withOrg(h.db, ORG, (tx) =>
      tx
        .update(shifts)
        .set({ days: ['mo', 'tu'], version: 2, updatedAt: new Date() })
        .where(eq(shifts.resourceId, 'r1')),
    );
    expect((await load()).shifts?.[0]).toMatchObject({ tu: true });
  });
});

function written<T>(r: { ok: true; record: T } | { ok: false }): T {
  if (!r.ok) throw new Error('write refused');
  return r.record;
}
