import { runAllocation } from '@rostra/core/allocation/run';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { organisations, orgSettings } from '../schema/organisations.ts';
import {
  blacklists,
  customers,
  resources,
  servicePlans,
  shifts,
  timelineRecordResources,
  timelineRecords,
} from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { loadAllocationScenario } from './allocation-scenario.ts';

const ORG = 'org-alloc';
const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const H = 3600;

type Outcome = {
  errors: { code: string; message: string }[];
  candidates: {
    resourceId: string;
    ok: boolean;
    score: number;
    errors: { code: string; message: string }[];
  }[];
};

describe.each(testDatabaseKinds())('building an allocation scenario from the database on %s', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db
      .insert(organisations)
      .values({ id: ORG, name: 'Alloc Org', slug: 'alloc', maxDistance: 50_000 });
    await withOrg(h.db, ORG, async (tx) => {
      await tx.insert(orgSettings).values({ orgId: ORG, key: 'allocation', value: { switches: {} } });
      await tx.insert(resources).values(
        ['rA', 'rB', 'rC', 'rD'].map((id) => ({
          orgId: ORG,
          id,
          name: `Res ${id}`,
          maxHrsWk: 38,
          lat: -33.87,
          lng: 151.2,
        })),
      );
      await tx
        .insert(customers)
        .values({ orgId: ORG, id: 'c1', name: 'Ada Lovelace', lat: -33.88, lng: 151.21 });
      // Week of Sun 2026-03-08: rA, rC and rD work Mon–Fri 08:00–17:00; rB has no shift.
      await tx.insert(shifts).values(
        ['rA', 'rC', 'rD'].map((rid) => ({
          orgId: ORG,
          id: `${rid}_2026-03-08_2026-03-14`,
          resourceId: rid,
          weekId: '2026-03-08_2026-03-14',
          days: ['mo', 'tu', 'we', 'th', 'fr'],
          beg: 8 * H,
          end: 17 * H,
        })),
      );
      await tx.insert(blacklists).values({ orgId: ORG, customerId: 'c1', resIds: ['rC'] });
      await tx.insert(servicePlans).values({ orgId: ORG, visitStemId: 'VS1', updateType: 'Inactive' });
      const rec = (id: string, key: string, begin: number, end: number, rid: string | null, extra = {}) => ({
        orgId: ORG,
        id,
        key,
        status: key === 'leave' ? 'leave' : 'confirmed',
        customerId: key === 'booking' ? 'c1' : null,
        resourceId: rid,
        beginAt: begin,
        endAt: end,
        lat: -33.88,
        lng: 151.21,
        ...extra,
      });
      await tx.insert(timelineRecords).values([
        rec('job', 'booking', at('2026-03-11T10:00:00'), at('2026-03-11T12:00:00'), null, {
          status: 'rostered',
          data: { external_data: { VisitStemID: 'VS1' } },
        }),
        rec('leaveB', 'leave', at('2026-03-11T00:00:00'), at('2026-03-12T00:00:00'), 'rB'),
        rec('busyD', 'booking', at('2026-03-11T11:00:00'), at('2026-03-11T13:00:00'), 'rD'),
        // Six weeks earlier: outside the fortnight, still one of the customer's past jobs with rA.
        rec('pastA', 'booking', at('2026-01-28T10:00:00'), at('2026-01-28T11:00:00'), 'rA', {
          status: 'finished',
        }),
      ]);
      await tx.insert(timelineRecordResources).values([
        { orgId: ORG, recordId: 'leaveB', resourceId: 'rB' },
        { orgId: ORG, recordId: 'busyD', resourceId: 'rD' },
        { orgId: ORG, recordId: 'pastA', resourceId: 'rA' },
      ]);
    });
  });
  afterAll(() => h?.close());

  const check = async () => {
    const scenario = await loadAllocationScenario(h.db, ORG, {
      jobId: 'job',
      mode: 'check',
      candidateIds: ['rA', 'rB', 'rC', 'rD'],
    });
    const result = runAllocation(scenario);
    if (!result.ok) throw new Error(result.message);
    return result.outcome as unknown as Outcome;
  };
  const codes = (o: Outcome, id: string) =>
    o.candidates.find((c) => c.resourceId === id)?.errors.map((e) => e.code);

  it('answers undefined for a booking that is not in the organisation', async () => {
    expect(await loadAllocationScenario(h.db, ORG, { jobId: 'nope', mode: 'check' })).toBeUndefined();
    expect(await loadAllocationScenario(h.db, 'other-org', { jobId: 'job', mode: 'check' })).toBeUndefined();
  });

  it('loads what each check needs: shifts, leaves, blacklists with the customer name, overlaps, service plans', async () => {
    const o = await check();
    // The job's service plan is inactive: check 12 fails for every candidate and for the job.
    expect(codes(o, 'rA')).toEqual(['service_plans_invalid']);
    expect(codes(o, 'rB')).toEqual([
      'resource_on_leave',
      'resource_shift_not_setup',
      'service_plans_invalid',
    ]);
    expect(codes(o, 'rC')).toEqual(['resource_blacklisted', 'service_plans_invalid']);
    expect(o.candidates.find((c) => c.resourceId === 'rC')?.errors[0]?.message).toContain('Ada Lovelace');
    expect(codes(o, 'rD')).toEqual(['resource_busy', 'service_plans_invalid']);
    expect(o.errors.map((e) => e.code)).toContain('service_plans_invalid');
  });

  it("includes the customer's earlier jobs outside the fortnight, so the past-jobs score counts them", async () => {
    const withPast = (await check()).candidates.find((c) => c.resourceId === 'rA')?.score ?? 0;
    await withOrg(h.db, ORG, (tx) => tx.delete(timelineRecords).where(eq(timelineRecords.id, 'pastA')));
    const withoutPast = (await check()).candidates.find((c) => c.resourceId === 'rA')?.score ?? 0;
    expect(withPast - withoutPast).toBeCloseTo(8, 6);
  });

  it('carries valid_till and label_valid_till from the resource to the credential expiry rule', async () => {
    const setRule = (on: boolean) =>
      withOrg(h.db, ORG, (tx) =>
        tx
          .update(orgSettings)
          .set({ value: { switches: { CREDENTIAL_EXPIRY_NOT_CHECK: !on } } })
          .where(eq(orgSettings.key, 'allocation')),
      );
    await withOrg(h.db, ORG, async (tx) => {
      await tx
        .update(resources)
        .set({ data: { valid_till: at('2026-03-11T09:59:59'), label_valid_till: { l1: 'soon' } } })
        .where(eq(resources.id, 'rA'));
    });
    await setRule(true);
    const o = await check();
    expect(codes(o, 'rA')).toEqual(['service_plans_invalid', 'resource_credential_expired']);
    expect(o.candidates.find((c) => c.resourceId === 'rA')?.errors[1]?.message).toBe(
      'Credentials expired: valid till 11/Mar/2026 09:59:59 AM',
    );
    await setRule(false);
    expect(codes(await check(), 'rA')).toEqual(['service_plans_invalid']);
  });

  it('reaches back as many days as the consecutive days rule needs, beyond the week', async () => {
    const days = ['05', '06', '07', '08', '09', '10'];
    await withOrg(h.db, ORG, async (tx) => {
      await tx.insert(timelineRecords).values(
        days.map((d) => ({
          orgId: ORG,
          id: `day${d}`,
          key: 'booking',
          status: 'confirmed',
          resourceId: 'rA',
          beginAt: at(`2026-03-${d}T08:00:00`),
          endAt: at(`2026-03-${d}T09:00:00`),
        })),
      );
      await tx
        .insert(timelineRecordResources)
        .values(days.map((d) => ({ orgId: ORG, recordId: `day${d}`, resourceId: 'rA' })));
      await tx
        .update(orgSettings)
        .set({ value: { switches: { MAX_CONSECUTIVE_DAYS_NOT_CHECK: false }, max_consecutive_days: 6 } })
        .where(eq(orgSettings.key, 'allocation'));
    });
    const o = await check();
    expect(o.candidates.find((c) => c.resourceId === 'rA')?.errors[1]).toEqual({
      code: 'resource_max_consecutive_days',
      message: 'would work 7 days in a row, 05/Mar/2026 to 11/Mar/2026 (at most 6)',
    });
  });

  it("carries the resource's minimum hours to the minimum hours preference", async () => {
    const scoreOf = async () => (await check()).candidates.find((c) => c.resourceId === 'rB')?.score ?? 0;
    const setPreference = (on: boolean) =>
      withOrg(h.db, ORG, (tx) =>
        tx
          .update(orgSettings)
          .set({ value: { switches: { MIN_HOURS_NOT_CHECK: !on } } })
          .where(eq(orgSettings.key, 'allocation')),
      );
    await setPreference(true);
    const before = await scoreOf();
    await withOrg(h.db, ORG, (tx) =>
      tx
        .update(resources)
        .set({ data: { min_hrs_fn: 40 } })
        .where(eq(resources.id, 'rB')),
    );
    // rB has no hours in the fortnight: the whole minimum lacks.
    expect((await scoreOf()) - before).toBeCloseTo(30, 6);
    await setPreference(false);
    expect(await scoreOf()).toBeCloseTo(before, 6);
  });

  it("carries the timeline records' places and the organisation's road factor and speed to the travel time rule", async () => {
    await withOrg(h.db, ORG, async (tx) => {
      // 0.18° north of the job (about 20.02 km): 21 minutes at × 1 and 60 km/h; it ends 10 minutes before.
      await tx.insert(timelineRecords).values({
        orgId: ORG,
        id: 'farA',
        key: 'booking',
        status: 'confirmed',
        resourceId: 'rA',
        beginAt: at('2026-03-11T08:00:00'),
        endAt: at('2026-03-11T09:50:00'),
        lat: -33.7,
        lng: 151.21,
      });
      await tx.insert(timelineRecordResources).values({ orgId: ORG, recordId: 'farA', resourceId: 'rA' });
      await tx
        .update(orgSettings)
        .set({
          value: { switches: { TRAVEL_TIME_NOT_CHECK: false }, travel_road_factor: 1, travel_speed_kmh: 60 },
        })
        .where(eq(orgSettings.key, 'allocation'));
    });
    const travel = async () =>
      (await check()).candidates
        .find((c) => c.resourceId === 'rA')
        ?.errors.filter((e) => e.code === 'resource_travel_time');
    expect(await travel()).toEqual([
      {
        code: 'resource_travel_time',
        message:
          'needs 21 minutes to travel from the job from 11/Mar/2026 08:00:00 AM to 11/Mar/2026 09:50:00 AM',
      },
    ]);
    await withOrg(h.db, ORG, (tx) =>
      tx
        .update(orgSettings)
        .set({ value: { switches: {} } })
        .where(eq(orgSettings.key, 'allocation')),
    );
    expect(await travel()).toEqual([]);
  });
});
