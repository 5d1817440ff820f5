import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from '../live/testing.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
type Numbered = { items: Rec[]; total: number; page: number; limit: number };
const DAY = 86_400;
const ids = (a: { items: Rec[] }) => a.items.map((r) => r._id);

describe.each(testDatabaseKinds())('directory routes on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  const booking = async (over: Rec, as = p.dispatcher) =>
    ok(
      await call(t, as, 'POST', '/timeline-records', {
        status: 'confirmed',
        customerId: 'c1',
        customer_first_name: 'Ada',
        customer_last_name: 'Lovelace',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
        ...over,
      }),
      201,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    // "Now" is Monday 10:30 on the organisation's (UTC) wall clock.
    t.clock.set(new Date((MONDAY + 10.5 * H) * 1000));
    p = await schedulingOrg(t, 'org-dir');
    other = await schedulingOrg(t, 'org-dir-other');
    await booking({ _id: 'b-today-1', reference: 'REF-ONE', resIds: ['r1'] });
    await booking({ _id: 'b-today-2', reference: 'REF-TWO', status: 'rostered' });
    await booking({ _id: 'b-today-draft', status: 'draft' });
    await booking({
      _id: 'b-tomorrow',
      utc_begin_plus_tz: MONDAY + DAY + 9 * H,
      utc_end_plus_tz: MONDAY + DAY + 10 * H,
      resIds: ['r2'],
      external_data: { VisitStemID: 'vs-1' },
    });
    await booking({
      _id: 'leave-r2',
      _key: 'leave',
      status: 'leave',
      customerId: null,
      resIds: ['r2'],
      utc_begin_plus_tz: MONDAY,
      utc_end_plus_tz: MONDAY + 2 * DAY,
    });
    await booking({
      _id: 'ge-1',
      _key: 'groupevent',
      customerId: null,
      reference: 'Team picnic',
      all_location: 'Harbour park',
      resIds: ['r1', 'r2'],
      utc_begin_plus_tz: MONDAY + 2 * DAY + 12 * H,
      utc_end_plus_tz: MONDAY + 2 * DAY + 14 * H,
    });
    ok(
      await call(t, p.dispatcher, 'POST', '/service-plans', { VisitStemID: 'vs-1', UpdateType: 'Ended' }),
      201,
    );
    ok(await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: ['r3'], version: 0 }));
    ok(
      await call(t, p.dispatcher, 'POST', '/calendar-events', {
        _id: 'ce-1',
        name: 'Audit',
        utc_begin_plus_tz: MONDAY + 3 * DAY,
        utc_end_plus_tz: MONDAY + 3 * DAY + H,
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  it('lists customers by name with search, label filter, numbered pages and the total', async () => {
    const all = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/customers?limit=1'));
    expect(all).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(ids(all)).toEqual(['c1']);
    const second = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/customers?limit=1&page=2'));
    expect(ids(second)).toEqual(['c2']);
    expect(ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/customers?q=smi')))).toEqual([
      'c2',
    ]);
    expect(
      ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/customers?label=l-nurse'))),
    ).toEqual(['c1']);
    // A pattern character is taken literally.
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/customers?q=%25')).total).toBe(0);
  });

  it('lists resources without promoted dispatchers, filtered by label, activity and kind', async () => {
    const all = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/resources'));
    expect(ids(all)).toEqual(['r1', 'r2', 'r3']);
    expect(
      ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/resources?label=l-driver'))),
    ).toEqual(['r1', 'r2']);
    expect(ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/resources?q=bob')))).toEqual([
      'r2',
    ]);
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/resources?external=true')).total).toBe(
      0,
    );
    expect(
      ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/resources?inactive=false')).total,
    ).toBe(3);
  });

  it('keeps lists and overviews to dispatchers of the organisation', async () => {
    expect((await call(t, p.resource1, 'GET', '/directory/customers')).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', '/directory/resources')).statusCode).toBe(403);
    expect((await call(t, other.dispatcher, 'GET', '/directory/customers/c1/overview')).statusCode).toBe(200);
    const theirs = ok<Numbered>(await call(t, other.dispatcher, 'GET', '/directory/customers'));
    // The other organisation has its own c1, c2: nothing of org-dir's (its blacklist) shows.
    const overview = ok(await call(t, other.dispatcher, 'GET', '/directory/customers/c1/overview'));
    expect(theirs.total).toBe(2);
    expect(overview).toMatchObject({ blacklisted: [], bookings: { total: 0 } });
    expect((await call(t, p.dispatcher, 'GET', '/directory/customers/nope/overview')).statusCode).toBe(404);
    expect((await call(t, p.dispatcher, 'GET', '/directory/resources/r9/overview')).statusCode).toBe(404);
  });

  it("shows a customer's blacklisted resources, service plans and booking counts", async () => {
    const overview = ok(await call(t, p.dispatcher, 'GET', '/directory/customers/c1/overview'));
    expect(overview).toMatchObject({
      blacklisted: [{ _id: 'r3', name: 'Cid Roe' }],
      service_plans: [{ VisitStemID: 'vs-1', UpdateType: 'Ended' }],
      bookings: { total: 4, upcoming: 1 },
    });
  });

  it("shows who blacklisted a resource, its leaves and this week's shifts", async () => {
    const r3 = ok(await call(t, p.dispatcher, 'GET', '/directory/resources/r3/overview'));
    expect(r3).toMatchObject({ blacklisted_by: [{ _id: 'c1', name: 'Ada Lovelace' }], leaves: [] });
    const week = '2026-03-08_2026-03-14';
    ok(
      await call(t, p.dispatcher, 'PUT', `/resources/r2/shifts/${week}`, {
        mo: true,
        beg: 8 * H,
        end: 16 * H,
        version: 0,
      }),
    );
    const r2 = ok<{ leaves: Rec[]; week: { shifts: Rec[] } }>(
      await call(t, p.dispatcher, 'GET', '/directory/resources/r2/overview'),
    );
    expect(ids({ items: r2.leaves })).toEqual(['leave-r2']);
    expect(r2.week.shifts).toHaveLength(1);
  });

  it("counts today's bookings by status, unassigned, conflicts, shifts and leaves", async () => {
    const today = ok(await call(t, p.dispatcher, 'GET', '/directory/home/today'));
    expect(today).toMatchObject({
      from: MONDAY,
      to: MONDAY + DAY,
      total: 3,
      by_status: { confirmed: 1, rostered: 1, draft: 1 },
      // b-today-2 has no resource; the draft is not waiting for one.
      unassigned: 1,
      on_leave: 1,
    });
    expect(typeof today.on_shift).toBe('number');
    // A resource counts only what they may read, and no shifts.
    const mine = ok(await call(t, p.resource1, 'GET', '/directory/home/today'));
    expect(mine).toMatchObject({ total: 1, by_status: { confirmed: 1 }, on_shift: null, conflicts: null });
    expect(typeof today.conflicts).toBe('number');
  });

  it('feeds recent activity newest first, pages back with before, and keeps to the readers list', async () => {
    const v = ok<{ version: number }>(
      await call(t, p.dispatcher, 'GET', '/timeline-records/b-today-1'),
    ).version;
    ok(await call(t, p.dispatcher, 'POST', '/bookings/b-today-1/actions/dispatch', { version: v }));
    const feed = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/directory/home/feed?limit=50'));
    const kinds = feed.items.map((i) => `${i.kind}:${i.record_id}`);
    expect(kinds).toContain('state:b-today-1');
    expect(kinds).toContain('booking:b-tomorrow');
    const at = feed.items.map((i) => i.at as number);
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    const oldest = at[at.length - 1] as number;
    const older = ok<{ items: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/directory/home/feed?before=${oldest}`),
    );
    expect(older.items).toEqual([]);
    const theirs = ok<{ items: Rec[] }>(await call(t, p.resource2, 'GET', '/directory/home/feed?limit=50'));
    expect(theirs.items.map((i) => i.record_id)).not.toContain('b-today-1');
    const strangers = ok<{ items: Rec[] }>(await call(t, other.dispatcher, 'GET', '/directory/home/feed'));
    expect(strangers.items).toEqual([]);
  });

  it('lists group events with search, window and pages, by the readers list', async () => {
    const all = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/group-events'));
    expect(ids(all)).toEqual(['ge-1']);
    expect(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/group-events?q=picnic')).total).toBe(
      1,
    );
    expect(
      ok<Numbered>(await call(t, p.dispatcher, 'GET', `/directory/group-events?to=${MONDAY + DAY}`)).total,
    ).toBe(0);
    expect(ok<Numbered>(await call(t, p.resource1, 'GET', '/directory/group-events')).total).toBe(1);
    expect(ok<Numbered>(await call(t, p.customer, 'GET', '/directory/group-events')).total).toBe(0);
  });

  it('gives the calendar window of bookings, group events and calendar events; bad windows refused', async () => {
    const month = ok<{ items: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/directory/calendar?from=${MONDAY}&to=${MONDAY + 7 * DAY}`),
    );
    expect(month.items.map((i) => `${i.kind}:${i._id}`)).toEqual([
      'booking:b-today-1',
      'booking:b-today-2',
      'booking:b-today-draft',
      'booking:b-tomorrow',
      'groupevent:ge-1',
      'calevent:ce-1',
    ]);
    const mine = ok<{ items: Rec[] }>(
      await call(t, p.resource2, 'GET', `/directory/calendar?from=${MONDAY}&to=${MONDAY + 7 * DAY}`),
    );
    expect(mine.items.map((i) => i._id)).toEqual(['b-tomorrow', 'ge-1']);
    const wide = await call(
      t,
      p.dispatcher,
      'GET',
      `/directory/calendar?from=${MONDAY}&to=${MONDAY + 63 * DAY}`,
    );
    expect(wide.statusCode).toBe(400);
    expect(
      (await call(t, p.dispatcher, 'GET', `/directory/calendar?from=${MONDAY}&to=${MONDAY}`)).statusCode,
    ).toBe(400);
  });

  it('lists project tasks and calendar events with search, filters and pages, by the readers list', async () => {
    ok(
      await call(t, p.dispatcher, 'POST', '/project-tasks', {
        _id: 'task-1',
        name: 'Fit handrails',
        status: 'open',
        _uid_r: [p.uids.customer],
      }),
      201,
    );
    ok(
      await call(t, p.dispatcher, 'POST', '/project-tasks', {
        _id: 'task-2',
        name: 'Order stock',
        status: 'done',
      }),
      201,
    );
    ok(
      await call(t, p.dispatcher, 'POST', '/calendar-events', {
        _id: 'ce-task',
        name: 'Handrail visit',
        task_id: 'task-1',
        utc_begin_plus_tz: MONDAY + DAY,
        _uid_r: [p.uids.customer],
      }),
      201,
    );
    const tasks = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/project-tasks'));
    expect(tasks.total).toBe(2);
    expect(ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/project-tasks?q=hand')))).toEqual([
      'task-1',
    ]);
    expect(
      ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/project-tasks?status=done'))),
    ).toEqual(['task-2']);
    expect(ids(ok<Numbered>(await call(t, p.customer, 'GET', '/directory/project-tasks')))).toEqual([
      'task-1',
    ]);
    expect(ok<Numbered>(await call(t, p.resource1, 'GET', '/directory/project-tasks')).total).toBe(0);
    expect(ok<Numbered>(await call(t, other.dispatcher, 'GET', '/directory/project-tasks')).total).toBe(0);

    const events = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/calendar-events'));
    expect(ids(events)).toEqual(['ce-task', 'ce-1']);
    expect(
      ids(ok<Numbered>(await call(t, p.dispatcher, 'GET', '/directory/calendar-events?task_id=task-1'))),
    ).toEqual(['ce-task']);
    expect(
      ids(
        ok<Numbered>(
          await call(t, p.dispatcher, 'GET', `/directory/calendar-events?from=${MONDAY + 2 * DAY}`),
        ),
      ),
    ).toEqual(['ce-1']);
    expect(ids(ok<Numbered>(await call(t, p.customer, 'GET', '/directory/calendar-events')))).toEqual([
      'ce-task',
    ]);
    const paged = ok<Numbered>(
      await call(t, p.dispatcher, 'GET', '/directory/calendar-events?limit=1&page=2'),
    );
    expect(paged).toMatchObject({ total: 2, page: 2 });
    expect(ids(paged)).toEqual(['ce-1']);
  });

  it('a readers list names only members of the organisation (else 400 naming them); the readers chosen see the task and its events, others do not', async () => {
    const stranger = await call(t, p.dispatcher, 'POST', '/project-tasks', {
      _id: 'task-r',
      name: 'Readers task',
      _uid_r: [p.uids.resource1, other.uids.resource1, 'nobody-at-all'],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error).toMatchObject({ code: 'unknown_readers', details: { field: '_uid_r' } });
    expect(stranger.json().error.message).toContain('nobody-at-all');
    expect(stranger.json().error.message).toContain(other.uids.resource1);
    expect((await call(t, p.dispatcher, 'GET', '/project-tasks/task-r')).statusCode).toBe(404);

    const task = ok<Rec>(
      await call(t, p.dispatcher, 'POST', '/project-tasks', {
        _id: 'task-r',
        name: 'Readers task',
        _uid_r: [p.uids.resource1],
      }),
      201,
    );
    expect(task._uid_r).toEqual([p.uids.resource1]);
    const seen = (as: typeof p.dispatcher) =>
      call(t, as, 'GET', '/directory/project-tasks?q=readers').then((r) => ids(ok<Numbered>(r)));
    expect(await seen(p.resource1)).toEqual(['task-r']);
    expect(await seen(p.resource2)).toEqual([]);
    // A change that adds a stranger is refused and changes nothing.
    const bad = await call(t, p.dispatcher, 'PATCH', '/project-tasks/task-r', {
      _uid_r: [p.uids.resource1, other.uids.dispatcher],
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(await seen(p.resource2)).toEqual([]);
    ok(
      await call(t, p.dispatcher, 'PATCH', '/project-tasks/task-r', {
        _uid_r: [p.uids.resource2],
        version: 1,
      }),
    );
    expect(await seen(p.resource1)).toEqual([]);
    expect(await seen(p.resource2)).toEqual(['task-r']);

    const ev = await call(t, p.dispatcher, 'POST', '/calendar-events', {
      _id: 'ce-r',
      name: 'Readers event',
      _uid_r: ['ghost-user'],
    });
    expect(ev.statusCode).toBe(400);
    expect(ev.json().error.code).toBe('unknown_readers');
    ok(
      await call(t, p.dispatcher, 'POST', '/calendar-events', {
        _id: 'ce-r',
        name: 'Readers event',
        _uid_r: [p.uids.resource2],
      }),
      201,
    );
    const evSeen = (as: typeof p.dispatcher) =>
      call(t, as, 'GET', '/directory/calendar-events?q=readers').then((r) => ids(ok<Numbered>(r)));
    expect(await evSeen(p.resource2)).toEqual(['ce-r']);
    expect(await evSeen(p.resource1)).toEqual([]);
    // Only dispatchers write readers lists.
    const asResource = await call(t, p.resource2, 'PATCH', '/calendar-events/ce-r', {
      _uid_r: [p.uids.resource2, p.uids.resource1],
      version: 1,
    });
    expect(asResource.statusCode).toBe(403);
  });

  it('calendar events carry a type: ?type= lists that type only, on the readers list rule', async () => {
    for (const [id, type] of [
      ['ce-meet-1', 'meeting'],
      ['ce-meet-2', 'meeting'],
      ['ce-train', 'training'],
    ] as const) {
      const made = ok<Rec>(
        await call(t, p.dispatcher, 'POST', '/calendar-events', {
          _id: id,
          name: `Typed ${id}`,
          type,
          utc_begin_plus_tz: MONDAY + 4 * DAY,
          _uid_r: id === 'ce-meet-1' ? [p.uids.resource1] : [],
        }),
        201,
      );
      expect(made.type).toBe(type);
    }
    const typed = (as: typeof p.dispatcher, type: string) =>
      call(t, as, 'GET', `/directory/calendar-events?q=typed&type=${type}`).then((r) => ok<Numbered>(r));
    const meetings = await typed(p.dispatcher, 'meeting');
    expect(ids(meetings).sort()).toEqual(['ce-meet-1', 'ce-meet-2']);
    expect(meetings.total).toBe(2);
    expect(ids(await typed(p.dispatcher, 'training'))).toEqual(['ce-train']);
    expect(ids(await typed(p.dispatcher, 'board'))).toEqual([]);
    expect(ids(await typed(p.resource1, 'meeting'))).toEqual(['ce-meet-1']);
    expect((await typed(other.dispatcher, 'meeting')).total).toBe(0);
    // The records collection filters the same way.
    const listed = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/calendar-events?type=training'));
    expect(ids(listed)).toEqual(['ce-train']);
    // The type is changed like any field; an over-long one is refused with a clear message.
    ok(await call(t, p.dispatcher, 'PATCH', '/calendar-events/ce-train', { type: 'meeting', version: 1 }));
    expect((await typed(p.dispatcher, 'meeting')).total).toBe(3);
    const long = await call(t, p.dispatcher, 'POST', '/calendar-events', { name: 'X', type: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('A type is at most 60 characters');
  });

  it('posts announcements live to their audience only; lists them by role', async () => {
    const customerLive = await LiveClient.connect(t.app, p.customer);
    const resourceLive = await LiveClient.connect(t.app, p.resource1);
    const strangerLive = await LiveClient.connect(t.app, other.dispatcher);
    for (const c of [customerLive, resourceLive, strangerLive]) await c.subscribe({ topic: 'notifications' });
    try {
      const toResources = ok(
        await call(t, p.dispatcher, 'POST', '/announcements', {
          title: 'Roster changes',
          body: 'New shifts next week',
          roles: ['resource'],
        }),
        201,
      );
      expect(toResources).toMatchObject({ title: 'Roster changes', roles: ['resource'] });
      const heard = await resourceLive.next((m) => m.kind === 'announcement');
      expect(heard.data).toMatchObject({ title: 'Roster changes', body: 'New shifts next week' });
      const toAll = ok(
        await call(t, p.dispatcher, 'POST', '/announcements', { title: 'Office closed', body: 'Friday' }),
        201,
      );
      const customerHeard = await customerLive.next((m) => m.kind === 'announcement');
      // The customer's first announcement is the one to everyone: the resources' one never reached them.
      expect(customerHeard.data?._id).toBe(toAll._id);
      expect(strangerLive.events().filter((m) => m.kind === 'announcement')).toEqual([]);
    } finally {
      for (const c of [customerLive, resourceLive, strangerLive]) c.close();
    }
    const forDispatcher = ok<Numbered>(await call(t, p.dispatcher, 'GET', '/announcements'));
    expect(forDispatcher.items.map((a) => a.title)).toEqual(['Office closed', 'Roster changes']);
    const forCustomer = ok<Numbered>(await call(t, p.customer, 'GET', '/announcements'));
    expect(forCustomer.items.map((a) => a.title)).toEqual(['Office closed']);
    expect(ok<Numbered>(await call(t, other.dispatcher, 'GET', '/announcements')).total).toBe(0);
  });

  it('refuses announcements from others and without a title, naming the field', async () => {
    const denied = await call(t, p.resource1, 'POST', '/announcements', { title: 'x', body: 'y' });
    expect(denied.statusCode).toBe(403);
    const blank = await call(t, p.dispatcher, 'POST', '/announcements', { title: '  ', body: 'y' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('title');
    const badRole = await call(t, p.dispatcher, 'POST', '/announcements', {
      title: 'x',
      body: 'y',
      roles: ['boss'],
    });
    expect(badRole.statusCode).toBe(400);
  });
});
