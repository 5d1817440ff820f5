import { COMPANY_TEXT } from '@rostra/core/settings/company';
import { ALERT_TEXT, LOGO_TEXT } from '@rostra/core/shell/messages';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { LiveClient } from '../live/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;

/**
 * Each settings change of /settings is validated, stored and broadcast live: a second socket of
 * the same organisation receives it, the other organisation's socket does not (events arrive in
 * commit order, so once the other organisation's own later change has arrived, ours would have
 * arrived before it).
 */
describe.each(testDatabaseKinds())('settings and administration on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-adm', { bookingsNeedCustomer: true });
    other = await schedulingOrg(t, 'org-adm-other', { bookingsNeedCustomer: true });
  });
  afterAll(() => t?.close());

  /** Runs `write`, then checks who heard about it on the live `settings` topic. */
  async function expectBroadcast(
    write: () => Promise<void>,
    match: (data: Rec) => boolean,
    listener: Browser = p.resource1,
  ): Promise<Rec> {
    const mine = await LiveClient.connect(t.app, listener);
    const theirs = await LiveClient.connect(t.app, other.dispatcher);
    try {
      await mine.subscribe({ topic: 'settings' });
      await theirs.subscribe({ topic: 'settings' });
      const since = theirs.messages.length;
      await write();
      const event = await mine.next((m) => m.topic === 'settings' && match(m.data ?? {}));
      // A change in the other organisation, after ours: when it has arrived, ours would have too.
      const marker = `marker-${Math.random()}`;
      const read = ok<{ versions: Rec }>(await call(t, other.dispatcher, 'GET', '/settings?keys=captions'));
      ok(
        await call(t, other.dispatcher, 'PUT', '/settings', {
          key: 'captions',
          value: { m_home: marker },
          version: read.versions.captions,
        }),
      );
      await theirs.next((m) => m.topic === 'settings' && JSON.stringify(m.data).includes(marker), since);
      const leaked = theirs.messages
        .slice(since)
        .filter((m) => m.topic === 'settings' && !JSON.stringify(m.data).includes(marker));
      expect(leaked).toEqual([]);
      return event.data ?? {};
    } finally {
      mine.close();
      theirs.close();
    }
  }

  describe('company profile', () => {
    /** The version a change names: the one just read. */
    const companyVersion = async () =>
      ok<{ version: number }>(await call(t, p.dispatcher, 'GET', '/company')).version;

    it('a dispatcher changes it; every member reads it; the change is broadcast', async () => {
      let saved: Rec = {};
      const data = await expectBroadcast(
        async () => {
          saved = ok<Rec>(
            await call(t, p.dispatcher, 'PUT', '/company', {
              version: await companyVersion(),
              name: ' Harbour North ',
              gst_value: 15,
              overlap_buffer_minutes: '7.6',
              max_distance: 2500.4,
              default_country: { name: 'NZ', code: '+64' },
              date_format: 'yyyy-mm-dd',
              time_zone: 'Pacific/Auckland',
              careplan_type: ['Daily', 'Weekly'],
              event_label_types: ['all', { id: 'l-nurse' }],
              doc_statuses: { Draft: 1, Signed: { order: 2, secondary_label: 'Done' } },
            }),
          );
        },
        (d) => d._key === 'company',
      );
      expect(saved).toMatchObject({
        name: 'Harbour North',
        overlap_buffer_minutes: 8,
        max_distance: 2500,
        gst_value: 15,
      });
      expect(data.value).toMatchObject({ name: 'Harbour North', time_zone: 'Pacific/Auckland' });
      const me = ok<{ company: Rec }>(await call(t, p.customer, 'GET', '/me'));
      expect(me.company).toMatchObject({
        name: 'Harbour North',
        date_format: 'yyyy-mm-dd',
        default_country: { name: 'NZ', code: '+64' },
        doc_statuses: { Draft: 1, Signed: { order: 2, secondary_label: 'Done' } },
      });
      expect(ok<Rec>(await call(t, other.dispatcher, 'GET', '/company')).name).toBe('Org org-adm-other');
    });

    it('an empty overlap buffer is the default 5; a non-numeric one is refused by field and nothing is stored', async () => {
      expect(
        ok<Rec>(
          await call(t, p.dispatcher, 'PUT', '/company', {
            overlap_buffer_minutes: '',
            version: await companyVersion(),
          }),
        ).overlap_buffer_minutes,
      ).toBe(5);
      const bad = await call(t, p.dispatcher, 'PUT', '/company', {
        overlap_buffer_minutes: 'ten',
        name: 'Should not be kept',
        version: await companyVersion(),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toEqual({
        code: 'invalid_settings',
        message: `overlap_buffer_minutes: ${COMPANY_TEXT.overlapNotNumber}`,
        details: {
          issues: [
            { field: 'overlap_buffer_minutes', code: 'not_numeric', message: COMPANY_TEXT.overlapNotNumber },
          ],
        },
      });
      const two = await call(t, p.dispatcher, 'PUT', '/company', {
        gst_value: 150,
        time_zone: 'Mars/Base',
        version: await companyVersion(),
      });
      expect(two.statusCode).toBe(400);
      expect(
        Object.fromEntries((two.json().error.details.issues as Rec[]).map((i) => [i.field, i.message])),
      ).toEqual({ gst_value: COMPANY_TEXT.gst, time_zone: COMPANY_TEXT.timeZone });
      expect(ok<Rec>(await call(t, p.dispatcher, 'GET', '/company')).name).toBe('Harbour North');
    });

    it('only dispatchers change it; the geofence call of the logo area stores the geofence', async () => {
      expect((await call(t, p.resource1, 'PUT', '/company', { name: 'x', version: 0 })).statusCode).toBe(403);
      expect(
        ok<Rec>(
          await call(t, p.dispatcher, 'POST', '/company/geofence', {
            org_id: p.orgId,
            geofence: { lat: -33.86, lng: 151.21, radius: 250 },
            version: await companyVersion(),
          }),
        ),
      ).toEqual({ status: true });
      expect(ok<Rec>(await call(t, p.resource1, 'GET', '/company')).geofence).toEqual({
        lat: -33.86,
        lng: 151.21,
        radius: 250,
      });
      const elsewhere = await call(t, p.dispatcher, 'POST', '/company/geofence', {
        org_id: other.orgId,
        geofence: null,
        version: await companyVersion(),
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.code).toBe('wrong_org');
    });
  });

  describe('company logo', () => {
    /** A PNG header of the given size, padded to `bytes` long. */
    const png = (width: number, height: number, bytes = 64) => {
      const b = new Uint8Array(bytes);
      b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      new DataView(b.buffer).setUint32(16, width);
      new DataView(b.buffer).setUint32(20, height);
      return b;
    };
    const upload = async (as: Browser, orgId: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.set('org_id', orgId);
      form.set('file', new Blob([Buffer.from(bytes)], { type: 'image/png' }), 'logo.png');
      const encoded = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/company/logo',
        headers: { ...as, 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };

    it('a wide image becomes the logo every member sees; the rules of spec §5 refuse the rest', async () => {
      const logo = png(357, 210);
      const data = await expectBroadcast(
        async () => {
          const answer = ok<Rec>(await upload(p.dispatcher, p.orgId, logo));
          expect(answer).toMatchObject({
            status: true,
            logo_url: expect.stringMatching(/^\/api\/v1\/company\/logo\?v=/),
          });
        },
        // The company document with its logo: the geofence test's change before this one may
        // still be on its way to a new subscriber (on PostgreSQL it comes by NOTIFY).
        (d) => d._key === 'company' && typeof (d.value as Rec | undefined)?.logo === 'string',
      );
      const url = String((data.value as Rec).logo);
      const served = await t.app.inject({ method: 'GET', url, headers: { ...p.resource1 } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(new Uint8Array(served.rawPayload)).toEqual(logo);
      const elsewhere = await t.app.inject({ method: 'GET', url, headers: { ...other.dispatcher } });
      expect(elsewhere.statusCode).toBe(404);

      const square = await upload(p.dispatcher, p.orgId, png(200, 200));
      expect(square.statusCode).toBe(400);
      expect(square.json().error.message).toBe(LOGO_TEXT.badDimensions);
      const large = await upload(p.dispatcher, p.orgId, png(400, 100, 500_000));
      expect(large.json().error.message).toBe(LOGO_TEXT.tooLarge);
      const text = await upload(p.dispatcher, p.orgId, new TextEncoder().encode('not an image at all'));
      expect(text.json().error.message).toBe(ALERT_TEXT.somethingWentWrong);
      expect((await upload(p.resource1, p.orgId, logo)).statusCode).toBe(403);
      expect((await upload(p.dispatcher, other.orgId, logo)).statusCode).toBe(400);
      expect(ok<Rec>(await call(t, p.customer, 'GET', '/company')).logo).toBe(url);
    });
  });

  describe('menu flags per role, captions and feature flags', () => {
    it("a role's menu flags override the organisation's for that role only, live", async () => {
      const data = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/menu-flags', {
              role: '',
              value: { bookings: true, board: true },
              version: 0,
            }),
          );
          ok(
            await call(t, p.dispatcher, 'PUT', '/menu-flags', {
              role: 'resource',
              value: { board: false },
              version: 0,
            }),
          );
        },
        (d) => d._key === 'menu' && d.role === 'resource',
      );
      expect(data).toMatchObject({ role: 'resource', value: { board: false }, version: 1 });
      expect(ok<Rec>(await call(t, p.resource1, 'GET', '/settings?keys=menu')).menu).toEqual({
        bookings: true,
        board: false,
      });
      expect(ok<Rec>(await call(t, p.customer, 'GET', '/settings?keys=menu')).menu).toEqual({
        bookings: true,
        board: true,
      });
      const scopes = ok<{ scopes: Rec[] }>(await call(t, p.dispatcher, 'GET', '/menu-flags')).scopes;
      expect(scopes.map((s) => [s.role, s.version])).toEqual([
        ['', 1],
        ['dispatcher', 0],
        ['scheduler', 0],
        ['resource', 1],
        ['customer', 0],
      ]);
      const stale = await call(t, p.dispatcher, 'PUT', '/menu-flags', {
        role: 'resource',
        value: {},
        version: 0,
      });
      expect(stale.statusCode).toBe(409);
      const unknown = await call(t, p.dispatcher, 'PUT', '/menu-flags', {
        role: '',
        value: { nowhere: true },
        version: 1,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe('value.nowhere: Not a menu entry');
      expect(
        (await call(t, p.resource1, 'PUT', '/menu-flags', { role: '', value: {}, version: 1 })).statusCode,
      ).toBe(403);
    });

    it('captions and feature flags are checked, stored and broadcast', async () => {
      const captions = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/settings', {
              key: 'captions',
              value: { m_bookings: ' Visits ' },
              version: 0,
            }),
          );
        },
        (d) => d._key === 'captions',
      );
      expect(captions.value).toEqual({ m_bookings: 'Visits' });
      const flags = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/settings', {
              key: 'display',
              value: { fortnight_calendar: false, customer_phone_optional: true },
              version: 0,
            }),
          );
        },
        (d) => d._key === 'display',
        p.customer,
      );
      expect(flags.value).toEqual({ fortnight_calendar: false, customer_phone_optional: true });
      const badMenu = await call(t, p.dispatcher, 'PUT', '/settings', {
        key: 'menu',
        value: { nowhere: true },
        version: 1,
      });
      expect(badMenu.statusCode).toBe(400);
      expect(badMenu.json().error.message).toBe('menu.nowhere: Not a menu entry');
    });
  });

  describe('allocation switches, job status config and exception report config', () => {
    it('allocation switches: the contract defaults until changed; unknown switches refused; dispatchers hear of it', async () => {
      const first = ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings'));
      expect(first).toMatchObject({
        week_start_day: 0,
        version: 0,
        switches: { MAX_HR_DAY_NOT_CHECK: true, MAX_HR_FORTNIGHT_NOT_CHECK: true, DISTANCE_NOT_CHECK: false },
      });
      const data = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
              week_start_day: 1,
              switches: { DISTANCE_NOT_CHECK: true },
              version: 0,
            }),
          );
        },
        (d) => d._key === 'allocation',
        p.dispatcher,
      );
      expect(data.value).toEqual({ week_start_day: 1, switches: { DISTANCE_NOT_CHECK: true } });
      expect(ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings')).switches).toMatchObject({
        DISTANCE_NOT_CHECK: true,
        MAX_HR_DAY_NOT_CHECK: true,
      });
      const bad = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        switches: { NOPE: true },
        version: 1,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('switches.NOPE: Not an allocation switch');
      expect((await call(t, p.resource1, 'GET', '/allocation-settings')).statusCode).toBe(403);
    });

    it('rules: minimum rest is off at 600 minutes until switched on; its minutes are kept and checked', async () => {
      const first = ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings'));
      expect(first).toMatchObject({ min_rest_minutes: 600, switches: { MIN_REST_NOT_CHECK: true } });
      const saved = ok<Rec>(
        await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
          switches: { MIN_REST_NOT_CHECK: false },
          min_rest_minutes: 90,
          version: first.version,
        }),
      );
      expect(saved).toMatchObject({ min_rest_minutes: 90, switches: { MIN_REST_NOT_CHECK: false } });
      const bad = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        min_rest_minutes: 1441,
        version: saved.version,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(
        'min_rest_minutes: Minimum rest is a whole number of minutes from 0 to 1440',
      );
    });

    it('rules: consecutive working days, credential expiry and minimum hours are off until switched on; days kept and checked', async () => {
      const first = ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings'));
      expect(first).toMatchObject({
        max_consecutive_days: 6,
        switches: {
          MAX_CONSECUTIVE_DAYS_NOT_CHECK: true,
          CREDENTIAL_EXPIRY_NOT_CHECK: true,
          MIN_HOURS_NOT_CHECK: true,
        },
      });
      const saved = ok<Rec>(
        await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
          switches: { MAX_CONSECUTIVE_DAYS_NOT_CHECK: false, CREDENTIAL_EXPIRY_NOT_CHECK: false },
          max_consecutive_days: 5,
          version: first.version,
        }),
      );
      expect(saved).toMatchObject({
        max_consecutive_days: 5,
        switches: { MAX_CONSECUTIVE_DAYS_NOT_CHECK: false, CREDENTIAL_EXPIRY_NOT_CHECK: false },
      });
      const bad = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        max_consecutive_days: 0,
        version: saved.version,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(
        'max_consecutive_days: Consecutive working days is a whole number from 1 to 28',
      );
    });

    it('rules: travel time is off until switched on; road factor and speed kept and checked', async () => {
      const first = ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings'));
      expect(first).toMatchObject({
        travel_road_factor: 1.3,
        travel_speed_kmh: 40,
        switches: { TRAVEL_TIME_NOT_CHECK: true },
      });
      const saved = ok<Rec>(
        await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
          switches: { TRAVEL_TIME_NOT_CHECK: false },
          travel_road_factor: 1.5,
          travel_speed_kmh: 50,
          version: first.version,
        }),
      );
      expect(saved).toMatchObject({
        travel_road_factor: 1.5,
        travel_speed_kmh: 50,
        switches: { TRAVEL_TIME_NOT_CHECK: false },
      });
      const bad = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        travel_road_factor: 3.5,
        version: saved.version,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('travel_road_factor: The road factor is a number from 1 to 3');
      const slow = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        travel_speed_kmh: 4,
        version: saved.version,
      });
      expect(slow.statusCode).toBe(400);
      expect(slow.json().error.message).toBe(
        'travel_speed_kmh: The average speed is a whole number of km/h from 5 to 130',
      );
    });

    it('job status labels and colours reach every member', async () => {
      const data = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/job-status-config', {
              statusConfig: [{ _key: 'draft', _value: 'Pencilled', color: '#ffffff', textColor: '#000000' }],
              version: 0,
            }),
          );
        },
        (d) => d._key === 'job_status_config',
      );
      expect(data.value).toEqual({
        statusConfig: [{ _key: 'draft', _value: 'Pencilled', color: '#ffffff', textColor: '#000000' }],
      });
    });

    it('the exception report config reaches the dispatchers', async () => {
      const data = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
              configs: [{ action_status: 'active', exception_min_amber: 15 }],
              version: 0,
            }),
          );
        },
        (d) => d._key === 'exception_report_config' || JSON.stringify(d).includes('exception_min_amber'),
        p.dispatcher,
      );
      expect(JSON.stringify(data)).toContain('exception_min_amber');
      const bad = await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
        configs: [{ action_status: 'active', exception_min_amber: -1 }],
        version: 1,
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('users and invitations', () => {
    it('lists members; changes a role; never removes or demotes the last dispatcher', async () => {
      const members = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/users')).items;
      expect(members.map((m) => m.role).sort()).toEqual(['customer', 'dispatcher', 'resource', 'resource']);
      const dispatcher = members.find((m) => m.role === 'dispatcher') as Rec;
      const resource2 = members.find((m) => m.uid === p.uids.resource2) as Rec;
      const lastOne = await call(t, p.dispatcher, 'POST', '/users/change', {
        id: dispatcher.id,
        role: 'resource',
      });
      expect(lastOne.statusCode).toBe(400);
      expect(lastOne.json().error.code).toBe('last_dispatcher');
      expect((await call(t, p.dispatcher, 'POST', '/users/remove', { id: dispatcher.id })).statusCode).toBe(
        400,
      );
      const data = await expectBroadcast(
        async () => {
          ok(
            await call(t, p.dispatcher, 'POST', '/users/change', {
              id: resource2.id,
              role: 'resource',
              duties: ['partner'],
            }),
          );
        },
        (d) => d._key === 'members',
        p.resource2,
      );
      expect(data.member).toMatchObject({ uid: p.uids.resource2, duties: ['partner'] });
      const me = ok<Rec>(await call(t, p.resource2, 'GET', '/me'));
      expect(me.duties).toEqual(['partner']);
      // Another organisation's member is not found here.
      const theirs = ok<{ items: Rec[] }>(await call(t, other.dispatcher, 'GET', '/users')).items[0] as Rec;
      expect((await call(t, p.dispatcher, 'POST', '/users/remove', { id: theirs.id })).statusCode).toBe(404);
      ok(await call(t, p.dispatcher, 'POST', '/users/remove', { id: resource2.id }));
      expect((await call(t, p.resource2, 'GET', '/company')).statusCode).toBe(403);
      expect((await call(t, p.resource1, 'GET', '/users')).statusCode).toBe(403);
    });

    it('invites by email with role and duties: a mail goes out; the person with that address accepts', async () => {
      const invite = ok<Rec>(
        await call(t, p.dispatcher, 'POST', '/invitations', {
          email: 'Resource2@org-adm.test',
          role: 'dispatcher',
          duties: ['partner'],
        }),
      );
      expect(invite).toMatchObject({
        email: 'resource2@org-adm.test',
        role: 'dispatcher',
        duties: ['partner'],
        status: 'pending',
      });
      const { listOutbox } = await import('@rostra/db/identity/outbox');
      const [mail] = await listOutbox(t.db.db, {
        recipient: 'resource2@org-adm.test',
        purpose: 'invitation',
      });
      expect(mail?.link).toContain(`invitation=${invite.id}`);
      const listed = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/invitations')).items;
      expect(listed.map((i) => i.id)).toContain(invite.id);
      expect(ok<{ items: Rec[] }>(await call(t, other.dispatcher, 'GET', '/invitations')).items).toEqual([]);

      const wrongPerson = await call(t, p.customer, 'POST', '/invitations/accept', {
        org_id: p.orgId,
        id: invite.id,
      });
      expect(wrongPerson.statusCode).toBe(400);
      expect(wrongPerson.json().error.code).toBe('invitation_other_email');
      // resource2 was removed above: the invitation brings them back, as a dispatcher with the partner duty.
      const accepted = ok<Rec>(
        await call(t, p.resource2, 'POST', '/invitations/accept', { org_id: p.orgId, id: invite.id }),
      );
      expect(accepted.status).toBe('accepted');
      const me = ok<{ memberships: Rec[] }>(await call(t, p.resource2, 'GET', '/me'));
      expect(me.memberships).toContainEqual(
        expect.objectContaining({ org_id: p.orgId, role: 'dispatcher', duties: ['partner'] }),
      );
      const again = await call(t, p.resource2, 'POST', '/invitations/accept', {
        org_id: p.orgId,
        id: invite.id,
      });
      expect(again.statusCode).toBe(400);
    });

    it('refuses inviting a current holder of the role, withdraws invitations, and expired ones cannot be accepted', async () => {
      const dup = await call(t, p.dispatcher, 'POST', '/invitations', {
        email: 'customer@org-adm.test',
        role: 'customer',
      });
      expect(dup.statusCode).toBe(409);
      const bad = await call(t, p.dispatcher, 'POST', '/invitations', {
        email: 'not-an-address',
        role: 'customer',
      });
      expect(bad.statusCode).toBe(400);
      const a = ok<Rec>(
        await call(t, p.dispatcher, 'POST', '/invitations', {
          email: 'customer@org-adm.test',
          role: 'resource',
        }),
      );
      ok(await call(t, p.dispatcher, 'POST', '/invitations/revoke', { id: a.id }));
      const revoked = await call(t, p.customer, 'POST', '/invitations/accept', { org_id: p.orgId, id: a.id });
      expect(revoked.statusCode).toBe(400);
      const b = ok<Rec>(
        await call(t, p.dispatcher, 'POST', '/invitations', {
          email: 'customer@org-adm.test',
          role: 'resource',
        }),
      );
      t.clock.advance(8 * 86_400);
      const late = await call(t, p.customer, 'POST', '/invitations/accept', { org_id: p.orgId, id: b.id });
      t.clock.advance(-8 * 86_400);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('invitation_expired');
    });
  });
});
