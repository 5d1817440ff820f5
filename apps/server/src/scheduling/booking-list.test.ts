import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type ListAnswer = { items: Rec[]; total: number; page: number; limit: number };

const DAY = 86_400;

describe.each(testDatabaseKinds())('the bookings list on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const create = async (over: Rec) =>
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
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
  const list = async (query: Rec = {}, as = p.dispatcher) =>
    ok<ListAnswer>(await call(t, as, 'POST', '/bookings/search', query));
  const ids = (a: ListAnswer) => a.items.map((r) => r._id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-bl');
    await create({ _id: 'bl-1', reference: 'REF-ALPHA', resIds: ['r1'], labels: ['l-nurse'] });
    await create({
      _id: 'bl-2',
      reference: 'REF-BETA',
      status: 'draft',
      utc_begin_plus_tz: MONDAY + DAY + 9 * H,
      utc_end_plus_tz: MONDAY + DAY + 10 * H,
      resIds: ['r2'],
      labels: ['l-nurse', 'l-driver'],
    });
    await create({
      _id: 'bl-3',
      reference: 'REF-GAMMA',
      customerId: 'c2',
      customer_first_name: 'Bea',
      customer_last_name: 'Smith',
      all_location: '12 Harbour St, Manly',
      utc_begin_plus_tz: MONDAY + 2 * DAY + 9 * H,
      utc_end_plus_tz: MONDAY + 2 * DAY + 10 * H,
      resIds: ['r1', 'r3'],
    });
    // A leave is a timeline record but not a booking: never listed.
    await create({ _id: 'bl-leave', _key: 'leave', status: 'leave', resIds: ['r1'], customerId: null });
  });
  afterAll(() => t?.close());

  it('lists only bookings, soonest first, with the total; desc reverses', async () => {
    const all = await list();
    expect(ids(all)).toEqual(['bl-1', 'bl-2', 'bl-3']);
    expect(all.total).toBe(3);
    expect(ids(await list({ order: 'desc' }))).toEqual(['bl-3', 'bl-2', 'bl-1']);
  });

  it('searches reference, customer name, resource-less address and id, case-insensitively', async () => {
    expect(ids(await list({ q: 'ref-beta' }))).toEqual(['bl-2']);
    expect(ids(await list({ q: 'bea smith' }))).toEqual(['bl-3']);
    expect(ids(await list({ q: 'harbour' }))).toEqual(['bl-3']);
    expect(ids(await list({ q: 'bl-1' }))).toEqual(['bl-1']);
    // Pattern characters are taken literally.
    expect(ids(await list({ q: '%' }))).toEqual([]);
  });

  it('filters by statuses, date range, resource (any position), customer and every label', async () => {
    expect(ids(await list({ status: ['draft'] }))).toEqual(['bl-2']);
    expect(ids(await list({ status: ['draft', 'confirmed'] }))).toEqual(['bl-1', 'bl-2', 'bl-3']);
    expect(ids(await list({ from: MONDAY + DAY, to: MONDAY + 2 * DAY }))).toEqual(['bl-2']);
    // The boundary: begin exactly at `to` is out, exactly at `from` is in.
    expect(ids(await list({ from: MONDAY + 9 * H, to: MONDAY + 9 * H + 1 }))).toEqual(['bl-1']);
    expect(ids(await list({ resource: 'r3' }))).toEqual(['bl-3']);
    expect(ids(await list({ resource: 'r1' }))).toEqual(['bl-1', 'bl-3']);
    expect(ids(await list({ customer: 'c2' }))).toEqual(['bl-3']);
    expect(ids(await list({ labels: ['l-nurse'] }))).toEqual(['bl-1', 'bl-2']);
    expect(ids(await list({ labels: ['l-nurse', 'l-driver'] }))).toEqual(['bl-2']);
  });

  it('pages by number with the total of every page', async () => {
    const first = await list({ limit: 2 });
    const second = await list({ limit: 2, page: 2 });
    expect([ids(first), first.total, ids(second), second.total]).toEqual([['bl-1', 'bl-2'], 3, ['bl-3'], 3]);
    expect(ids(await list({ limit: 2, page: 3 }))).toEqual([]);
  });

  it('refuses an unknown status with 400 in the error shape', async () => {
    const res = await call(t, p.dispatcher, 'POST', '/bookings/search', { status: ['bogus'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('a resource sees only the bookings they are on; a customer only their own', async () => {
    expect(ids(await list({}, p.resource1))).toEqual(['bl-1', 'bl-3']);
    expect(ids(await list({}, p.resource2))).toEqual(['bl-2']);
    expect(ids(await list({}, p.customer))).toEqual(['bl-1', 'bl-2']);
  });

  it('stores a moving inventory with its totals; unknown items 400, stale version 409', async () => {
    const booking = await create({
      _id: 'bl-move',
      utc_begin_plus_tz: MONDAY + 5 * DAY + 9 * H,
      utc_end_plus_tz: MONDAY + 5 * DAY + 13 * H,
    });
    const version = booking.version as number;
    // Two of item 1 and a line of quantity 0, which is not kept.
    const res = ok<{ record: Rec; totals: Rec }>(
      await call(t, p.dispatcher, 'PUT', '/bookings/bl-move/inventory', {
        inventory: [
          { id: 1, qty: 2 },
          { id: 25, qty: 0 },
        ],
        version,
      }),
    );
    expect(res.record.inventory).toEqual([{ id: 1, qty: 2 }]);
    expect(res.record.version).toBe(version + 1);
    expect(res.totals.items).toBe(2);

    const unknown = await call(t, p.dispatcher, 'PUT', '/bookings/bl-move/inventory', {
      inventory: [{ id: 99_999, qty: 1 }],
      version: version + 1,
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'invalid_inventory']);

    const stale = await call(t, p.dispatcher, 'PUT', '/bookings/bl-move/inventory', {
      inventory: [{ id: 1, qty: 1 }],
      version,
    });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'version_conflict']);

    const forbidden = await call(t, p.resource1, 'PUT', '/bookings/bl-1/inventory', {
      inventory: [],
      version: 1,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
