import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { account, memberships, user } from '../schema/auth.ts';
import { organisations } from '../schema/organisations.ts';
import {
  blacklists,
  customers,
  resources,
  servicePlans,
  shifts,
  timelineRecords,
} from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { DEMO_USERS, HARBOUR_CARE, METRO_MOVERS } from './demo-users.ts';
import { generateOrg } from './generate.ts';
import { DEMO_ORGS, seedDemo } from './seed.ts';

const NOW = Date.parse('2026-03-11T01:00:00Z'); // Wednesday, 12:00 in Sydney
const fakeHash = async (p: string) => `test-hash:${p}`;

describe('demo data generation', () => {
  it('is deterministic: the same day gives the same rows', () => {
    const plan = DEMO_ORGS[0]!;
    const a = generateOrg(plan, 1_773_230_400, DEMO_USERS);
    const b = generateOrg(plan, 1_773_230_400, DEMO_USERS);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('moves with today: bookings fall in the fortnight of the given day', () => {
    const plan = DEMO_ORGS[0]!;
    const day1 = generateOrg(plan, 1_773_230_400, DEMO_USERS).records;
    const later = generateOrg(plan, 1_773_230_400 + 28 * 86_400, DEMO_USERS).records;
    const minBegin = (rs: typeof day1) => Math.min(...rs.map((r) => r.beginAt));
    expect(minBegin(later) - minBegin(day1)).toBeGreaterThanOrEqual(27 * 86_400);
  });

  it('keeps the same blacklists whatever the day it runs', () => {
    for (const plan of DEMO_ORGS) {
      const days = [0, 1, 3, 6, 13].map((d) => generateOrg(plan, 1_773_230_400 + d * 86_400, DEMO_USERS));
      const lists = days.map((g) => g.blacklists);
      expect(lists[0]?.length).toBeGreaterThan(0);
      for (const other of lists.slice(1)) expect(other).toEqual(lists[0]);
    }
  });

  it('gives the demo resource (resource@, r001) a dispatched job of now to start, whatever the day', () => {
    const plan = DEMO_ORGS[0]!;
    for (const now of [1_773_230_400, 1_773_230_400 + 5 * 86_400 + 7 * 3600]) {
      const jobs = generateOrg(plan, now, DEMO_USERS).records.filter(
        (r) => r.key === 'booking' && r.status === 'dispatched' && r.resIds.includes('r001'),
      );
      expect(
        jobs.some((r) => r.beginAt <= now && r.endAt > now && (r.readers ?? []).includes('user-hc-resource')),
      ).toBe(true);
    }
  });
});

describe.each(testDatabaseKinds())('seeding the demo organisations on %s', (kind) => {
  let h: DbHandle;
  const progress: string[] = [];
  let first: { seeded: boolean };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    first = await seedDemo(h.db, { nowMs: NOW, hashPassword: fakeHash, onProgress: (m) => progress.push(m) });
  });
  afterAll(() => h?.close());

  const countIn = async (orgId: string, table: typeof resources | typeof customers | typeof shifts) =>
    (await withOrg(h.db, orgId, (tx) => tx.select({ n: count() }).from(table)))[0]?.n;

  it('Harbour Care has 60 resources, 40 customers and weekly shifts for two fortnights', async () => {
    expect(first.seeded).toBe(true);
    expect(await countIn(HARBOUR_CARE, resources)).toBe(60);
    expect(await countIn(HARBOUR_CARE, customers)).toBe(40);
    expect(await countIn(HARBOUR_CARE, shifts)).toBe(60 * 4);
    const [org] = await h.db.select().from(organisations).where(eq(organisations.id, HARBOUR_CARE));
    expect(org).toMatchObject({
      name: 'Harbour Care',
      timeZone: 'Australia/Sydney',
      dateFormat: 'dd/mmm/yyyy',
    });
    expect(org?.defaultCountry).toEqual({ name: 'AU', code: '+61' });
  });

  it('Harbour Care has 400 bookings in every status, multi-resource and unassigned ones, and the other kinds', async () => {
    const rows = await withOrg(h.db, HARBOUR_CARE, (tx) =>
      tx.execute(sql`
        select r.key, r.status, count(*)::int as n,
               count(*) filter (where (select count(*) from timeline_record_resources l
                                        where l.org_id = r.org_id and l.record_id = r.id) = 0)::int as unassigned,
               count(*) filter (where (select count(*) from timeline_record_resources l
                                        where l.org_id = r.org_id and l.record_id = r.id) > 1)::int as multi
        from timeline_records r group by r.key, r.status`),
    );
    const stats = (
      rows as unknown as {
        rows: { key: string; status: string; n: number; unassigned: number; multi: number }[];
      }
    ).rows;
    const bookings = stats.filter((s) => s.key === 'booking');
    expect(bookings.reduce((a, s) => a + s.n, 0)).toBe(400);
    const statuses = new Set(bookings.map((s) => s.status));
    for (const s of [
      'draft',
      'rostered',
      'confirmed',
      'dispatched',
      'active',
      'finished',
      'reviewed',
      'feedback',
      'parked',
      'cancelled',
    ]) {
      expect(statuses, s).toContain(s);
    }
    expect(bookings.reduce((a, s) => a + s.multi, 0)).toBeGreaterThan(0);
    expect(
      bookings.filter((s) => s.status !== 'draft').reduce((a, s) => a + s.unassigned, 0),
    ).toBeGreaterThan(0);
    for (const k of ['leave', 'break', 'groupevent'])
      expect(
        stats.some((s) => s.key === k && s.n > 0),
        k,
      ).toBe(true);
  });

  it('has blacklists and service plans with one inactive and one ended', async () => {
    const bl = await withOrg(h.db, HARBOUR_CARE, (tx) => tx.select().from(blacklists));
    expect(bl.length).toBeGreaterThan(0);
    const plans = await withOrg(h.db, HARBOUR_CARE, (tx) => tx.select().from(servicePlans));
    expect(plans.filter((p) => p.updateType === 'Inactive')).toHaveLength(1);
    expect(plans.filter((p) => p.updateType === 'Ended')).toHaveLength(1);
  });

  it('Metro Movers has 15 resources, 20 customers and 60 moving jobs with inventories', async () => {
    expect(await countIn(METRO_MOVERS, resources)).toBe(15);
    expect(await countIn(METRO_MOVERS, customers)).toBe(20);
    const jobs = await withOrg(h.db, METRO_MOVERS, (tx) =>
      tx.select().from(timelineRecords).where(eq(timelineRecords.key, 'booking')),
    );
    expect(jobs).toHaveLength(60);
    expect(jobs.every((j) => Array.isArray(j.data.inventory))).toBe(true);
  });

  it('creates the six demo users with passwords and their memberships', async () => {
    const users = await h.db.select().from(user);
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    const accounts = await h.db.select().from(account);
    expect(accounts.every((a) => a.password === 'test-hash:demo1234')).toBe(true);
    const multi = await h.db.select().from(memberships).where(eq(memberships.userId, 'user-multi'));
    expect(multi.map((m) => [m.organizationId, m.role]).sort()).toEqual([
      [HARBOUR_CARE, 'dispatcher'],
      [METRO_MOVERS, 'customer'],
    ]);
    const [resourceMember] = await h.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, 'user-hc-resource'));
    expect(resourceMember?.resourceId).toBe('r001');
  });

  it('reports progress while seeding', () => {
    expect(progress.some((m) => /Seeding Harbour Care: timeline records \d+\/450/.test(m))).toBe(true);
  });

  it('a second run seeds nothing and duplicates nothing', async () => {
    const again = await seedDemo(h.db, { nowMs: NOW, hashPassword: fakeHash });
    expect(again.seeded).toBe(false);
    expect(await countIn(HARBOUR_CARE, resources)).toBe(60);
    expect((await h.db.select().from(user)).length).toBe(DEMO_USERS.length);
  });
});
