import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor, uuid } from './testing.ts';

type Agg = {
  state: string;
  worked_seconds: number;
  break_seconds: number;
  laps: number[];
  running_since: number | null;
  mileage_km: number;
};
type Answer = {
  entries: {
    _id: string;
    resource_id: string;
    action: string;
    at: number;
    client_id: string;
    corrected?: boolean;
  }[];
  mileage: { _id: string; km: number }[];
  aggregate: Agg & { by_resource: Record<string, Agg> };
  log?: { entry_id: string; old_at: number; new_at: number; reason: string; by: { uid: string } }[];
};
const MIN = 60_000;

describe.each(testDatabaseKinds())('timers and time entries on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const timer = (as: Browser, id: string, action: string, over: Record<string, unknown> = {}) => {
    const now = t.clock.now().getTime();
    return call(t, as, 'POST', `/bookings/${id}/timer`, {
      action,
      client_id: uuid(),
      client_at: now,
      sent_at: now,
      ...over,
    });
  };
  const minutes = (m: number) => t.clock.advance(m * 60);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-time');
  });
  afterAll(() => t?.close());

  it('start → pause → start → stop gives the worked time and the break', async () => {
    const id = await jobFor(t, p);
    ok(await timer(p.resource1, id, 'start'), 201);
    minutes(45);
    ok(await timer(p.resource1, id, 'pause'), 201);
    minutes(15);
    ok(await timer(p.resource1, id, 'start'), 201);
    minutes(75);
    const done = ok<Answer>(await timer(p.resource1, id, 'stop'), 201);
    expect(done.aggregate).toMatchObject({
      state: 'stopped',
      worked_seconds: 120 * 60,
      break_seconds: 15 * 60,
      running_since: null,
    });
    expect(done.entries.map((e) => e.action)).toEqual(['start', 'pause', 'start', 'stop']);
    expect(done.entries.every((e) => e.resource_id === 'r1')).toBe(true);
    // The dispatcher reads the same, and it stays after a reload.
    const read = ok<Answer>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/time-entries`));
    expect(read.aggregate.worked_seconds).toBe(7200);
    expect(read.aggregate.by_resource.r1?.worked_seconds).toBe(7200);
  });

  it('a duplicate event sent twice after reconnect counts once', async () => {
    const id = await jobFor(t, p);
    const start = t.clock.now().getTime();
    const startEvent = { client_id: uuid(), client_at: start, sent_at: start };
    ok(await timer(p.resource1, id, 'start', startEvent), 201);
    minutes(30);
    const stopAt = t.clock.now().getTime();
    const stopEvent = { client_id: uuid(), client_at: stopAt, sent_at: stopAt };
    ok(await timer(p.resource1, id, 'stop', stopEvent), 201);
    minutes(5);
    // The device never saw the answers and sends its queue again.
    const again1 = ok<Answer>(
      await timer(p.resource1, id, 'start', { ...startEvent, sent_at: t.clock.now().getTime() }),
      200,
    );
    const again2 = ok<Answer>(
      await timer(p.resource1, id, 'stop', { ...stopEvent, sent_at: t.clock.now().getTime() }),
      200,
    );
    expect(again1.entries).toHaveLength(2);
    expect(again2.aggregate).toMatchObject({ state: 'stopped', worked_seconds: 30 * 60 });
  });

  it("queued offline events keep their real time, corrected by the device clock's offset", async () => {
    const id = await jobFor(t, p);
    const skew = 7 * MIN; // the phone's clock runs 7 minutes fast
    const t0 = t.clock.now().getTime();
    ok(await timer(p.resource1, id, 'start', { client_at: t0 + skew, sent_at: t0 + skew }), 201);
    minutes(20); // offline from here: pause at +20, stop at +50, sent at +60
    const pauseAt = t.clock.now().getTime() + skew;
    minutes(30);
    const stopAt = t.clock.now().getTime() + skew;
    minutes(10);
    const sent = t.clock.now().getTime() + skew;
    ok(await timer(p.resource1, id, 'pause', { client_at: pauseAt, sent_at: sent }), 201);
    const done = ok<Answer>(await timer(p.resource1, id, 'stop', { client_at: stopAt, sent_at: sent }), 201);
    expect(done.entries.map((e) => e.at - t0)).toEqual([0, 20 * MIN, 50 * MIN]);
    expect(done.aggregate).toMatchObject({ worked_seconds: 20 * 60, break_seconds: 30 * 60 });
  });

  it('never stores an event later than the server received it', async () => {
    const id = await jobFor(t, p);
    const now = t.clock.now().getTime();
    const res = ok<Answer>(
      await timer(p.resource1, id, 'start', { client_at: now + 60 * MIN, sent_at: now }),
      201,
    );
    expect(res.entries[0]?.at).toBe(now);
  });

  it('refuses sequences that make no sense with 409 and a clear message', async () => {
    const id = await jobFor(t, p);
    const pause = await timer(p.resource1, id, 'pause');
    expect(pause.statusCode).toBe(409);
    expect(pause.json().error).toMatchObject({
      code: 'timer_sequence',
      message: 'The timer is not running, so it cannot be paused',
    });
    ok(await timer(p.resource1, id, 'start'), 201);
    const twice = await timer(p.resource1, id, 'start');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('The timer is already running: pause or stop it first');
  });

  it('a cancelled booking takes no new timer events, but a retry of an earlier one is still answered', async () => {
    const id = await jobFor(t, p);
    const now = t.clock.now().getTime();
    const start = { client_id: uuid(), client_at: now, sent_at: now };
    ok(await timer(p.resource1, id, 'start', start), 201);
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/cancel`));
    const refused = await timer(p.resource1, id, 'stop');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This booking is cancelled: its timer cannot be used');
    ok(await timer(p.resource1, id, 'start', start), 200);
  });

  it('laps are recorded while running', async () => {
    const id = await jobFor(t, p);
    ok(await timer(p.resource1, id, 'start'), 201);
    minutes(10);
    const lap = ok<Answer>(await timer(p.resource1, id, 'lap'), 201);
    expect(lap.aggregate.laps).toEqual([600]);
    expect(lap.aggregate.state).toBe('running');
  });

  it("role rules: the job's resource records their own time; a customer 403; another resource 404; a dispatcher acts for a named resource of the job", async () => {
    const id = await jobFor(t, p, { resIds: ['r1', 'r2'] });
    const other = await jobFor(t, p);
    expect((await timer(p.customer, id, 'start')).statusCode).toBe(403);
    expect((await timer(p.resource2, other, 'start')).statusCode).toBe(404);
    expect((await call(t, p.resource2, 'GET', `/bookings/${other}/time-entries`)).statusCode).toBe(404);
    expect((await call(t, p.customer, 'GET', `/bookings/${id}/time-entries`)).statusCode).toBe(403);
    expect((await timer(p.resource1, id, 'start', { resource_id: 'r2' })).statusCode).toBe(403);
    const noResource = await timer(p.dispatcher, id, 'start');
    expect(noResource.statusCode).toBe(400);
    expect(noResource.json().error.message).toBe('Choose the resource this entry is for');
    expect((await timer(p.dispatcher, id, 'start', { resource_id: 'r3' })).statusCode).toBe(400);
    ok(await timer(p.dispatcher, id, 'start', { resource_id: 'r2' }), 201);
    minutes(10);
    ok(await timer(p.resource1, id, 'start'), 201);
    minutes(10);
    const both = ok<Answer>(await call(t, p.resource2, 'GET', `/bookings/${id}/time-entries`));
    expect(both.aggregate.state).toBe('running');
    expect(both.aggregate.worked_seconds).toBe(30 * 60);
    expect(both.aggregate.by_resource.r2?.worked_seconds).toBe(20 * 60);
  });

  it('a dispatcher correction changes the worked time and is logged with old and new values, who and why', async () => {
    const id = await jobFor(t, p);
    ok(await timer(p.resource1, id, 'start'), 201);
    minutes(60);
    const stopped = ok<Answer>(await timer(p.resource1, id, 'stop'), 201);
    const stop = stopped.entries[1];
    if (!stop) throw new Error('no stop entry');
    expect(
      (
        await call(t, p.resource1, 'PATCH', `/bookings/${id}/time-entries`, {
          entry_id: stop._id,
          at: stop.at - 30 * MIN,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const noReason = await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/time-entries`, {
      entry_id: stop._id,
      at: stop.at - 30 * MIN,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const fixed = ok<Answer & { entry: { corrected: boolean; at: number } }>(
      await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/time-entries`, {
        entry_id: stop._id,
        at: stop.at - 30 * MIN,
        reason: 'Left early',
      }),
    );
    expect(fixed.entry).toMatchObject({ corrected: true, at: stop.at - 30 * MIN });
    expect(fixed.aggregate.worked_seconds).toBe(30 * 60);
    const before = stopped.entries[0];
    const breaking = await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/time-entries`, {
      entry_id: stop._id,
      at: (before?.at ?? 0) - MIN,
      reason: 'oops',
    });
    expect(breaking.statusCode).toBe(409);
    const read = ok<Answer>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/time-entries`));
    expect(read.log).toHaveLength(1);
    expect(read.log?.[0]).toMatchObject({
      entry_id: stop._id,
      old_at: stop.at,
      new_at: stop.at - 30 * MIN,
      reason: 'Left early',
      by: { uid: p.uids.dispatcher },
    });
    expect(read.entries[1]?.corrected).toBe(true);
    expect(
      (
        await call(t, p.dispatcher, 'PATCH', `/bookings/${id}/time-entries`, {
          entry_id: 'nope',
          at: stop.at,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('mileage adds up per job; with the minimum in-job mileage flag a smaller km is refused', async () => {
    const id = await jobFor(t, p);
    ok(await call(t, p.resource1, 'POST', `/bookings/${id}/mileage`, { client_id: uuid(), km: 0.4 }), 201);
    await putSettings(t.db.db, p.orgId, 'display', { min_injob_mileage: true, min_injob_mileage_km: 2 });
    const low = await call(t, p.resource1, 'POST', `/bookings/${id}/mileage`, { client_id: uuid(), km: 1.5 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toBe('The in-job mileage must be at least 2 km');
    const client_id = uuid();
    ok(await call(t, p.resource1, 'POST', `/bookings/${id}/mileage`, { client_id, km: 12.6 }), 201);
    const again = ok<Answer>(
      await call(t, p.resource1, 'POST', `/bookings/${id}/mileage`, { client_id, km: 12.6 }),
      200,
    );
    expect(again.aggregate.mileage_km).toBe(13);
    expect(again.mileage).toHaveLength(2);
    expect(
      (await call(t, p.customer, 'POST', `/bookings/${id}/mileage`, { client_id: uuid(), km: 3 })).statusCode,
    ).toBe(403);
    await putSettings(t.db.db, p.orgId, 'display', {});
  });

  it('tells the dispatchers and the job readers live (topic booking, kind time) with the aggregate', async () => {
    const id = await jobFor(t, p);
    ok(await timer(p.resource1, id, 'start'), 201);
    const events = await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 10_000);
    const event = events.findLast((e) => e.kind === 'time' && e.payload._id === id);
    expect(event?.topic).toBe('booking');
    expect((event?.payload.aggregate as Agg | undefined)?.state).toBe('running');
    expect(event?.audience.dispatchers).toBe(true);
    expect(event?.audience.uids).toContain(p.uids.resource1);
  });
});
