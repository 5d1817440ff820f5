import { mulberry32 as random } from '@rostra/core/allocation/prng';
import { DAY, HOUR, toYmd, WEEK, weekStart } from '@rostra/core/time/calendar';
import type { Db } from '@rostra/db/client';
import { user } from '@rostra/db/schema/auth';
import { organisations } from '@rostra/db/schema/organisations';
import {
  customers,
  labels,
  resources,
  shifts,
  timelineRecordResources,
  timelineRecords,
} from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { and, eq } from 'drizzle-orm';

/*
 * A large organisation for the API benchmark, the same for a seed: `resources` resources with
 * labels, locations and weekday shifts, 400 customers, and `bookings` bookings spread evenly over
 * `weeks` weeks (2,000 a week by default, so a week's timeline window holds 2,000 records), 85 %
 * of them assigned, plus a leave a fortnight for one resource in ten.
 */

export type LargeOrgPlan = {
  orgId: string;
  resources: number;
  bookings: number;
  weeks: number;
  seed: number;
  start: number;
};

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export async function seedLargeOrg(
  db: Db,
  plan: LargeOrgPlan,
  say: (m: string) => void,
): Promise<{ bookingIds: string[] }> {
  const rnd = random(plan.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const { orgId } = plan;
  await db.insert(organisations).values({ id: orgId, name: `Bench ${orgId}`, slug: orgId, timeZone: 'UTC' });
  const labelRows = Array.from({ length: 40 }, (_, i) => ({
    orgId,
    id: `l${pad(i, 2)}`,
    name: `Label ${i}`,
    type: i < 10 ? 'certificate' : i < 30 ? 'label' : 'service',
    unitPrice: 5 + (i % 7) * 5,
  }));
  const resourceRows = Array.from({ length: plan.resources }, (_, i) => ({
    orgId,
    id: `r${pad(i, 5)}`,
    name: `Worker ${i}`,
    firstName: 'Worker',
    lastName: String(i),
    labels: Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => pick(labelRows).id),
    maxHrsWk: pick([38, 38, 30, 24]),
    maxHrsDy: 10,
    lat: -33.87 + (rnd() - 0.5) * 0.4,
    lng: 151.2 + (rnd() - 0.5) * 0.4,
    external: i % 12 === 11,
    inactive: i % 50 === 49,
    data: { employee_type: pick(['full time', 'part time', 'casual']), rate_hr: 30 + Math.floor(rnd() * 30) },
  }));
  const customerRows = Array.from({ length: 400 }, (_, i) => ({
    orgId,
    id: `c${pad(i, 4)}`,
    name: `Client ${i}`,
    firstName: 'Client',
    lastName: String(i),
    lat: -33.87 + (rnd() - 0.5) * 0.4,
    lng: 151.2 + (rnd() - 0.5) * 0.4,
  }));
  const first = weekStart(plan.start);
  const shiftRows = resourceRows.flatMap((r) =>
    Array.from({ length: plan.weeks + 1 }, (_, w) => {
      const ws = first + (w - 1) * WEEK;
      const weekId = `${toYmd(ws)}_${toYmd(ws + 6 * DAY)}`;
      return {
        orgId,
        id: `${r.id}_${weekId}`,
        resourceId: r.id,
        weekId,
        days: ['mo', 'tu', 'we', 'th', 'fr'],
        beg: 7 * HOUR,
        end: 19 * HOUR,
      };
    }),
  );
  type Rec = typeof timelineRecords.$inferInsert;
  const records: Rec[] = [];
  const links: (typeof timelineRecordResources.$inferInsert)[] = [];
  const perWeek = Math.ceil(plan.bookings / plan.weeks);
  const bookingIds: string[] = [];
  for (let i = 0; i < plan.bookings; i++) {
    const week = Math.floor(i / perWeek);
    const begin =
      first +
      week * WEEK +
      Math.floor(rnd() * 5) * DAY +
      (7 + Math.floor(rnd() * 10)) * HOUR +
      pick([0, 900, 1800, 2700]);
    const customer = pick(customerRows);
    const assigned = rnd() < 0.85;
    const resource = pick(resourceRows);
    const id = `b${pad(i, 6)}`;
    bookingIds.push(id);
    records.push({
      orgId,
      id,
      key: 'booking',
      status: assigned
        ? pick(['rostered', 'confirmed', 'confirmed', 'dispatched', 'active', 'finished'])
        : 'confirmed',
      customerId: customer.id,
      resourceId: assigned ? resource.id : null,
      beginAt: begin,
      endAt: begin + pick([1, 1, 2, 3]) * HOUR,
      labels: [pick(labelRows).id],
      lat: customer.lat,
      lng: customer.lng,
      readers: [],
      data: {
        reference: `REF-${pad(i, 6)}`,
        customer_first_name: customer.firstName,
        customer_last_name: customer.lastName,
        notes: rnd() < 0.3 ? 'Key in lockbox' : undefined,
        tolerance: 120,
      },
    });
    if (assigned) links.push({ orgId, recordId: id, resourceId: resource.id, position: 0 });
  }
  resourceRows.forEach((r, i) => {
    if (i % 10 !== 0) return;
    for (let w = 0; w < plan.weeks; w += 2) {
      const begin = first + w * WEEK + 2 * DAY;
      const id = `lv${pad(i, 5)}_${w}`;
      records.push({
        orgId,
        id,
        key: 'leave',
        status: 'leave',
        resourceId: r.id,
        beginAt: begin,
        endAt: begin + DAY,
        readers: [],
      });
      links.push({ orgId, recordId: id, resourceId: r.id, position: 0 });
    }
  });
  await withOrg(db, orgId, async (tx) => {
    const chunks = async <T>(label: string, rows: T[], write: (c: T[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += 1_000) await write(rows.slice(i, i + 1_000));
      say(`  ${orgId}: ${rows.length} ${label}`);
    };
    await chunks('labels', labelRows, (c) => tx.insert(labels).values(c));
    await chunks('resources', resourceRows, (c) => tx.insert(resources).values(c));
    await chunks('customers', customerRows, (c) => tx.insert(customers).values(c));
    await chunks('shifts', shiftRows, (c) => tx.insert(shifts).values(c));
    await chunks('timeline records', records, (c) => tx.insert(timelineRecords).values(c));
    await chunks('assignments', links, (c) => tx.insert(timelineRecordResources).values(c));
  });
  return { bookingIds };
}

/**
 * The re-check benchmark's worker (r00001 of an organisation seeded above): `count` bookings over
 * the four weeks from `from` (a Monday; weeks here start on Sunday), ten a weekday, 45 minutes each from 08:00, all within the
 * worker's shifts and hour limits and without labels, so that they start clean and a leave over
 * the four weeks puts every one of them in conflict.
 */
export async function seedRecheckWorker(
  db: Db,
  orgId: string,
  from: number,
  count: number,
): Promise<{ resourceId: string; from: number; to: number }> {
  const resourceId = 'r00001';
  const records: (typeof timelineRecords.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const day = Math.floor(i / 10);
    const begin = from + Math.floor(day / 5) * WEEK + (day % 5) * DAY + 8 * HOUR + (i % 10) * HOUR;
    records.push({
      orgId,
      id: `rb${pad(i, 4)}`,
      key: 'booking',
      status: 'rostered',
      customerId: 'c0001',
      resourceId,
      beginAt: begin,
      endAt: begin + 45 * 60,
      labels: [],
      readers: [],
      data: { reference: `RC-${pad(i, 4)}`, customer_first_name: 'Client', customer_last_name: '1' },
    });
  }
  await withOrg(db, orgId, async (tx) => {
    await tx
      .update(resources)
      .set({ maxHrsWk: 60, maxHrsDy: 12, inactive: false, external: false })
      .where(and(eq(resources.orgId, orgId), eq(resources.id, resourceId)));
    // The customer at the worker's door: no distance check stands in the way.
    await tx
      .update(customers)
      .set({ lat: null, lng: null })
      .where(and(eq(customers.orgId, orgId), eq(customers.id, 'c0001')));
    await tx.insert(timelineRecords).values(records);
    await tx
      .insert(timelineRecordResources)
      .values(records.map((r) => ({ orgId, recordId: r.id as string, resourceId, position: 0 })));
  });
  return { resourceId, from, to: from + 4 * WEEK };
}

/**
 * The batch benchmark's workers: every resource of an organisation seeded above gets a user (with
 * an email address and a mobile number), so an allocation to them writes notification sends.
 */
export async function giveWorkersUsers(db: Db, orgId: string): Promise<number> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx.select({ id: resources.id }).from(resources).where(eq(resources.orgId, orgId)),
  );
  const users = rows.map((r) => ({
    id: `${orgId}-${r.id}`,
    name: r.id,
    email: `${r.id}@${orgId}.bench.test`,
    emailVerified: true,
  }));
  for (let i = 0; i < users.length; i += 1_000) await db.insert(user).values(users.slice(i, i + 1_000));
  await withOrg(db, orgId, async (tx) => {
    for (const r of rows)
      await tx
        .update(resources)
        .set({ uid: `${orgId}-${r.id}`, mobile: '+61400000000' })
        .where(and(eq(resources.orgId, orgId), eq(resources.id, r.id)));
  });
  return rows.length;
}

/**
 * `count` unassigned bookings without labels in the week from `from` (weekdays 08:00–17:00, an
 * hour each, a customer of the seeded ones): what a batch allocation of that week assigns.
 */
export async function seedOpenWeek(db: Db, orgId: string, from: number, count: number, tag: string) {
  const rows = Array.from({ length: count }, (_, i) => {
    const begin = from + DAY + (i % 5) * DAY + (8 + (Math.floor(i / 5) % 8)) * HOUR;
    return {
      orgId,
      id: `open-${tag}-${pad(i, 4)}`,
      key: 'booking',
      status: 'confirmed',
      customerId: `c${pad(i % 400, 4)}`,
      resourceId: null,
      beginAt: begin,
      endAt: begin + HOUR,
      labels: [],
      lat: -33.87,
      lng: 151.2,
      readers: [],
      data: { reference: `OPEN-${tag}-${i}`, tolerance: 120 },
    };
  });
  await withOrg(db, orgId, (tx) => tx.insert(timelineRecords).values(rows));
}
