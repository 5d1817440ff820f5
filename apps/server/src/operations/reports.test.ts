import { buildMenu } from '@rostra/core/shell/menu';
import type { ShellUser } from '@rostra/core/shell/roles';
import { termsWholeVersion } from '@rostra/core/shell/validators';
import { weekStart } from '@rostra/core/time/calendar';
import { acceptTerms } from '@rostra/db/identity/terms';
import { resources } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
const DAY = 86_400;
const WEEK = 'from=2026-03-09&to=2026-03-15';

/*
 * A small week (Mon 2026-03-09 … Sun 2026-03-15) whose figures are worked out by hand:
 * - b1 r1 confirmed Mon 09:00–16:30 (7 h 30, Nurse); b7 r1 confirmed Mon 10:00–11:00 (overlaps b1:
 *   resource_busy conflict); b2 r1+r2 finished Tue 10:00–12:00 (2 h each, Driver);
 * - not counted for hours: b3 r2 draft, b4 r2 cancelled (Wed); b5 unassigned rostered Thu
 *   09:00–11:00 (Nurse: counts for the label, nobody's hours); b6 r1 a month later;
 * - another organisation's booking in the same week.
 * The clock is Wed 12:00; the exception config wants jobs dispatched 30 min after their end.
 */
describe.each(testDatabaseKinds())('reports and analytics on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date((MONDAY + 2 * DAY + 12 * H) * 1000));
    p = await schedulingOrg(t, 'org-rep');
    other = await schedulingOrg(t, 'org-rep-other');
    // No shifts in this fixture: the shift check is off, so conflicts come from overlaps alone.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(resources)
        .set({ maxHrsWk: 35, maxHrsDy: 8 })
        .where(and(eq(resources.orgId, p.orgId), eq(resources.id, 'r1'))),
    );
    ok(
      await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
        configs: [{ action_status: 'dispatched', exception_min_amber: 30 }],
        version: 0,
      }),
    );
    const add = async (as: Personas, fields: Rec) =>
      ok(await call(t, as.dispatcher, 'POST', '/timeline-records', fields), 201);
    const at = (day: number, hour: number) => MONDAY + day * DAY + hour * H;
    await add(p, {
      _id: 'b1',
      status: 'confirmed',
      resIds: ['r1'],
      labels: ['l-nurse'],
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      utc_begin_plus_tz: at(0, 9),
      utc_end_plus_tz: at(0, 16.5),
    });
    await add(p, {
      _id: 'b2',
      status: 'finished',
      resIds: ['r1', 'r2'],
      labels: ['l-driver'],
      utc_begin_plus_tz: at(1, 10),
      utc_end_plus_tz: at(1, 12),
    });
    await add(p, {
      _id: 'b3',
      status: 'draft',
      resIds: ['r2'],
      utc_begin_plus_tz: at(2, 9),
      utc_end_plus_tz: at(2, 10),
    });
    await add(p, {
      _id: 'b4',
      status: 'cancelled',
      resIds: ['r2'],
      utc_begin_plus_tz: at(2, 11),
      utc_end_plus_tz: at(2, 12),
    });
    await add(p, {
      _id: 'b5',
      status: 'rostered',
      labels: ['l-nurse'],
      utc_begin_plus_tz: at(3, 9),
      utc_end_plus_tz: at(3, 11),
    });
    await add(p, {
      _id: 'b6',
      status: 'confirmed',
      resIds: ['r1'],
      utc_begin_plus_tz: at(28, 9),
      utc_end_plus_tz: at(28, 10),
    });
    const b7 = await add(p, {
      _id: 'b7',
      status: 'confirmed',
      resIds: ['r1'],
      utc_begin_plus_tz: at(0, 10),
      utc_end_plus_tz: at(0, 11),
    });
    expect(b7.isConflict).toBe(true);
    await add(other, {
      _id: 'x1',
      status: 'confirmed',
      resIds: ['r1'],
      labels: ['l-nurse'],
      utc_begin_plus_tz: at(0, 9),
      utc_end_plus_tz: at(0, 19),
    });
  });
  afterAll(() => t?.close());

  it('hours per resource: counted bookings of the period only, in h.mm, with the total', async () => {
    const r = ok(await call(t, p.dispatcher, 'GET', `/reports/hours?${WEEK}`));
    expect(r.rows).toEqual([
      { key: 'r1', name: 'Ann Lee', jobs: 3, seconds: 10.5 * H, hours_hmm: '10.30' },
      { key: 'r2', name: 'Bob Ray', jobs: 1, seconds: 2 * H, hours_hmm: '2.00' },
    ]);
    expect(r.total).toEqual({ jobs: 4, seconds: 12.5 * H, hours_hmm: '12.30' });
  });

  it("hours per label: a job's hours under each of its labels, assigned or not", async () => {
    const r = ok(await call(t, p.dispatcher, 'GET', `/reports/hours?${WEEK}&group=label`));
    expect(r.rows).toEqual([
      { key: 'l-driver', name: 'Driver', jobs: 1, seconds: 2 * H, hours_hmm: '2.00' },
      { key: 'l-nurse', name: 'Nurse', jobs: 2, seconds: 9.5 * H, hours_hmm: '9.30' },
    ]);
  });

  it('jobs by status counts every booking of the period, drafts and cancellations included', async () => {
    const r = ok(await call(t, p.dispatcher, 'GET', `/reports/jobs-by-status?${WEEK}`));
    expect(r.rows).toEqual([
      { status: 'confirmed', jobs: 2 },
      { status: 'cancelled', jobs: 1 },
      { status: 'draft', jobs: 1 },
      { status: 'finished', jobs: 1 },
      { status: 'rostered', jobs: 1 },
    ]);
    expect(r.total).toBe(6);
  });

  it("exceptions of the period follow the exception report's rule at the server's clock", async () => {
    const r = ok<{ entries: Rec[]; by_action_status: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/reports/exceptions?${WEEK}`),
    );
    expect(r.entries.map((e) => [e._id, e.action_status, e.curr_state]).sort()).toEqual([
      ['b1', 'dispatched', 'confirmed'],
      ['b7', 'dispatched', 'confirmed'],
    ]);
    expect(r.entries.find((e) => e._id === 'b1')?.customer).toBe('Ada Lovelace');
    expect(r.by_action_status).toEqual([{ action_status: 'dispatched', jobs: 2 }]);
    // The previous week has none.
    const before = ok<{ entries: Rec[] }>(
      await call(t, p.dispatcher, 'GET', '/reports/exceptions?from=2026-03-02&to=2026-03-08'),
    );
    expect(before.entries).toEqual([]);
  });

  it('exports each report as CSV with a header, the rows and a total', async () => {
    const res = await call(t, p.dispatcher, 'GET', `/reports/hours.csv?${WEEK}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hours-by-resource-2026-03-09-2026-03-15.csv"',
    );
    expect(res.body).toBe(
      'resource,id,jobs,hours\r\nAnn Lee,r1,3,10.30\r\nBob Ray,r2,1,2.00\r\nTotal,,4,12.30\r\n',
    );
    const statuses = await call(t, p.dispatcher, 'GET', `/reports/jobs-by-status.csv?${WEEK}`);
    expect(statuses.body.split('\r\n').slice(0, 2)).toEqual(['status,jobs', 'confirmed,2']);
    const exceptions = await call(t, p.dispatcher, 'GET', `/reports/exceptions.csv?${WEEK}`);
    expect(exceptions.body).toContain('b1,,Ada Lovelace,09/Mar/2026,dispatched,confirmed,09/Mar/2026');
  });

  it("the exceptions CSV prints its dates in the organisation's date format", async () => {
    const version = async () =>
      ok<{ version: number }>(await call(t, p.dispatcher, 'GET', '/company')).version;
    ok(
      await call(t, p.dispatcher, 'PUT', '/company', { date_format: 'dd.mm.yyyy', version: await version() }),
    );
    try {
      const csv = await call(t, p.dispatcher, 'GET', `/reports/exceptions.csv?${WEEK}`);
      expect(csv.body).toContain('b1,,Ada Lovelace,09.03.2026,dispatched,confirmed,09.03.2026');
    } finally {
      ok(
        await call(t, p.dispatcher, 'PUT', '/company', {
          date_format: 'dd/mmm/yyyy',
          version: await version(),
        }),
      );
    }
  });

  it('refuses a period that ends before it starts or is longer than 366 days, naming the field', async () => {
    const reversed = await call(t, p.dispatcher, 'GET', '/reports/hours?from=2026-03-15&to=2026-03-09');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({
      code: 'invalid_period',
      message: 'querystring.to: The period ends before it starts',
    });
    const long = await call(t, p.dispatcher, 'GET', '/analytics?from=2026-01-01&to=2027-01-02');
    expect(long.json().error.message).toBe('querystring.to: The period is at most 366 days');
    const bad = await call(t, p.dispatcher, 'GET', '/reports/jobs-by-status?from=2026-02-30&to=2026-03-09');
    expect(bad.statusCode).toBe(400);
  });

  it("analytics for a dispatcher: utilisation against limits, labels' pools, statuses per day, conflicts by reason", async () => {
    const a = ok<{
      bucket_seconds: number;
      resources: Rec[];
      labels: Rec[];
      jobs_by_status_over_time: { start: number; counts: Rec }[];
      conflicts_by_reason: Rec[];
    }>(await call(t, p.dispatcher, 'GET', `/analytics?${WEEK}`));
    expect(a.bucket_seconds).toBe(DAY);
    const r1 = a.resources.find((r) => r.resource_id === 'r1');
    expect(r1).toEqual({
      resource_id: 'r1',
      name: 'Ann Lee',
      booked_seconds: 10.5 * H,
      hours_hmm: '10.30',
      available_hours: 35,
      utilisation: 0.3,
      limits: {
        day_hours: 8.5,
        week_hours: 10.5,
        fortnight_hours: 10.5,
        day_limit: 8,
        week_limit: 35,
        fortnight_limit: 336,
        is_over: true,
      },
    });
    expect(a.resources.map((r) => r.resource_id)).toEqual(['r1', 'r2', 'r3', 'r9']);
    expect(a.resources.find((r) => r.resource_id === 'r3')).toMatchObject({
      booked_seconds: 0,
      utilisation: 0,
    });
    // Nurse: 9.5 h of jobs over the nurses' pool (r1 alone: 35 h).
    expect(a.labels.find((l) => l.key === 'l-nurse')).toMatchObject({
      booked_seconds: 9.5 * H,
      available_hours: 35,
      utilisation: 0.271,
    });
    expect(a.jobs_by_status_over_time.map((b) => b.counts)).toEqual([
      { confirmed: 2 },
      { finished: 1 },
      { draft: 1, cancelled: 1 },
      { rostered: 1 },
      {},
      {},
      {},
    ]);
    expect(a.jobs_by_status_over_time[1]?.start).toBe(MONDAY + DAY);
    // b7 overlaps b1 (both flagged: the save of b7 re-checks b1); b5 is rostered with no one
    // assigned (spec §4: in conflict when none is assigned).
    expect(a.conflicts_by_reason).toEqual([
      { code: 'resource_busy', jobs: 2 },
      { code: 'no_resource_found', jobs: 1 },
    ]);
  });

  it('analytics for a resource: only their own numbers', async () => {
    const a = ok<{
      resources: Rec[];
      labels: Rec[];
      jobs_by_status_over_time: { counts: Rec }[];
      conflicts_by_reason: Rec[];
    }>(await call(t, p.resource2, 'GET', `/analytics?${WEEK}`));
    expect(a.resources.map((r) => [r.resource_id, r.hours_hmm])).toEqual([['r2', '2.00']]);
    expect(a.labels.map((l) => l.key)).toEqual(['l-driver']);
    expect(a.jobs_by_status_over_time.map((b) => b.counts).slice(0, 3)).toEqual([
      {},
      { finished: 1 },
      { draft: 1, cancelled: 1 },
    ]);
    expect(a.conflicts_by_reason).toEqual([]);
  });

  it('reports are for dispatchers; customers get neither reports nor analytics', async () => {
    expect((await call(t, p.resource1, 'GET', `/reports/hours?${WEEK}`)).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', `/reports/hours.csv?${WEEK}`)).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', `/analytics?${WEEK}`)).statusCode).toBe(403);
  });

  it('the menu offers analytics exactly to the roles the server lets in: a scheduler gets neither', async () => {
    /** A member of the test organisation with this role and duties, signed in. */
    const member = async (key: string, user: ShellUser): Promise<Browser> => {
      const id = `${p.orgId}-${key}`;
      await addUser(t, {
        id,
        email: `${key}@${p.orgId}.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: p.orgId, role: user.role, duties: [...(user.duties ?? [])] }],
      });
      await acceptTerms(t.db.db, id, termsWholeVersion(t.app.identity.options.termsVersion), new Date());
      return signIn(t, `${key}@${p.orgId}.test`);
    };
    const partner: ShellUser = { role: 'customer', duties: ['partner'] };
    const people: [ShellUser, Browser][] = [
      [{ role: 'dispatcher' }, p.dispatcher],
      [{ role: 'resource' }, p.resource1],
      [{ role: 'customer' }, p.customer],
      [{ role: 'scheduler' }, await member('scheduler', { role: 'scheduler' })],
      [partner, await member('partner', partner)],
    ];
    const seen = [];
    for (const [user, browser] of people) {
      // The menu as the web builds it, from the settings this member reads (analytics' flag is on).
      const settings = ok<{ menu: Rec }>(await call(t, browser, 'GET', '/settings?keys=menu'));
      const inMenu = buildMenu({ user, menu: settings.menu, cf: undefined, ds: undefined }).some(
        (e) => e.key === 'analytics',
      );
      const status = (await call(t, browser, 'GET', `/analytics?${WEEK}`)).statusCode;
      seen.push({ role: user.role, duties: user.duties ?? [], inMenu, status });
    }
    expect(seen).toEqual([
      { role: 'dispatcher', duties: [], inMenu: true, status: 200 },
      { role: 'resource', duties: [], inMenu: true, status: 200 },
      { role: 'customer', duties: [], inMenu: false, status: 403 },
      { role: 'scheduler', duties: [], inMenu: false, status: 403 },
      { role: 'customer', duties: ['partner'], inMenu: false, status: 403 },
    ]);
  });

  it("timesheets of a Monday-start organisation: the picker's week (core weekStart) is the server's one week", async () => {
    const monday = await schedulingOrg(t, 'org-rep-monday');
    await putSettings(t.db.db, monday.orgId, 'allocation', { week_start_day: 1 });
    const at = (day: number, hour: number) => MONDAY + day * DAY + hour * H;
    const finished = (id: string, begin: number, hours: number) =>
      call(t, monday.dispatcher, 'POST', '/timeline-records', {
        _id: id,
        status: 'finished',
        resIds: ['r1'],
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + hours * H,
      }).then((res) => ok(res, 201));
    await finished('mon', at(0, 9), 2); // Mon 2026-03-09: first day of the week
    await finished('sun', at(6, 9), 1); // Sun 2026-03-15: its last day
    await finished('sun-before', at(-1, 9), 4); // Sun 2026-03-08: the week before
    // The week the screen picks for Wednesday 2026-03-11 with the organisation's week start day.
    const first = weekStart(at(2, 12), 1);
    expect(first).toBe(MONDAY);
    const range = 'from=2026-03-09&to=2026-03-15';
    for (const as of [monday.dispatcher, monday.resource1]) {
      const sheets = ok<{ week_start_day: number; weeks: { week_start: string; rows: Rec[] }[] }>(
        await call(t, as, 'GET', `/timesheets?${range}`),
      );
      expect(sheets.week_start_day).toBe(1);
      expect(sheets.weeks).toEqual([
        {
          week_start: '2026-03-09',
          rows: [{ resource_id: 'r1', name: 'Ann Lee', worked_seconds: 3 * H, jobs: 2, hours_hmm: '3.00' }],
        },
      ]);
    }
    // A Sunday-start organisation's answer says so (the spec's default).
    expect(
      ok<{ week_start_day: number }>(await call(t, p.dispatcher, 'GET', `/timesheets?${range}`)),
    ).toMatchObject({
      week_start_day: 0,
    });
  });

  it("an organisation's figures never include another's", async () => {
    const r = ok(await call(t, other.dispatcher, 'GET', `/reports/hours?${WEEK}`));
    expect(r.rows).toEqual([{ key: 'r1', name: 'Ann Lee', jobs: 1, seconds: 10 * H, hours_hmm: '10.00' }]);
  });
});
