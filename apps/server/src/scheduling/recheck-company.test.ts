import { resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, postVisit, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Named = { _id: string };
type Rechecked = { nowInConflict: Named[]; cleared: Named[] };

/**
 * Issue 16: the company's overlap buffer and maximum distance decide bookings' conflicts (the busy
 * check's tolerance is the larger of 900 s and the buffer; the distance check), so changing either
 * re-checks the organisation's bookings from today on, in the same transaction, and the person
 * saving is told which now conflict and which were cleared.
 */
describe.each(testDatabaseKinds())('a company settings change re-checks bookings on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const day = MONDAY + 7 * 86_400;
  const get = async (id: string) => ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));
  const visit = (id: string, begin: number, over: Rec = {}) => postVisit(t, p, id, begin, over);
  const changeCompany = async (fields: Rec) => {
    const { version } = ok(await call(t, p.dispatcher, 'GET', '/company'));
    return ok(await call(t, p.dispatcher, 'PUT', '/company', { ...fields, version }));
  };
  const ids = (list: Named[] | undefined) => (list ?? []).map((b) => b._id).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date((day + 7 * H) * 1000));
    p = await schedulingOrg(t, 'org-recheck-company');
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());

  it('raising the overlap buffer past an overlap clears both bookings; lowering it flags them again', async () => {
    // 10:00–11:00 and 10:30–11:30 on r1: 30 min (1,800 s) of overlap, over the 900 s floor.
    await visit('ov-a', day + 10 * H);
    await visit('ov-b', day + 10.5 * H);
    expect((await get('ov-a')).isConflict).toBe(true);
    expect((await get('ov-b')).errors).toEqual([
      expect.objectContaining({ code: 'resource_busy', resourceId: 'r1' }),
    ]);

    // A buffer of 40 min (2,400 s) tolerates the 30 min overlap.
    const raised = await changeCompany({ overlap_buffer_minutes: 40 });
    expect(raised.overlap_buffer_minutes).toBe(40);
    const cleared = raised.rechecked as Rechecked;
    expect(ids(cleared.cleared)).toEqual(['ov-a', 'ov-b']);
    expect(cleared.nowInConflict).toEqual([]);
    expect(await get('ov-a')).toMatchObject({ isConflict: false, errors: [] });
    expect(await get('ov-b')).toMatchObject({ isConflict: false, errors: [] });

    // Back to 5 min: the tolerance is 900 s again, under the overlap.
    const lowered = await changeCompany({ overlap_buffer_minutes: 5 });
    expect(ids((lowered.rechecked as Rechecked).nowInConflict)).toEqual(['ov-a', 'ov-b']);
    expect((await get('ov-a')).isConflict).toBe(true);
    expect((await get('ov-b')).errors).toEqual([
      expect.objectContaining({ code: 'resource_busy', resourceId: 'r1' }),
    ]);

    // A change of another field re-checks nothing.
    const renamed = await changeCompany({ name: 'Renamed Org' });
    expect(renamed.rechecked).toBeUndefined();
  });

  it('lowering the maximum distance flags a booking whose worker is too far; raising it clears it', async () => {
    // r1 lives about 11 km north of the visit.
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ lat: -33.8, lng: 151.2 })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
    const far = await visit('far-1', day + 15 * H, { _geoloc: { lat: -33.9, lng: 151.2 } });
    expect(far.isConflict).toBe(false);

    const narrowed = await changeCompany({ max_distance: 5_000 });
    expect(ids((narrowed.rechecked as Rechecked).nowInConflict)).toEqual(['far-1']);
    const flagged = await get('far-1');
    expect(flagged.isConflict).toBe(true);
    expect(flagged.errors).toEqual([
      expect.objectContaining({ code: 'resource_distance_exceeds_limit', resourceId: 'r1' }),
    ]);

    const widened = await changeCompany({ max_distance: 20_000 });
    expect(ids((widened.rechecked as Rechecked).cleared)).toEqual(['far-1']);
    expect(await get('far-1')).toMatchObject({ isConflict: false, errors: [] });
  });
});
