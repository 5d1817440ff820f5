import { DAY } from '@rostra/core/time/calendar';
import { organisations } from '@rostra/db/schema/organisations';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

/*
 * Issue 16, point 9: the Bookings screen opens at today, upcoming first, with the past a click
 * away. The list's `when` says which: `upcoming` from 00:00 of the organisation's day on,
 * soonest first; `past` before it, newest first. "Today" is the organisation's (its time zone),
 * by the app's clock.
 */

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; total: number };

describe.each(testDatabaseKinds())('bookings upcoming and past on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  /** Wednesday 11 March 2026, 00:00 on the wall clock. */
  const WEDNESDAY = MONDAY + 2 * DAY;

  const list = async (as: Browser, body: Rec) =>
    ok<Page>(await call(t, as, 'POST', '/bookings/search', body));
  const ids = (page: Page) => page.items.map((b) => b._id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-upcoming');
    // Sydney: at 20:00 UTC on Tuesday it is already 07:00 on Wednesday there.
    await t.db.db
      .update(organisations)
      .set({ timeZone: 'Australia/Sydney' })
      .where(eq(organisations.id, p.orgId));
    t.clock.set(new Date('2026-03-10T20:00:00Z'));
    const book = async (id: string, begin: number) =>
      ok(
        await call(t, p.dispatcher, 'POST', '/timeline-records', {
          _id: id,
          status: 'confirmed',
          resIds: ['r1'],
          customerId: 'c1',
          utc_begin_plus_tz: begin,
          utc_end_plus_tz: begin + H,
        }),
        201,
      );
    await book('mon', MONDAY + 9 * H);
    await book('tue-late', WEDNESDAY - 2 * H);
    await book('wed-early', WEDNESDAY + 5 * H);
    await book('wed-late', WEDNESDAY + 15 * H);
    await book('thu', WEDNESDAY + DAY + 9 * H);
  });
  afterAll(() => t?.close());

  it("upcoming: from 00:00 of the organisation's day on, soonest first, today's finished ones too", async () => {
    const upcoming = await list(p.dispatcher, { when: 'upcoming' });
    expect([ids(upcoming), upcoming.total]).toEqual([['wed-early', 'wed-late', 'thu'], 3]);
    // The customer's list says the same.
    expect(ids(await list(p.customer, { when: 'upcoming' }))).toEqual(['wed-early', 'wed-late', 'thu']);
  });

  it('past: before today, newest first; a click on the other tab is all it takes', async () => {
    const past = await list(p.dispatcher, { when: 'past' });
    expect([ids(past), past.total]).toEqual([['tue-late', 'mon'], 2]);
    // An explicit order is kept.
    expect(ids(await list(p.dispatcher, { when: 'past', order: 'asc' }))).toEqual(['mon', 'tue-late']);
  });

  it('date filters narrow within the tab, never across today', async () => {
    const fromMonday = await list(p.dispatcher, { when: 'upcoming', from: MONDAY });
    expect(ids(fromMonday)).toEqual(['wed-early', 'wed-late', 'thu']);
    const fromThursday = await list(p.dispatcher, { when: 'upcoming', from: WEDNESDAY + DAY });
    expect(ids(fromThursday)).toEqual(['thu']);
    const pastUntilFriday = await list(p.dispatcher, { when: 'past', to: WEDNESDAY + 2 * DAY });
    expect(ids(pastUntilFriday)).toEqual(['tue-late', 'mon']);
    // Without `when`, every booking, as before.
    expect((await list(p.dispatcher, {})).total).toBe(5);
  });

  it('today moves with the clock', async () => {
    t.clock.set(new Date('2026-03-11T14:00:00Z'));
    try {
      // 01:00 on Thursday in Sydney.
      expect(ids(await list(p.dispatcher, { when: 'upcoming' }))).toEqual(['thu']);
    } finally {
      t.clock.set(new Date('2026-03-10T20:00:00Z'));
    }
  });
});
