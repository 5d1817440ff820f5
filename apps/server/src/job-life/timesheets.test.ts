import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { uuid } from './testing.ts';

type Weeks = {
  weeks: {
    week_start: string;
    rows: { resource_id: string; name: string; worked_seconds: number; jobs: number; hours_hmm: string }[];
  }[];
};

describe.each(testDatabaseKinds())('timesheets on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const booking = async (id: string, day: number, hours: number, resIds: string[], status = 'confirmed') =>
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: id,
        status,
        customerId: 'c1',
        resIds,
        utc_begin_plus_tz: MONDAY + day * 86_400 + 9 * H,
        utc_end_plus_tz: MONDAY + day * 86_400 + (9 + hours) * H,
      }),
      201,
    );
  const finish = async (id: string) =>
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/finish`));

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-ts');
    // Monday: r1 timed 7 h 30 min on a 3-hour booking; Tuesday: r1 and r2 on an untimed 2-hour booking.
    await booking('ts-1', 0, 3, ['r1']);
    const start = t.clock.now().getTime();
    ok(
      await call(t, p.resource1, 'POST', '/bookings/ts-1/timer', {
        action: 'start',
        client_id: uuid(),
        client_at: start,
        sent_at: start,
      }),
      201,
    );
    t.clock.advance(7.5 * 3600);
    const stop = t.clock.now().getTime();
    ok(
      await call(t, p.resource1, 'POST', '/bookings/ts-1/timer', {
        action: 'stop',
        client_id: uuid(),
        client_at: stop,
        sent_at: stop,
      }),
      201,
    );
    await finish('ts-1');
    await booking('ts-2', 1, 2, ['r1', 'r2']);
    await finish('ts-2');
    // Not finished: not on the timesheet. Next week: its own week.
    await booking('ts-3', 2, 4, ['r1']);
    await booking('ts-4', 7, 1, ['r2']);
    await finish('ts-4');
  });
  afterAll(() => t?.close());

  it('sums worked time per resource per week from finished jobs: timer time, else the span; hours as h.mm', async () => {
    const res = ok<Weeks>(await call(t, p.dispatcher, 'GET', '/timesheets?from=2026-03-08&to=2026-03-21'));
    expect(res.weeks).toEqual([
      {
        week_start: '2026-03-08',
        rows: [
          { resource_id: 'r1', name: 'Ann Lee', worked_seconds: 9.5 * H, jobs: 2, hours_hmm: '9.30' },
          { resource_id: 'r2', name: 'Bob Ray', worked_seconds: 2 * H, jobs: 1, hours_hmm: '2.00' },
        ],
      },
      {
        week_start: '2026-03-15',
        rows: [{ resource_id: 'r2', name: 'Bob Ray', worked_seconds: H, jobs: 1, hours_hmm: '1.00' }],
      },
    ]);
    const one = ok<Weeks>(
      await call(t, p.dispatcher, 'GET', '/timesheets?from=2026-03-08&to=2026-03-14&resource=r2'),
    );
    expect(one.weeks).toEqual([
      {
        week_start: '2026-03-08',
        rows: [expect.objectContaining({ resource_id: 'r2', worked_seconds: 2 * H })],
      },
    ]);
  });

  it('a resource sees only their own timesheet; a customer none', async () => {
    const own = ok<Weeks>(await call(t, p.resource2, 'GET', '/timesheets?from=2026-03-08&to=2026-03-21'));
    expect(own.weeks.flatMap((w) => w.rows.map((r) => r.resource_id))).toEqual(['r2', 'r2']);
    expect(
      (await call(t, p.resource2, 'GET', '/timesheets?from=2026-03-08&to=2026-03-21&resource=r1')).statusCode,
    ).toBe(403);
    expect((await call(t, p.customer, 'GET', '/timesheets?from=2026-03-08&to=2026-03-21')).statusCode).toBe(
      403,
    );
  });

  it('refuses a bad or too long range, naming the field', async () => {
    const backwards = await call(t, p.dispatcher, 'GET', '/timesheets?from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('to');
    expect((await call(t, p.dispatcher, 'GET', '/timesheets?from=2026-01-01&to=2026-12-31')).statusCode).toBe(
      400,
    );
    expect((await call(t, p.dispatcher, 'GET', '/timesheets?from=2026-02-30&to=2026-03-01')).statusCode).toBe(
      400,
    );
  });

  it('gives the same as CSV', async () => {
    const res = await call(t, p.dispatcher, 'GET', '/timesheets.csv?from=2026-03-08&to=2026-03-14');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe(
      'week_start,resource_id,name,jobs,worked_seconds,hours\r\n2026-03-08,r1,Ann Lee,2,34200,9.30\r\n2026-03-08,r2,Bob Ray,1,7200,2.00\r\n',
    );
  });
});
