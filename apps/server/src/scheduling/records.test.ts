import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; next_cursor: string | null; maxCost?: number | null; minCost?: number | null };

describe.each(testDatabaseKinds())('scheduling records on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-rec');
  });
  afterAll(() => t?.close());

  describe('labels (generic versioned CRUD)', () => {
    it('creates, reads, lists by type, updates with the version read and deletes', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'POST', '/labels', {
          _id: 'l-site',
          name: 'North',
          type: 'site',
          unit_price: 5,
        }),
        201,
      );
      expect(made).toMatchObject({ _id: 'l-site', name: 'North', type: 'site', unit_price: 5, version: 1 });
      const got = await call(t, p.dispatcher, 'GET', '/labels/l-site');
      expect(got.headers.etag).toBe('"1"');
      const sites = ok<Page>(await call(t, p.dispatcher, 'GET', '/labels?type=site'));
      expect(sites.items.map((l) => l._id)).toEqual(['l-site']);
      const updated = ok(
        await call(t, p.dispatcher, 'PATCH', '/labels/l-site', { name: 'North West', version: 1 }),
      );
      expect(updated).toMatchObject({ name: 'North West', type: 'site', unit_price: 5, version: 2 });
      ok(await call(t, p.dispatcher, 'DELETE', '/labels/l-site', undefined, { 'if-match': '"2"' }));
      expect((await call(t, p.dispatcher, 'GET', '/labels/l-site')).statusCode).toBe(404);
    });

    it('a stale version in the body or in If-Match answers 409 with the current record, and nothing is overwritten', async () => {
      ok(await call(t, p.dispatcher, 'POST', '/labels', { _id: 'l-v', name: 'First' }), 201);
      ok(await call(t, p.dispatcher, 'PATCH', '/labels/l-v', { name: 'Second', version: 1 }));
      const stale = await call(t, p.dispatcher, 'PATCH', '/labels/l-v', { name: 'Lost update', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({
        code: 'version_conflict',
        details: { current: { name: 'Second', version: 2 } },
      });
      const staleHeader = await call(
        t,
        p.dispatcher,
        'PATCH',
        '/labels/l-v',
        { name: 'Lost too' },
        { 'if-match': 'W/"1"' },
      );
      expect(staleHeader.statusCode).toBe(409);
      const staleDelete = await call(t, p.dispatcher, 'DELETE', '/labels/l-v', undefined, {
        'if-match': '"1"',
      });
      expect(staleDelete.statusCode).toBe(409);
      expect(ok(await call(t, p.dispatcher, 'GET', '/labels/l-v'))).toMatchObject({
        name: 'Second',
        version: 2,
      });
    });

    it('a write without a version is refused with 428; an id already taken with 409', async () => {
      const res = await call(t, p.dispatcher, 'PATCH', '/labels/l-nurse', { name: 'Anyway' });
      expect(res.statusCode).toBe(428);
      expect(res.json().error.code).toBe('version_required');
      const dup = await call(t, p.dispatcher, 'POST', '/labels', { _id: 'l-nurse', name: 'Again' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.code).toBe('already_exists');
    });

    it('pages with a cursor until the last page; a made-up cursor is 400', async () => {
      const first = ok<Page>(await call(t, p.dispatcher, 'GET', '/labels?limit=2'));
      expect(first.items).toHaveLength(2);
      expect(first.next_cursor).not.toBeNull();
      const seen = [...first.items];
      let cursor = first.next_cursor;
      while (cursor) {
        const page = ok<Page>(await call(t, p.dispatcher, 'GET', `/labels?limit=2&cursor=${cursor}`));
        seen.push(...page.items);
        cursor = page.next_cursor;
      }
      const all = ok<Page>(await call(t, p.dispatcher, 'GET', '/labels?limit=250'));
      expect(seen.map((l) => l._id)).toEqual(all.items.map((l) => l._id));
      expect((await call(t, p.dispatcher, 'GET', '/labels?cursor=12345')).json().error.code).toBe(
        'invalid_cursor',
      );
    });

    it('only dispatchers write; resources and customers do not read the catalogue', async () => {
      expect((await call(t, p.resource1, 'POST', '/labels', { name: 'X' })).statusCode).toBe(403);
      expect((await call(t, p.customer, 'GET', '/labels')).statusCode).toBe(403);
    });
  });

  describe('resources', () => {
    it('derives weightage_cost from the labels (null without labels) and gives the list maxCost and minCost', async () => {
      const page = ok<Page>(await call(t, p.dispatcher, 'GET', '/resources'));
      const cost = Object.fromEntries(page.items.map((r) => [r._id, r.weightage_cost]));
      expect(cost).toMatchObject({ r1: 42.5, r2: 12.5, r3: null });
      expect(page).toMatchObject({ maxCost: 42.5, minCost: 12.5 });
      expect(ok(await call(t, p.dispatcher, 'GET', '/resources/r1')).weightage_cost).toBe(42.5);
    });

    it('promoted dispatchers are left out of resource lists', async () => {
      const page = ok<Page>(await call(t, p.dispatcher, 'GET', '/resources'));
      expect(page.items.map((r) => r._id)).not.toContain('r9');
    });

    it('keeps every spec field: columns and the rest round-trip', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'POST', '/resources', {
          _id: 'r-new',
          first_name: 'Eve',
          last_name: 'Moss',
          lbls: ['l-lift'],
          max_hrs_wk: 38,
          _geoloc: { lat: -33.9, lng: 151.2 },
          rate_hr: 44,
          employee_type: 'casual',
        }),
        201,
      );
      expect(made).toMatchObject({
        _id: 'r-new',
        name: 'Eve Moss',
        labels: ['l-lift'],
        max_hrs_wk: 38,
        _geoloc: { lat: -33.9, lng: 151.2 },
        rate_hr: 44,
        employee_type: 'casual',
        weightage_cost: 0,
      });
    });
  });

  describe('customers and service plans', () => {
    it('customers: create with every spec field, read, list by inactive, update with the version read, 409 when stale, delete', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'POST', '/customers', {
          _id: 'c-new',
          first_name: 'Gus',
          last_name: 'Hale',
          email: 'gus@example.test',
          phone: '02 9555 0101',
          _geoloc: { lat: -33.8, lng: 151.1 },
          labels: ['l-lift'],
          suburb: 'Glebe',
          postcode: '2037',
          inactive: true,
        }),
        201,
      );
      expect(made).toMatchObject({
        _id: 'c-new',
        name: 'Gus Hale',
        email: 'gus@example.test',
        _geoloc: { lat: -33.8, lng: 151.1 },
        labels: ['l-lift'],
        suburb: 'Glebe',
        postcode: '2037',
        inactive: true,
        version: 1,
      });
      expect(typeof made._qa_create_utc).toBe('number');
      expect(ok(await call(t, p.dispatcher, 'GET', '/customers/c-new'))).toMatchObject({ suburb: 'Glebe' });
      const inactive = ok<Page>(await call(t, p.dispatcher, 'GET', '/customers?inactive=true'));
      expect(inactive.items.map((c) => c._id)).toEqual(['c-new']);
      ok(await call(t, p.dispatcher, 'PATCH', '/customers/c-new', { suburb: 'Newtown', version: 1 }));
      const stale = await call(t, p.dispatcher, 'PATCH', '/customers/c-new', { suburb: 'Lost', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(ok(await call(t, p.dispatcher, 'GET', '/customers/c-new'))).toMatchObject({
        suburb: 'Newtown',
        postcode: '2037',
        version: 2,
      });
      ok(await call(t, p.dispatcher, 'DELETE', '/customers/c-new', undefined, { 'if-match': '"2"' }));
      expect((await call(t, p.dispatcher, 'GET', '/customers/c-new')).statusCode).toBe(404);
    });

    it('service plans: addressed by VisitStemID, listed by UpdateType, versioned; dispatchers only', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'POST', '/service-plans', {
          VisitStemID: 'vs-1',
          UpdateType: 'Inactive',
          EndDate: MONDAY,
        }),
        201,
      );
      expect(made).toMatchObject({
        VisitStemID: 'vs-1',
        UpdateType: 'Inactive',
        EndDate: MONDAY,
        version: 1,
      });
      ok(
        await call(t, p.dispatcher, 'POST', '/service-plans', { VisitStemID: 'vs-2', UpdateType: 'Ended' }),
        201,
      );
      const ended = ok<Page>(await call(t, p.dispatcher, 'GET', '/service-plans?UpdateType=Ended'));
      expect(ended.items.map((x) => x.VisitStemID)).toEqual(['vs-2']);
      const updated = ok(
        await call(t, p.dispatcher, 'PATCH', '/service-plans/vs-1', { UpdateType: 'Ended', version: 1 }),
      );
      expect(updated).toMatchObject({
        VisitStemID: 'vs-1',
        UpdateType: 'Ended',
        EndDate: MONDAY,
        version: 2,
      });
      const stale = await call(t, p.dispatcher, 'DELETE', '/service-plans/vs-1', undefined, {
        'if-match': '"1"',
      });
      expect(stale.statusCode).toBe(409);
      expect((await call(t, p.resource1, 'GET', '/service-plans/vs-1')).statusCode).toBe(403);
      ok(await call(t, p.dispatcher, 'DELETE', '/service-plans/vs-1', undefined, { 'if-match': '"2"' }));
      expect((await call(t, p.dispatcher, 'GET', '/service-plans/vs-1')).statusCode).toBe(404);
    });
  });

  describe("dispatcher master labels narrow the dispatcher's lists", () => {
    it('strict requires every label, otherwise any; only once published', async () => {
      const ids = async () =>
        ok<Page>(await call(t, p.dispatcher, 'GET', '/resources')).items.map((r) => r._id);
      const before = await ids();
      expect(before).toEqual(expect.arrayContaining(['r1', 'r2', 'r3']));
      const set = (body: Rec) =>
        call(t, p.dispatcher, 'PUT', `/dispatcher-master-labels/${p.uids.dispatcher}`, body);
      const draft = ok(await set({ res_labels: ['l-nurse', 'l-driver'], strict: false, version: 0 }));
      expect(await ids()).toEqual(before);
      ok(await set({ published: true, version: draft.version as number }));
      expect((await ids()).sort()).toEqual(['r1', 'r2']);
      ok(await set({ strict_res: true, version: (draft.version as number) + 1 }));
      expect(await ids()).toEqual(['r1']);
      const customers = ok<Page>(await call(t, p.dispatcher, 'GET', '/customers')).items.map((c) => c._id);
      expect(customers.sort()).toEqual(['c1', 'c2']);
      ok(await set({ cs_lbls: ['l-nurse'], version: (draft.version as number) + 2 }));
      expect(ok<Page>(await call(t, p.dispatcher, 'GET', '/customers')).items.map((c) => c._id)).toEqual([
        'c1',
      ]);
      ok(await set({ published: false, version: (draft.version as number) + 3 }));
    });

    it('are set only for members of the organisation', async () => {
      const res = await call(t, p.dispatcher, 'PUT', '/dispatcher-master-labels/someone-else', {
        labels: [],
        version: 0,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('timeline records', () => {
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    beforeAll(() =>
      putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } }),
    );
    const booking = (over: Rec = {}) => ({
      _key: 'booking',
      status: 'confirmed',
      customerId: 'c1',
      utc_begin_plus_tz: MONDAY + 9 * H,
      utc_end_plus_tz: MONDAY + 11 * H,
      labels: ['l-nurse'],
      notes: 'Ring the bell',
      external_data: { VisitStemID: 'VS-1' },
      ...over,
    });

    it('stores resIds as the relation, derives the resource names and readers, and returns every field', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'POST', '/timeline-records', booking({ _id: 'b-1', resIds: ['r1'] })),
        201,
      );
      expect(made).toMatchObject({
        _id: 'b-1',
        resIds: ['r1'],
        resourceId: 'r1',
        resource_first_name: 'Ann',
        resource_last_name: 'Lee',
        notes: 'Ring the bell',
        external_data: { VisitStemID: 'VS-1' },
        isConflict: false,
        errors: [],
        version: 1,
      });
      expect((made._uid_r as string[]).sort()).toEqual([p.uids.customer, p.uids.resource1].sort());
    });

    it('validates overlaps by the one rule (900 s, or a larger organisation buffer): isConflict and the errors are stored and returned', async () => {
      // b-1 is r1 09:00–11:00. Overlapping by 900 s is allowed; by 901 it is not.
      const within = ok(
        await call(
          t,
          p.dispatcher,
          'POST',
          '/timeline-records',
          booking({
            _id: 'b-2',
            resIds: ['r1'],
            utc_begin_plus_tz: MONDAY + 11 * H - 900,
            utc_end_plus_tz: MONDAY + 12 * H,
          }),
        ),
        201,
      );
      expect(within.isConflict).toBe(false);
      const beyond = ok(
        await call(
          t,
          p.dispatcher,
          'POST',
          '/timeline-records',
          booking({
            _id: 'b-3',
            resIds: ['r1'],
            utc_begin_plus_tz: MONDAY + 11 * H - 901,
            utc_end_plus_tz: MONDAY + 12 * H,
          }),
        ),
        201,
      );
      expect(beyond.isConflict).toBe(true);
      // The allocation checks name the earliest booking it collides with.
      expect(beyond.errors).toEqual([
        expect.objectContaining({ code: 'resource_busy', resourceId: 'r1', conflictId: 'b-1' }),
      ]);
      expect(ok(await call(t, p.dispatcher, 'GET', '/timeline-records/b-3')).isConflict).toBe(true);
      // Moving it away clears the conflict on update.
      const moved = ok(
        await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-3', {
          utc_begin_plus_tz: MONDAY + 14 * H,
          utc_end_plus_tz: MONDAY + 15 * H,
          version: 1,
        }),
      );
      expect(moved).toMatchObject({ isConflict: false, errors: [], version: 2 });
    });

    it('a bigger organisation buffer forgives a bigger overlap', async () => {
      const { organisations } = await import('@rostra/db/schema/organisations');
      const { eq } = await import('drizzle-orm');
      await t.db.db
        .update(organisations)
        .set({ overlapBufferMinutes: 20 })
        .where(eq(organisations.id, p.orgId));
      const r = ok(
        await call(
          t,
          p.dispatcher,
          'POST',
          '/timeline-records',
          booking({
            _id: 'b-4',
            resIds: ['r2'],
            labels: ['l-driver'],
            utc_begin_plus_tz: MONDAY + 20 * H,
            utc_end_plus_tz: MONDAY + 21 * H,
          }),
        ),
        201,
      );
      const overlap = ok(
        await call(
          t,
          p.dispatcher,
          'POST',
          '/timeline-records',
          booking({
            _id: 'b-5',
            resIds: ['r2'],
            labels: ['l-driver'],
            utc_begin_plus_tz: MONDAY + 21 * H - 1140,
            utc_end_plus_tz: MONDAY + 22 * H,
          }),
        ),
        201,
      );
      expect([r.isConflict, overlap.isConflict]).toEqual([false, false]);
      await t.db.db
        .update(organisations)
        .set({ overlapBufferMinutes: 5 })
        .where(eq(organisations.id, p.orgId));
    });

    it('a leave of the resource makes an overlapping booking a conflict', async () => {
      ok(
        await call(t, p.dispatcher, 'POST', '/timeline-records', {
          _id: 'lv-1',
          _key: 'leave',
          status: 'leave',
          resourceId: 'r2',
          utc_begin_plus_tz: MONDAY + 30 * H,
          utc_end_plus_tz: MONDAY + 40 * H,
        }),
        201,
      );
      const job = ok(
        await call(
          t,
          p.dispatcher,
          'POST',
          '/timeline-records',
          booking({
            _id: 'b-6',
            resIds: ['r2'],
            labels: ['l-driver'],
            utc_begin_plus_tz: MONDAY + 33 * H,
            utc_end_plus_tz: MONDAY + 34 * H,
          }),
        ),
        201,
      );
      expect(job.errors).toEqual([
        expect.objectContaining({ code: 'resource_on_leave', conflictId: 'lv-1' }),
      ]);
    });

    it('a stale update answers 409 and leaves the record as it was', async () => {
      ok(await call(t, p.dispatcher, 'POST', '/timeline-records', booking({ _id: 'b-7' })), 201);
      ok(
        await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-7', { notes: 'first writer', version: 1 }),
      );
      const res = await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-7', {
        notes: 'second writer',
        version: 1,
      });
      expect(res.statusCode).toBe(409);
      expect(ok(await call(t, p.dispatcher, 'GET', '/timeline-records/b-7'))).toMatchObject({
        notes: 'first writer',
        version: 2,
      });
    });

    it('refuses an unknown resource or customer, and an end before the begin', async () => {
      const unknown = await call(
        t,
        p.dispatcher,
        'POST',
        '/timeline-records',
        booking({ resIds: ['nobody'] }),
      );
      expect(unknown.json().error.code).toBe('unknown_resource');
      const noCustomer = await call(
        t,
        p.dispatcher,
        'POST',
        '/timeline-records',
        booking({ customerId: 'c-none' }),
      );
      expect(noCustomer.json().error.code).toBe('unknown_customer');
      const backwards = await call(
        t,
        p.dispatcher,
        'POST',
        '/timeline-records',
        booking({ utc_end_plus_tz: MONDAY }),
      );
      expect(backwards.json().error.code).toBe('invalid_time_range');
    });

    it('readers-list visibility: a resource sees only records that hold them, others answer 404', async () => {
      const mine = ok<Page>(await call(t, p.resource1, 'GET', '/timeline-records?limit=250'));
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((r) => (r._uid_r as string[]).includes(p.uids.resource1))).toBe(true);
      expect((await call(t, p.resource2, 'GET', '/timeline-records/b-1')).statusCode).toBe(404);
      expect((await call(t, p.resource1, 'GET', '/timeline-records/b-1')).statusCode).toBe(200);
      expect((await call(t, p.customer, 'GET', '/timeline-records/b-1')).statusCode).toBe(200);
      const all = ok<Page>(await call(t, p.dispatcher, 'GET', '/timeline-records?limit=250'));
      expect(all.items.length).toBeGreaterThan(mine.items.length);
    });

    it('reallocating moves visibility: the old resource loses it, the new one gains it', async () => {
      const r = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/b-1'));
      ok(
        await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-1', {
          resIds: ['r2'],
          version: r.version as number,
        }),
      );
      expect((await call(t, p.resource1, 'GET', '/timeline-records/b-1')).statusCode).toBe(404);
      expect(ok(await call(t, p.resource2, 'GET', '/timeline-records/b-1'))).toMatchObject({
        resourceId: 'r2',
        resource_first_name: 'Bob',
      });
    });

    it('filters by key, status and begin window, paging in begin order', async () => {
      const leaves = ok<Page>(await call(t, p.dispatcher, 'GET', '/timeline-records?_key=leave'));
      expect(leaves.items.map((r) => r._id)).toEqual(['lv-1']);
      const window = ok<Page>(
        await call(
          t,
          p.dispatcher,
          'GET',
          `/timeline-records?from=${MONDAY + 9 * H}&to=${MONDAY + 12 * H}&limit=1`,
        ),
      );
      expect(window.items.map((r) => r._id)).toEqual(['b-1']);
      const next = ok<Page>(
        await call(
          t,
          p.dispatcher,
          'GET',
          `/timeline-records?from=${MONDAY + 9 * H}&to=${MONDAY + 12 * H}&limit=5&cursor=${window.next_cursor}`,
        ),
      );
      expect(next.items.map((r) => r._id)).not.toContain('b-1');
      expect(next.items.every((r) => (r.utc_begin_plus_tz as number) >= MONDAY + 9 * H)).toBe(true);
    });

    it('records a state on create and on every status change, newest first', async () => {
      const r = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/b-7'));
      ok(
        await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-7', {
          status: 'dispatched',
          version: r.version as number,
        }),
      );
      const states = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/bookings/b-7/states')).items;
      expect(states.map((s) => [s.status, s.previous_status, s.action])).toEqual([
        ['dispatched', 'confirmed', 'update'],
        ['confirmed', null, 'create'],
      ]);
      expect(states[0]?.uid).toBe(p.uids.dispatcher);
    });

    it('deletes with the version read', async () => {
      const r = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/b-7'));
      ok(
        await call(t, p.dispatcher, 'DELETE', '/timeline-records/b-7', undefined, {
          'if-match': `"${r.version}"`,
        }),
      );
      expect((await call(t, p.dispatcher, 'GET', '/timeline-records/b-7')).statusCode).toBe(404);
    });
  });

  describe('shifts', () => {
    const week = '2026-03-08_2026-03-14';
    it('sets a resource week (version 0 creates), derives the daily shifts, and refuses a stale version', async () => {
      const made = ok(
        await call(t, p.dispatcher, 'PUT', `/resources/r1/shifts/${week}`, {
          mo: true,
          tu: 1,
          beg: 8 * H,
          end: 17 * H,
          version: 0,
        }),
      );
      expect(made).toMatchObject({
        _id: `r1_${week}`,
        resourceId: 'r1',
        week_id: week,
        mo: true,
        tu: true,
        we: false,
        version: 1,
      });
      const daily = ok<{ items: Rec[] }>(
        await call(t, p.dispatcher, 'GET', `/daily-shifts?from=${MONDAY}&to=${MONDAY + 7 * 86_400}`),
      );
      expect(daily.items.map((d) => [d.day, d.utc_begin_plus_tz])).toEqual([
        ['mo', MONDAY + 8 * H],
        ['tu', MONDAY + 86_400 + 8 * H],
      ]);
      const stale = await call(t, p.dispatcher, 'PUT', `/resources/r1/shifts/${week}`, {
        we: true,
        version: 0,
      });
      expect(stale.statusCode).toBe(409);
      expect(ok<Page>(await call(t, p.dispatcher, 'GET', `/shifts?week_id=${week}`)).items).toHaveLength(1);
    });

    it('a resource user reads their own weeks only; a bad week id is 400', async () => {
      expect((await call(t, p.resource1, 'GET', '/resources/r1/shifts')).statusCode).toBe(200);
      expect((await call(t, p.resource1, 'GET', '/resources/r2/shifts')).statusCode).toBe(404);
      expect((await call(t, p.dispatcher, 'GET', '/resources/r1/shifts/2026-13-99')).statusCode).toBe(400);
    });
  });

  describe('blacklists', () => {
    it("replaces a customer's list with the version read and lists changes incrementally", async () => {
      expect(ok(await call(t, p.dispatcher, 'GET', '/customers/c1/blacklist'))).toMatchObject({
        _id: 'c1',
        resIds: [],
        version: 0,
      });
      const saved = ok(
        await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: ['r3'], version: 0 }),
      );
      expect(saved).toMatchObject({ _id: 'c1', resIds: ['r3'], version: 1 });
      expect(
        (await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: [], version: 0 }))
          .statusCode,
      ).toBe(409);
      expect(
        (
          await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: ['ghost'], version: 1 })
        ).json().error.code,
      ).toBe('unknown_resource');
      const list = ok<Page>(await call(t, p.dispatcher, 'GET', '/blacklists?updated_after=0'));
      expect(list.items.map((b) => b._id)).toEqual(['c1']);
      expect((await call(t, p.resource1, 'GET', '/customers/c1/blacklist')).statusCode).toBe(403);
    });
  });

  describe('settings documents', () => {
    it('job status config: defaults, then versioned replacement', async () => {
      const doc = ok(await call(t, p.resource1, 'GET', '/job-status-config'));
      expect((doc.statusConfig as Rec[]).map((s) => s._key)).toContain('confirmed');
      const body = {
        statusConfig: [{ _key: 'confirmed', _value: 'Booked', color: '#fff', textColor: '#000' }],
        version: doc.version,
      };
      const saved = ok(await call(t, p.dispatcher, 'PUT', '/job-status-config', body));
      expect(saved).toMatchObject({ statusConfig: body.statusConfig, version: 1 });
      expect((await call(t, p.dispatcher, 'PUT', '/job-status-config', body)).statusCode).toBe(409);
      expect(
        (await call(t, p.resource1, 'PUT', '/job-status-config', { ...body, version: 1 })).statusCode,
      ).toBe(403);
    });

    it('workflows: groups and calendar event states', async () => {
      const saved = ok(
        await call(t, p.dispatcher, 'PUT', '/workflows', {
          workflow_groups: [{ groupID: 'g1', isDefault: true }],
          workflow_calevents: [{ _key: 'open', _value: 'Open', groupID: 'g1' }],
          version: 0,
        }),
      );
      expect(saved).toMatchObject({ workflow_groups: [{ groupID: 'g1', isDefault: true }], version: 1 });
    });
  });

  describe('quick views, project tasks and calendar events', () => {
    it('quick views belong to the dispatcher who saved them', async () => {
      const v = ok(
        await call(t, p.dispatcher, 'POST', '/quick-views', {
          name: 'Nurses',
          filters: { labels: ['l-nurse'] },
        }),
        201,
      );
      expect(v).toMatchObject({ _key: 'quicviews', name: 'Nurses', uid: p.uids.dispatcher, cus_view: false });
      expect(ok<Page>(await call(t, p.dispatcher, 'GET', '/quick-views')).items.map((q) => q.name)).toEqual([
        'Nurses',
      ]);
    });

    it('tasks and events follow their readers list', async () => {
      ok(
        await call(t, p.dispatcher, 'POST', '/project-tasks', {
          _id: 't1',
          name: 'Paint',
          _uid_r: [p.uids.customer],
        }),
        201,
      );
      ok(
        await call(t, p.dispatcher, 'POST', '/calendar-events', {
          _id: 'e1',
          name: 'Visit',
          task_id: 't1',
          utc_begin_plus_tz: MONDAY,
          utc_end_plus_tz: MONDAY + H,
          _uid_r: [p.uids.resource1],
        }),
        201,
      );
      expect((await call(t, p.customer, 'GET', '/project-tasks/t1')).statusCode).toBe(200);
      expect((await call(t, p.resource1, 'GET', '/project-tasks/t1')).statusCode).toBe(404);
      expect(
        ok<Page>(await call(t, p.resource1, 'GET', '/calendar-events')).items.map((e) => e.calevent_id),
      ).toEqual(['e1']);
      expect(ok<Page>(await call(t, p.customer, 'GET', '/calendar-events')).items).toEqual([]);
    });
  });
});
