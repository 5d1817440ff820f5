import {
  DAY,
  DAY_CODES,
  fortnightStart,
  HOUR,
  MINUTE,
  toYmd,
  WEEK,
  weekStart,
} from '@rostra/core/time/calendar';
import type {
  blacklists,
  customers,
  labels,
  resources,
  servicePlans,
  shifts,
  timelineRecords,
} from '../schema/scheduling.ts';
import { CARE_LABELS, FIRST_NAMES, LAST_NAMES, MOVING_LABELS, type Place, STREETS } from './demo-data.ts';
import type { DemoUser } from './demo-users.ts';
import { createRandom } from './random.ts';

/*
 * Pure generation of one demo organisation's rows, relative to "today" on the organisation's wall
 * clock, so the timeline is never empty whatever day the demo starts. Same inputs, same rows.
 */

export type OrgPlan = {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  kind: 'care' | 'moving';
  seed: number;
  places: readonly Place[];
  emailDomain: string;
  resources: number;
  customers: number;
  bookings: number;
};

export type GeneratedRecord = typeof timelineRecords.$inferInsert & { resIds: string[] };

export type GeneratedOrg = {
  labels: (typeof labels.$inferInsert)[];
  resources: (typeof resources.$inferInsert)[];
  customers: (typeof customers.$inferInsert)[];
  records: GeneratedRecord[];
  shifts: (typeof shifts.$inferInsert)[];
  blacklists: (typeof blacklists.$inferInsert)[];
  servicePlans: (typeof servicePlans.$inferInsert)[];
};

const pad = (n: number, width = 3) => String(n).padStart(width, '0');

