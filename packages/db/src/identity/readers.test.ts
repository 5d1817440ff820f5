import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { organisations } from '../schema/organisations.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { readableBy } from './readers.ts';

describe.each(testDatabaseKinds())('readableBy, the readers-list condition, on %s', (kind) => {
  let h: DbHandle;
  const read = (reader: { uid: string; seesAll: boolean }) =>
    withOrg(h.db, 'org-r', (tx) =>
      tx
        .select({ id: timelineRecords.id })
        .from(timelineRecords)
        .where(readableBy(timelineRecords.readers, reader))
        .orderBy(timelineRecords.id),
    );

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db.insert(organisations).values({ id: 'org-r', name: 'R', slug: 'r' });
    await withOrg(h.db, 'org-r', (tx) =>
      tx.insert(timelineRecords).values([
        { orgId: 'org-r', id: 'b-both', beginAt: 0, endAt: 1, readers: ['u-1', 'u-2'] },
        { orgId: 'org-r', id: 'b-other', beginAt: 0, endAt: 1, readers: ['u-2'] },
        { orgId: 'org-r', id: 'b-none', beginAt: 0, endAt: 1, readers: [] },
      ]),
    );
  });
  afterAll(() => h?.close());

  it('a reader who sees all gets every record', async () => {
    expect((await read({ uid: 'u-1', seesAll: true })).map((r) => r.id)).toEqual([
      'b-both',
      'b-none',
      'b-other',
    ]);
  });

  it('any other reader gets only records whose list holds their uid', async () => {
    expect((await read({ uid: 'u-1', seesAll: false })).map((r) => r.id)).toEqual(['b-both']);
    expect((await read({ uid: 'u-3', seesAll: false })).map((r) => r.id)).toEqual([]);
  });
});
