import { templateStart } from '@rostra/core/roster/grid';
import { DAY, FORTNIGHT } from '@rostra/core/time/calendar';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/*
 * Issue 16 point 7 through the API (the web form is not trusted): a booking's end must be after
 * its begin, a booking needs a customer unless the organisation allows none, and it takes the
 * customer's address, location and labels where the request leaves them out. Also for the
 * bookings a master-roster rollout writes.
 */
describe.each(testDatabaseKinds())('booking rules on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const at = MONDAY + 14 * H;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-01T08:00:00Z'));
    p = await schedulingOrg(t, 'org-bkrules', { bookingsNeedCustomer: true });
    ok(
      await call(t, p.dispatcher, 'POST', '/customers', {
        _id: 'c-home',
        name: 'Hal Home',
        first_name: 'Hal',
        last_name: 'Home',
        phone: '02 9555 0102',
        addressline1: '12 King Street',
        suburb: 'Newtown',
        postcode: '2042',
        all_location: '12 King Street, Newtown, 2042',
        _geoloc: { lat: -33.89, lng: 151.18 },
        labels: ['l-nurse', 'l-lift'],
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  const post = (fields: Rec) => call(t, p.dispatcher, 'POST', '/timeline-records', fields);
  const error = (res: { json: () => unknown }) => (res.json() as { error: Rec }).error;

  it('refuses an end at or before the begin with 400 "you must enter a valid time"; one a second later saves', async () => {
    const before = await post({
      _id: 'b-back',
      customerId: 'c1',
      utc_begin_plus_tz: at,
      utc_end_plus_tz: at - H,
    });
    expect(before.statusCode).toBe(400);
    expect(error(before)).toMatchObject({
      code: 'invalid_time_range',
      message: 'you must enter a valid time',
    });
    const same = await post({ _id: 'b-same', customerId: 'c1', utc_begin_plus_tz: at, utc_end_plus_tz: at });
    expect(same.statusCode).toBe(400);
    expect(error(same).message).toBe('you must enter a valid time');
    for (const id of ['b-back', 'b-same']) {
      expect((await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`)).statusCode).toBe(404);
    }
    ok(await post({ _id: 'b-ok', customerId: 'c1', utc_begin_plus_tz: at, utc_end_plus_tz: at + 1 }), 201);
  });

  it('an overnight booking (ends next day, 23 hours) saves', async () => {
    const made = ok<Rec>(
      await post({ _id: 'b-night', customerId: 'c1', utc_begin_plus_tz: at, utc_end_plus_tz: at + 23 * H }),
      201,
    );
    expect(made.utc_end_plus_tz).toBe(at + DAY - H);
  });

  it('refuses a PATCH that moves the end before the begin, and keeps the booking', async () => {
    const made = ok<Rec>(
      await post({ _id: 'b-move', customerId: 'c1', utc_begin_plus_tz: at, utc_end_plus_tz: at + H }),
      201,
    );
    const res = await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-move', {
      utc_end_plus_tz: at - H,
      version: made.version,
    });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toBe('you must enter a valid time');
    const kept = ok<Rec>(await call(t, p.dispatcher, 'GET', '/timeline-records/b-move'));
    expect(kept).toMatchObject({ utc_end_plus_tz: at + H, version: made.version });
  });

  it('refuses a booking without a customer unless the organisation allows it; a leave needs none', async () => {
    const res = await post({ _id: 'b-nobody', utc_begin_plus_tz: at, utc_end_plus_tz: at + H });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'customer_required', details: { field: 'customerId' } });
    ok(
      await post({
        _id: 'lv-1',
        _key: 'leave',
        status: 'leave',
        resIds: ['r3'],
        utc_begin_plus_tz: at,
        utc_end_plus_tz: at + DAY,
      }),
      201,
    );

    ok(
      await call(t, p.dispatcher, 'PUT', '/settings', {
        key: 'display',
        value: { allow_booking_without_customer: true },
        version: 0,
      }),
    );
    ok(await post({ _id: 'b-nobody', utc_begin_plus_tz: at, utc_end_plus_tz: at + H }), 201);
    ok(await call(t, p.dispatcher, 'PUT', '/settings', { key: 'display', value: {}, version: 1 }));
    expect(
      (await post({ _id: 'b-nobody-2', utc_begin_plus_tz: at, utc_end_plus_tz: at + H })).statusCode,
    ).toBe(400);
    // An older booking without a customer still takes changes that leave its customer alone.
    const older = ok<Rec>(await call(t, p.dispatcher, 'GET', '/timeline-records/b-nobody'));
    ok(
      await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-nobody', {
        notes: 'Gate code 1234',
        version: older.version,
      }),
    );
  });

  it("copies the customer's address, location and labels when the request leaves them out", async () => {
    const made = ok<Rec>(
      await post({ _id: 'b-home', customerId: 'c-home', utc_begin_plus_tz: at, utc_end_plus_tz: at + H }),
      201,
    );
    expect(made).toMatchObject({
      all_location: '12 King Street, Newtown, 2042',
      addressline1: '12 King Street',
      _geoloc: { lat: -33.89, lng: 151.18 },
      cs_lbls: ['l-nurse', 'l-lift'],
      customer_first_name: 'Hal',
      customer_last_name: 'Home',
    });
    // An address the request gives is kept.
    const elsewhere = ok<Rec>(
      await post({
        _id: 'b-ward',
        customerId: 'c-home',
        all_location: 'Ward 3, St Vincent',
        utc_begin_plus_tz: at,
        utc_end_plus_tz: at + H,
      }),
      201,
    );
    expect(elsewhere).toMatchObject({
      all_location: 'Ward 3, St Vincent',
      _geoloc: { lat: -33.89, lng: 151.18 },
    });
    // Changing the customer of a booking brings the new customer's place.
    const moved = ok<Rec>(
      await call(t, p.dispatcher, 'PATCH', '/timeline-records/b-ok', {
        customerId: 'c-home',
        version: 1,
      }),
    );
    expect(moved).toMatchObject({
      all_location: '12 King Street, Newtown, 2042',
      cs_lbls: ['l-nurse', 'l-lift'],
    });
  });

  it("rolled-out master-roster bookings take the customer's address, location and labels", async () => {
    const T0 = templateStart(0);
    const begin = T0 + 1 * DAY + 9 * H;
    ok(
      await post({
        _id: 'tpl-home',
        _key: 'booking',
        status: 'draft',
        type: 'roster',
        template_id: 'tpl-rules',
        day_num: 1,
        startAt: 9 * 60,
        endAt: 10 * 60,
        week: 1,
        fortnight_time_boundaries: { start_time: T0, end_time: T0 + FORTNIGHT },
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + H,
        customerId: 'c-home',
        // The template item was drawn before the customer had an address.
        all_location: null,
      }),
      201,
    );
    const answer = ok<{ created: number; issues: Rec[] }>(
      await call(t, p.dispatcher, 'POST', '/master-roster/rollout', {
        from: MONDAY - DAY,
        to: MONDAY - DAY + FORTNIGHT,
        template_id: 'tpl-rules',
      }),
    );
    expect(answer.created).toBe(1);
    const list = ok<{ items: Rec[] }>(
      await call(
        t,
        p.dispatcher,
        'GET',
        `/timeline-records?from=${MONDAY - DAY}&to=${MONDAY + FORTNIGHT}&limit=250`,
      ),
    );
    const rolled = list.items.filter((r) => r.template_id === 'tpl-rules');
    expect(rolled).toHaveLength(1);
    expect(rolled[0]).toMatchObject({
      all_location: '12 King Street, Newtown, 2042',
      _geoloc: { lat: -33.89, lng: 151.18 },
      cs_lbls: ['l-nurse', 'l-lift'],
    });
    expect((rolled[0]?.utc_end_plus_tz as number) - (rolled[0]?.utc_begin_plus_tz as number)).toBe(H);
  });

  it('a template item without a customer is reported by the rollout and rolls out nothing', async () => {
    const T0 = templateStart(0);
    const begin = T0 + 2 * DAY + 9 * H;
    ok(
      await post({
        _id: 'tpl-nobody',
        _key: 'booking',
        status: 'draft',
        type: 'roster',
        template_id: 'tpl-nobody',
        day_num: 2,
        startAt: 9 * 60,
        endAt: 10 * 60,
        week: 1,
        fortnight_time_boundaries: { start_time: T0, end_time: T0 + FORTNIGHT },
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + H,
      }),
      201,
    );
    const answer = ok<{ created: number; issues: Rec[] }>(
      await call(t, p.dispatcher, 'POST', '/master-roster/rollout', {
        from: MONDAY - DAY,
        to: MONDAY - DAY + FORTNIGHT,
        template_id: 'tpl-nobody',
      }),
    );
    expect(answer.created).toBe(0);
    expect(answer.issues).toEqual([
      { code: 'customer_required', message: 'Choose the customer of the booking', _id: 'tpl-nobody' },
    ]);
  });
});
