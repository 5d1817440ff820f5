import { randomUUID } from 'node:crypto';
import { DAY } from '@rostra/core/time/calendar';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, withCaptcha } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, postVisit, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/*
 * Issue 22 point 1 through the API (the web is not trusted): each feature flag changes what the
 * server allows, off and on. The rules are core's (`settings/flag-rules`).
 */
describe.each(testDatabaseKinds())('feature flags on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const at = MONDAY + 9 * H;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-01T08:00:00Z'));
    p = await schedulingOrg(t, 'org-flags');
  });
  afterAll(() => t?.close());

  /** The organisation's display flags: these on, the rest at their defaults. */
  const flags = (on: Rec) =>
    putSettings(t.db.db, p.orgId, 'display', { allow_booking_without_customer: true, ...on });
  const post = (path: string, fields: Rec) => call(t, p.dispatcher, 'POST', path, fields);
  const error = (res: { json: () => unknown }) => (res.json() as { error: Rec }).error;

  describe('forcing resources', () => {
    it('force_resource_booking: off, a booking without a resource saves; on, it is refused, one with a resource saves', async () => {
      await flags({});
      ok(
        await post('/timeline-records', { _id: 'fb-1', utc_begin_plus_tz: at, utc_end_plus_tz: at + H }),
        201,
      );
      await flags({ force_resource_booking: true });
      const res = await post('/timeline-records', {
        _id: 'fb-2',
        utc_begin_plus_tz: at,
        utc_end_plus_tz: at + H,
      });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({
        code: 'resource_required',
        message: 'Choose at least one resource: this organisation requires resources on new bookings.',
        details: { field: 'resIds' },
      });
      expect((await call(t, p.dispatcher, 'GET', '/timeline-records/fb-2')).statusCode).toBe(404);
      ok(
        await post('/timeline-records', {
          _id: 'fb-3',
          resIds: ['r3'],
          utc_begin_plus_tz: at + 2 * H,
          utc_end_plus_tz: at + 3 * H,
        }),
        201,
      );
      // An older booking without a resource still takes changes.
      const older = ok<Rec>(await call(t, p.dispatcher, 'GET', '/timeline-records/fb-1'));
      ok(
        await call(t, p.dispatcher, 'PATCH', '/timeline-records/fb-1', {
          reference: 'Still here',
          version: older.version,
        }),
      );
    });

    it('force_resource_groupevent: off, a group event without a resource saves; on, it is refused', async () => {
      const event = (id: string) => ({
        _id: id,
        _key: 'groupevent',
        type: 'groupevent',
        status: 'draft',
        reference: 'Picnic',
        utc_begin_plus_tz: at + DAY,
        utc_end_plus_tz: at + DAY + H,
      });
      await flags({});
      ok(await post('/timeline-records', event('fg-1')), 201);
      await flags({ force_resource_groupevent: true });
      const res = await post('/timeline-records', event('fg-2'));
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({
        code: 'resource_required',
        message: 'Choose at least one resource: this organisation requires resources on group events.',
      });
      ok(await post('/timeline-records', { ...event('fg-3'), resIds: ['r3'] }), 201);
    });

    it('force_resource_calevent: off, a calendar event without a resource saves; on, it is refused', async () => {
      const event = (id: string) => ({
        _id: id,
        name: 'Training',
        utc_begin_plus_tz: at + 2 * DAY,
        utc_end_plus_tz: at + 2 * DAY + H,
      });
      await flags({});
      ok(await post('/calendar-events', event('fc-1')), 201);
      await flags({ force_resource_calevent: true });
      const res = await post('/calendar-events', event('fc-2'));
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({
        code: 'resource_required',
        message: 'Choose at least one resource: this organisation requires resources on calendar events.',
      });
      const made = ok<Rec>(await post('/calendar-events', { ...event('fc-3'), resIds: ['r3'] }), 201);
      expect(made.resIds).toEqual(['r3']);
    });
  });

  it('validate_24_hour_date: off, a 25-hour booking saves; on, it is "you must enter a valid date", 24 hours saves', async () => {
    const day = at + 3 * DAY;
    await flags({});
    ok(
      await post('/timeline-records', { _id: 'fd-1', utc_begin_plus_tz: day, utc_end_plus_tz: day + 25 * H }),
      201,
    );
    await flags({ validate_24_hour_date: true });
    const res = await post('/timeline-records', {
      _id: 'fd-2',
      utc_begin_plus_tz: day,
      utc_end_plus_tz: day + 25 * H,
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({
      code: 'invalid_date',
      message: 'you must enter a valid date',
      details: { field: 'utc_end_plus_tz' },
    });
    ok(
      await post('/timeline-records', { _id: 'fd-3', utc_begin_plus_tz: day, utc_end_plus_tz: day + DAY }),
      201,
    );
    const made = ok<Rec>(await call(t, p.dispatcher, 'GET', '/timeline-records/fd-3'));
    const moved = await call(t, p.dispatcher, 'PATCH', '/timeline-records/fd-3', {
      utc_end_plus_tz: day + DAY + 1,
      version: made.version,
    });
    expect(moved.statusCode).toBe(400);
    expect(error(moved).message).toBe('you must enter a valid date');
  });

  describe('job cards hidden from resources', () => {
    const job = async (id: string) => {
      ok(
        await post('/timeline-records', {
          _id: id,
          resIds: ['r1'],
          utc_begin_plus_tz: at + 5 * DAY,
          utc_end_plus_tz: at + 5 * DAY + H,
        }),
        201,
      );
      return id;
    };
    const timer = (id: string, as = p.resource1, extra: Rec = {}) => {
      const now = t.clock.now().getTime();
      return call(t, as, 'POST', `/bookings/${id}/timer`, {
        action: 'start',
        client_id: randomUUID(),
        client_at: now,
        sent_at: now,
        ...extra,
      });
    };
    const mileage = (id: string, as = p.resource1, extra: Rec = {}) =>
      call(t, as, 'POST', `/bookings/${id}/mileage`, { client_id: randomUUID(), km: 12, ...extra });

    it('hide_audit_card_resource: off, the job resource reads its history; on, 403, while the dispatcher still reads it', async () => {
      await flags({});
      const id = await job('hc-audit');
      ok(await call(t, p.resource1, 'GET', `/bookings/${id}/states`));
      await flags({ hide_audit_card_resource: true });
      const res = await call(t, p.resource1, 'GET', `/bookings/${id}/states`);
      expect(res.statusCode).toBe(403);
      expect(error(res)).toMatchObject({
        code: 'card_hidden',
        message: "This organisation does not show a job's history to resources",
      });
      expect(
        ok<{ items: unknown[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/states`)).items.length,
      ).toBe(1);
    });

    it('hide_timeentry_card_resource: off, the resource starts their timer; on, 403, the dispatcher still records it for them', async () => {
      await flags({});
      ok(await timer(await job('hc-time-1')), 201);
      await flags({ hide_timeentry_card_resource: true });
      const id = await job('hc-time-2');
      const res = await timer(id);
      expect(res.statusCode).toBe(403);
      expect(error(res)).toMatchObject({
        code: 'card_hidden',
        message: 'This organisation does not let resources record their own time',
      });
      ok(await timer(id, p.dispatcher, { resource_id: 'r1' }), 201);
    });

    it('hide_mileage_card_resource: off, the resource records mileage; on, 403, the dispatcher still records it', async () => {
      await flags({});
      ok(await mileage(await job('hc-km-1')), 201);
      await flags({ hide_mileage_card_resource: true });
      const id = await job('hc-km-2');
      const res = await mileage(id);
      expect(res.statusCode).toBe(403);
      expect(error(res)).toMatchObject({
        code: 'card_hidden',
        message: 'This organisation does not let resources record mileage',
      });
      ok(await mileage(id, p.dispatcher, { resource_id: 'r1' }), 201);
    });
  });

  it('task_quote: on (the default), a job gets a quote; off, 409 "quotes_off", while invoices still save', async () => {
    ok(
      await post('/timeline-records', {
        _id: 'fq-1',
        resIds: ['r1'],
        utc_begin_plus_tz: at + 6 * DAY,
        utc_end_plus_tz: at + 6 * DAY + H,
      }),
      201,
    );
    const ledger = (type: string) => post('/bookings/fq-1/ledger', { type });
    await flags({});
    ok(await ledger('quote'), 201);
    await flags({ task_quote: false });
    const res = await ledger('quote');
    expect(res.statusCode).toBe(409);
    expect(error(res)).toMatchObject({
      code: 'quotes_off',
      message: 'This organisation does not make quotes',
    });
    ok(await ledger('invoice'), 201);
  });

  it('resource_validation: off, a booking overlapping its resource saves as a conflict; on, it is refused and not kept', async () => {
    const day = at + 7 * DAY;
    await flags({});
    ok(
      await post('/timeline-records', {
        _id: 'fv-1',
        resIds: ['r3'],
        utc_begin_plus_tz: day,
        utc_end_plus_tz: day + 2 * H,
      }),
      201,
    );
    const clash = ok<Rec>(
      await post('/timeline-records', {
        _id: 'fv-2',
        resIds: ['r3'],
        utc_begin_plus_tz: day + H,
        utc_end_plus_tz: day + 3 * H,
      }),
      201,
    );
    expect(clash.isConflict).toBe(true);
    await flags({ resource_validation: true });
    const res = await post('/timeline-records', {
      _id: 'fv-3',
      resIds: ['r3'],
      utc_begin_plus_tz: day + H,
      utc_end_plus_tz: day + 3 * H,
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({
      code: 'resource_conflict',
      message:
        'This organisation does not save a job whose resources fail the checks: choose another resource',
      details: { field: 'resIds' },
    });
    expect((await call(t, p.dispatcher, 'GET', '/timeline-records/fv-3')).statusCode).toBe(404);
    // A job without resources has nothing to validate: it saves.
    ok(
      await post('/timeline-records', {
        _id: 'fv-4',
        utc_begin_plus_tz: day + H,
        utc_end_plus_tz: day + 3 * H,
      }),
      201,
    );
  });
  describe('disable edit for resource or customer', () => {
    const png = () => {
      const b = new Uint8Array(64);
      b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      return b;
    };
    const rename = (as: Browser, displayName: string) =>
      call(t, as, 'PATCH', '/me', { details: { displayName } });
    const upload = async (as: Browser) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(png())]), 'me.png');
      const encoded = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/me/photo',
        headers: { ...as, 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };
    const auth = (as: Browser, path: string, payload: Rec) =>
      t.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { ...as }, payload });
    const nameOf = async (as: Browser) =>
      ok<{ user_details: { displayName: string } }>(await call(t, as, 'GET', '/me')).user_details.displayName;
    const chat = (as: Browser, id: string) =>
      call(t, as, 'POST', `/bookings/${id}/feeds`, { client_id: randomUUID(), text: 'On my way' });

    /** Every way of changing the profile, refused with `message`; the name stays `name`. */
    const expectLocked = async (as: Browser, name: string, message: string, phoneNumber: string) => {
      const locked = { code: 'edit_disabled', message };
      const renamed = await rename(as, 'Someone Else');
      expect(renamed.statusCode).toBe(403);
      expect(error(renamed)).toMatchObject(locked);
      const photo = await upload(as);
      expect(photo.statusCode).toBe(403);
      expect(error(photo)).toMatchObject(locked);
      const library = await auth(as, '/update-user', { name: 'Someone Else', image: 'https://x.test/a.png' });
      expect(library.statusCode).toBe(403);
      expect(error(library)).toMatchObject(locked);
      // A code sent to the new number (as the profile's phone step does), then refused at its entry.
      ok(await auth(as, '/phone-number/send-otp', await withCaptcha(t, { phoneNumber })));
      const phone = await auth(as, '/phone-number/verify', {
        phoneNumber,
        code: '123456',
        updatePhoneNumber: true,
      });
      expect(phone.statusCode).toBe(403);
      expect(error(phone)).toMatchObject(locked);
      expect(await nameOf(as)).toBe(name);
    };

    it('disable_edit_resource: off, a resource changes their name and photo; on, every profile change is 403 "edit_disabled" while their job chat goes on and others still edit', async () => {
      await flags({});
      ok(await rename(p.resource1, 'Rita Resource'));
      ok(await upload(p.resource1));
      await flags({ disable_edit_resource: true });
      await expectLocked(
        p.resource1,
        'Rita Resource',
        'This organisation does not let resources change their profile',
        '+61400999881',
      );
      // Their work goes on, and the customer and dispatcher keep their own profile.
      await postVisit(t, p, 'fe-r-1', at + 8 * DAY);
      ok(await chat(p.resource1, 'fe-r-1'), 201);
      ok(await rename(p.customer, 'Ada L.'));
      ok(await rename(p.dispatcher, 'Dana D.'));
      ok(await upload(p.customer));
    });

    it('disable_edit_customer: off, a customer changes their name; on, every profile change is 403 "edit_disabled" while their job chat goes on and resources still edit', async () => {
      await flags({});
      ok(await rename(p.customer, 'Ada Lovelace'));
      await flags({ disable_edit_customer: true });
      await expectLocked(
        p.customer,
        'Ada Lovelace',
        'This organisation does not let customers change their profile',
        '+61400999882',
      );
      await postVisit(t, p, 'fe-c-1', at + 9 * DAY);
      ok(await chat(p.customer, 'fe-c-1'), 201);
      ok(await rename(p.resource2, 'Rua R.'));
    });
  });
});
