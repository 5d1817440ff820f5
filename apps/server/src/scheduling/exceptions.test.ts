import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, ok, type Personas, schedulingOrg } from './testing.ts';

type Entry = {
  _id: string;
  action_status: string;
  curr_state: string;
  curr_state_date: number | null;
  matched: boolean;
};
type Report = { entries: Entry[]; configs_map_ids: Record<string, string[]>; computed_for: number };

/** Monday 2026-03-09 12:00 (the organisation runs on UTC, so wall clock = real time). */
const NOON = Date.parse('2026-03-09T12:00:00Z') / 1000;

describe.each(testDatabaseKinds())('exception reports on a fixed clock on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const events = async (after: number) =>
    (await selectLiveEventsUnsafe(t.db.db, p.orgId, after, 10_000)).filter(
      (e) => e.topic === 'exception_report',
    );
  const lastSeq = async () => (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-exc');
    t.clock.set(new Date(NOON * 1000));
    ok(
      await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
        configs: [
          { action_status: 'dispatched', exception_min_amber: 30 },
          { action_status: 'finished', action_attr: 'utc_end_plus_tz', exception_min_amber: 60 },
        ],
        version: 0,
      }),
    );
    const job = async (id: string, status: string, end: number) =>
      ok(
        await call(t, p.dispatcher, 'POST', '/timeline-records', {
          _id: id,
          status,
          resIds: ['r1'],
          utc_begin_plus_tz: end - H,
          utc_end_plus_tz: end,
        }),
        201,
      );
    await job('late', 'confirmed', NOON - H); // ended 60 min ago, never dispatched
    await job('recent', 'confirmed', NOON - 15 * 60); // ended 15 min ago
    await job('gone', 'dispatched', NOON - 2 * H); // dispatched, not finished, ended 2 h ago
    await job('done', 'finished', NOON - 3 * H); // not a current job
  });
  afterAll(() => t?.close());

  it('the background job computes the report with the core: entries by status order, matched ones dropped', async () => {
    const before = await lastSeq();
    await t.app.jobs.runNow('exception-report');
    const report = ok<Report>(await call(t, p.dispatcher, 'GET', '/exception-report'));
    expect(report.computed_for).toBe(NOON);
    expect(report.entries.map((e) => [e._id, e.action_status, e.curr_state, e.curr_state_date])).toEqual([
      ['gone', 'finished', 'dispatched', NOON - 2 * H],
      ['late', 'dispatched', 'confirmed', NOON - H],
      ['late', 'finished', 'confirmed', NOON - H],
    ]);
    expect(report.configs_map_ids).toEqual({ dispatched: ['late'], finished: ['gone', 'late'] });
    expect((await events(before)).map((e) => e.kind)).toEqual(['exception_report.changed']);
  });

  it('an unchanged report makes no event; a job crossing its threshold changes it and the banner hears', async () => {
    const before = await lastSeq();
    await t.app.jobs.runNow('exception-report');
    expect(await events(before)).toEqual([]);
    t.clock.advance(15 * 60); // 'recent' ended 30 minutes ago now: exactly the amber threshold counts
    await t.app.jobs.runNow('exception-report');
    const report = ok<Report>(await call(t, p.dispatcher, 'GET', '/exception-report'));
    expect(report.entries.map((e) => `${e._id}/${e.action_status}`)).toContain('recent/dispatched');
    const changed = await events(before);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.audience).toEqual({ dispatchers: true });
  });

  it('an action that reaches the action status takes the job off the report', async () => {
    ok(await call(t, p.dispatcher, 'POST', '/bookings/late/actions/dispatch'));
    await t.app.jobs.runNow('exception-report');
    const report = ok<Report>(await call(t, p.dispatcher, 'GET', '/exception-report'));
    expect(
      report.entries.filter((e) => e._id === 'late').map((e) => [e.action_status, e.curr_state]),
    ).toEqual([['finished', 'dispatched']]);
  });

  it('is for dispatchers only', async () => {
    expect((await call(t, p.resource1, 'GET', '/exception-report')).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', '/exception-report/config')).statusCode).toBe(403);
  });

  it('a job runs once per period across instances: two schedulers ticking together run it once', async () => {
    let runs = 0;
    const job = { name: 'count-once', periodMs: 60_000, run: async () => void runs++ };
    const now = () => t.clock.now();
    const a = createScheduler({ db: t.db.db, now, jobs: [job], log: t.app.log });
    const b = createScheduler({ db: t.db.db, now, jobs: [job], log: t.app.log });
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    t.clock.advance(61);
    await Promise.all([b.tick(), a.tick()]);
    expect(runs).toBe(2);
  });
});
