import type { Rechecked } from '@rostra/core/timeline/rechecked';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, postVisit, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/**
 * Issue 16 point 2: a change re-checks the bookings it can affect, in its transaction; their state
 * changes, goes out live, and the person saving is told which bookings now conflict.
 */
describe.each(testDatabaseKinds())('a change re-checks what it affects on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const day = MONDAY + 7 * 86_400;
  const get = async (id: string) => ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));
  const visit = (id: string, begin: number, over: Rec = {}) => postVisit(t, p, id, begin, over);
  const conflictsToday = async () =>
    (ok(await call(t, p.dispatcher, 'GET', '/directory/home/today')) as { conflicts: number }).conflicts;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date((day + 7 * H) * 1000));
    p = await schedulingOrg(t, 'org-recheck');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());

  it('a leave over a rostered visit puts it in conflict (named to the person saving); removing the leave clears it', async () => {
    const made = await visit('v-1', day + 10 * H);
    expect(made.isConflict).toBe(false);
    const before = await conflictsToday();

    const leave = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'lv-1',
        _key: 'leave',
        status: 'leave',
        resourceId: 'r1',
        utc_begin_plus_tz: day,
        utc_end_plus_tz: day + 30 * 86_400,
      }),
      201,
    );
    const told = leave.rechecked as Rechecked;
    expect(told.nowInConflict).toEqual([
      expect.objectContaining({
        _id: 'v-1',
        reference: 'HC-v-1',
        customer: 'Ada Lovelace',
        utc_begin_plus_tz: day + 10 * H,
      }),
    ]);
    const flagged = await get('v-1');
    expect(flagged.isConflict).toBe(true);
    expect(flagged.errors).toEqual([
      expect.objectContaining({ code: 'resource_on_leave', resourceId: 'r1', conflictId: 'lv-1' }),
    ]);
    expect(flagged.version).toBe((made.version as number) + 1);
    // The timeline window and the home "Conflicts" show it.
    const w = ok<{ records: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${day}&to=${day + 86_400}`),
    );
    expect(w.records.find((r) => r._id === 'v-1')?.isConflict).toBe(true);
    expect(await conflictsToday()).toBe(before + 1);

    const removed = ok(
      await call(t, p.dispatcher, 'DELETE', '/timeline-records/lv-1', undefined, {
        'if-match': `"${leave.version}"`,
      }),
    );
    expect((removed.rechecked as Rechecked).cleared.map((b) => b._id)).toEqual(['v-1']);
    expect(await get('v-1')).toMatchObject({ isConflict: false, errors: [] });
    expect(await conflictsToday()).toBe(before);
  });

  it("a label taken off a resource flags their bookings that need it; blacklisting flags the customer's", async () => {
    const nurse = await visit('v-2', day + 13 * H, { labels: ['l-nurse'] });
    expect(nurse.isConflict).toBe(false);
    const r1 = ok(await call(t, p.dispatcher, 'GET', '/resources/r1'));
    const relabelled = ok(
      await call(t, p.dispatcher, 'PATCH', '/resources/r1', { labels: ['l-driver'], version: r1.version }),
    );
    expect((relabelled.rechecked as Rechecked).nowInConflict.map((b) => b._id)).toEqual(['v-2']);
    expect((await get('v-2')).errors).toEqual([
      expect.objectContaining({ code: 'resource_label_mismatch', resourceId: 'r1' }),
    ]);

    const plain = await visit('v-3', day + 15 * H);
    expect(plain.isConflict).toBe(false);
    const banned = ok(
      await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: ['r1'], version: 0 }),
    );
    // Every visit of c1 on r1 from today on, v-2 gaining a second reason.
    expect((banned.rechecked as Rechecked).nowInConflict.map((b) => b._id)).toEqual(['v-1', 'v-2', 'v-3']);
    // The spec's message reads after the worker's name: the answer names them.
    const r1Name = ok(await call(t, p.dispatcher, 'GET', '/resources/r1')).name;
    expect((banned.rechecked as Rechecked).nowInConflict[2]?.errors).toEqual([
      expect.objectContaining({ code: 'resource_blacklisted', resourceName: r1Name }),
    ]);
    expect((await get('v-3')).errors).toEqual([
      expect.objectContaining({ code: 'resource_blacklisted', resourceId: 'r1' }),
    ]);
  });
});
