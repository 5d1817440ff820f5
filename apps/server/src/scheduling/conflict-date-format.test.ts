import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Issue = { code: string; message: string };

/**
 * Issue 22 point 2: the conflict and allocation messages the server writes print their dates in
 * the organisation's `date_format` (here yyyy-mm-dd, not the default dd/mmm/yyyy), with the
 * spec's seconds: a booking's stored conflict, a leave's, and the candidates' reasons.
 */
describe.each(testDatabaseKinds())("conflict messages in the organisation's date format on %s", (kind) => {
  let t: TestApp;
  let p: Personas;
  const day = MONDAY + 2 * 86_400; // Wednesday 2026-03-11
  const booking = async (id: string, begin: number, end: number, over: Rec = {}) =>
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: id,
        status: 'confirmed',
        customerId: 'c1',
        resIds: ['r3'],
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: end,
        ...over,
      }),
      201,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-date-msgs');
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    const { version } = ok<{ version: number }>(await call(t, p.dispatcher, 'GET', '/company'));
    ok(await call(t, p.dispatcher, 'PUT', '/company', { date_format: 'yyyy-mm-dd', version }));
  });
  afterAll(() => t?.close());

  it('a booking over another of its resource: "already assigned from 2026-03-11 09:00:00 AM to …"', async () => {
    await booking('dm-1', day + 9 * H, day + 11 * H);
    const clash = await booking('dm-2', day + 10 * H, day + 12 * H);
    expect(clash.isConflict).toBe(true);
    expect(clash.errors).toContainEqual(
      expect.objectContaining({
        code: 'resource_busy',
        message: 'already assigned from 2026-03-11 09:00:00 AM to 2026-03-11 11:00:00 AM',
      }),
    );
  });

  it('a leave over a job, and the job over the leave, name each other in the format', async () => {
    await booking('dm-3', day + 14 * H, day + 15 * H, { resIds: ['r2'] });
    const leave = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'dm-lv',
        _key: 'leave',
        status: 'leave',
        resourceId: 'r2',
        utc_begin_plus_tz: day + 13 * H,
        utc_end_plus_tz: day + 17 * H,
      }),
      201,
    );
    expect(leave.errors).toEqual([
      expect.objectContaining({
        code: 'resource_busy',
        message: 'already assigned from 2026-03-11 02:00:00 PM to 2026-03-11 03:00:00 PM',
      }),
    ]);
    const over = await booking('dm-4', day + 16 * H, day + 18 * H, { resIds: ['r2'] });
    expect(over.errors).toContainEqual(
      expect.objectContaining({
        code: 'resource_on_leave',
        message: 'on leave from 2026-03-11 01:00:00 PM to 2026-03-11 05:00:00 PM',
      }),
    );
  });

  it("the candidates' reasons print the format too", async () => {
    const id = (await booking('dm-5', day + 9 * H + 1800, day + 10 * H, { resIds: [] }))._id as string;
    const res = ok<{ candidates: { resourceId: string; errors: Issue[] }[] }>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates`),
    );
    const r3 = res.candidates.find((c) => c.resourceId === 'r3');
    expect(r3?.errors).toContainEqual(
      expect.objectContaining({
        code: 'resource_busy',
        message: 'already assigned from 2026-03-11 09:00:00 AM to 2026-03-11 11:00:00 AM',
      }),
    );
  });

  it("the notices of an allocation and of a job's action name its start in the format", async () => {
    const made = await booking('dm-6', day + 20 * H, day + 21 * H, { resIds: [], reference: '' });
    ok(
      await call(t, p.dispatcher, 'POST', '/bookings/dm-6/allocate', {
        mode: 'manual',
        candidateIds: ['r1'],
        version: made.version,
      }),
    );
    ok(await call(t, p.dispatcher, 'POST', '/bookings/dm-6/actions/dispatch'));
    const mine = ok<{ items: { record_id: string; body: string }[] }>(
      await call(t, p.resource1, 'GET', '/notifications'),
    ).items.filter((n) => n.record_id === 'dm-6');
    expect(mine.map((n) => n.body).sort()).toEqual([
      'Ada Lovelace · 20:00–21:00 on 2026-03-11 08:00:00 PM: dispatch',
      'You have been allocated to booking Ada Lovelace · 20:00–21:00 on 2026-03-11 08:00:00 PM',
    ]);
  });
});
