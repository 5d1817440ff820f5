import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from '../live/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

describe.each(testDatabaseKinds())("the shell's settings on %s", (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-shell', { bookingsNeedCustomer: true });
    other = await schedulingOrg(t, 'org-shell-other', { bookingsNeedCustomer: true });
  });
  afterAll(() => t?.close());

  it('every member reads display, menu and captions; nothing stored is an empty document at version 0', async () => {
    for (const as of [p.dispatcher, p.resource1, p.customer]) {
      const got = ok<Rec>(await call(t, as, 'GET', '/settings?keys=display,menu,captions'));
      expect(got).toEqual({
        display: {},
        menu: {},
        captions: {},
        versions: { display: 0, menu: 0, captions: 0 },
      });
    }
    expect(ok<Rec>(await call(t, p.resource1, 'GET', '/settings?keys=menu'))).toEqual({
      menu: {},
      versions: { menu: 0 },
    });
    const bad = await call(t, p.resource1, 'GET', '/settings?keys=menu,allocation');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown settings: allocation');
  });

  it("a role's overrides apply to that role only", async () => {
    await putSettings(t.db.db, p.orgId, 'menu', { bookings: true, shifts: true });
    await putSettings(t.db.db, p.orgId, 'menu', { shifts: false }, 'resource');
    expect(ok<Rec>(await call(t, p.dispatcher, 'GET', '/settings?keys=menu')).menu).toEqual({
      bookings: true,
      shifts: true,
    });
    expect(ok<Rec>(await call(t, p.resource1, 'GET', '/settings?keys=menu')).menu).toEqual({
      bookings: true,
      shifts: false,
    });
  });

  it('a dispatcher replaces a document with the version read; others are refused; a stale version is 409', async () => {
    const read = ok<{ versions: Rec }>(await call(t, p.dispatcher, 'GET', '/settings?keys=captions'));
    const saved = ok<Rec>(
      await call(t, p.dispatcher, 'PUT', '/settings', {
        key: 'captions',
        value: { m_bookings: 'Visits' },
        version: read.versions.captions,
      }),
    );
    expect(saved).toMatchObject({ _key: 'captions', m_bookings: 'Visits', version: 1 });
    expect(ok<Rec>(await call(t, p.customer, 'GET', '/settings?keys=captions')).captions).toEqual({
      m_bookings: 'Visits',
    });
    const stale = await call(t, p.dispatcher, 'PUT', '/settings', { key: 'captions', value: {}, version: 0 });
    expect(stale.statusCode).toBe(409);
    const resource = await call(t, p.resource1, 'PUT', '/settings', { key: 'menu', value: {}, version: 1 });
    expect(resource.statusCode).toBe(403);
    // The other organisation is untouched.
    expect(ok<Rec>(await call(t, other.dispatcher, 'GET', '/settings?keys=captions')).captions).toEqual({});
  });

  it("checks each document's values: display flags are the known ones, menu flags are booleans", async () => {
    const unknownFlag = await call(t, p.dispatcher, 'PUT', '/settings', {
      key: 'display',
      value: { no_such_flag: true },
      version: 0,
    });
    expect(unknownFlag.statusCode).toBe(400);
    expect(unknownFlag.json().error.code).toBe('invalid_settings');
    const textFlag = await call(t, p.dispatcher, 'PUT', '/settings', {
      key: 'menu',
      value: { bookings: 'yes' },
      version: 2,
    });
    expect(textFlag.statusCode).toBe(400);
    expect(textFlag.json().error.message).toMatch(/^menu\.bookings: /);
    ok(
      await call(t, p.dispatcher, 'PUT', '/settings', {
        key: 'display',
        value: { scheduler_search: false },
        version: 0,
      }),
    );
  });

  it("a change reaches every member's live settings topic", async () => {
    const resource = await LiveClient.connect(t.app, p.resource1);
    await resource.subscribe({ topic: 'settings' });
    const since = resource.messages.length;
    const version = ok<{ versions: Rec }>(await call(t, p.dispatcher, 'GET', '/settings?keys=menu')).versions
      .menu;
    ok(await call(t, p.dispatcher, 'PUT', '/settings', { key: 'menu', value: { board: true }, version }));
    // Earlier tests' changes (e.g. display flags) may still be on their way: wait for this one.
    const event = await resource.next(
      (m) =>
        m.type === 'event' &&
        m.topic === 'settings' &&
        (m.data as { _key?: string } | undefined)?._key === 'menu',
      since,
    );
    expect(event.data).toMatchObject({ _key: 'menu', value: { board: true } });
    resource.close();
  });
});
