import { calendarEvents } from '@rostra/db/schema/planning';
import { timelineRecordResources, timelineRecords } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

/*
 * Issue 16 point 1: every list that takes a window returns the records that *overlap* it (begin
 * before `to`, end after `from`), not only those beginning in it. The day in view is Wednesday
 * 2026-03-11; each list is asked for it.
 */

type Rec = Record<string, unknown>;
const DAY = 86_400;
/** Wednesday 00:00, "today". */
const D = MONDAY + 2 * DAY;
/** The timeline pads its window by 900 s on both sides. */
const PAD = 900;

const ids = (items: Rec[]) => items.map((r) => String(r._id)).sort();

describe.each(testDatabaseKinds())('lists of a window return the records overlapping it on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date((D + 12 * H) * 1000));
    p = await schedulingOrg(t, 'org-overlap');
    ok(
      await call(t, p.dispatcher, 'PUT', '/exception-report/config', {
        configs: [{ action_status: 'dispatched', exception_min_amber: 30 }],
        version: 0,
      }),
    );
    const orgId = p.orgId;
    const r1Reader = [p.uids.resource1];
    const rec = (
      id: string,
      key: string,
      begin: number,
      end: number,
      resIds: string[],
      status = 'confirmed',
    ) => ({
      orgId,
      id,
      key,
      status,
      customerId: key === 'booking' ? 'c1' : null,
      beginAt: begin,
      endAt: end,
      resourceId: resIds[0] ?? null,
      resIds,
      readers: resIds.includes('r1') ? r1Reader : [],
      data: { customer_first_name: 'Ada', reference: `REF-${id}` },
    });
    const rows = [
      // A leave from Tuesday to Thursday (three days: longer than the bounded "short" records).
      rec('leave-3d', 'leave', D - DAY, D + 2 * DAY, ['r1']),
      // A night visit begun at 22:00 the evening before.
      rec('night', 'booking', D - 2 * H, D + 6 * H, ['r1']),
      // A visit of the day itself.
      rec('visit', 'booking', D + 9 * H, D + 10 * H, ['r1']),
      // An open job (nobody assigned) begun the evening before.
      rec('open-night', 'booking', D - 3 * H, D + 2 * H, []),
      // Ends exactly where the (padded) window begins: not in view (half-open).
      rec('ended', 'booking', D - 4 * H, D - PAD, ['r1']),
      // Begins exactly where the (padded) window ends: not in view.
      rec('later', 'booking', D + DAY + PAD, D + DAY + 2 * H, ['r1']),
      rec('later-open', 'booking', D + DAY + PAD, D + DAY + 2 * H, []),
      // A group event over three days.
      rec('group-3d', 'groupevent', D - DAY, D + 2 * DAY, []),
      rec('group-ended', 'groupevent', D - DAY, D - PAD, []),
    ];
    await withOrg(t.db.db, orgId, async (tx) => {
      await tx.insert(timelineRecords).values(rows);
      await tx
        .insert(timelineRecordResources)
        .values(
          rows.flatMap((r) =>
            r.resourceId ? [{ orgId, recordId: r.id, resourceId: r.resourceId, position: 0 }] : [],
          ),
        );
      await tx.insert(calendarEvents).values([
        { orgId, id: 'ev-3d', name: 'Audit', beginAt: D - DAY, endAt: D + 2 * DAY },
        { orgId, id: 'ev-ended', name: 'Old', beginAt: D - DAY, endAt: D - PAD },
        { orgId, id: 'ev-point', name: 'Point', beginAt: D + H, endAt: null },
      ]);
    });
  });
  afterAll(() => t?.close());

  const today = `from=${D}&to=${D + DAY}`;

  it("the timeline: a three-day leave and a booking begun the evening before are in the day's window", async () => {
    const w = ok<{ records: Rec[]; truncated: boolean }>(
      await call(t, p.dispatcher, 'GET', `/timeline?${today}`),
    );
    expect(ids(w.records)).toEqual(['group-3d', 'leave-3d', 'night', 'open-night', 'visit']);
    // In begin order: those begun before the window come first.
    expect(w.records.map((r) => r._id)).toEqual(['group-3d', 'leave-3d', 'open-night', 'night', 'visit']);
    expect(w.truncated).toBe(false);
    // The next day shows the leave again; the day after its end does not.
    const thu = ok<{ records: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${D + DAY}&to=${D + 2 * DAY}`),
    );
    expect(ids(thu.records)).toEqual(['group-3d', 'later', 'later-open', 'leave-3d']);
    const fri = ok<{ records: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${D + 2 * DAY + PAD}&to=${D + 3 * DAY}`),
    );
    expect(ids(fri.records)).toEqual([]);
  });

  it('the timeline of a resource (readers list) and the full detail hold the records overlapping it', async () => {
    const mine = ok<{ records: Rec[] }>(await call(t, p.resource1, 'GET', `/timeline?${today}`));
    expect(ids(mine.records)).toEqual(['leave-3d', 'night', 'visit']);
    const full = ok<{ records: Rec[] }>(await call(t, p.dispatcher, 'GET', `/timeline?${today}&detail=full`));
    expect(ids(full.records)).toEqual(['group-3d', 'leave-3d', 'night', 'open-night', 'visit']);
  });

  it('the reused window answer sees a change to a record begun before the window', async () => {
    const before = ok<{ records: Rec[] }>(await call(t, p.dispatcher, 'GET', `/timeline?${today}`));
    expect(before.records.find((r) => r._id === 'night')?.status).toBe('confirmed');
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(timelineRecords)
        .set({ status: 'rostered' })
        .where(and(eq(timelineRecords.orgId, p.orgId), eq(timelineRecords.id, 'night'))),
    );
    const after = ok<{ records: Rec[] }>(await call(t, p.dispatcher, 'GET', `/timeline?${today}`));
    expect(after.records.find((r) => r._id === 'night')?.status).toBe('rostered');
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx
        .update(timelineRecords)
        .set({ status: 'confirmed' })
        .where(and(eq(timelineRecords.orgId, p.orgId), eq(timelineRecords.id, 'night'))),
    );
  });

  it('the timeline records list pages through the records overlapping the window', async () => {
    const page = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', `/timeline-records?${today}`));
    expect(ids(page.items)).toEqual(['group-3d', 'leave-3d', 'night', 'open-night', 'visit']);
    const bookings = ok<{ items: Rec[] }>(
      await call(t, p.dispatcher, 'GET', `/timeline-records?${today}&_key=booking&limit=1`),
    );
    expect(bookings.items.map((r) => r._id)).toEqual(['open-night']);
  });

  it("my day and the bookings list: the worker's night visit begun the evening before is today's", async () => {
    const mine = ok<{ items: Rec[]; total: number }>(
      await call(t, p.resource1, 'POST', '/bookings/search', { from: D, to: D + DAY, order: 'asc' }),
    );
    expect(mine.items.map((r) => r._id)).toEqual(['night', 'visit']);
    const fromToday = ok<{ items: Rec[] }>(
      await call(t, p.resource1, 'POST', '/bookings/search', { from: D }),
    );
    expect(ids(fromToday.items)).toEqual(['later', 'night', 'visit']);
  });

  it("the home page's numbers count today's bookings and the leave over today", async () => {
    const n = ok<{ total: number; by_status: Record<string, number>; on_leave: number; unassigned: number }>(
      await call(t, p.dispatcher, 'GET', '/directory/home/today'),
    );
    expect(n.total).toBe(3);
    expect(n.by_status).toEqual({ confirmed: 3 });
    expect(n.unassigned).toBe(1);
    expect(n.on_leave).toBe(1);
  });

  it('the map lists the bookings overlapping the window', async () => {
    const m = ok<{ items: Rec[]; total: number }>(await call(t, p.dispatcher, 'GET', `/map/jobs?${today}`));
    expect(ids(m.items)).toEqual(['night', 'open-night', 'visit']);
    expect(m.total).toBe(3);
  });

  it('the job board shows the open job begun the evening before', async () => {
    const b = ok<{ items: Rec[] }>(await call(t, p.resource1, 'GET', `/job-board?${today}`));
    expect(ids(b.items)).toEqual(['open-night']);
  });

  it('group events and calendar events overlapping the window are listed', async () => {
    const g = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', `/directory/group-events?${today}`));
    expect(ids(g.items)).toEqual(['group-3d']);
    const e = ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', `/directory/calendar-events?${today}`));
    expect(ids(e.items)).toEqual(['ev-3d', 'ev-point']);
  });

  it('the exception report of the day holds the current job begun the evening before', async () => {
    const r = ok<{ entries: Rec[] }>(
      await call(t, p.dispatcher, 'GET', '/reports/exceptions?from=2026-03-11&to=2026-03-11'),
    );
    expect(ids(r.entries)).toContain('night');
    expect(ids(r.entries)).not.toContain('ended');
  });
});

