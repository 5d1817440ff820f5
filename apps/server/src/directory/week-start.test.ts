import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, H, MONDAY, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

// Issue #22 point 3: the organisation's week_start_day (its allocation setting) decides where
// the server's "this week" starts, and /me hands it to every screen. MONDAY is 2026-03-09.

type Rec = Record<string, unknown>;
const DAY = 86_400;

describe.each(testDatabaseKinds())('week start day on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let version = 0;
  const setWeekStart = async (day: number) => {
    const answer = ok<Rec>(
      await call(t, p.dispatcher, 'PUT', '/allocation-settings', {
        week_start_day: day,
        switches: {},
        version,
      }),
    );
    version = typeof answer.version === 'number' ? answer.version : version + 1;
  };
  const week = async () =>
    ok<{ week: { from: number; to: number } }>(
      await call(t, p.dispatcher, 'GET', '/directory/resources/r1/overview'),
    ).week;
  const meWeekStart = async () =>
    ok<{ company: { week_start_day: number } }>(await call(t, p.resource1, 'GET', '/me')).company
      .week_start_day;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // "Now" is Wednesday 10:00 on the organisation's (UTC) wall clock.
    t.clock.set(new Date((MONDAY + 2 * DAY + 10 * H) * 1000));
    p = await schedulingOrg(t, 'org-week-start');
  });
  afterAll(async () => t?.close());

  it("Sunday by default: this week of a resource's overview starts on the Sunday before, /me says 0", async () => {
    expect(await week()).toEqual({ from: MONDAY - DAY, to: MONDAY + 6 * DAY, shifts: expect.any(Array) });
    expect(await meWeekStart()).toBe(0);
  });

  it('a Monday start moves this week to Monday, and /me tells every member', async () => {
    await setWeekStart(1);
    expect(await week()).toMatchObject({ from: MONDAY, to: MONDAY + 7 * DAY });
    expect(await meWeekStart()).toBe(1);
  });

  it('boundary: a Wednesday start on a Wednesday is that very day; Thursday goes back six days', async () => {
    await setWeekStart(3);
    expect(await week()).toMatchObject({ from: MONDAY + 2 * DAY });
    await setWeekStart(4);
    expect(await week()).toMatchObject({ from: MONDAY + 2 * DAY - 6 * DAY });
  });
});
