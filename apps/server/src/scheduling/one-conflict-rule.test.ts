import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/**
 * Issue 16 point 3: a booking's stored conflict state is the one verdict (the allocation checks,
 * with the one overlap tolerance), whichever path wrote it: a batch's output passes a save.
 */
describe.each(testDatabaseKinds())('one conflict rule on every path on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const day = MONDAY + 3 * 86_400;
  const booking = async (id: string, begin: number, end: number, over: Rec = {}) =>
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: id,
        status: 'confirmed',
        customerId: 'c1',
        labels: ['l-nurse'],
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: end,
        ...over,
      }),
      201,
    );
  const get = async (id: string) => ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-one-rule');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());

  it('after a batch, two visits overlapping by exactly 900 s are not in conflict, and a no-op save keeps it so', async () => {
    // Only r1 is a nurse: the batch gives both to r1, overlapping by the contract's 900 s.
    await booking('b-early', day + 9 * H, day + 10 * H);
    await booking('b-late', day + 10 * H - 900, day + 11 * H);
    const summary = ok(
      await call(t, p.dispatcher, 'POST', '/allocation/batch', {
        from: day,
        to: day + 86_400,
        batch_id: 'one',
      }),
    );
    expect(summary).toMatchObject({ jobs: 2, assigned: 2, conflicts: 0 });
    const late = await get('b-late');
    expect(late).toMatchObject({ resIds: ['r1'], isConflict: false, errors: [] });
    expect((await get('b-early')).isConflict).toBe(false);

    // Saving it unchanged (same times, same resources) keeps the verdict.
    const saved = ok(
      await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-late', {
        utc_begin_plus_tz: late.utc_begin_plus_tz,
        utc_end_plus_tz: late.utc_end_plus_tz,
        resIds: late.resIds,
        version: late.version,
      }),
    );
    expect(saved).toMatchObject({ isConflict: false, errors: [] });
    // One second more overlap is the busy conflict, on save as in the checks.
    const moved = ok(
      await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-late', {
        utc_begin_plus_tz: day + 10 * H - 901,
        version: saved.version,
      }),
    );
    expect(moved.isConflict).toBe(true);
    expect(moved.errors).toEqual([
      expect.objectContaining({ code: 'resource_busy', resourceId: 'r1', conflictId: 'b-early' }),
    ]);
  });

  it('a booking saved over a leave is in conflict with resource_on_leave', async () => {
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'lv-r1',
        _key: 'leave',
        status: 'leave',
        resourceId: 'r1',
        utc_begin_plus_tz: day + 14 * H,
        utc_end_plus_tz: day + 18 * H,
      }),
      201,
    );
    const over = await booking('b-over', day + 17 * H, day + 19 * H, { resIds: ['r1'] });
    expect(over.isConflict).toBe(true);
    expect(over.errors).toEqual([
      expect.objectContaining({ code: 'resource_on_leave', resourceId: 'r1', conflictId: 'lv-r1' }),
    ]);
  });
});
