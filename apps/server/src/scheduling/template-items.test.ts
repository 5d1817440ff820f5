import { TEMPLATE_BEFORE, templateStart } from '@rostra/core/roster/grid';
import { DAY, FORTNIGHT } from '@rostra/core/time/calendar';
import { readFeedCalendar } from '@rostra/db/ical/feeds';
import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { notifications } from '@rostra/db/schema/messaging';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

/*
 * Issue 16, point 8: master-roster template items (type `roster` on the 1970 template fortnight)
 * appear on the master roster only — never in a bookings list, the home feed, notifications,
 * live updates to a resource or customer, their views, the calendar, the job board or iCal.
 * Beside each template item is a live booking of the same customer and resource, also in 1970,
 * so each list is shown to work and to tell the two apart by kind, not by date.
 */

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; total: number };

const T0 = templateStart(0);
const ids = (rows: Rec[]) => rows.map((r) => r._id ?? r.id).sort();

describe.each(testDatabaseKinds())('master roster template items stay on the master roster on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let firstSeq = 0;

  const add = async (fields: Rec) =>
    ok<Rec>(await call(t, p.dispatcher, 'POST', '/timeline-records', fields), 201);
  const search = async (as: Browser, body: Rec = {}) =>
    ok<Page>(await call(t, as, 'POST', '/bookings/search', { limit: 250, ...body }));

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-01T08:00:00Z'));
    p = await schedulingOrg(t, 'org-tpl');
    firstSeq = (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
    const template = {
      _key: 'booking',
      status: 'draft',
      type: 'roster',
      template_id: 'default',
      day_num: 1,
      startAt: 9 * 60,
      endAt: 10 * 60,
      week: 1,
      fortnight_time_boundaries: { start_time: T0, end_time: T0 + FORTNIGHT },
      customerId: 'c1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
    };
    // As the master roster screen writes it: the customer's, assigned to r1.
    await add({
      ...template,
      _id: 'tpl-1',
      resIds: ['r1'],
      utc_begin_plus_tz: T0 + DAY + 9 * H,
      utc_end_plus_tz: T0 + DAY + 10 * H,
    });
    // One with nobody assigned and a status that would put a real booking on the job board.
    await add({
      ...template,
      _id: 'tpl-open',
      status: 'confirmed',
      utc_begin_plus_tz: T0 + 2 * DAY + 9 * H,
      utc_end_plus_tz: T0 + 2 * DAY + 10 * H,
    });
    // Live bookings of the same customer and resource: one in 1970 as well, one in 2026.
    await add({
      _id: 'live-1970',
      status: 'confirmed',
      resIds: ['r1'],
      customerId: 'c1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      utc_begin_plus_tz: T0 + 3 * DAY + 9 * H,
      utc_end_plus_tz: T0 + 3 * DAY + 10 * H,
    });
    await add({
      _id: 'live-open',
      status: 'confirmed',
      utc_begin_plus_tz: T0 + 3 * DAY + 11 * H,
      utc_end_plus_tz: T0 + 3 * DAY + 12 * H,
    });
    await add({
      _id: 'live-2026',
      status: 'confirmed',
      resIds: ['r1'],
      customerId: 'c1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      utc_begin_plus_tz: MONDAY + 9 * H,
      utc_end_plus_tz: MONDAY + 10 * H,
    });
    // The dispatcher works on the template: a status action and a manual assignment of r2.
    const tpl = ok<Rec>(await call(t, p.dispatcher, 'GET', '/timeline-records/tpl-1'));
    const acted = ok<{ record: Rec }>(
      await call(t, p.dispatcher, 'POST', '/bookings/tpl-1/actions/cancel', { version: tpl.version }),
    );
    ok(
      await call(t, p.dispatcher, 'POST', '/bookings/tpl-1/allocate', {
        mode: 'manual',
        candidateIds: ['r1', 'r2'],
        version: acted.record.version,
      }),
    );
  });
  afterAll(() => t?.close());

  it('is in no bookings list: not the dispatcher’s, the customer’s nor the resource’s (my day)', async () => {
    expect(ids((await search(p.dispatcher)).items)).toEqual(['live-1970', 'live-2026', 'live-open']);
    expect(ids((await search(p.customer)).items)).toEqual(['live-1970', 'live-2026']);
    expect(ids((await search(p.resource1)).items)).toEqual(['live-1970', 'live-2026']);
    expect(ids((await search(p.resource2)).items)).toEqual([]);
    // Asked for the template fortnight or by the customer, the list still has only live bookings.
    const fortnight = await search(p.dispatcher, { from: 0, to: TEMPLATE_BEFORE, customer: 'c1' });
    expect([ids(fortnight.items), fortnight.total]).toEqual([['live-1970'], 1]);
  });

  it('the master roster still reads it; nobody but the dispatchers can, by list, id or timeline', async () => {
    const window = `from=0&to=${TEMPLATE_BEFORE}`;
    const listed = (as: Browser) =>
      call(t, as, 'GET', `/timeline-records?${window}&limit=250`).then((r) =>
        ids(ok<{ items: Rec[] }>(r).items),
      );
    expect(await listed(p.dispatcher)).toEqual(['live-1970', 'live-open', 'tpl-1', 'tpl-open']);
    for (const as of [p.customer, p.resource1, p.resource2]) {
      expect(await listed(as)).not.toContain('tpl-1');
      expect((await call(t, as, 'GET', '/timeline-records/tpl-1')).statusCode).toBe(404);
      const timeline = ok<{ records: Rec[] }>(await call(t, as, 'GET', `/timeline?${window}`));
      expect(ids(timeline.records)).not.toContain('tpl-1');
    }
    expect(await listed(p.customer)).toEqual(['live-1970']);
    // Search: the dispatcher finds it as a master-roster item, never as a booking; the customer not at all.
    const found = (as: Browser) =>
      call(t, as, 'POST', '/search', { query: 'Ada', kinds: ['bookings', 'masterrosters'] }).then(
        (r) => ok<{ results: Record<string, { hits: Rec[] } | undefined> }>(r).results,
      );
    const dispatcher = await found(p.dispatcher);
    // A live booking of 1970 is a booking all the same.
    expect(ids(dispatcher.bookings?.hits ?? [])).toEqual(['live-1970', 'live-2026']);
    expect(ids(dispatcher.masterrosters?.hits ?? [])).toEqual(['tpl-1', 'tpl-open']);
    const customer = await found(p.customer);
    expect(ids(customer.bookings?.hits ?? [])).toEqual(['live-1970', 'live-2026']);
    expect(customer.masterrosters?.hits ?? []).toEqual([]);
  });

  it('makes no activity: no "new booking", no state change in anyone’s home feed', async () => {
    for (const as of [p.dispatcher, p.customer, p.resource1, p.resource2]) {
      const feed = ok<{ items: Rec[] }>(await call(t, as, 'GET', '/directory/home/feed?limit=50'));
      const about = feed.items.map((i) => i.record_id);
      expect(about.filter((id) => typeof id === 'string' && id.startsWith('tpl'))).toEqual([]);
    }
    const dispatcher = ok<{ items: Rec[] }>(
      await call(t, p.dispatcher, 'GET', '/directory/home/feed?limit=50'),
    );
    expect(dispatcher.items.map((i) => i.id)).toContain('booking:live-1970');
  });

  it('notifies nobody, and no live update about it reaches a resource or customer', async () => {
    const sent = await withOrg(t.db.db, p.orgId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.recordId, 'tpl-1')),
    );
    expect(sent).toEqual([]);
    for (const as of [p.customer, p.resource1, p.resource2]) {
      const mine = ok<{ items: Rec[] }>(await call(t, as, 'GET', '/notifications'));
      expect(mine.items.filter((n) => n.record_id === 'tpl-1')).toEqual([]);
    }
    const events = await selectLiveEventsUnsafe(t.db.db, p.orgId, firstSeq, 10_000);
    const aboutTemplate = events.filter((e) => e.orgId === p.orgId && e.payload._id === 'tpl-1');
    expect(aboutTemplate.length).toBeGreaterThan(0);
    for (const e of aboutTemplate) expect(e.audience.uids ?? []).toEqual([]);
    // A live booking's readers do hear of it.
    const live = events.find((e) => e.payload._id === 'live-1970' && e.kind === 'record.created');
    expect(live?.audience.uids).toContain(p.uids.customer);
  });

  it('is not counted in the customer’s overview, the calendar or the job board', async () => {
    const overview = ok<{ bookings: { total: number } }>(
      await call(t, p.dispatcher, 'GET', '/directory/customers/c1/overview'),
    );
    expect(overview.bookings.total).toBe(2);
    const window = `from=0&to=${TEMPLATE_BEFORE}`;
    const calendar = (as: Browser) =>
      call(t, as, 'GET', `/directory/calendar?${window}`).then((r) => ids(ok<{ items: Rec[] }>(r).items));
    expect(await calendar(p.dispatcher)).toEqual(['live-1970', 'live-open']);
    expect(await calendar(p.customer)).toEqual(['live-1970']);
    expect(await calendar(p.resource1)).toEqual(['live-1970']);
    for (const as of [p.dispatcher, p.resource2]) {
      const board = ok<{ items: Rec[] }>(await call(t, as, 'GET', `/job-board?${window}`));
      expect(ids(board.items)).toEqual(['live-open']);
    }
  });

  it('is in no iCal feed, even one read on the template fortnight', async () => {
    const feed = ok<{ _id: string; url: string }>(
      await call(t, p.dispatcher, 'POST', '/ical_feeds', { scope: 'resource', target_id: 'r1' }),
      201,
    );
    const secret = /\/([^/]+)\.ics$/.exec(feed.url)?.[1] ?? '';
    const calendar = await readFeedCalendar(t.db.db, p.orgId, feed._id, secret, {
      ms: (T0 + DAY) * 1000,
      wallSeconds: () => T0 + DAY,
    });
    expect(calendar?.events.map((e) => e.uid).sort()).toEqual(['live-1970.org-tpl@rostra']);
  });
});