/** `today` and `now` are wall-clock seconds of the organisation (the `utc_*_plus_tz` scale). */
export function generateOrg(plan: OrgPlan, now: number, users: readonly DemoUser[]): GeneratedOrg {
  const rnd = createRandom(plan.seed);
  const orgId = plan.id;
  const labelSeeds = plan.kind === 'care' ? CARE_LABELS : MOVING_LABELS;
  const labelRows = labelSeeds.map((l) => ({
    orgId,
    id: l.id,
    name: l.name,
    type: l.type,
    unitPrice: l.unit_price,
  }));
  const skills = labelSeeds.filter((l) => l.type === 'label').map((l) => l.id);
  const certs = labelSeeds.filter((l) => l.type === 'certificate').map((l) => l.id);
  const services = labelSeeds.filter((l) => l.type === 'service').map((l) => l.id);
  const groups = labelSeeds.filter((l) => l.type === 'group').map((l) => l.id);

  // Users linked to a record of this org, by index.
  const linkedResource = new Map<number, DemoUser>();
  const linkedCustomer = new Map<number, DemoUser>();
  for (const u of users) {
    for (const m of u.memberships) {
      if (m.orgId !== orgId) continue;
      if (m.resourceIndex !== undefined) linkedResource.set(m.resourceIndex, u);
      if (m.customerIndex !== undefined) linkedCustomer.set(m.customerIndex, u);
    }
  }

  const address = (place: Place) => {
    const line1 = `${rnd.int(1, 240)} ${rnd.pick(STREETS)}`;
    return {
      addressline1: line1,
      addressline2: place.suburb,
      addressline3: `${plan.kind === 'care' ? 'NSW' : 'VIC'} ${place.postcode}`,
      all_location: `${line1}, ${place.suburb} ${plan.kind === 'care' ? 'NSW' : 'VIC'} ${place.postcode}`,
    };
  };
  // Spread points up to ~2.5 km around a suburb centre.
  const jitter = (place: Place) => ({
    lat: Math.round((place.lat + (rnd.next() - 0.5) * 0.045) * 1e6) / 1e6,
    lng: Math.round((place.lng + (rnd.next() - 0.5) * 0.055) * 1e6) / 1e6,
  });
  const name = (i: number, linked?: DemoUser) => {
    if (linked) {
      const [first = linked.name, ...rest] = linked.name.split(' ');
      return { first, last: rest.join(' ') || 'User' };
    }
    return {
      first: FIRST_NAMES[(i * 7 + plan.seed) % FIRST_NAMES.length] as string,
      last: rnd.pick(LAST_NAMES),
    };
  };

  const resourceRows: GeneratedOrg['resources'] = [];
  for (let i = 0; i < plan.resources; i++) {
    const linked = linkedResource.get(i);
    const n = name(i, linked);
    const place = rnd.pick(plan.places);
    const geo = jitter(place);
    const isExternal = i >= plan.resources - Math.max(1, Math.round(plan.resources / 12));
    const isInactive = !linked && i % 23 === 22;
    const labelIds = [
      ...rnd.sample(skills, rnd.int(2, Math.min(5, skills.length))),
      ...rnd.sample(certs, rnd.int(1, certs.length)),
      ...rnd.sample(services, rnd.int(1, services.length)),
      rnd.pick(groups),
    ];
    const weekly = rnd.pick([38, 38, 30, 24, 20]);
    resourceRows.push({
      orgId,
      id: `r${pad(i + 1)}`,
      name: `${n.first} ${n.last}`,
      firstName: n.first,
      lastName: n.last,
      email:
        linked?.email ?? `${n.first}.${n.last}.${i + 1}@${plan.emailDomain}`.toLowerCase().replace(/'/g, ''),
      mobile: linked?.phone ?? `+614${pad(10_000_000 + i * 7919, 8).slice(-8)}`,
      labels: labelIds,
      inactive: isInactive,
      inactiveDate: null,
      promotedDispatcher: false,
      external: isExternal,
      maxHrsDy: rnd.pick([8, 8, 10, null]),
      maxHrsWk: weekly,
      maxHrsFn: weekly * 2,
      lat: geo.lat,
      lng: geo.lng,
      uid: linked?.id ?? null,
      data: {
        employee_type: isExternal ? 'contractor' : rnd.pick(['full time', 'part time', 'casual']),
        rate_hr: rnd.int(32, 58),
        contact_method: rnd.pick(['sms', 'email', 'phone']),
        location: place.suburb,
        capacity: 1,
      },
    });
  }
  // One resource leaves at the end of this week: the "inactive after" rule has something to show.
  const leaver = resourceRows[Math.min(5, resourceRows.length - 1)];
  if (leaver) leaver.inactiveDate = weekStart(now) + WEEK - DAY;

  const customerRows: GeneratedOrg['customers'] = [];
  for (let i = 0; i < plan.customers; i++) {
    const linked = linkedCustomer.get(i);
    const n = linked ? name(i, linked) : { first: rnd.pick(FIRST_NAMES), last: rnd.pick(LAST_NAMES) };
    const place = rnd.pick(plan.places);
    const geo = jitter(place);
    customerRows.push({
      orgId,
      id: `c${pad(i + 1)}`,
      name: `${n.first} ${n.last}`,
      firstName: n.first,
      lastName: n.last,
      email: linked?.email ?? `${n.first}.${n.last}.c${i + 1}@example.test`.toLowerCase().replace(/'/g, ''),
      phone: linked?.phone ?? `+612${pad(90_000_000 + i * 104_729, 8).slice(-8)}`,
      lat: geo.lat,
      lng: geo.lng,
      uid: linked?.id ?? null,
      data: { ...address(place), suburb: place.suburb, postcode: place.postcode },
    });
  }

  // Weekly shifts for the current and next fortnight.
  const fnStart = fortnightStart(now);
  const shiftRows: GeneratedOrg['shifts'] = [];
  const shiftOf = new Map<string, { days: Set<string>; beg: number; end: number }>();
  for (const r of resourceRows) {
    const pattern = rnd.pick(['weekdays', 'weekdays', 'weekdays', 'long', 'weekend', 'night'] as const);
    const days =
      pattern === 'weekend'
        ? ['fr', 'sa', 'su', 'mo']
        : pattern === 'long'
          ? ['mo', 'tu', 'we', 'th', 'fr', 'sa']
          : ['mo', 'tu', 'we', 'th', 'fr'];
    const beg = pattern === 'night' ? 14 * HOUR : rnd.pick([6, 7, 7, 8, 9]) * HOUR;
    const end = pattern === 'night' ? 1 * HOUR : beg + rnd.pick([8, 9, 10]) * HOUR;
    for (let w = 0; w < 4; w++) {
      const ws = fnStart + w * WEEK;
      const weekId = `${toYmd(ws)}_${toYmd(ws + 6 * DAY)}`;
      const timings =
        r.id === 'r004'
          ? {
              we: [
                { beg: 7 * HOUR, end: 11 * HOUR },
                { beg: 15 * HOUR, end: 19 * HOUR },
              ],
            }
          : {};
      shiftRows.push({ orgId, id: `${r.id}_${weekId}`, resourceId: r.id, weekId, days, beg, end, timings });
    }
    shiftOf.set(r.id, { days: new Set(days), beg, end });
  }

  // Bookings over the current fortnight, placed where a resource is on shift and free.
  const busy = new Map<string, [number, number][]>();
  const isFree = (rid: string, b: number, e: number) =>
    !(busy.get(rid) ?? []).some(([x, y]) => b < y && x < e);
  const occupy = (rid: string, b: number, e: number) => {
    const list = busy.get(rid) ?? [];
    list.push([b, e]);
    busy.set(rid, list);
  };
  const active = resourceRows.filter((r) => !r.inactive);
  const readersOf = (resIds: string[], customerId: string) => {
    const uids = new Set<string>();
    for (const rid of resIds) {
      const uid = resourceRows.find((r) => r.id === rid)?.uid;
      if (uid) uids.add(uid);
    }
    const cuid = customerRows.find((c) => c.id === customerId)?.uid;
    if (cuid) uids.add(cuid);
    return [...uids];
  };

  const records: GeneratedRecord[] = [];
  const statusFor = (b: number, e: number): string => {
    const p = rnd.next();
    if (e <= now) {
      if (p < 0.5) return 'finished';
      if (p < 0.7) return 'reviewed';
      if (p < 0.75) return 'feedback';
      if (p < 0.85) return 'cancelled';
      return rnd.pick(['confirmed', 'dispatched', 'active']); // left behind: the exception report's food
    }
    if (b <= now) return p < 0.7 ? 'active' : p < 0.9 ? 'dispatched' : 'confirmed';
    if (p < 0.45) return 'rostered';
    if (p < 0.7) return 'confirmed';
    if (p < 0.78) return 'draft';
    if (p < 0.9) return 'unassigned';
    if (p < 0.95) return 'parked';
    return 'cancelled';
  };

  const visitStems = Array.from({ length: 12 }, (_, i) => `VS-${pad(i + 1, 4)}`);
  let n = 0;
  let attempts = 0;
  const todayStart = Math.floor(now / DAY) * DAY;
  // A few bookings around "now" so every live status is on today's timeline.
  const forced: { offset: number; status: string }[] = [
    { offset: -HOUR, status: 'active' },
    { offset: -HOUR / 2, status: 'dispatched' },
    { offset: -3 * HOUR, status: 'confirmed' },
  ];
  while (n < plan.bookings && attempts < plan.bookings * 40) {
    attempts++;
    // Each forced booking gets one attempt; it may use any free resource, on shift or not.
    const force = attempts <= forced.length ? forced[attempts - 1] : undefined;
    const day = force ? todayStart : fnStart + rnd.int(0, 13) * DAY;
    const duration =
      (plan.kind === 'moving' ? rnd.pick([3, 4, 5, 6]) : rnd.pick([1, 1, 1.5, 2, 2, 3])) * HOUR;
    const begin = force
      ? Math.floor((now + force.offset) / (15 * MINUTE)) * 15 * MINUTE
      : day + rnd.int(7 * 4, 17 * 4) * 15 * MINUTE;
    const end = begin + duration;
    let status = force?.status ?? statusFor(begin, end);
    const multi = plan.kind === 'moving' ? rnd.chance(0.5) : rnd.chance(0.06);
    const needed = multi ? 2 : 1;
    const customer = rnd.pick(customerRows);
    const required = rnd.chance(0.6) ? rnd.sample(skills, rnd.int(1, 2)) : [];
    let resIds: string[] = [];
    if (status !== 'draft' && status !== 'unassigned') {
      const dc = DAY_CODES[new Date(begin * 1000).getUTCDay()] as string;
      const pool = rnd.sample(active, active.length).filter((r) => {
        const s = shiftOf.get(r.id as string);
        return (force || s?.days.has(dc)) && isFree(r.id as string, begin, end);
      });
      resIds = pool.slice(0, needed).map((r) => r.id as string);
      // The dispatched job of "now" goes to the demo resource user (resource@…), so that their
      // phone day has a job of today to start (issue 9); the draws stay the same.
      const demoResource = linkedResource.has(0) ? resourceRows[0] : undefined;
      if (
        force?.status === 'dispatched' &&
        demoResource &&
        !demoResource.inactive &&
        isFree(demoResource.id as string, begin, end) &&
        !resIds.includes(demoResource.id as string)
      ) {
        resIds = [demoResource.id as string, ...resIds].slice(0, needed);
      }
      if (resIds.length === 0) continue;
    }
    if (status === 'unassigned') status = 'rostered';
    for (const rid of resIds) occupy(rid, begin, end);
    n++;
    const first = resourceRows.find((r) => r.id === resIds[0]);
    const external = rnd.chance(0.08);
    const stem = rnd.chance(0.2) ? rnd.pick(visitStems) : undefined;
    const custData = customer.data as Record<string, unknown>;
    records.push({
      orgId,
      id: `b${pad(n, 4)}`,
      key: 'booking',
      status,
      type: 'booking',
      customerId: customer.id as string,
      resourceId: resIds[0] ?? null,
      resIds,
      beginAt: begin,
      endAt: end,
      labels: required,
      lat: customer.lat ?? null,
      lng: customer.lng ?? null,
      isConflict: status !== 'draft' && resIds.length < needed,
      readers: readersOf(resIds, customer.id as string),
      data: {
        reference: `${plan.kind === 'care' ? 'HC' : 'MM'}-${pad(n, 5)}`,
        customer_first_name: customer.firstName,
        customer_last_name: customer.lastName,
        resource_first_name: first?.firstName ?? '',
        resource_last_name: first?.lastName ?? '',
        all_location: custData.all_location,
        addressline1: custData.addressline1,
        addressline2: custData.addressline2,
        addressline3: custData.addressline3,
        tolerance: 120,
        notes: rnd.chance(0.3)
          ? rnd.pick(['Key in lockbox', 'Ring on arrival', 'Dog on premises', 'Parking at rear'])
          : '',
        ...(multi ? { MasterResourceID: Array.from({ length: needed }, (_, k) => `slot-${k + 1}`) } : {}),
        ...(rnd.chance(0.15) ? { rs_preferred: rnd.sample(active, 2).map((r) => r.id) } : {}),
        external_data: {
          IsExternalBooking: external,
          IsForceAllocation: false,
          ...(stem ? { VisitStemID: stem } : {}),
        },
        ...(plan.kind === 'moving'
          ? {
              inventory: rnd
                .sample([1, 5, 12, 25, 27, 39, 56, 84, 110, 112, 127, 141, 146], rnd.int(3, 7))
                .map((id) => ({ id, qty: rnd.int(1, 4) })),
            }
          : {}),
      },
    });
  }

  // Leaves and breaks of resources; group events with several resources.
  const extra = (
    key: string,
    i: number,
    rid: string,
    b: number,
    e: number,
    data: Record<string, unknown>,
  ) => {
    records.push({
      orgId,
      id: `${key === 'leave' ? 'lv' : 'br'}${pad(i, 4)}`,
      key,
      status: key === 'leave' ? 'leave' : key === 'break' ? 'break' : 'confirmed',
      type: key === 'break' ? 'break' : key,
      customerId: null,
      resourceId: rid,
      resIds: [rid],
      beginAt: b,
      endAt: e,
      readers: readersOf([rid], ''),
      data,
    });
  };
  const leaveCount = Math.max(2, Math.round(plan.resources / 6));
  for (let i = 1; i <= leaveCount; i++) {
    const r = rnd.pick(active);
    const start = fnStart + rnd.int(0, 12) * DAY;
    extra('leave', i, r.id as string, start, start + rnd.int(1, 3) * DAY, {
      notes: rnd.pick(['Annual leave', 'Sick leave', 'Training']),
    });
  }
  for (let i = 1; i <= Math.round(plan.resources / 2); i++) {
    const r = rnd.pick(active);
    const start = fnStart + rnd.int(0, 13) * DAY + rnd.pick([12, 12.5, 13]) * HOUR;
    extra('break', i, r.id as string, start, start + 30 * MINUTE, { notes: 'Lunch break' });
  }
  for (let i = 1; i <= Math.max(3, Math.round(plan.bookings / 40)); i++) {
    const members = rnd.sample(active, rnd.int(2, 4)).map((r) => r.id as string);
    const start = fnStart + rnd.int(0, 13) * DAY + rnd.int(9, 15) * HOUR;
    records.push({
      orgId,
      id: `g${pad(i, 4)}`,
      key: 'groupevent',
      status: start + 2 * HOUR <= now ? 'finished' : 'confirmed',
      type: 'groupevent',
      customerId: null,
      resourceId: members[0] ?? null,
      resIds: members,
      beginAt: start,
      endAt: start + 2 * HOUR,
      labels: [],
      readers: readersOf(members, ''),
      data: {
        reference: `GE-${pad(i, 3)}`,
        notes: rnd.pick(['Team meeting', 'Manual handling refresher', 'Client outing']),
      },
    });
  }

  /*
   * Blacklists draw from a stream of their own: after the bookings, whose number follows the day,
   * they would change with the day the seed runs (a test booking a seeded pair passed on one day
   * and failed on the next).
   */
  const blacklistRnd = createRandom(plan.seed ^ 0x0b1ac115);
  const blacklistRows: GeneratedOrg['blacklists'] = blacklistRnd
    .sample(customerRows, Math.max(2, Math.round(plan.customers / 5)))
    .map((c) => ({
      orgId,
      customerId: c.id as string,
      resIds: blacklistRnd.sample(active, blacklistRnd.int(1, 2)).map((r) => r.id as string),
    }));

  const servicePlanRows: GeneratedOrg['servicePlans'] = visitStems.map((id, i) => ({
    orgId,
    visitStemId: id,
    updateType: i === 0 ? 'Inactive' : i === 1 ? 'Ended' : null,
    endDate: i === 1 ? fnStart + 3 * DAY : null,
    data: { VisitStemUpdated: fnStart - 7 * DAY },
  }));

  return {
    labels: labelRows,
    resources: resourceRows,
    customers: customerRows,
    records,
    shifts: shiftRows,
    blacklists: blacklistRows,
    servicePlans: servicePlanRows,
  };
}
