import { selectLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { notifications } from '@rostra/db/schema/messaging';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Candidate = {
  resourceId: string;
  ok: boolean;
  score: number;
  errors: { code: string; message: string }[];
};
type Allocation = {
  record: Rec;
  assigned: string[];
  isConflict: boolean;
  errors: { code: string; message: string; resourceId?: string }[];
};

describe.each(testDatabaseKinds())('allocation through the API on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let n = 0;
  /** A confirmed booking for c1 needing a nurse; each test books its own day. */
  const booking = async (begin: number, end: number, over: Rec = {}) => {
    n++;
    const made = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `job-${n}`,
        status: 'confirmed',
        customerId: 'c1',
        labels: ['l-nurse'],
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: end,
        ...over,
      }),
      201,
    );
    return made._id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-alloc');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
  });
  afterAll(() => t?.close());

  it('candidates: every resource checked and scored with its reasons, passing first, each group best first', async () => {
    const id = await booking(MONDAY + 9 * H, MONDAY + 10 * H, { all_location: '1 George St, Sydney' });
    const res = ok<{ candidates: Candidate[]; booking: Rec }>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates`),
    );
    const ids = res.candidates.map((c) => c.resourceId);
    expect([...ids].sort()).toEqual(['r1', 'r2', 'r3', 'r9']);
    // Issue 16 point 4: r1, the only one passing the label check, comes first whatever the
    // scores; the failing ones follow, in the contract's order (score descending).
    expect(res.candidates.map((c) => c.ok)).toEqual([true, false, false, false]);
    expect(ids[0]).toBe('r1');
    const scores = res.candidates.slice(1).map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The panel's head: time, customer, address, required labels (names, not ids).
    expect(res.booking).toEqual({
      utc_begin_plus_tz: MONDAY + 9 * H,
      utc_end_plus_tz: MONDAY + 10 * H,
      customer: 'Ada Lovelace',
      address: '1 George St, Sydney',
      labels: ['Nurse'],
    });
    const r2 = res.candidates.find((c) => c.resourceId === 'r2');
    expect(r2?.errors.map((e) => e.code)).toEqual(['resource_label_mismatch']);
    expect(r2?.errors[0]?.message).toContain('Nurse');
    expect((await call(t, p.resource1, 'GET', `/bookings/${id}/candidates`)).statusCode).toBe(403);
  });

  it('candidates: each score comes with its parts (contract §Score), which add up to it', async () => {
    const id = await booking(MONDAY + 13 * H, MONDAY + 14 * H);
    type Parts = Record<string, number>;
    const res = ok<{ candidates: (Candidate & { score_parts: Parts })[] }>(
      await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates`),
    );
    const names = [
      'preferred',
      'internal',
      'external',
      'cost',
      'past_jobs',
      'distance',
      'matching_labels',
      'free_week_hours',
      'free_day_hours',
      'same_day_load',
      'overlap',
      'outside_shift',
      'under_minimum_hours',
      'travel',
    ];
    for (const c of res.candidates) {
      expect(Object.keys(c.score_parts)).toEqual(names);
      expect(names.reduce((sum, name) => sum + (c.score_parts[name] as number), 0)).toBe(c.score);
      // An internal booking: every internal resource gets the internal part.
      expect(c.score_parts.internal).toBe(10_000);
    }
    const parts = (rid: string) => res.candidates.find((c) => c.resourceId === rid)?.score_parts;
    // r1 holds the booking's one label (Nurse), r2 does not.
    expect(parts('r1')?.matching_labels).toBe(40);
    expect(parts('r2')?.matching_labels).toBe(0);
    expect(parts('r1')?.overlap).toBe(0);
  });

  it('candidates come a page at a time with the whole list counted', async () => {
    const id = await booking(MONDAY + 5 * 86_400 + 9 * H, MONDAY + 5 * 86_400 + 10 * H);
    type Page = { total: number; passing: number; offset: number; limit: number; candidates: Candidate[] };
    const all = ok<Page>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates`));
    expect(all).toMatchObject({ total: 4, passing: 1, offset: 0, limit: 50 });
    const first = ok<Page>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates?limit=2`));
    const next = ok<Page>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates?offset=2&limit=2`));
    expect(first).toMatchObject({ total: 4, passing: 1, limit: 2 });
    expect([...first.candidates, ...next.candidates]).toEqual(all.candidates);
    const bad = await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates?limit=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('candidates follow every change under them at once (a leave, an assignment, a resource edit)', async () => {
    const day = MONDAY + 6 * 86_400;
    const id = await booking(day + 9 * H, day + 10 * H);
    const candidates = async () =>
      ok<{ candidates: Candidate[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/candidates`))
        .candidates;
    const r1 = async () => (await candidates()).find((c) => c.resourceId === 'r1');
    expect((await r1())?.ok).toBe(true);
    // A leave for r1 across the booking: the next answer names it.
    const leave = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _key: 'leave',
        status: 'leave',
        resIds: ['r1'],
        utc_begin_plus_tz: day + 8 * H,
        utc_end_plus_tz: day + 12 * H,
      }),
      201,
    );
    expect((await r1())?.errors.map((e) => e.code)).toEqual(['resource_on_leave']);
    ok(
      await call(t, p.dispatcher, 'DELETE', `/timeline-records/${leave._id}`, undefined, {
        'if-match': `"${leave.version}"`,
      }),
    );
    expect((await r1())?.ok).toBe(true);
    // Another booking assigned to r1 at the same time makes r1 busy.
    const other = await booking(day + 9 * H, day + 10 * H);
    ok(
      await call(t, p.dispatcher, 'POST', `/bookings/${other}/allocate`, {
        mode: 'manual',
        candidateIds: ['r1'],
      }),
    );
    expect((await r1())?.errors.map((e) => e.code)).toContain('resource_busy');
    // The booking's own assignment never makes its resource busy with itself.
    ok(await call(t, p.dispatcher, 'POST', `/bookings/${other}/actions/cancel`, {}));
    ok(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, {
        mode: 'manual',
        candidateIds: ['r1'],
      }),
    );
    expect((await r1())?.ok).toBe(true);
    // A resource edit (r3 gets the label) shows in the next answer.
    const r3 = ok(await call(t, p.dispatcher, 'GET', '/resources/r3'));
    const edited = ok(
      await call(t, p.dispatcher, 'PATCH', '/resources/r3', { labels: ['l-nurse'], version: r3.version }),
    );
    expect((await candidates()).find((c) => c.resourceId === 'r3')?.ok).toBe(true);
    // Put back: the tests after this one expect r1 to be the only nurse.
    ok(await call(t, p.dispatcher, 'PATCH', '/resources/r3', { labels: r3.labels, version: edited.version }));
    expect((await candidates()).find((c) => c.resourceId === 'r3')?.ok).toBe(false);
  });

  it('check mode answers without writing', async () => {
    const id = await booking(MONDAY + 86_400 + 9 * H, MONDAY + 86_400 + 10 * H);
    const res = ok<Allocation>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, {
        mode: 'check',
        candidateIds: ['r2'],
      }),
    );
    expect(res.isConflict).toBe(true);
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`))).toMatchObject({
      resIds: [],
      version: 1,
    });
  });

  it('manual writes the candidates, autoallocate false and isConflict from the checks, and notifies the resource', async () => {
    const id = await booking(MONDAY + 2 * 86_400 + 9 * H, MONDAY + 2 * 86_400 + 10 * H);
    const res = ok<Allocation>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, {
        mode: 'manual',
        candidateIds: ['r2'],
        version: 1,
      }),
    );
    expect(res.isConflict).toBe(true);
    expect(res.record).toMatchObject({
      resIds: ['r2'],
      resourceId: 'r2',
      resource_first_name: 'Bob',
      autoallocate: false,
      isConflict: true,
      version: 2,
    });
    expect((res.record.errors as Rec[]).map((e) => e.code)).toEqual(['resource_label_mismatch']);
    expect(res.record._uid_r).toContain(p.uids.resource2);
    const sent = await withOrg(t.db.db, p.orgId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.recordId, id)),
    );
    expect(sent.map((s) => [s.uid, s.kind])).toEqual([[p.uids.resource2, 'allocation']]);
  });

  it('auto assigns the best passing resource: autoallocate true, isConflict false', async () => {
    const id = await booking(MONDAY + 3 * 86_400 + 9 * H, MONDAY + 3 * 86_400 + 10 * H);
    const res = ok<Allocation>(
      await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, { mode: 'auto' }),
    );
    expect(res.assigned).toEqual(['r1']);
    expect(res.record).toMatchObject({ resIds: ['r1'], autoallocate: true, isConflict: false, errors: [] });
  });

  it('a stale booking version answers 409 and assigns nothing', async () => {
    const id = await booking(MONDAY + 4 * 86_400 + 9 * H, MONDAY + 4 * 86_400 + 10 * H);
    const res = await call(t, p.dispatcher, 'POST', `/bookings/${id}/allocate`, { mode: 'auto', version: 7 });
    expect(res.statusCode).toBe(409);
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`)).resIds).toEqual([]);
  });

  it('two dispatchers allocating the same resource at the same time never both succeed: the second sees the first', async () => {
    for (let round = 0; round < 4; round++) {
      const day = MONDAY + (10 + round) * 86_400;
      const a = await booking(day + 9 * H, day + 11 * H);
      const b = await booking(day + 10 * H, day + 12 * H);
      const [ra, rb] = await Promise.all([
        call(t, p.dispatcher, 'POST', `/bookings/${a}/allocate`, { mode: 'manual', candidateIds: ['r1'] }),
        call(t, p.dispatcher, 'POST', `/bookings/${b}/allocate`, { mode: 'manual', candidateIds: ['r1'] }),
      ]);
      const results = [ok<Allocation>(ra), ok<Allocation>(rb)];
      const winners = results.filter((r) => !r.isConflict);
      const losers = results.filter((r) => r.isConflict);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const winner = winners[0]?.record as Rec;
      const busy = losers[0]?.errors.find((e) => e.code === 'resource_busy');
      expect(busy?.resourceId).toBe('r1');
      // The loser's message names the winner's booking time.
      const hour = (s: unknown) => `${String(Math.floor(((s as number) % 86_400) / H)).padStart(2, '0')}:00`;
      expect(busy?.message).toContain(hour(winner.utc_begin_plus_tz));
    }
  });

  it('two concurrent auto allocations with one suitable resource: one gets it, the other is told no one matches', async () => {
    const day = MONDAY + 20 * 86_400;
    const a = await booking(day + 9 * H, day + 11 * H);
    const b = await booking(day + 10 * H, day + 12 * H);
    const [ra, rb] = await Promise.all([
      call(t, p.dispatcher, 'POST', `/bookings/${a}/allocate`, { mode: 'auto' }),
      call(t, p.dispatcher, 'POST', `/bookings/${b}/allocate`, { mode: 'auto' }),
    ]);
    const results = [ok<Allocation>(ra), ok<Allocation>(rb)];
    expect(results.map((r) => r.assigned.join()).sort()).toEqual(['', 'r1']);
    expect(results.find((r) => r.assigned.length === 0)?.errors.map((e) => e.code)).toContain(
      'no_auto_allocation',
    );
  });

  it('batch: auto-allocates the unassigned non-draft bookings of the window without double-booking, with progress events', async () => {
    const day = MONDAY + 24 * 86_400;
    const ids = [
      await booking(day + 8 * H, day + 9 * H, { labels: [] }),
      await booking(day + 8 * H, day + 9 * H, { labels: [] }),
      await booking(day + 8 * H, day + 9 * H, { labels: [] }),
      await booking(day + 8 * H, day + 9 * H, { labels: [] }),
      await booking(day + 12 * H, day + 13 * H, { labels: ['l-nurse'] }),
    ];
    const draft = await booking(day + 14 * H, day + 15 * H, { status: 'draft', labels: [] });
    const before = (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
    const summary = ok(
      await call(t, p.dispatcher, 'POST', '/allocation/batch', {
        from: day,
        to: day + 86_400,
        batch_id: 'b-1',
      }),
    );
    expect(summary).toEqual({ batch_id: 'b-1', jobs: 5, assigned: 5, conflicts: 0, skipped: 0 });
    const records = await Promise.all(
      ids.map(async (id) => ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`))),
    );
    const at8 = records.slice(0, 4).map((r) => (r.resIds as string[])[0]);
    expect(new Set(at8).size).toBe(4);
    expect(records[4]?.resIds).toEqual(['r1']);
    expect(records.every((r) => r.autoallocate === true && r.isConflict === false)).toBe(true);
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${draft}`)).resIds).toEqual([]);
    const events = (await selectLiveEventsUnsafe(t.db.db, p.orgId, before, 1000)).filter(
      (e) => e.topic === 'allocation',
    );
    expect(events.map((e) => e.kind)).toEqual([
      'allocation.batch.started',
      'allocation.batch.progress',
      'allocation.batch.finished',
    ]);
    expect(events[1]?.payload).toMatchObject({ batch_id: 'b-1', done: 5, total: 5, assigned: 5 });
    expect(events.every((e) => e.audience.dispatchers === true && !e.audience.members)).toBe(true);
  });

  it('optimised batch: staffs the job greedy leaves out, says what it added, and keeps its budget setting', async () => {
    // The early job prefers r1, the only nurse; greedy gives it r1 and the nurse job at 09:30
    // finds nobody. Optimised, another worker takes the early job and r1 the nurse job.
    const jobs = async (day: number) => [
      await booking(day + 9 * H, day + 11 * H, { labels: [], preferred: ['r1'] }),
      await booking(day + 9.5 * H, day + 10.5 * H, { labels: ['l-nurse'] }),
    ];
    const greedyDay = MONDAY + 25 * 86_400;
    const [ge, gn] = await jobs(greedyDay);
    const greedy = ok(
      await call(t, p.dispatcher, 'POST', '/allocation/batch', { from: greedyDay, to: greedyDay + 86_400 }),
    );
    expect(greedy).toMatchObject({ jobs: 2, assigned: 1, conflicts: 1 });
    expect(greedy.optimised).toBeUndefined();
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${ge}`)).resIds).toEqual(['r1']);
    expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${gn}`)).resIds).toEqual([]);

    const settings = ok<Rec>(await call(t, p.dispatcher, 'GET', '/allocation-settings'));
    expect(settings.optimise_budget_ms).toBe(2000);
    const bad = await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
      switches: { RESOURCE_SHIFT_NOT_CHECK: true },
      optimise_budget_ms: 60_001,
      version: settings.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'optimise_budget_ms: The optimisation budget is a whole number of milliseconds from 0 to 60000',
    );
    ok(
      await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        switches: { RESOURCE_SHIFT_NOT_CHECK: true },
        optimise_budget_ms: 5000,
        version: settings.version,
      }),
    );

    const day = MONDAY + 26 * 86_400;
    const [early, nurse] = await jobs(day);
    const before = (await selectLiveEventsUnsafe(t.db.db, p.orgId, 0, 100_000)).at(-1)?.seq ?? 0;
    const summary = ok(
      await call(t, p.dispatcher, 'POST', '/allocation/batch', {
        from: day,
        to: day + 86_400,
        batch_id: 'b-opt',
        optimise: true,
      }),
    );
    expect(summary).toEqual({
      batch_id: 'b-opt',
      jobs: 2,
      assigned: 2,
      conflicts: 0,
      skipped: 0,
      optimised: {
        budget_ms: 5000,
        greedy: { staffed: 1, preferred: 1 },
        final: { staffed: 2, preferred: 0 },
      },
    });
    const earlyAfter = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${early}`));
    const nurseAfter = ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${nurse}`));
    expect(nurseAfter.resIds).toEqual(['r1']);
    expect((earlyAfter.resIds as string[]).length).toBe(1);
    expect(earlyAfter.resIds).not.toEqual(['r1']);
    expect([earlyAfter.isConflict, nurseAfter.isConflict]).toEqual([false, false]);
    // Both phases are on the live topic: the greedy pass, then the optimisation with its figures.
    const events = (await selectLiveEventsUnsafe(t.db.db, p.orgId, before, 1000)).filter(
      (e) => e.topic === 'allocation',
    );
    expect(events.map((e) => [e.kind, e.payload.phase])).toEqual([
      ['allocation.batch.started', 'greedy'],
      ['allocation.batch.progress', 'optimise'],
      ['allocation.batch.finished', undefined],
    ]);
    expect(events[1]?.payload).toMatchObject({ budget_ms: 5000, greedy: { staffed: 1, preferred: 1 } });
    expect(events[2]?.payload).toMatchObject({ done: 2, total: 2, assigned: 2 });
  });
});