describe.each(testDatabaseKinds())('the timeline limit counts the records in view on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const DAY2 = D + 7 * DAY;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-overlap-limit');
    const orgId = p.orgId;
    // 2,000 bookings begun before the window and still running in it, one beginning in it, and
    // 50 that ended before it.
    const row = (id: string, begin: number, end: number) => ({
      orgId,
      id,
      key: 'booking',
      status: 'confirmed',
      beginAt: begin,
      endAt: end,
    });
    const rows = [
      ...Array.from({ length: 2000 }, (_, i) =>
        row(`run-${String(i).padStart(4, '0')}`, DAY2 - 2 * H, DAY2 + H),
      ),
      row('inside', DAY2 + 5 * H, DAY2 + 6 * H),
      ...Array.from({ length: 50 }, (_, i) => row(`gone-${i}`, DAY2 - 6 * H, DAY2 - 2 * H)),
    ];
    await withOrg(t.db.db, orgId, async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(timelineRecords).values(rows.slice(i, i + 500));
    });
  });
  afterAll(() => t?.close());

  it('2,000 records begun before the window fill it: the window is truncated', async () => {
    const w = ok<{ records: Rec[]; truncated: boolean }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${DAY2}&to=${DAY2 + DAY}`),
    );
    expect(w.records).toHaveLength(2000);
    expect(w.truncated).toBe(true);
    expect(w.records.every((r) => String(r._id).startsWith('run-'))).toBe(true);
    // Without the records begun before, the window holds the one of the day, not truncated.
    const later = ok<{ records: Rec[]; truncated: boolean }>(
      await call(t, p.dispatcher, 'GET', `/timeline?from=${DAY2 + 2 * H}&to=${DAY2 + DAY}`),
    );
    expect(later.records.map((r) => r._id)).toEqual(['inside']);
    expect(later.truncated).toBe(false);
  });
});
