import { writeAssignments } from '@rostra/db/scheduling/timeline-writes';
import { organisations } from '@rostra/db/schema/organisations';
import { resources, timelineRecordResources, timelineRecords } from '@rostra/db/schema/scheduling';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Window = {
  records: Rec[];
  truncated: boolean;
  resources: Rec[];
  customers: Rec[];
  window: { from: number; to: number };
  grid: { set: Record<string, unknown>; time_boundaries: { start_time: number; end_time: number } };
};

const FROM = MONDAY;
const TO = MONDAY + 7 * 86_400;

describe.each(testDatabaseKinds())('the timeline window on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-tl');
    const orgId = p.orgId;
    // r2 is inactive: shown or not by the display setting.
    await withOrg(t.db.db, orgId, (tx) =>
      tx.update(resources).set({ inactive: true }).where(eq(resources.id, 'r2')),
    );
    const rec = (id: string, begin: number, resIds: string[], readers: string[]) => ({
      orgId,
      id,
      key: 'booking',
      status: 'confirmed',
      customerId: 'c1',
      beginAt: begin,
      endAt: begin + H,
      resourceId: resIds[0] ?? null,
      resIds,
      readers,
      data: { customer_first_name: 'Ada', reference: `REF-${id}` },
    });
    await withOrg(t.db.db, orgId, async (tx) => {
      await tx.insert(timelineRecords).values([
        // Ends exactly where the padded window begins: not in view (the window is half-open).
        { ...rec('edge-before', FROM - 901 - H, [], []), endAt: FROM - 900 },
        rec('edge-first', FROM - 900, ['r1'], [p.uids.resource1]),
        rec('mid', FROM + 3 * 86_400, ['r3'], []),
        rec('edge-last', TO + 899, ['r1'], [p.uids.resource1]),
        rec('edge-after', TO + 900, ['r1'], [p.uids.resource1]),
      ]);
      await tx.insert(timelineRecordResources).values([
        { orgId, recordId: 'edge-first', resourceId: 'r1', position: 0 },
        { orgId, recordId: 'mid', resourceId: 'r3', position: 0 },
        { orgId, recordId: 'edge-last', resourceId: 'r1', position: 0 },
        { orgId, recordId: 'edge-after', resourceId: 'r1', position: 0 },
      ]);
    });
  });
  afterAll(() => t?.close());

  const load = async (as = p.dispatcher, query = `from=${FROM}&to=${TO}`) =>
    ok<Window>(await call(t, as, 'GET', `/timeline?${query}`));

  it('holds the records overlapping the window padded by 900 s, in begin order', async () => {
    const w = await load();
    expect(w.records.map((r) => r._id)).toEqual(['edge-first', 'mid', 'edge-last']);
    expect(w.window).toEqual({ from: FROM - 900, to: TO + 900 });
    expect(w.records[0]).toMatchObject({
      _key: 'booking',
      status: 'confirmed',
      resIds: ['r1'],
      customerId: 'c1',
      customer_first_name: 'Ada',
      utc_begin_plus_tz: FROM - 900,
      utc_end_plus_tz: FROM - 900 + H,
    });
    expect(w.customers).toEqual([{ _id: 'c1', name: 'Ada Lovelace' }]);
    const full = await load(p.dispatcher, `from=${FROM}&to=${TO}&detail=full`);
    expect(full.records[0]).toMatchObject({ reference: 'REF-edge-first', _uid_r: [p.uids.resource1] });
  });

  it('gives the roster grid of the window from the core', async () => {
    const w = await load();
    expect(Object.keys(w.grid.set)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(w.grid.time_boundaries).toEqual({ start_time: FROM, end_time: TO });
  });

  it('shows inactive resources only while show_inactive_res_timeline is on; never promoted dispatchers', async () => {
    const ids = (w: Window) => w.resources.map((r) => r._id);
    expect(ids(await load())).toEqual(['r1', 'r2', 'r3']);
    await putSettings(t.db.db, p.orgId, 'display', { show_inactive_res_timeline: false });
    expect(ids(await load())).toEqual(['r1', 'r3']);
    await putSettings(t.db.db, p.orgId, 'display', {});
  });

  it("gives dispatchers the organisation's allocation config (switches, max distance) for the drag check, at once when it changes", async () => {
    type Config = {
      max_distance: number;
      week_start_day: number;
      switches: Record<string, boolean>;
      overlap_buffer_minutes: number;
      time_zone: string;
      date_format: string;
      min_rest_minutes?: number;
      travel_road_factor?: number;
      travel_speed_kmh?: number;
    };
    const config = async (as = p.dispatcher) =>
      ok<Window & { allocation_config?: Config }>(await call(t, as, 'GET', `/timeline?from=${FROM}&to=${TO}`))
        .allocation_config;
    // The overlap buffer too: the drag's busy check forgives what the stored verdict forgives.
    expect(await config()).toEqual({
      max_distance: 20_000,
      week_start_day: 0,
      switches: {},
      overlap_buffer_minutes: 5,
      time_zone: 'UTC',
      date_format: 'dd/mmm/yyyy',
    });
    await putSettings(t.db.db, p.orgId, 'allocation', {
      switches: { LABEL_MATCH_NOT_CHECK: true },
      min_rest_minutes: 90,
      travel_road_factor: 1.5,
      travel_speed_kmh: 60,
    });
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.update(organisations).set({ maxDistance: 5_000 }).where(eq(organisations.id, p.orgId)),
    );
    expect(await config()).toEqual({
      max_distance: 5_000,
      week_start_day: 0,
      switches: { LABEL_MATCH_NOT_CHECK: true },
      overlap_buffer_minutes: 5,
      time_zone: 'UTC',
      date_format: 'dd/mmm/yyyy',
      // The rules' values too, so the drag check asks what the server asks.
      min_rest_minutes: 90,
      travel_road_factor: 1.5,
      travel_speed_kmh: 60,
    });
    // Only dispatchers drag: a resource's window does not carry it.
    expect(await config(p.resource1)).toBeUndefined();
    await putSettings(t.db.db, p.orgId, 'allocation', {});
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.update(organisations).set({ maxDistance: 20_000 }).where(eq(organisations.id, p.orgId)),
    );
  });

  it("a dispatcher's window follows every change at once, through the API or not", async () => {
    const made = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'probe',
        status: 'confirmed',
        customerId: 'c2',
        resIds: ['r3'],
        utc_begin_plus_tz: FROM + 4 * 86_400,
        utc_end_plus_tz: FROM + 4 * 86_400 + H,
      }),
      201,
    );
    const probe = async () => (await load()).records.find((r) => r._id === 'probe');
    expect(await probe()).toMatchObject({ resIds: ['r3'] });
    // An assignment written by the db layer itself and a resource renamed in SQL, not the API.
    await withOrg(t.db.db, p.orgId, async (tx) => {
      await writeAssignments(tx, p.orgId, 'probe', ['r3', 'r1']);
      await tx.update(resources).set({ name: 'Cid Renamed' }).where(eq(resources.id, 'r3'));
    });
    expect(await probe()).toMatchObject({ resIds: ['r3', 'r1'] });
    expect((await load()).resources.find((r) => r._id === 'r3')).toMatchObject({ name: 'Cid Renamed' });
    await withOrg(t.db.db, p.orgId, (tx) =>
      tx.update(resources).set({ name: 'Cid Roe' }).where(eq(resources.id, 'r3')),
    );
    // Moved out of the window through the API, then deleted: gone from the next answer.
    const stored = ok(await call(t, p.dispatcher, 'GET', '/timeline-records/probe'));
    const movedOut = ok(
      await call(t, p.dispatcher, 'PATCH', '/timeline-records/probe', {
        utc_begin_plus_tz: TO + 2 * 86_400,
        utc_end_plus_tz: TO + 2 * 86_400 + H,
        version: stored.version,
      }),
    );
    expect(movedOut.version).toBeGreaterThan(made.version as number);
    expect(await probe()).toBeUndefined();
    ok(
      await call(t, p.dispatcher, 'DELETE', '/timeline-records/probe', undefined, {
        'if-match': `"${movedOut.version}"`,
      }),
    );
    expect((await load()).records.map((r) => r._id)).toEqual(['edge-first', 'mid', 'edge-last']);
  });

  it('readers-list visibility: a resource sees their own records and resources only', async () => {
    const w = await load(p.resource1);
    expect(w.records.map((r) => r._id)).toEqual(['edge-first', 'edge-last']);
    expect(w.resources.map((r) => r._id)).toEqual(['r1']);
    const other = await load(p.resource2);
    expect(other.records).toEqual([]);
    expect(other.resources.map((r) => r._id)).toEqual(['r2']);
    expect((await load(p.customer)).records).toEqual([]);
  });

  it("a dispatcher's published master labels narrow the window's bookings (strict: all labels, else any)", async () => {
    const orgId = p.orgId;
    await withOrg(t.db.db, orgId, (tx) =>
      tx
        .update(timelineRecords)
        .set({ labels: ['l-nurse', 'l-driver'] })
        .where(eq(timelineRecords.id, 'mid')),
    );
    await withOrg(t.db.db, orgId, (tx) =>
      tx
        .update(timelineRecords)
        .set({ labels: ['l-nurse'] })
        .where(eq(timelineRecords.id, 'edge-first')),
    );
    const set = async (body: Rec) =>
      ok(await call(t, p.dispatcher, 'PUT', `/dispatcher-master-labels/${p.uids.dispatcher}`, body));
    const v = (await set({ labels: ['l-nurse', 'l-driver'], published: true, version: 0 })).version as number;
    expect((await load()).records.map((r) => r._id)).toEqual(['edge-first', 'mid']);
    await set({ strict_boo: true, version: v });
    expect((await load()).records.map((r) => r._id)).toEqual(['mid']);
    await set({ published: false, version: v + 1 });
    expect((await load()).records.map((r) => r._id)).toEqual(['edge-first', 'mid', 'edge-last']);
  });

  it('holds at most 2,000 records and says when there were more', async () => {
    const orgId = p.orgId;
    await withOrg(t.db.db, orgId, (tx) =>
      tx.insert(timelineRecords).values(
        Array.from({ length: 2_000 }, (_, i) => ({
          orgId,
          id: `bulk-${String(i).padStart(4, '0')}`,
          key: 'booking',
          status: 'draft',
          beginAt: FROM + 4 * 86_400 + i,
          endAt: FROM + 4 * 86_400 + i + H,
        })),
      ),
    );
    const w = await load();
    expect(w.records).toHaveLength(2_000);
    expect(w.truncated).toBe(true);
    expect(w.records.at(-1)?._id).toBe('bulk-1997');
  });

  it('refuses a window that ends before it begins or spans more than 62 days', async () => {
    expect((await call(t, p.dispatcher, 'GET', `/timeline?from=${TO}&to=${FROM}`)).statusCode).toBe(400);
    expect(
      (await call(t, p.dispatcher, 'GET', `/timeline?from=${FROM}&to=${FROM + 63 * 86_400}`)).statusCode,
    ).toBe(400);
  });
});
