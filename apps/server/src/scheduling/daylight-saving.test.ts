import { organisations } from '@rostra/db/schema/organisations';
import { resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { uuid } from '../job-life/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, ok, type Personas, schedulingOrg } from './testing.ts';

/*
 * Durations on Sydney's 2026 changeover nights, through the API: the organisation's zone is
 * Australia/Sydney, records keep wall-clock seconds. Clocks go back 03:00 → 02:00 on Sunday
 * 5 April (16:00 UTC on the 4th) and forward 02:00 → 03:00 on Sunday 4 October (16:00 UTC on the
 * 3rd); core's calendar.test.ts checks both against Intl. A booking from 01:00 to 04:00 lasts
 * 4 hours the first night and 2 hours the second.
 */

type Rec = Record<string, unknown>;
const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const BACK = { begin: wall('2026-04-05T01:00:00'), end: wall('2026-04-05T04:00:00') };
const FORWARD = { begin: wall('2026-10-04T01:00:00'), end: wall('2026-10-04T04:00:00') };

describe.each(testDatabaseKinds())('daylight saving in Sydney through the API on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const booking = async (id: string, span: { begin: number; end: number }, resIds: string[]) =>
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: id,
        status: 'confirmed',
        resIds,
        utc_begin_plus_tz: span.begin,
        utc_end_plus_tz: span.end,
      }),
      201,
    );
  const setResource = (id: string, set: Partial<typeof resources.$inferInsert>) =>
    withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set(set)
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, id))),
    );
  /** Runs `as`'s timer on job `id` from one real instant to another (the test clock's). */
  const timed = async (as: Browser, id: string, fromIso: string, toIso: string) => {
    for (const [action, iso] of [
      ['start', fromIso],
      ['stop', toIso],
    ] as const) {
      t.clock.set(new Date(iso));
      const now = t.clock.now().getTime();
      ok(
        await call(t, as, 'POST', `/bookings/${id}/timer`, {
          action,
          client_id: uuid(),
          client_at: now,
          sent_at: now,
        }),
        201,
      );
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-dst');
    await t.db.db
      .update(organisations)
      .set({ timeZone: 'Australia/Sydney' })
      .where(eq(organisations.id, p.orgId));
    await putSettings(t.db.db, p.orgId, 'allocation', {
      switches: { RESOURCE_SHIFT_NOT_CHECK: true, MAX_HR_DAY_NOT_CHECK: false },
    });
    await setResource('r1', { maxHrsDy: 3 });
    await setResource('r2', { data: { rate_hr: 40 } });
    // r1: an untimed booking each night, finished (timesheets count its span).
    for (const [id, span] of [
      ['back-r1', BACK],
      ['fwd-r1', FORWARD],
    ] as const) {
      await booking(id, span, ['r1']);
      ok(await call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/finish`));
    }
    // r2: the same nights with the timer run from 01:00 to 04:00 on the wall clock.
    await booking('back-r2', BACK, ['r2']);
    await timed(p.resource2, 'back-r2', '2026-04-04T14:00:00Z', '2026-04-04T18:00:00Z');
    await booking('fwd-r2', FORWARD, ['r2']);
    await timed(p.resource2, 'fwd-r2', '2026-10-03T15:00:00Z', '2026-10-03T17:00:00Z');
  });
  afterAll(() => t?.close());

  it('hour limits: 01:00–04:00 fails a 3-hour day the night clocks go back and fits a 2-hour day the night they go forward', async () => {
    const check = async (id: string, span: { begin: number; end: number }) => {
      await booking(id, span, []);
      const res = ok<{ errors: { code: string; message: string; resourceId?: string }[] }>(
        await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, {
          mode: 'check',
          candidateIds: ['r3'],
        }),
      );
      return res.errors.filter((e) => e.resourceId === 'r3').map((e) => [e.code, e.message]);
    };
    await setResource('r3', { maxHrsDy: 3 });
    expect(await check('alloc-back', BACK)).toEqual([
      ['resource_cross_max_min_hours_daily', 'exceeded 3 hours (1 jobs)'],
    ]);
    await setResource('r3', { maxHrsDy: 2 });
    expect(await check('alloc-fwd', FORWARD)).toEqual([]);
  });

  it('timesheets: an untimed finished 01:00–04:00 job is 4.00 h the back night and 2.00 h the forward night', async () => {
    type Weeks = { weeks: { week_start: string; rows: Rec[] }[] };
    const r1 = async (from: string) =>
      ok<Weeks>(await call(t, p.dispatcher, 'GET', `/timesheets?from=${from}&to=${from}`)).weeks;
    expect(await r1('2026-04-05')).toEqual([
      {
        week_start: '2026-04-05',
        rows: [{ resource_id: 'r1', name: 'Ann Lee', worked_seconds: 4 * H, jobs: 1, hours_hmm: '4.00' }],
      },
    ]);
    expect(await r1('2026-10-04')).toEqual([
      {
        week_start: '2026-10-04',
        rows: [{ resource_id: 'r1', name: 'Ann Lee', worked_seconds: 2 * H, jobs: 1, hours_hmm: '2.00' }],
      },
    ]);
  });

  it('time entries: a timer run 01:00–04:00 records 4 h worked the back night and 2 h the forward night', async () => {
    const worked = async (id: string) =>
      ok<{ aggregate: { worked_seconds: number } }>(
        await call(t, p.dispatcher, 'GET', `/bookings/${id}/time-entries`),
      ).aggregate.worked_seconds;
    expect(await worked('back-r2')).toBe(4 * H);
    expect(await worked('fwd-r2')).toBe(2 * H);
  });

  it('invoices: the labour line bills 4 hours the back night and 2 the forward night', async () => {
    const labour = async (id: string) =>
      ok<{ lines: Rec[] }>(await call(t, p.dispatcher, 'POST', `/bookings/${id}/ledger`, {}), 201).lines[0];
    expect(await labour('back-r2')).toEqual({
      description: 'Labour: Bob Ray (4.00 h)',
      quantity: 4,
      unit_price: 4000,
      amount: 16000,
    });
    expect(await labour('fwd-r2')).toEqual({
      description: 'Labour: Bob Ray (2.00 h)',
      quantity: 2,
      unit_price: 4000,
      amount: 8000,
    });
  });

  it('reports and analytics: booked hours of the night are 4 back and 2 forward, against the limits', async () => {
    const hours = async (day: string) =>
      ok<{ rows: Rec[] }>(await call(t, p.dispatcher, 'GET', `/reports/hours?from=${day}&to=${day}`)).rows;
    expect(await hours('2026-04-05')).toEqual([
      { key: 'r1', name: 'Ann Lee', jobs: 1, seconds: 4 * H, hours_hmm: '4.00' },
      { key: 'r2', name: 'Bob Ray', jobs: 1, seconds: 4 * H, hours_hmm: '4.00' },
    ]);
    expect(await hours('2026-10-04')).toEqual([
      { key: 'r1', name: 'Ann Lee', jobs: 1, seconds: 2 * H, hours_hmm: '2.00' },
      { key: 'r2', name: 'Bob Ray', jobs: 1, seconds: 2 * H, hours_hmm: '2.00' },
    ]);
    const r1 = async (day: string) =>
      ok<{ resources: Rec[] }>(
        await call(t, p.dispatcher, 'GET', `/analytics?from=${day}&to=${day}`),
      ).resources.find((r) => r.resource_id === 'r1');
    // r1's day limit is 3 hours: over it the back night, under it the forward night.
    expect(await r1('2026-04-05')).toMatchObject({
      booked_seconds: 4 * H,
      limits: { day_hours: 4, day_limit: 3, is_over: true },
    });
    expect(await r1('2026-10-04')).toMatchObject({
      booked_seconds: 2 * H,
      limits: { day_hours: 2, day_limit: 3, is_over: false },
    });
  });
});
