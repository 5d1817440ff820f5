import { DAY, fromYmd } from '@rostra/core/time/calendar';
import { organisations } from '@rostra/db/schema/organisations';
import { recurringBookings } from '@rostra/db/schema/recurrence';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; total: number };

/*
 * Issue 22 point 1: `planner_recurrence` (repeating a booking) and `planner_plan` (the Planner's
 * list of series, ending one) through the API, on and off. Each booking of a series goes through
 * the one booking write path: its checks, conflicts and readers are a normal booking's.
 */
describe.each(testDatabaseKinds())('booking series on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const at = MONDAY + 9 * H;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-01T08:00:00Z'));
    p = await schedulingOrg(t, 'org-series');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(new Date('2026-03-01T08:00:00Z')));

  const flags = (on: Rec) =>
    putSettings(t.db.db, p.orgId, 'display', { allow_booking_without_customer: true, ...on });
  const post = (path: string, body: Rec, as = p.dispatcher) => call(t, as, 'POST', path, body);
  const error = (res: { json: () => unknown }) => (res.json() as { error: Rec }).error;
  const series = (fields: Rec, repeat: Rec) =>
    post('/booking-series', {
      reference: 'Weekly visit',
      status: 'confirmed',
      resIds: ['r1'],
      ...fields,
      repeat,
    });
  const bookingsIn = async (from: number, to: number) =>
    ok<Page>(await call(t, p.dispatcher, 'GET', `/timeline-records?from=${from}&to=${to}&limit=250`)).items;

  describe('planner_recurrence', () => {
    it('on (the default): weekly ×4 makes four bookings a week apart at the same time, each a normal booking', async () => {
      await flags({});
      const made = ok<{ series: Rec; first: Rec; conflicts: number }>(
        await series(
          { utc_begin_plus_tz: at, utc_end_plus_tz: at + 2 * H },
          { frequency: 'weekly', count: 4 },
        ),
        201,
      );
      expect(made.conflicts).toBe(0);
      expect(made.series).toMatchObject({
        frequency: 'weekly',
        count: 4,
        until: null,
        occurrences: 4,
        reference: 'Weekly visit',
        resIds: ['r1'],
        next: { _id: made.first._id, utc_begin_plus_tz: at },
        ended_at: null,
      });
      const items = await bookingsIn(at, at + 4 * 7 * DAY);
      expect(items.map((b) => b.utc_begin_plus_tz)).toEqual([0, 1, 2, 3].map((k) => at + k * 7 * DAY));
      for (const b of items) {
        expect(b).toMatchObject({ status: 'confirmed', resIds: ['r1'], reference: 'Weekly visit' });
        expect(b.isConflict).toBe(false);
        expect(b.utc_end_plus_tz).toBe((b.utc_begin_plus_tz as number) + 2 * H);
      }
      // Readers are derived as for any booking: the assigned worker sees every one.
      const mine = ok<Page>(
        await call(t, p.resource1, 'GET', `/timeline-records?from=${at}&to=${at + 28 * DAY}&limit=250`),
      );
      expect(mine.items).toHaveLength(4);
      // Each has its own status history, like a booking made one at a time.
      const states = ok<{ items: Rec[] }>(
        await call(t, p.dispatcher, 'GET', `/bookings/${items[2]?._id as string}/states`),
      );
      expect(states.items).toEqual([expect.objectContaining({ status: 'confirmed', action: 'create' })]);
    });

    it('an occurrence that overlaps another booking of its worker is saved as a conflict, as a single booking is', async () => {
      await flags({});
      const day = MONDAY + 28 * DAY + 14 * H;
      ok(
        await post('/timeline-records', {
          _id: 'busy-1',
          status: 'confirmed',
          resIds: ['r3'],
          utc_begin_plus_tz: day + DAY,
          utc_end_plus_tz: day + DAY + H,
        }),
        201,
      );
      const made = ok<{ conflicts: number }>(
        await series(
          { resIds: ['r3'], utc_begin_plus_tz: day, utc_end_plus_tz: day + H },
          { frequency: 'daily', count: 3 },
        ),
        201,
      );
      expect(made.conflicts).toBe(1);
      const items = (await bookingsIn(day, day + 3 * DAY)).filter((b) => b._id !== 'busy-1');
      expect(items.map((b) => b.isConflict)).toEqual([false, true, false]);
    });

    it('under resource_validation a conflicting occurrence refuses the whole series, naming its day; nothing is kept', async () => {
      await flags({ resource_validation: true });
      const day = MONDAY + 35 * DAY + 14 * H;
      ok(
        await post('/timeline-records', {
          _id: 'busy-2',
          status: 'confirmed',
          resIds: ['r3'],
          utc_begin_plus_tz: day + 7 * DAY,
          utc_end_plus_tz: day + 7 * DAY + H,
        }),
        201,
      );
      const before = ok<Page>(await call(t, p.dispatcher, 'GET', '/planner/series')).total;
      const res = await series(
        { resIds: ['r3'], utc_begin_plus_tz: day, utc_end_plus_tz: day + H },
        { frequency: 'weekly', count: 3 },
      );
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({
        code: 'resource_conflict',
        message:
          '20/Apr/2026: This organisation does not save a job whose resources fail the checks: choose another resource',
      });
      expect((await bookingsIn(day, day + 21 * DAY)).map((b) => b._id)).toEqual(['busy-2']);
      expect(ok<Page>(await call(t, p.dispatcher, 'GET', '/planner/series')).total).toBe(before);
      await flags({});
    });

    it(`refuses more than 366 bookings with what to change, and a last day before the start; 366 daily saves`, async () => {
      await flags({});
      const far = fromYmd('2030-01-07') + 9 * H;
      const times = { resIds: [], utc_begin_plus_tz: far, utc_end_plus_tz: far + H };
      const tooMany = await series(times, { frequency: 'daily', count: 367 });
      expect(tooMany.statusCode).toBe(400);
      expect(error(tooMany)).toMatchObject({
        code: 'repeat_too_many',
        message: 'A series has at most 366 bookings: choose an earlier last day or fewer occurrences',
        details: { field: 'repeat.count' },
      });
      const before = await series(times, { frequency: 'weekly', until: far - 2 * DAY });
      expect(error(before).code).toBe('repeat_until_before_start');
      const neither = await series(times, { frequency: 'weekly' });
      expect(error(neither).code).toBe('repeat_end_required');
      const year = ok<{ series: Rec }>(
        await series(times, { frequency: 'daily', until: fromYmd('2031-01-07') }),
        201,
      );
      expect(year.series.occurrences).toBe(366);
    }, 120_000);

    it('off: the server refuses a series (409 recurrence_off) and writes nothing; a single booking still saves', async () => {
      await flags({ planner_recurrence: false });
      const day = MONDAY + 60 * DAY + 9 * H;
      const res = await series(
        { utc_begin_plus_tz: day, utc_end_plus_tz: day + H },
        { frequency: 'daily', count: 2 },
      );
      expect(res.statusCode).toBe(409);
      expect(error(res)).toMatchObject({
        code: 'recurrence_off',
        message: 'This organisation does not repeat bookings',
      });
      expect(await bookingsIn(day, day + 2 * DAY)).toEqual([]);
      ok(await post('/timeline-records', { utc_begin_plus_tz: day, utc_end_plus_tz: day + H }), 201);
      await flags({});
    });

    it('only dispatchers repeat bookings', async () => {
      const day = MONDAY + 70 * DAY + 9 * H;
      const body = {
        utc_begin_plus_tz: day,
        utc_end_plus_tz: day + H,
        repeat: { frequency: 'daily', count: 2 },
      };
      expect((await post('/booking-series', body, p.resource1)).statusCode).toBe(403);
      expect((await post('/booking-series', body, p.customer)).statusCode).toBe(403);
    });

    it('across the Australia/Sydney daylight-saving change the bookings keep 09:00 on the wall clock', async () => {
      await t.db.db
        .update(organisations)
        .set({ timeZone: 'Australia/Sydney' })
        .where(eq(organisations.id, p.orgId));
      try {
        const sat = fromYmd('2026-04-04');
        ok(
          await series(
            { resIds: ['r2'], utc_begin_plus_tz: sat + 9 * H, utc_end_plus_tz: sat + 10 * H },
            { frequency: 'daily', count: 3 },
          ),
          201,
        );
        const items = (await bookingsIn(sat, sat + 3 * DAY)).filter(
          (b) => (b.resIds as string[])[0] === 'r2',
        );
        expect(items.map((b) => ((b.utc_begin_plus_tz as number) - sat) / H)).toEqual([9, 33, 57]);
      } finally {
        await t.db.db.update(organisations).set({ timeZone: 'UTC' }).where(eq(organisations.id, p.orgId));
      }
    });
  });

  describe('planner_plan', () => {
    it("lists the organisation's series; ending one cancels its bookings from now on and keeps the past", async () => {
      await flags({});
      const day = MONDAY + 100 * DAY + 8 * H;
      const made = ok<{ series: Rec }>(
        await series(
          { reference: 'Ending soon', resIds: ['r1'], utc_begin_plus_tz: day, utc_end_plus_tz: day + H },
          { frequency: 'daily', count: 5 },
        ),
        201,
      );
      const id = made.series._id as string;
      const listed = ok<Page>(await call(t, p.dispatcher, 'GET', '/planner/series'));
      expect(listed.items.find((s) => s._id === id)).toMatchObject({
        occurrences: 5,
        reference: 'Ending soon',
      });
      // Two days in: the first two are past (one of them finished), three are to come.
      t.clock.set(new Date((day + 2 * DAY - H) * 1000));
      const items = await bookingsIn(day, day + 5 * DAY);
      const first = items[0] as Rec;
      ok(await post(`/bookings/${first._id as string}/actions/finish`, { version: first.version }));
      const ended = ok<{ series: Rec; cancelled: number }>(await post(`/planner/series/${id}/end`, {}));
      expect(ended.cancelled).toBe(3);
      expect(ended.series).toMatchObject({ occurrences: 2, next: null });
      expect(ended.series.ended_at).toEqual(expect.any(Number));
      const after = await bookingsIn(day, day + 5 * DAY);
      expect(after.map((b) => b.status)).toEqual([
        'finished',
        'confirmed',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      // Cancelled by the action, as a dispatcher would one by one: its state names it.
      const states = ok<{ items: Rec[] }>(
        await call(t, p.dispatcher, 'GET', `/bookings/${after[4]?._id as string}/states`),
      );
      expect(states.items[0]).toMatchObject({ status: 'cancelled', action: 'cancel' });
      // Ending again has nothing left to cancel.
      expect(ok<{ cancelled: number }>(await post(`/planner/series/${id}/end`, {})).cancelled).toBe(0);
    });

    it('off: the planner routes refuse (409 planner_off) and the series stays as it was', async () => {
      const day = MONDAY + 120 * DAY + 8 * H;
      const made = ok<{ series: Rec }>(
        await series({ utc_begin_plus_tz: day, utc_end_plus_tz: day + H }, { frequency: 'weekly', count: 2 }),
        201,
      );
      await flags({ planner_plan: false });
      const list = await call(t, p.dispatcher, 'GET', '/planner/series');
      expect(list.statusCode).toBe(409);
      expect(error(list)).toMatchObject({
        code: 'planner_off',
        message: 'This organisation does not use the planner',
      });
      const end = await post(`/planner/series/${made.series._id as string}/end`, {});
      expect(end.statusCode).toBe(409);
      expect(error(end).code).toBe('planner_off');
      expect((await bookingsIn(day, day + 14 * DAY)).map((b) => b.status)).toEqual([
        'confirmed',
        'confirmed',
      ]);
      await flags({});
    });

    it('a series repeating other than daily, weekly or fortnightly cannot be stored, so the planner lists every series', async () => {
      const monthly = withOrg(t.db.db, p.orgId, (tx) =>
        tx.insert(recurringBookings).values({
          orgId: p.orgId,
          id: 'series-monthly',
          frequency: 'monthly' as 'daily',
          count: 3,
          beginAt: at,
          endAt: at + H,
        }),
      );
      await expect(monthly).rejects.toMatchObject({ cause: { code: '23514' } });
      await flags({});
      const listed = ok<Page>(await call(t, p.dispatcher, 'GET', '/planner/series'));
      expect(listed.items.map((s) => s._id)).not.toContain('series-monthly');
    });

    it('only dispatchers read the planner', async () => {
      expect((await call(t, p.resource1, 'GET', '/planner/series')).statusCode).toBe(403);
      expect((await call(t, p.customer, 'GET', '/planner/series')).statusCode).toBe(403);
    });
  });
});
