import { termsWholeVersion } from '@rostra/core/shell/validators';
import { acceptTerms } from '@rostra/db/identity/terms';
import { importRecords } from '@rostra/db/scheduling/import-records';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Browser, FIXTURE_PASSWORD, signIn } from '../identity/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { LiveClient, type LiveMessage } from './testing.ts';

/*
 * Live events of catalogue and planning records (topic `records`): who receives which change.
 * Each test works in this file's own organisation on records it creates (or on r1/r2/c1/c2 of
 * the fixture, which nothing else in the organisation touches).
 */

const WEEK = '2026-03-09_2026-03-15';
const records = (kind: string) => ({ topic: 'records', kind });
const about = (kind: string, id: string, event?: string) => (m: LiveMessage) =>
  m.type === 'event' &&
  m.topic === 'records' &&
  m.data?.kind === kind &&
  m.data?._id === id &&
  (event === undefined || m.kind === event);
const ids = (c: LiveClient, kind: string) =>
  c
    .events()
    .filter((m) => m.data?.kind === kind)
    .map((m) => m.data?._id);

describe.each(testDatabaseKinds())('live record events on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let partner: Browser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-live-rec');
    // A partner: a resource user (r3) with the partner duty, who reads the catalogue.
    await addUser(t, {
      id: 'org-live-rec-partner',
      email: 'partner@org-live-rec.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: p.orgId, role: 'resource', duties: ['partner'], resourceId: 'r3' }],
    });
    await acceptTerms(
      t.db.db,
      'org-live-rec-partner',
      termsWholeVersion(t.app.identity.options.termsVersion),
      new Date(),
    );
    partner = await signIn(t, 'partner@org-live-rec.test');
  });
  afterAll(() => t?.close());

  it('a dispatcher subscribed to resources gets each create, change (with the changed fields) and delete', async () => {
    const d = await LiveClient.connect(t.app, p.dispatcher);
    expect(await d.subscribe(records('resources'))).toMatchObject({ type: 'subscribed' });
    ok(await call(t, p.dispatcher, 'POST', '/resources', { _id: 'r-new', name: 'Neu Res' }), 201);
    const created = await d.next(about('resources', 'r-new', 'record.created'));
    expect(created.data?.record).toMatchObject({ _id: 'r-new', name: 'Neu Res', version: 1 });
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r-new', { max_hrs_wk: 30, version: 1 }));
    const changed = await d.next(about('resources', 'r-new', 'record.changed'));
    expect(changed.data?.changed).toEqual(expect.arrayContaining(['max_hrs_wk', 'version']));
    expect(changed.data?.record).toMatchObject({ max_hrs_wk: 30, version: 2 });
    ok(await call(t, p.dispatcher, 'DELETE', '/resources/r-new', undefined, { 'if-match': '"2"' }));
    const removed = await d.next(about('resources', 'r-new', 'record.removed'));
    expect(removed.data).toEqual({ kind: 'resources', _id: 'r-new', deleted: true });
    // A refused write (stale version) publishes nothing: the next event is the marker's.
    ok(await call(t, p.dispatcher, 'POST', '/resources', { _id: 'r-mark', name: 'Marker' }), 201);
    const stale = await call(t, p.dispatcher, 'PATCH', '/resources/r-mark', { name: 'Lost', version: 9 });
    expect(stale.statusCode).toBe(409);
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r-mark', { name: 'Kept', version: 1 }));
    const next = await d.next(about('resources', 'r-mark', 'record.changed'));
    expect(next.data?.record).toMatchObject({ name: 'Kept', version: 2 });
    expect(d.events().filter(about('resources', 'r-mark', 'record.changed'))).toHaveLength(1);
    d.close();
  });

  it("a resource's socket gets their own resource record and shifts, never another resource's", async () => {
    const r1 = await LiveClient.connect(t.app, p.resource1);
    expect(await r1.subscribe(records('resources'))).toMatchObject({ type: 'subscribed' });
    expect(await r1.subscribe(records('shifts'))).toMatchObject({ type: 'subscribed' });
    // r2's changes first, then r1's: when r1's have arrived, r2's would have too.
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r2', { mobile: '0400 000 002', version: 1 }));
    ok(await call(t, p.dispatcher, 'PUT', `/resources/r2/shifts/${WEEK}`, { mo: true, version: 0 }));
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r1', { mobile: '0400 000 001', version: 1 }));
    ok(await call(t, p.dispatcher, 'PUT', `/resources/r1/shifts/${WEEK}`, { tu: true, version: 0 }));
    const own = await r1.next(about('resources', 'r1', 'record.changed'));
    expect(own.data?.record).toMatchObject({ _id: 'r1', mobile: '0400 000 001' });
    const shift = await r1.next(about('shifts', `r1_${WEEK}`, 'record.created'));
    expect(shift.data?.record).toMatchObject({ resourceId: 'r1', week_id: WEEK, tu: true });
    expect(ids(r1, 'resources')).toEqual(['r1']);
    expect(ids(r1, 'shifts')).toEqual([`r1_${WEEK}`]);
    expect(JSON.stringify(r1.messages)).not.toContain('0400 000 002');
    r1.close();
  });

  it("a customer's socket gets their own customer record only, and no catalogue topic of the dispatchers", async () => {
    const c = await LiveClient.connect(t.app, p.customer);
    for (const k of ['labels', 'service_plans', 'blacklists', 'quick_views']) {
      expect(await c.subscribe(records(k))).toMatchObject({ type: 'error', code: 'forbidden_topic' });
    }
    expect(await c.subscribe(records('customers'))).toMatchObject({ type: 'subscribed' });
    ok(await call(t, p.dispatcher, 'PATCH', '/customers/c2', { email: 'bea@example.test', version: 1 }));
    ok(await call(t, p.dispatcher, 'PATCH', '/customers/c1', { email: 'ada@example.test', version: 1 }));
    const own = await c.next(about('customers', 'c1', 'record.changed'));
    expect(own.data?.record).toMatchObject({ _id: 'c1', email: 'ada@example.test' });
    expect(ids(c, 'customers')).toEqual(['c1']);
    c.close();
  });

  it('labels go to dispatchers and partners; blacklists and service plans to dispatchers only', async () => {
    const d = await LiveClient.connect(t.app, p.dispatcher);
    const pa = await LiveClient.connect(t.app, partner);
    for (const k of ['labels', 'blacklists', 'service_plans']) await d.subscribe(records(k));
    expect(await pa.subscribe(records('labels'))).toMatchObject({ type: 'subscribed' });
    expect(await pa.subscribe(records('blacklists'))).toMatchObject({ code: 'forbidden_topic' });
    ok(await call(t, p.dispatcher, 'POST', '/labels', { _id: 'l-live', name: 'Live', type: 'site' }), 201);
    await d.next(about('labels', 'l-live', 'record.created'));
    expect((await pa.next(about('labels', 'l-live', 'record.created'))).data?.record).toMatchObject({
      name: 'Live',
      type: 'site',
    });
    ok(await call(t, p.dispatcher, 'PUT', '/customers/c2/blacklist', { resIds: ['r2'], version: 0 }));
    const black = await d.next(about('blacklists', 'c2', 'record.created'));
    expect(black.data?.record).toMatchObject({ _id: 'c2', resIds: ['r2'], version: 1 });
    ok(await call(t, p.dispatcher, 'PUT', '/customers/c2/blacklist', { resIds: [], version: 1 }));
    expect((await d.next(about('blacklists', 'c2', 'record.changed'))).data?.record).toMatchObject({
      resIds: [],
      version: 2,
    });
    ok(
      await call(t, p.dispatcher, 'POST', '/service-plans', { VisitStemID: 'vs-live', UpdateType: 'Ended' }),
      201,
    );
    await d.next(about('service_plans', 'vs-live', 'record.created'));
    d.close();
    pa.close();
  });

  it('a user who loses a record (its uid or readers list changes) is told it is gone, and gets nothing after', async () => {
    const r1 = await LiveClient.connect(t.app, p.resource1);
    await r1.subscribe(records('resources'));
    await r1.subscribe(records('project_tasks'));
    ok(
      await call(t, p.dispatcher, 'POST', '/resources', {
        _id: 'r-second',
        name: 'Second Record',
        uid: p.uids.resource1,
      }),
      201,
    );
    await r1.next(about('resources', 'r-second', 'record.created'));
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r-second', { uid: null, version: 1 }));
    const gone = await r1.next(about('resources', 'r-second', 'record.removed'));
    expect(gone.data).toEqual({ kind: 'resources', _id: 'r-second', deleted: false });
    ok(
      await call(t, p.dispatcher, 'POST', '/project-tasks', {
        _id: 'task-live',
        name: 'Fit rails',
        _uid_r: [p.uids.resource1],
      }),
      201,
    );
    await r1.next(about('project_tasks', 'task-live', 'record.created'));
    ok(await call(t, p.dispatcher, 'PATCH', '/project-tasks/task-live', { _uid_r: [], version: 1 }));
    await r1.next(about('project_tasks', 'task-live', 'record.removed'));
    ok(await call(t, p.dispatcher, 'PATCH', '/project-tasks/task-live', { name: 'Secret', version: 2 }));
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r1', { phone: '02 0000 0001', version: 2 }));
    await r1.next(about('resources', 'r1', 'record.changed'));
    expect(JSON.stringify(r1.messages)).not.toContain('Secret');
    expect(r1.events().filter(about('resources', 'r-second', 'record.changed'))).toHaveLength(0);
    r1.close();
  });

  it('an import sends one reload hint per kind it wrote, with no record in it, to who may read the kind', async () => {
    const d = await LiveClient.connect(t.app, p.dispatcher);
    const r1 = await LiveClient.connect(t.app, p.resource1);
    await d.subscribe(records('labels'));
    await d.subscribe(records('resources'));
    await d.subscribe({ topic: 'timeline', from: 0, to: 86_400 });
    await r1.subscribe(records('resources'));
    await r1.subscribe({ topic: 'timeline', from: 0, to: 86_400 });
    await importRecords(t.db.db, p.orgId, {
      labels: [{ _id: 'l-imported', name: 'Imported', type: 'label' }],
      resources: [{ _id: 'r-imported', name: 'Ivy Import' }],
      customers: [],
      servicePlans: [],
      shifts: [],
      timeline: [],
      blacklists: [],
    });
    const reload = (kind: string) => (m: LiveMessage) =>
      m.kind === 'records.reloaded' && m.data?.kind === kind;
    expect((await d.next(reload('labels'))).data).toEqual({ kind: 'labels' });
    await d.next(reload('resources'));
    expect((await r1.next(reload('resources'))).data).toEqual({ kind: 'resources' });
    // No bookings were imported: no window is asked to reload.
    expect(d.events().filter((m) => m.topic === 'booking')).toEqual([]);
    expect(r1.events().filter((m) => m.data?.kind === 'labels')).toEqual([]);
    // Bookings imported: every timeline window reloads.
    await importRecords(t.db.db, p.orgId, {
      labels: [],
      resources: [],
      customers: [],
      servicePlans: [],
      shifts: [],
      timeline: [
        {
          _id: 'b-imported',
          _key: 'booking',
          resIds: ['r1'],
          utc_begin_plus_tz: 3600,
          utc_end_plus_tz: 7200,
        },
      ],
      blacklists: [],
    });
    const windowReload = (m: LiveMessage) => m.topic === 'booking' && m.kind === 'records.reloaded';
    expect((await d.next(windowReload)).data).toEqual({ reload: true });
    await r1.next(windowReload);
    d.close();
    r1.close();
  });

  it('settings: the status config reaches every member; the exception report config and master labels only dispatchers', async () => {
    const c = await LiveClient.connect(t.app, p.customer);
    const d = await LiveClient.connect(t.app, p.dispatcher);
    await c.subscribe({ topic: 'settings' });
    await d.subscribe({ topic: 'settings' });
    const key = (k: string) => (m: LiveMessage) => m.kind === 'settings.changed' && m.data?._key === k;
    ok(await call(t, p.dispatcher, 'PUT', '/exception-report/config', { configs: [], version: 0 }));
    ok(
      await call(t, p.dispatcher, 'PUT', `/dispatcher-master-labels/${p.uids.dispatcher}`, {
        labels: ['l-nurse'],
        version: 0,
      }),
    );
    const doc = ok(await call(t, p.dispatcher, 'GET', '/job-status-config'));
    ok(await call(t, p.dispatcher, 'PUT', '/job-status-config', { statusConfig: [], version: doc.version }));
    await d.next(key('exception_report_config'));
    expect((await d.next(key('dispatcher_master_labels'))).data).toMatchObject({
      _id: p.uids.dispatcher,
      value: { labels: ['l-nurse'] },
    });
    await c.next(key('job_status_config'));
    await d.next(key('job_status_config'));
    expect(c.events().map((m) => m.data?._key)).toEqual(['job_status_config']);
    c.close();
    d.close();
  });
});
