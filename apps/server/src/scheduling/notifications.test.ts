import { addVersion } from '@rostra/db/infra/versions';
import { addNotifications } from '@rostra/db/scheduling/add-notifications';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Page = { items: Rec[]; next_cursor: string | null };
type State = {
  dot: boolean;
  last_seen: number | null;
  latest_notification: number | null;
  latest_bid: number | null;
};

describe.each(testDatabaseKinds())('notifications, bids and versions on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const state = async (as = p.resource1) => ok<State>(await call(t, as, 'GET', '/notifications/state'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-09T08:00:00Z'));
    p = await schedulingOrg(t, 'org-note');
  });
  afterAll(() => t?.close());

  it('a status action notifies the people concerned; the bell shows a dot until they are seen', async () => {
    expect(await state()).toMatchObject({ dot: false, last_seen: null, latest_notification: null });
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'b1',
        status: 'confirmed',
        customerId: 'c1',
        resIds: ['r1'],
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    t.clock.advance(5);
    ok(await call(t, p.dispatcher, 'POST', '/bookings/b1/actions/dispatch'));
    const mine = ok<Page>(await call(t, p.resource1, 'GET', '/notifications'));
    expect(mine.items.map((n) => [n.kind, n.record_id, n.title])).toEqual([
      ['status', 'b1', 'Resource on the way'],
    ]);
    expect(await state()).toMatchObject({ dot: true });
    t.clock.advance(5);
    const seen = ok<{ last_seen: number }>(await call(t, p.resource1, 'POST', '/notifications/seen'));
    expect(await state()).toMatchObject({ dot: false, last_seen: seen.last_seen });
    // Another user's notifications are not theirs.
    expect(ok<Page>(await call(t, p.resource2, 'GET', '/notifications')).items).toEqual([]);
  });

  it('pages 40 at a time, newest first', async () => {
    await withOrg(t.db.db, p.orgId, async (tx) => {
      for (let i = 0; i < 45; i++) {
        await addNotifications(
          tx,
          p.orgId,
          [{ uid: p.uids.resource2, kind: 'info', title: `n${i}`, body: '' }],
          new Date(t.clock.now().getTime() + i * 1000),
        );
      }
    });
    const first = ok<Page>(await call(t, p.resource2, 'GET', '/notifications'));
    expect(first.items).toHaveLength(40);
    expect(first.items[0]?.title).toBe('n44');
    const second = ok<Page>(await call(t, p.resource2, 'GET', `/notifications?cursor=${first.next_cursor}`));
    expect(second.items.map((n) => n.title)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    expect(second.next_cursor).toBeNull();
  });

  it("bids on a job-board item: the bidder sees their own, the dispatchers all, and the dispatchers' dot lights", async () => {
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'board-1',
        status: 'confirmed',
        utc_begin_plus_tz: MONDAY + 30 * H,
        utc_end_plus_tz: MONDAY + 31 * H,
      }),
      201,
    );
    ok(await call(t, p.dispatcher, 'POST', '/notifications/seen'));
    t.clock.advance(5);
    expect(await state(p.dispatcher)).toMatchObject({ dot: false });
    const bid = ok(
      await call(t, p.resource1, 'POST', '/bookings/board-1/bids', { amount: 120, note: 'Can do' }),
      201,
    );
    expect(bid).toMatchObject({ bk_id: 'board-1', uid: p.uids.resource1, resourceId: 'r1', amount: 120 });
    ok(await call(t, p.resource2, 'POST', '/bookings/board-1/bids', {}), 201);
    expect(
      ok<{ items: Rec[] }>(await call(t, p.resource1, 'GET', '/bookings/board-1/bids')).items,
    ).toHaveLength(1);
    expect(
      ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/bookings/board-1/bids')).items,
    ).toHaveLength(2);
    expect(await state(p.dispatcher)).toMatchObject({ dot: true });
    // An assigned booking is not on the board.
    expect((await call(t, p.resource2, 'POST', '/bookings/b1/bids', {})).json().error.code).toBe(
      'not_on_job_board',
    );
    expect((await call(t, p.dispatcher, 'POST', '/bookings/board-1/bids', {})).statusCode).toBe(403);
  });

  it("versions with release dates and what each user has seen (What's New); not for customers", async () => {
    // 3.5.0, the current version, is there from the start (migration 0021).
    await addVersion(t.db.db, {
      version: '3.6.0',
      releaseDate: new Date('2026-03-01T00:00:00Z'),
      notes: 'Timeline v2',
    });
    const listed = ok<{ items: Rec[]; unseen: number }>(await call(t, p.resource1, 'GET', '/versions'));
    expect(listed.items.map((v) => [v.version, v.release_date, v.seen])).toEqual([
      ['3.6.0', Date.parse('2026-03-01T00:00:00Z') / 1000, false],
      ['3.5.0', Date.parse('2026-01-01T00:00:00Z') / 1000, false],
    ]);
    ok(await call(t, p.resource1, 'POST', '/versions/seen', { version: '3.6.0' }));
    expect(ok<{ unseen: number }>(await call(t, p.resource1, 'GET', '/versions')).unseen).toBe(1);
    expect(ok<{ unseen: number }>(await call(t, p.dispatcher, 'GET', '/versions')).unseen).toBe(2);
    expect((await call(t, p.resource1, 'POST', '/versions/seen', { version: '9.9.9' })).statusCode).toBe(404);
    expect((await call(t, p.customer, 'GET', '/versions')).statusCode).toBe(403);
  });
});
