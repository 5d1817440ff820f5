import { templateStart } from '@rostra/core/roster/grid';
import { DAY, FORTNIGHT, fortnightWeek } from '@rostra/core/time/calendar';
import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from './testing.ts';

type Rec = Record<string, unknown>;
type Answer = {
  items: number;
  placements: number;
  created: number;
  rostered: number;
  drafts: number;
  existing: number;
  conflicts: { _id: string; template_item_id: string; errors: Rec[] }[];
  issues: Rec[];
};

const T0 = templateStart(0);

/** A template item on a weekday of week 1 or 2, as the master roster screen writes it. */
function item(id: string, week: 1 | 2, dayNum: number, startH: number, endH: number, fields: Rec = {}): Rec {
  const begin = T0 + (week - 1) * 7 * DAY + dayNum * DAY + startH * H;
  return {
    _id: id,
    _key: 'booking',
    status: 'draft',
    type: 'roster',
    template_id: 'tpl-a',
    template_name: 'Standard fortnight',
    day_num: dayNum,
    startAt: startH * 60,
    endAt: endH * 60,
    week,
    fortnight_time_boundaries: { start_time: T0, end_time: T0 + FORTNIGHT },
    utc_begin_plus_tz: begin,
    utc_end_plus_tz: begin + (endH - startH) * H,
    ...fields,
  };
}

describe.each(testDatabaseKinds())('master roster rollout on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  // Sunday 8 March 2026 to Sunday 22 March: one week-1 week and one week-2 week.
  const from = MONDAY - DAY;
  const to = from + FORTNIGHT;
  const firstWeek = fortnightWeek(from);
  /** The real day of the period a template day lands on. */
  const realDay = (week: 1 | 2, dayNum: number) => from + (week === firstWeek ? 0 : 7 * DAY) + dayNum * DAY;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date('2026-03-01T08:00:00Z'));
    p = await schedulingOrg(t, 'org-roster');
    // No shifts in these fixtures: the shift check is switched off, as an organisation may.
    await putSettings(t.db.db, p.orgId, 'allocation', { switches: { RESOURCE_SHIFT_NOT_CHECK: true } });
    const add = async (fields: Rec) =>
      ok(await call(t, p.dispatcher, 'POST', '/timeline-records', fields), 201);
    await add(item('tpl-mon', 1, 1, 9, 10, { resIds: ['r1'], customerId: 'c1', notes: 'Morning visit' }));
    await add(item('tpl-wed', 2, 3, 14, 16, { resIds: ['r2'], customerId: 'c2' }));
    await add(item('tpl-tue', 1, 2, 11, 12, { customerId: 'c2' }));
    await add(item('tpl-other', 1, 4, 8, 9, { template_id: 'tpl-b', resIds: ['r3'], customerId: 'c1' }));
    // A real booking that r1 already has where the Monday item lands: that placement conflicts.
    const monday = realDay(1, 1);
    await add({
      _id: 'busy',
      status: 'confirmed',
      customerId: 'c1',
      resIds: ['r1'],
      utc_begin_plus_tz: monday + 9 * H + 30 * 60,
      utc_end_plus_tz: monday + 10 * H + 30 * 60,
    });
  });
  afterAll(() => t?.close());

  const rollout = (body: Rec, as = p.dispatcher) => call(t, as, 'POST', '/master-roster/rollout', body);

  it('a dry run counts what the period gets and writes nothing', async () => {
    const answer = ok<Answer>(await rollout({ from, to, template_id: 'tpl-a', dry_run: true }));
    expect(answer).toMatchObject({
      items: 3,
      placements: 3,
      created: 0,
      existing: 0,
      conflicts: [],
      issues: [],
    });
    expect(
      (await call(t, p.dispatcher, 'GET', `/timeline-records/tpl-mon-${ymd(realDay(1, 1))}`)).statusCode,
    ).toBe(404);
  });

  it('writes rostered bookings on the real days by week parity; a conflicting item becomes a draft without resources', async () => {
    const answer = ok<Answer>(await rollout({ from, to, template_id: 'tpl-a' }));
    expect(answer).toMatchObject({
      items: 3,
      placements: 3,
      created: 3,
      rostered: 2,
      drafts: 1,
      existing: 0,
    });
    expect(answer.conflicts.map((c) => c.template_item_id)).toEqual(['tpl-mon']);
    expect(answer.conflicts[0]?.errors.length).toBeGreaterThan(0);

    const get = async (id: string) => ok<Rec>(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`));
    const mon = await get(`tpl-mon-${ymd(realDay(1, 1))}`);
    expect(mon).toMatchObject({
      status: 'draft',
      resIds: [],
      customerId: 'c1',
      notes: 'Morning visit',
      type: 'roster',
    });
    expect(mon.utc_begin_plus_tz).toBe(realDay(1, 1) + 9 * H);
    const wed = await get(`tpl-wed-${ymd(realDay(2, 3))}`);
    expect(wed).toMatchObject({
      status: 'rostered',
      resIds: ['r2'],
      template_id: 'tpl-a',
      isConflict: false,
    });
    expect([wed.utc_begin_plus_tz, wed.utc_end_plus_tz]).toEqual([
      realDay(2, 3) + 14 * H,
      realDay(2, 3) + 16 * H,
    ]);
    const tue = await get(`tpl-tue-${ymd(realDay(1, 2))}`);
    expect(tue).toMatchObject({ status: 'rostered', resIds: [] });
    // The resource reads the booking now theirs.
    expect((await call(t, p.resource2, 'GET', `/timeline-records/${wed._id}`)).statusCode).toBe(200);
  });

  it('rolling the same period out again adds only what is missing', async () => {
    const answer = ok<Answer>(await rollout({ from, to }));
    expect(answer).toMatchObject({ items: 4, placements: 4, created: 1, existing: 3, rostered: 1 });
  });

  it('refuses a bad period and every role but dispatchers', async () => {
    expect((await rollout({ from, to: from })).json().error.code).toBe('invalid_period');
    expect((await rollout({ from, to: from + 90 * DAY })).json().error.code).toBe('invalid_period');
    expect((await rollout({ from, to }, p.resource1)).statusCode).toBe(403);
    expect((await rollout({ from, to }, p.customer)).statusCode).toBe(403);
  });
});

function ymd(sec: number): string {
  return new Date(sec * 1000).toISOString().slice(0, 10).replaceAll('-', '');
}
