import { orgDocuments } from '@rostra/db/schema/documents';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, type LiveMessage } from '../live/testing.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; next_cursor: string | null };

const FIELDS = [
  { key: 'arrived', label: 'Arrived', type: 'checkbox', required: true },
  { key: 'km', label: 'Kilometres', type: 'number' },
  { key: 'mood', label: 'Mood', type: 'select', options: ['good', 'poor'], required: true },
  { key: 'signature', label: 'Signature', type: 'signature', required: true },
];

describe.each(testDatabaseKinds())('forms, equipments and pods on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-ops');
    other = await schedulingOrg(t, 'org-ops-other');
    const add = (fields: Rec) => call(t, p.dispatcher, 'POST', '/timeline-records', fields);
    ok(
      await add({
        _id: 'job-r1',
        status: 'confirmed',
        resIds: ['r1'],
        customerId: 'c2',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'job-r2',
        status: 'confirmed',
        resIds: ['r2'],
        utc_begin_plus_tz: MONDAY + 11 * H,
        utc_end_plus_tz: MONDAY + 12 * H,
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  const newForm = async (name = 'Visit check') =>
    ok<Rec & { _id: string; version: number }>(
      await call(t, p.dispatcher, 'POST', '/forms', { name, fields: FIELDS }),
      201,
    );

  it('a dispatcher creates a form template; members read it; its fields come back as saved', async () => {
    const form = await newForm();
    expect(form).toMatchObject({ name: 'Visit check', fields: FIELDS, version: 1 });
    const read = ok(await call(t, p.resource1, 'GET', `/forms/${form._id}`));
    expect(read.fields).toEqual(FIELDS);
    const list = ok<Page>(await call(t, p.customer, 'GET', '/forms?q=visit'));
    expect(list.items.map((f) => f._id)).toContain(form._id);
  });

  it('a template with a broken field is refused naming the field; only dispatchers write templates', async () => {
    const bad = await call(t, p.dispatcher, 'POST', '/forms', {
      name: 'Bad',
      fields: [{ key: 'pick', label: 'Pick', type: 'select', options: [] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'options_required',
      details: { field: 'fields.0.options' },
    });
    expect(bad.json().error.message).toContain('A choice field needs at least one option');
    const asResource = await call(t, p.resource1, 'POST', '/forms', { name: 'X', fields: FIELDS });
    expect(asResource.statusCode).toBe(403);
  });

  it('changing a template needs the version read: a stale one is refused with 409 and nothing changes', async () => {
    const form = await newForm('Versioned');
    const changed = ok(
      await call(t, p.dispatcher, 'PATCH', `/forms/${form._id}`, {
        name: 'Versioned 2',
        fields: FIELDS.slice(0, 2),
        version: 1,
      }),
    );
    expect(changed).toMatchObject({ name: 'Versioned 2', version: 2 });
    const stale = await call(t, p.dispatcher, 'PATCH', `/forms/${form._id}`, {
      name: 'Lost',
      fields: FIELDS,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(ok(await call(t, p.dispatcher, 'GET', `/forms/${form._id}`)).name).toBe('Versioned 2');
  });

  it("a resource fills a form for their own job; the job's forms list it with the answers", async () => {
    const form = await newForm('Arrival');
    const answers = { arrived: true, km: 12.5, mood: 'good', signature: 'Ann Lee' };
    const saved = ok(
      await call(t, p.resource1, 'POST', '/bookings/job-r1/forms', { form_id: form._id, answers }),
      201,
    );
    expect(saved).toMatchObject({ job_id: 'job-r1', form_id: form._id, form_name: 'Arrival', answers });
    const list = ok<Page>(await call(t, p.dispatcher, 'GET', '/bookings/job-r1/forms'));
    expect(list.items[0]).toMatchObject({ _id: saved._id, answers });
    const all = ok<Page>(await call(t, p.dispatcher, 'GET', `/form-submissions?form_id=${form._id}`));
    expect(all.items.map((s) => s._id)).toEqual([saved._id]);
  });

  it('answers that do not fit the form are refused with the field named and nothing is stored', async () => {
    const form = await newForm('Strict');
    const res = await call(t, p.dispatcher, 'POST', '/bookings/job-r2/forms', {
      form_id: form._id,
      answers: { arrived: false, mood: 'great', signature: 'Dee' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_answers');
    expect(res.json().error.message).toContain('Arrived is required');
    expect(res.json().error.message).toContain('Mood must be one of its options');
    expect(res.json().error.details).toEqual({ field: 'answers.arrived' });
    const unknown = await call(t, p.dispatcher, 'POST', '/bookings/job-r2/forms', {
      form_id: 'nope',
      answers: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual({ field: 'form_id' });
    const list = ok<Page>(await call(t, p.dispatcher, 'GET', '/bookings/job-r2/forms'));
    expect(list.items).toEqual([]);
  });

  it("a resource cannot see or fill forms of another resource's job, nor another organisation any", async () => {
    const form = await newForm('Private');
    const answers = { arrived: true, mood: 'good', signature: 'Bob' };
    expect((await call(t, p.resource1, 'GET', '/bookings/job-r2/forms')).statusCode).toBe(404);
    expect(
      (await call(t, p.resource1, 'POST', '/bookings/job-r2/forms', { form_id: form._id, answers }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, other.dispatcher, 'GET', '/bookings/job-r1/forms')).statusCode).toBe(404);
    expect((await call(t, other.dispatcher, 'GET', `/forms/${form._id}`)).statusCode).toBe(404);
    const theirs = ok<Page>(await call(t, other.dispatcher, 'GET', '/forms'));
    expect(theirs.items).toEqual([]);
  });

  it('a template stored without its fields (an import) is read with none; an equipment or a pod cannot be stored without a code', async () => {
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.insert(orgDocuments).values({ orgId: p.orgId, id: 'form-bare', kind: 'form', name: 'Bare' }),
    );
    expect(ok(await call(t, p.resource1, 'GET', '/forms/form-bare'))).toMatchObject({
      name: 'Bare',
      fields: [],
    });
    const listed = ok<Page>(await call(t, p.customer, 'GET', '/forms?q=bare'));
    expect(listed.items).toMatchObject([{ _id: 'form-bare', fields: [] }]);
    for (const kind of ['equipment', 'pod'] as const) {
      const codeless = withOrg(t.db.db, p.orgId, (tx) =>
        tx.insert(orgDocuments).values({ orgId: p.orgId, id: `${kind}-bare`, kind, name: 'No code' }),
      );
      await expect(codeless).rejects.toMatchObject({ cause: { code: '23514' } });
    }
  });

  it('equipments: create, find by the exact scanned code or by text, change with the version, delete', async () => {
    const drill = ok<Rec & { _id: string }>(
      await call(t, p.dispatcher, 'POST', '/equipments', { name: 'Hoist', code: 'EQ-0042', notes: 'Bay 2' }),
      201,
    );
    expect(drill).toMatchObject({ name: 'Hoist', code: 'EQ-0042', status: 'available', notes: 'Bay 2' });
    ok(await call(t, p.dispatcher, 'POST', '/equipments', { name: 'Trolley', code: 'EQ-0420' }), 201);
    const byCode = ok<Page>(await call(t, p.resource1, 'GET', '/equipments?code=EQ-0042'));
    expect(byCode.items.map((e) => e.name)).toEqual(['Hoist']);
    const byText = ok<Page>(await call(t, p.dispatcher, 'GET', '/equipments?q=042'));
    expect(byText.items.map((e) => e.name)).toEqual(['Hoist', 'Trolley']);
    const moved = ok(
      await call(t, p.dispatcher, 'PATCH', `/equipments/${drill._id}`, { status: 'maintenance', version: 1 }),
    );
    expect(moved).toMatchObject({ status: 'maintenance', notes: 'Bay 2', version: 2 });
    const dup = await call(t, p.dispatcher, 'POST', '/equipments', { name: 'Copy', code: 'EQ-0420' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toMatchObject({ code: 'duplicate_code', details: { field: 'code' } });
    expect((await call(t, p.resource1, 'POST', '/equipments', { name: 'X', code: 'R-1' })).statusCode).toBe(
      403,
    );
    expect((await call(t, p.customer, 'GET', '/equipments')).statusCode).toBe(403);
    const del = await call(t, p.dispatcher, 'DELETE', `/equipments/${drill._id}`, undefined, {
      'if-match': '2',
    });
    expect(del.statusCode).toBe(200);
    expect((await call(t, p.dispatcher, 'GET', `/equipments/${drill._id}`)).statusCode).toBe(404);
  });

  it('equipment lists page by name with a cursor and no repeats', async () => {
    for (const n of ['P-a', 'P-b', 'P-c', 'P-d', 'P-e'])
      ok(await call(t, p.dispatcher, 'POST', '/equipments', { name: `Page ${n}`, code: n }), 201);
    const first = ok<Page>(await call(t, p.dispatcher, 'GET', '/equipments?q=page&limit=2'));
    const second = ok<Page>(
      await call(t, p.dispatcher, 'GET', `/equipments?q=page&limit=2&cursor=${first.next_cursor}`),
    );
    const third = ok<Page>(
      await call(t, p.dispatcher, 'GET', `/equipments?q=page&limit=2&cursor=${second.next_cursor}`),
    );
    expect([...first.items, ...second.items, ...third.items].map((e) => e.code)).toEqual([
      'P-a',
      'P-b',
      'P-c',
      'P-d',
      'P-e',
    ]);
    expect(third.next_cursor).toBeNull();
    expect((await call(t, p.dispatcher, 'GET', '/equipments?cursor=bogus')).statusCode).toBe(400);
  });

  it('the map configuration is a plain background unless MAP_TILE_URL holds a {z}/{x}/{y} template', async () => {
    const before = process.env.MAP_TILE_URL;
    try {
      delete process.env.MAP_TILE_URL;
      expect(ok(await call(t, p.resource1, 'GET', '/map-config'))).toMatchObject({ tile_url: null });
      process.env.MAP_TILE_URL = 'https://tiles.example.test/{z}/{x}/{y}.png';
      expect(ok(await call(t, p.dispatcher, 'GET', '/map-config')).tile_url).toBe(
        'https://tiles.example.test/{z}/{x}/{y}.png',
      );
      process.env.MAP_TILE_URL = 'javascript:alert(1)/{z}/{x}/{y}';
      expect(ok(await call(t, p.dispatcher, 'GET', '/map-config')).tile_url).toBeNull();
    } finally {
      if (before === undefined) delete process.env.MAP_TILE_URL;
      else process.env.MAP_TILE_URL = before;
    }
  });

  it('pods are booked and loaded on real jobs; the job lists its pods; a booked pod without a job is refused', async () => {
    const pod = ok<Rec & { _id: string }>(
      await call(t, p.dispatcher, 'POST', '/pods', { name: 'Pod 7', code: 'POD-7', job_id: 'job-r1' }),
      201,
    );
    expect(pod).toMatchObject({ status: 'booked', job_id: 'job-r1' });
    const loaded = ok(
      await call(t, p.dispatcher, 'PATCH', `/pods/${pod._id}`, { status: 'loaded', version: 1 }),
    );
    expect(loaded).toMatchObject({ status: 'loaded', job_id: 'job-r1' });
    const onJob = ok<Page>(await call(t, p.resource1, 'GET', '/pods?job_id=job-r1'));
    expect(onJob.items.map((x) => x.code)).toEqual(['POD-7']);
    const noJob = await call(t, p.dispatcher, 'POST', '/pods', {
      name: 'Pod 8',
      code: 'POD-8',
      status: 'booked',
    });
    expect(noJob.statusCode).toBe(400);
    expect(noJob.json().error.details).toEqual({ field: 'job_id' });
    const ghost = await call(t, p.dispatcher, 'POST', '/pods', {
      name: 'Pod 9',
      code: 'POD-9',
      job_id: 'nope',
    });
    expect(ghost.json().error).toMatchObject({ code: 'unknown_job' });
    const freed = ok(
      await call(t, p.dispatcher, 'PATCH', `/pods/${pod._id}`, { status: 'available', version: 2 }),
    );
    expect(freed.job_id).toBeUndefined();
  });

  it("each write of a template, equipment, pod or filled form is published live to the org's readers and never to another org", async () => {
    const about = (kind: string, id: string, event: string) => (m: LiveMessage) =>
      m.type === 'event' && m.data?.kind === kind && m.data?._id === id && m.kind === event;
    const kinds = ['forms', 'equipments', 'pods', 'form_submissions'];
    const d = await LiveClient.connect(t.app, p.dispatcher);
    const r1 = await LiveClient.connect(t.app, p.resource1);
    const theirs = await LiveClient.connect(t.app, other.dispatcher);
    for (const k of kinds) {
      expect(await d.subscribe({ topic: 'records', kind: k })).toMatchObject({ type: 'subscribed' });
      expect(await theirs.subscribe({ topic: 'records', kind: k })).toMatchObject({ type: 'subscribed' });
    }
    expect(await r1.subscribe({ topic: 'records', kind: 'equipments' })).toMatchObject({
      type: 'subscribed',
    });
    // Filled forms are the dispatchers' list: a resource may not follow them.
    expect(await r1.subscribe({ topic: 'records', kind: 'form_submissions' })).toMatchObject({
      type: 'error',
    });

    const form = await newForm('Live check');
    await d.next(about('forms', form._id, 'record.created'));
    const eq = ok<Rec & { _id: string }>(
      await call(t, p.dispatcher, 'POST', '/equipments', { name: 'Live drill', code: 'LIVE-1' }),
      201,
    );
    const created = await r1.next(about('equipments', eq._id, 'record.created'));
    expect(created.data?.record).toMatchObject({ name: 'Live drill', code: 'LIVE-1' });
    ok(await call(t, p.dispatcher, 'PATCH', `/equipments/${eq._id}`, { status: 'in_use', version: 1 }));
    const changed = await d.next(about('equipments', eq._id, 'record.changed'));
    expect(changed.data?.changed).toContain('status');
    const pod = ok<Rec & { _id: string }>(
      await call(t, p.dispatcher, 'POST', '/pods', { name: 'Live pod', code: 'LIVE-P' }),
      201,
    );
    await d.next(about('pods', pod._id, 'record.created'));
    ok(await call(t, p.dispatcher, 'DELETE', `/pods/${pod._id}`, undefined, { 'if-match': '"1"' }));
    await d.next(about('pods', pod._id, 'record.removed'));
    const answers = { arrived: true, mood: 'good', signature: 'Ann Lee' };
    const filled = ok<Rec & { _id: string }>(
      await call(t, p.resource1, 'POST', '/bookings/job-r1/forms', { form_id: form._id, answers }),
      201,
    );
    await d.next(about('form_submissions', filled._id, 'record.created'));

    // The other organisation's own change arrives; none of this organisation's ever does.
    const mark = ok<Rec & { _id: string }>(
      await call(t, other.dispatcher, 'POST', '/equipments', { name: 'Theirs', code: 'LIVE-1' }),
      201,
    );
    await theirs.next(about('equipments', mark._id, 'record.created'));
    const leaked = theirs.events().filter((m) => m.data?._id !== mark._id);
    expect(leaked).toEqual([]);
    d.close();
    r1.close();
    theirs.close();
  });

  it('the map lists the readable, not cancelled jobs of a window a page of 20 at a time, soonest first, with the total', async () => {
    const WED = MONDAY + 2 * 86_400;
    const add = (fields: Rec) => call(t, p.dispatcher, 'POST', '/timeline-records', fields);
    for (let i = 0; i < 23; i++) {
      ok(
        await add({
          _id: `map-${String(i).padStart(2, '0')}`,
          status: i % 2 ? 'confirmed' : 'rostered',
          resIds: [i < 3 ? 'r1' : 'r2'],
          utc_begin_plus_tz: WED + 6 * H + i * 600,
          utc_end_plus_tz: WED + 6 * H + i * 600 + 300,
        }),
        201,
      );
    }
    ok(
      await add({
        _id: 'map-gone',
        status: 'cancelled',
        utc_begin_plus_tz: WED + 7 * H,
        utc_end_plus_tz: WED + 8 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'map-thu',
        status: 'confirmed',
        utc_begin_plus_tz: WED + 30 * H,
        utc_end_plus_tz: WED + 31 * H,
      }),
      201,
    );
    type MapPage = Page & { total: number; page: number; limit: number; statuses: string[] };
    const map = (as: typeof p.dispatcher, query: string) =>
      call(t, as, 'GET', `/map/jobs?from=${WED}&to=${WED + 86_400}${query}`);
    const first = ok<MapPage>(await map(p.dispatcher, ''));
    expect(first).toMatchObject({ total: 23, page: 1, limit: 20, statuses: ['confirmed', 'rostered'] });
    expect(first.items.map((j) => j._id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `map-${String(i).padStart(2, '0')}`),
    );
    expect(first.items[0]).toMatchObject({ resIds: ['r1'], status: 'rostered' });
    const second = ok<MapPage>(await map(p.dispatcher, '&page=2'));
    expect(second.items.map((j) => j._id)).toEqual(['map-20', 'map-21', 'map-22']);
    const confirmed = ok<MapPage>(await map(p.dispatcher, '&status=confirmed&limit=5'));
    expect(confirmed.total).toBe(11);
    expect(confirmed.items.every((j) => j.status === 'confirmed')).toBe(true);
    expect(ok<MapPage>(await map(p.dispatcher, '&resource_id=r1')).total).toBe(3);
    // A resource lists the jobs they are on; another organisation none.
    const own = ok<MapPage>(await map(p.resource1, ''));
    expect(own.items.map((j) => j._id)).toEqual(['map-00', 'map-01', 'map-02']);
    expect(ok<MapPage>(await map(other.dispatcher, '')).total).toBe(0);
    const bad = await call(t, p.dispatcher, 'GET', `/map/jobs?from=${WED}&to=${WED}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('to must be after from');
  });
});
