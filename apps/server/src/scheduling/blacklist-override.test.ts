import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;

/** The spec's §8 text for resource_blacklisted, with c1's name filled in. */
const BANNED = "is blacklisted by Ada Lovelace and can't be scheduled for this Job";

/*
 * Issue 16 point 5: c1 (Ada Lovelace) has blacklisted r2. Every path that assigns resources by
 * hand — manual allocation, a timeline record written with resIds (create or update) — refuses to
 * newly assign r2 to c1's booking with the spec's message, unless the caller overrides and says
 * why; the override lands in the booking's history with who, when and why.
 */
describe.each(testDatabaseKinds())('assigning across a blacklist on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let n = 0;
  const booking = async (over: Rec = {}) => {
    n++;
    const begin = MONDAY + (8 + n) * H;
    const made = ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `bl-${n}`,
        status: 'confirmed',
        customerId: 'c1',
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + H,
        ...over,
      }),
      201,
    );
    return made as Rec & { _id: string; version: number };
  };
  const history = async (id: string) =>
    ok<{ items: Rec[] }>(await call(t, p.dispatcher, 'GET', `/bookings/${id}/states`)).items;
  const current = async (id: string) =>
    ok<Rec>(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-blacklist');
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    ok(await call(t, p.dispatcher, 'PUT', '/customers/c1/blacklist', { resIds: ['r2'], version: 0 }));
  });
  afterAll(() => t?.close());

  it('manual allocation of a blacklisted resource without the override answers 400 and writes nothing', async () => {
    const b = await booking();
    const res = await call(t, p.dispatcher, 'POST', `/bookings/${b._id}/allocate`, {
      mode: 'manual',
      candidateIds: ['r2'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'resource_blacklisted', message: BANNED });
    const after = await current(b._id);
    expect(after.resIds).toEqual([]);
    expect(after.version).toBe(b.version);
    expect((await history(b._id)).map((s) => s.action)).not.toContain('blacklist_override');
  });

  it('manual allocation with the override assigns, and the history says who, when and why', async () => {
    const b = await booking();
    const answer = ok<{ assigned: string[]; isConflict: boolean; errors: { code: string }[] }>(
      await call(t, p.dispatcher, 'POST', `/bookings/${b._id}/allocate`, {
        mode: 'manual',
        candidateIds: ['r2'],
        override: { reason: 'Customer asked for Bob this once, by phone' },
      }),
    );
    expect(answer.assigned).toEqual(['r2']);
    // The override lets the assignment through; the booking still says it breaks the blacklist.
    expect(answer.isConflict).toBe(true);
    expect(answer.errors.map((e) => e.code)).toContain('resource_blacklisted');
    const overrides = (await history(b._id)).filter((s) => s.action === 'blacklist_override');
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({
      uid: p.uids.dispatcher,
      reason: 'Customer asked for Bob this once, by phone',
      resIds: ['r2'],
    });
    expect(typeof overrides[0]?._utc_plus_tz).toBe('number');
  });

  it('an empty reason is no override (400 from the schema)', async () => {
    const b = await booking();
    const res = await call(t, p.dispatcher, 'POST', `/bookings/${b._id}/allocate`, {
      mode: 'manual',
      candidateIds: ['r2'],
      override: { reason: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect((await current(b._id)).resIds).toEqual([]);
  });

  it('a timeline record written with resIds honours the same rule (update and create)', async () => {
    const b = await booking();
    const refused = await call(t, p.dispatcher, 'PATCH', `/timeline-records/${b._id}`, {
      resIds: ['r2'],
      version: b.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'resource_blacklisted', message: BANNED });
    const saved = ok<Rec>(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${b._id}`, {
        resIds: ['r2'],
        version: b.version,
        override: { reason: 'Only driver free today' },
      }),
    );
    expect(saved.resIds).toEqual(['r2']);
    expect((await history(b._id)).find((s) => s.action === 'blacklist_override')).toMatchObject({
      reason: 'Only driver free today',
      uid: p.uids.dispatcher,
    });
    // Saving the booking again without touching its resources does not ask again.
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${b._id}`, {
        notes: 'gate code 1234',
        version: saved.version,
      }),
    );

    const create = (over: Rec) =>
      call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: `bl-new-${++n}`,
        status: 'confirmed',
        customerId: 'c1',
        resIds: ['r2'],
        utc_begin_plus_tz: MONDAY + 20 * H,
        utc_end_plus_tz: MONDAY + 21 * H,
        ...over,
      });
    const createRefused = await create({});
    expect(createRefused.statusCode).toBe(400);
    expect(createRefused.json().error.code).toBe('resource_blacklisted');
    const created = ok<Rec>(await create({ override: { reason: 'Agreed with the family' } }), 201);
    expect(created.resIds).toEqual(['r2']);
    expect(
      (await history(created._id as string)).find((s) => s.action === 'blacklist_override'),
    ).toMatchObject({ reason: 'Agreed with the family' });
  });

  it('the check before an assignment says why it would fail, at the times it would have', async () => {
    type Checked = {
      candidates: { resourceId: string; ok: boolean; errors: { code: string; message: string }[] }[];
    };
    const b = await booking();
    const banned = ok<Checked>(
      await call(t, p.dispatcher, 'POST', '/allocation/check', { booking_id: b._id, candidateIds: ['r2'] }),
    );
    expect(banned.candidates[0]?.errors).toContainEqual({ code: 'resource_blacklisted', message: BANNED });
    // r1 is busy from 06:00 to 07:00 (another booking); a drop of this booking there is busy.
    ok(
      await call(t, p.dispatcher, 'POST', '/timeline-records', {
        _id: 'bl-busy',
        status: 'confirmed',
        customerId: 'c2',
        resIds: ['r1'],
        utc_begin_plus_tz: MONDAY + 6 * H,
        utc_end_plus_tz: MONDAY + 7 * H,
      }),
      201,
    );
    const moved = ok<Checked>(
      await call(t, p.dispatcher, 'POST', '/allocation/check', {
        booking_id: b._id,
        utc_begin_plus_tz: MONDAY + 6 * H,
        utc_end_plus_tz: MONDAY + 7 * H,
        candidateIds: ['r1'],
      }),
    );
    expect(moved.candidates[0]?.errors.map((e) => e.code)).toContain('resource_busy');
    // A booking not saved yet (the form): its customer's blacklist applies.
    const fresh = ok<Checked>(
      await call(t, p.dispatcher, 'POST', '/allocation/check', {
        customerId: 'c1',
        utc_begin_plus_tz: MONDAY + 22 * H,
        utc_end_plus_tz: MONDAY + 23 * H,
        candidateIds: ['r2', 'r3'],
      }),
    );
    const codes = Object.fromEntries(
      fresh.candidates.map((c) => [c.resourceId, c.errors.map((e) => e.code)]),
    );
    expect(codes).toEqual({ r2: ['resource_blacklisted'], r3: [] });
    expect(
      (await call(t, p.resource1, 'POST', '/allocation/check', { candidateIds: ['r1'] })).statusCode,
    ).toBe(403);
  });

  it('resources the customer has not blacklisted need no override, on any path', async () => {
    const b = await booking();
    ok(
      await call(t, p.dispatcher, 'POST', `/bookings/${b._id}/allocate`, {
        mode: 'manual',
        candidateIds: ['r1'],
      }),
    );
    const c = await booking();
    ok(
      await call(t, p.dispatcher, 'PATCH', `/timeline-records/${c._id}`, {
        resIds: ['r3'],
        version: c.version,
      }),
    );
    // Another customer's booking: r2 is not banned there.
    const d = await booking({ customerId: 'c2' });
    ok(
      await call(t, p.dispatcher, 'POST', `/bookings/${d._id}/allocate`, {
        mode: 'manual',
        candidateIds: ['r2'],
      }),
    );
  });
});
