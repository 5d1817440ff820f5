import { icalFeeds } from '@rostra/db/schema/documents';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { call, H, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Rec = Record<string, unknown>;
type Feed = Rec & { _id: string; url: string; revoked_at: number | null };

const DAY = 86_400;
/** Today's midnight on the wall clock of a UTC organisation: feeds hold the weeks around now. */
const TODAY = Math.floor(Date.now() / 1000 / DAY) * DAY;

describe.each(testDatabaseKinds())('iCal feeds on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;
  const book = async (as: Browser, over: Rec) =>
    ok(
      await call(t, as, 'POST', '/timeline-records', {
        status: 'confirmed',
        customerId: 'c1',
        customer_first_name: 'Ada',
        customer_last_name: 'Lovelace',
        utc_begin_plus_tz: TODAY + DAY + 9 * H,
        utc_end_plus_tz: TODAY + DAY + 10 * H,
        ...over,
      }),
      201,
    );
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-ic');
    other = await schedulingOrg(t, 'org-ic2');
    await book(p.dispatcher, {
      _id: 'ic-1',
      reference: 'REF-1',
      resIds: ['r1'],
      labels: ['l-nurse'],
      all_location: '1 High St, Sydney',
      notes: 'Key in lockbox; ring twice',
    });
    await book(p.dispatcher, {
      _id: 'ic-2',
      resIds: ['r2'],
      labels: ['l-driver'],
      utc_begin_plus_tz: TODAY + 2 * DAY + 9 * H,
      utc_end_plus_tz: TODAY + 2 * DAY + 11 * H,
    });
    await book(p.dispatcher, {
      _id: 'ic-3',
      status: 'cancelled',
      resIds: ['r1'],
      utc_begin_plus_tz: TODAY + 3 * DAY + 9 * H,
      utc_end_plus_tz: TODAY + 3 * DAY + 10 * H,
    });
  });
  afterAll(() => t?.close());

  it("a resource's feed is valid iCalendar with their jobs, stable UIDs, times and a cancelled status", async () => {
    const feed = ok<Feed>(
      await call(t, p.dispatcher, 'POST', '/ical_feeds', { scope: 'resource', target_id: 'r1' }),
      201,
    );
    expect(feed.url).toMatch(/^http.*\/ical\/org-ic\/[^/]+\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(feed.url);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/calendar; charset=utf-8']);
    const list = events(res.body);
    expect(list.map((e) => e.uid)).toEqual(['ic-1.org-ic@rostra', 'ic-3.org-ic@rostra']);
    const [first, cancelled] = list;
    expect(first?.summary).toBe('Ada Lovelace');
    expect(first?.location).toBe('1 High St, Sydney');
    expect(first?.description).toContain('Key in lockbox; ring twice');
    expect(first?.startDate.toUnixTime()).toBe(TODAY + DAY + 9 * H);
    expect(first?.endDate.toUnixTime()).toBe(TODAY + DAY + 10 * H);
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(first?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // The same URL again: the same UIDs (calendar apps update, not duplicate).
    expect(events((await fetchFeed(feed.url)).body).map((e) => e.uid)).toEqual(list.map((e) => e.uid));
  });

  it("a team feed holds every job carrying the label, and nothing of another organisation's", async () => {
    await book(other.dispatcher, { _id: 'ic-other', resIds: ['r1'], labels: ['l-driver'] });
    const feed = ok<Feed>(
      await call(t, p.dispatcher, 'POST', '/ical_feeds', { scope: 'label', target_id: 'l-driver' }),
      201,
    );
    expect(events((await fetchFeed(feed.url)).body).map((e) => e.uid)).toEqual(['ic-2.org-ic@rostra']);
  });

  it('a revoked URL answers 404, as do a wrong secret and an unknown feed; the secret is shown only once', async () => {
    const feed = ok<Feed>(
      await call(t, p.dispatcher, 'POST', '/ical_feeds', { scope: 'resource', target_id: 'r2' }),
      201,
    );
    const secret = /\/([^/]+)\.ics$/.exec(feed.url)?.[1] ?? '';
    const listed = await call(t, p.dispatcher, 'GET', '/ical_feeds');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().items.map((f: Feed) => f._id)).toContain(feed._id);
    expect(listed.json().items.find((f: Feed) => f._id === feed._id)).toMatchObject({
      scope: 'resource',
      target_id: 'r2',
      target_name: 'Bob Ray',
      revoked_at: null,
    });

    const wrong = feed.url.replace(secret, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetchFeed(wrong)).statusCode).toBe(404);
    expect((await fetchFeed(feed.url.replace(feed._id, 'no-such-feed'))).statusCode).toBe(404);
    expect((await fetchFeed(feed.url.replace('/org-ic/', '/org-ic2/'))).statusCode).toBe(404);

    const revoked = ok<Feed>(await call(t, p.dispatcher, 'DELETE', `/ical_feeds/${feed._id}`));
    expect(revoked.revoked_at).toEqual(expect.any(Number));
    expect(JSON.stringify(revoked)).not.toContain(secret);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
  });

  it('a resource makes, lists and revokes only their own feeds; customers none', async () => {
    const own = ok<Feed>(
      await call(t, p.resource1, 'POST', '/ical_feeds', { scope: 'resource', target_id: 'r1' }),
      201,
    );
    expect(
      (await call(t, p.resource1, 'POST', '/ical_feeds', { scope: 'resource', target_id: 'r2' })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, p.resource1, 'POST', '/ical_feeds', { scope: 'label', target_id: 'l-nurse' }))
        .statusCode,
    ).toBe(403);
    const mine = ok<{ items: Feed[] }>(await call(t, p.resource1, 'GET', '/ical_feeds'));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((f) => f.target_id === 'r1' && f.scope === 'resource')).toBe(true);
    const theirs = ok<{ items: Feed[] }>(await call(t, p.dispatcher, 'GET', '/ical_feeds')).items.find(
      (f) => f.target_id === 'l-driver',
    );
    expect((await call(t, p.resource1, 'DELETE', `/ical_feeds/${theirs?._id}`)).statusCode).toBe(404);
    expect((await call(t, p.resource1, 'DELETE', `/ical_feeds/${own._id}`)).statusCode).toBe(200);
    expect((await call(t, p.customer, 'GET', '/ical_feeds')).statusCode).toBe(403);
  });

  it('a feed of a scope the API does not answer (a resource or a team) cannot be stored', async () => {
    const odd = withOrg(t.db.db, p.orgId, (tx) =>
      tx.insert(icalFeeds).values({
        orgId: p.orgId,
        id: 'feed-odd',
        scope: 'customer' as 'label',
        targetId: 'c1',
        secretHash: 'x',
      }),
    );
    await expect(odd).rejects.toMatchObject({ cause: { code: '23514' } });
    const listed = ok<{ items: Feed[] }>(await call(t, p.dispatcher, 'GET', '/ical_feeds'));
    expect(listed.items.map((f) => f._id)).not.toContain('feed-odd');
  });

  it('refuses a target that does not exist with 400 naming the field', async () => {
    const res = await call(t, p.dispatcher, 'POST', '/ical_feeds', { scope: 'label', target_id: 'l-none' });
    expect([res.statusCode, res.json().error.message]).toEqual([
      400,
      expect.stringContaining('body.target_id'),
    ]);
  });
});
