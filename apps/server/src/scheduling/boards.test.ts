import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Job = Rec & { _id: string; bid_count: number; my_bid: Rec | null; bids?: Rec[] };

describe.each(testDatabaseKinds())('job board and bid board on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const week = `from=${MONDAY}&to=${MONDAY + 7 * 86_400}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-09T08:00:00Z'));
    p = await schedulingOrg(t, 'org-board');
    const add = (fields: Rec) => call(t, p.dispatcher, 'POST', '/timeline-records', fields);
    // Open: unassigned and confirmed / rostered.
    ok(
      await add({
        _id: 'open-1',
        status: 'confirmed',
        customerId: 'c2',
        customer_first_name: 'Bea',
        customer_last_name: 'Smith',
        notes: 'Key under the mat',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'open-2',
        status: 'rostered',
        utc_begin_plus_tz: MONDAY + 33 * H,
        utc_end_plus_tz: MONDAY + 34 * H,
      }),
      201,
    );
    // Not open: assigned, draft, cancelled, inactive, outside the window.
    ok(
      await add({
        _id: 'taken',
        status: 'confirmed',
        resIds: ['r3'],
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'draft',
        status: 'draft',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'cancelled',
        status: 'cancelled',
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'asleep',
        status: 'confirmed',
        inactive: true,
        utc_begin_plus_tz: MONDAY + 9 * H,
        utc_end_plus_tz: MONDAY + 10 * H,
      }),
      201,
    );
    ok(
      await add({
        _id: 'later',
        status: 'confirmed',
        utc_begin_plus_tz: MONDAY + 8 * 86_400,
        utc_end_plus_tz: MONDAY + 8 * 86_400 + H,
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  it('lists the open jobs of the window to resources, without notes or who else bid', async () => {
    const board = ok<{ items: Job[]; truncated: boolean }>(
      await call(t, p.resource1, 'GET', `/job-board?${week}`),
    );
    expect(board.items.map((j) => j._id)).toEqual(['open-1', 'open-2']);
    expect(board.truncated).toBe(false);
    const first = board.items[0] as Job;
    expect(first).toMatchObject({
      customer_first_name: 'Bea',
      bid_count: 0,
      my_bid: null,
      status: 'confirmed',
    });
    expect(first).not.toHaveProperty('notes');
    // The customer has no board; a bad window is refused.
    expect((await call(t, p.customer, 'GET', `/job-board?${week}`)).statusCode).toBe(403);
    expect(
      (await call(t, p.resource1, 'GET', `/job-board?from=${MONDAY}&to=${MONDAY}`)).json().error.code,
    ).toBe('invalid_window');
  });

  it('a resource bids from the board; they see their bid, the dispatcher sees every bid with the bidder', async () => {
    ok(await call(t, p.resource1, 'POST', '/bookings/open-1/bids', { amount: 90, note: 'Nearby' }), 201);
    t.clock.advance(5);
    ok(await call(t, p.resource2, 'POST', '/bookings/open-1/bids', {}), 201);
    const mine = ok<{ items: Job[] }>(await call(t, p.resource1, 'GET', `/job-board?${week}`))
      .items[0] as Job;
    expect(mine.bid_count).toBe(2);
    expect(mine.my_bid).toMatchObject({ resourceId: 'r1', amount: 90, note: 'Nearby' });

    const bidBoard = ok<{ jobs: Job[] }>(await call(t, p.dispatcher, 'GET', `/bid-board?${week}`));
    expect(bidBoard.jobs.map((j) => j._id)).toEqual(['open-1']);
    expect(bidBoard.jobs[0]?.bids?.map((b) => [b.resourceId, b.resource_name])).toEqual([
      ['r1', 'Ann Lee'],
      ['r2', 'Bob Ray'],
    ]);
    const own = ok<{ my_bids: { outcome: string; job: Rec }[] }>(
      await call(t, p.resource2, 'GET', `/bid-board?${week}`),
    );
    expect(own.my_bids.map((b) => [b.job._id, b.outcome])).toEqual([['open-1', 'open']]);
  });

  it('accepting a bid allocates the booking to the bidder, tells the bidders, and takes it off both boards', async () => {
    const bids = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', '/bookings/open-1/bids')).items;
    const annBid = bids.find((b) => b.resourceId === 'r1') as Rec;
    // Only dispatchers accept.
    expect(
      (await call(t, p.resource1, 'POST', `/bookings/open-1/bids/${annBid._id}/accept`)).statusCode,
    ).toBe(403);
    expect((await call(t, p.dispatcher, 'POST', '/bookings/open-1/bids/nope/accept')).json().error.code).toBe(
      'unknown_bid',
    );

    const accepted = ok<{ record: Rec; isConflict: boolean }>(
      await call(t, p.dispatcher, 'POST', `/bookings/open-1/bids/${annBid._id}/accept`),
    );
    expect(accepted.record).toMatchObject({ resIds: ['r1'], resourceId: 'r1' });
    const stored = ok(await call(t, p.resource1, 'GET', '/timeline-records/open-1'));
    expect(stored).toMatchObject({ resIds: ['r1'] });

    const annNotes = ok<{ items: Rec[] }>(await call(t, p.resource1, 'GET', '/notifications')).items;
    expect(annNotes.map((n) => n.title)).toContain('Bid accepted');
    const bobNotes = ok<{ items: Rec[] }>(await call(t, p.resource2, 'GET', '/notifications')).items;
    expect(bobNotes.map((n) => n.title)).toContain('Bid not accepted');

    expect(
      ok<{ items: Job[] }>(await call(t, p.resource2, 'GET', `/job-board?${week}`)).items.map((j) => j._id),
    ).toEqual(['open-2']);
    expect(ok<{ jobs: Job[] }>(await call(t, p.dispatcher, 'GET', `/bid-board?${week}`)).jobs).toEqual([]);
    const outcomes = async (as: Personas['resource1']) =>
      ok<{ my_bids: { outcome: string }[] }>(await call(t, as, 'GET', `/bid-board?${week}`)).my_bids.map(
        (b) => b.outcome,
      );
    expect(await outcomes(p.resource1)).toEqual(['accepted']);
    expect(await outcomes(p.resource2)).toEqual(['taken']);

    // A second acceptance finds the job gone from the board.
    const bobBid = bids.find((b) => b.resourceId === 'r2') as Rec;
    const again = await call(t, p.dispatcher, 'POST', `/bookings/open-1/bids/${bobBid._id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_on_job_board');
  });
});
