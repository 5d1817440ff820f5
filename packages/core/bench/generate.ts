import { mulberry32 } from '../src/allocation/prng.ts';
import type { AllocationJob, AllocationRecord, AllocationScenario } from '../src/allocation/scenario.ts';
import type { Blacklist } from '../src/records/blacklist.ts';
import type { Customer } from '../src/records/customer.ts';
import type { Label } from '../src/records/label.ts';
import type { Resource } from '../src/records/resource.ts';
import type { ServicePlan } from '../src/records/service-plan.ts';
import type { Shift } from '../src/records/shift.ts';
import { DAY, DAY_CODES, HOUR, MINUTE, toYmd } from '../src/time/calendar.ts';

/**
 * A deterministic, seeded generator of a realistic allocation fortnight: resources with labels,
 * shifts (day, late, night across midnight, split days with per-day timings), leaves, daily
 * breaks, hour limits and homes around Sydney; existing bookings; jobs with labels, customers,
 * blacklists, preferred resources, external bookings, service plans and multi-resource needs.
 * The same seed and sizes always give the same scenario, byte for byte.
 */

export type GenerateOptions = {
  seed?: number;
  resources?: number;
  jobs?: number;
};

/** Sunday 11/Jan/2026: its week holds ISO week 3 (odd), so a fortnight starts here. */
export const FORTNIGHT_START = Date.UTC(2026, 0, 11) / 1000;
const SYDNEY = { lat: -33.8688, lng: 151.2093 };

const FIRST = [
  'Ann',
  'Bob',
  'Chen',
  'Dana',
  'Eli',
  'Fatima',
  'George',
  'Hana',
  'Ivan',
  'Jia',
  'Kofi',
  'Lena',
];
const FIRST2 = ['Mia', 'Noah', 'Olu', 'Priya', 'Quinn', 'Raj', 'Sofia', 'Tom', 'Uma', 'Vic', 'Wen', 'Yusuf'];
const LAST = [
  'Lee',
  'Nguyen',
  'Smith',
  'Patel',
  'Brown',
  'Wilson',
  'Taylor',
  'Singh',
  'Martin',
  'Kim',
  'Ali',
];
const GROUPS = ['Care', 'Transport', 'Moving', 'Cleaning', 'Maintenance'];
const SERVICES = [
  'Personal Care',
  'Domestic Assistance',
  'Respite',
  'Community Access',
  'Nursing',
  'Physio',
  'Removals',
  'Packing',
  'Furniture Assembly',
  'Deep Clean',
  'Window Clean',
  'Gardening',
  'Handyman',
  'Patient Transport',
  'Meal Prep',
];
const CERTIFICATES = [
  'First Aid',
  'Forklift',
  'Manual Handling',
  'Driver Licence C',
  'Driver Licence HR',
  'WWCC',
  'Police Check',
  'Medication',
  'Dementia Care',
  'Hoist',
  'Working at Heights',
  'Confined Space',
];
const TAGS = ['Bilingual', 'Pet Friendly', 'Senior', 'Trainee', 'Night Owl', 'Own Vehicle', 'Female', 'Male'];

/** Shift patterns: [beg, end] seconds in the day (end <= beg crosses midnight). */
const PATTERNS: [number, number][] = [
  [7 * HOUR, 15 * HOUR + 30 * MINUTE],
  [6 * HOUR, 14 * HOUR],
  [9 * HOUR, 17 * HOUR + 30 * MINUTE],
  [14 * HOUR, 22 * HOUR + 30 * MINUTE],
  [22 * HOUR, 6 * HOUR + 30 * MINUTE],
  [8 * HOUR, 20 * HOUR],
];

export function generateScenario(options: GenerateOptions = {}): AllocationScenario {
  const rand = mulberry32(options.seed ?? 20260111);
  const nRes = options.resources ?? 1000;
  const nJobs = options.jobs ?? 5000;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const chance = (p: number) => rand() < p;
  const sample = <T>(xs: readonly T[], k: number): T[] => {
    const copy = [...xs];
    const out: T[] = [];
    for (let i = 0; i < k && copy.length > 0; i++)
      out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0] as T);
    return out;
  };
  const place = (maxKm: number) => {
    // Uniform over a disc of radius maxKm around the CBD (1° lat ≈ 111 km).
    const r = maxKm * Math.sqrt(rand());
    const a = rand() * 2 * Math.PI;
    const lat = SYDNEY.lat + (r * Math.cos(a)) / 111;
    const lng = SYDNEY.lng + (r * Math.sin(a)) / (111 * Math.cos((SYDNEY.lat * Math.PI) / 180));
    return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
  };

  // Catalogue.
  const labels: Label[] = [];
  const add = (names: string[], type: string, price: () => number) => {
    const ids: string[] = [];
    for (const name of names) {
      const _id = `lbl${labels.length}`;
      labels.push({ _id, name, type, unit_price: price() });
      ids.push(_id);
    }
    return ids;
  };
  const groupIds = add(GROUPS, 'group', () => 0);
  const serviceIds = add(SERVICES, 'service', () => int(2, 12) * 5);
  const certIds = add(CERTIFICATES, 'certificate', () => int(1, 4) * 5);
  const tagIds = add(TAGS, 'label', () => int(0, 5));

  const customers: Customer[] = [];
  for (let i = 0; i < Math.max(50, Math.round(nJobs / 6)); i++) {
    customers.push({ _id: `cus${i}`, name: `${pick(FIRST2)} ${pick(LAST)}` });
  }

  // Resources.
  const resources: Resource[] = [];
  const shifts: Shift[] = [];
  const timeline: AllocationRecord[] = [];
  const weeks = [FORTNIGHT_START, FORTNIGHT_START + 7 * DAY];
  const workDays: number[][] = []; // per resource: day starts worked
  const patternOf: [number, number][] = [];
  for (let i = 0; i < nRes; i++) {
    const first = i % 2 === 0 ? pick(FIRST) : pick(FIRST2);
    const last = pick(LAST);
    const res: Resource = {
      _id: `res${i}`,
      name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      labels: [
        pick(groupIds),
        ...sample(serviceIds, int(2, 5)),
        ...sample(certIds, int(1, 4)),
        ...(chance(0.5) ? sample(tagIds, int(1, 2)) : []),
      ],
      external: chance(0.08),
      _geoloc: chance(0.97) ? place(35) : null,
      max_hrs_wk: chance(0.9) ? pick([38, 38, 38, 40, 45, 50]) : null,
    };
    if (chance(0.5)) res.max_hrs_dy = pick([8, 10, 12]);
    if (chance(0.4)) res.max_hrs_fn = pick([76, 80, 90]);
    if (chance(0.02)) res.inactive = true;
    if (chance(0.01)) res.promoted_dispatcher = true;
    if (chance(0.02)) res.InactiveDate = FORTNIGHT_START + int(2, 12) * DAY;
    if (chance(0.02)) res.labels = [];
    resources.push(res);

    // Shifts: one record per week, 5 worked days (sometimes 4 or 6), one pattern; some split days.
    const pattern = pick(PATTERNS);
    patternOf.push(pattern);
    const days: number[] = [];
    for (const week of weeks) {
      const worked = sample([0, 1, 2, 3, 4, 5, 6], pick([4, 5, 5, 5, 6]));
      const shift: Shift = {
        _id: `res${i}_${toYmd(week)}`,
        resourceId: res._id,
        week_id: `${toYmd(week)}_${toYmd(week + 6 * DAY)}`,
        beg: pattern[0],
        end: pattern[1],
      };
      for (const d of worked) {
        shift[DAY_CODES[d] as (typeof DAY_CODES)[number]] = true;
        days.push(week + d * DAY);
      }
      if (chance(0.15)) {
        const d = DAY_CODES[pick(worked)] as (typeof DAY_CODES)[number];
        shift.timings = {
          [d]: [
            { beg: 7 * HOUR, end: 11 * HOUR },
            { beg: 15 * HOUR, end: 19 * HOUR },
          ],
        };
      }
      shifts.push(shift);
    }
    workDays.push(days.sort((a, b) => a - b));

    // Leaves: 1–3 days for some.
    if (chance(0.08)) {
      const from = FORTNIGHT_START + int(0, 12) * DAY;
      timeline.push({
        _id: `leave${i}`,
        _key: 'leave',
        status: 'leave',
        resourceId: res._id,
        utc_begin_plus_tz: from,
        utc_end_plus_tz: from + int(1, 3) * DAY,
      });
    }
    // Daily 30-minute breaks in the middle of the shift for some.
    if (chance(0.3)) {
      const mid =
        pattern[0] +
        Math.floor(((pattern[1] <= pattern[0] ? pattern[1] + DAY : pattern[1]) - pattern[0]) / 2);
      for (const day of days) {
        timeline.push({
          _id: `brk${i}_${day}`,
          _key: 'break',
          type: 'break',
          resourceId: res._id,
          utc_begin_plus_tz: day + mid,
          utc_end_plus_tz: day + mid + 30 * MINUTE,
        });
      }
    }
  }

  // Existing bookings: about four per resource inside its shifts.
  const statuses = ['rostered', 'confirmed', 'confirmed', 'dispatched', 'finished', 'cancelled', 'draft'];
  for (let i = 0; i < nRes; i++) {
    const days = workDays[i] as number[];
    const pattern = patternOf[i] as [number, number];
    const count = int(2, 6);
    for (let k = 0; k < count; k++) {
      const day = pick(days);
      const length = int(2, 8) * 30 * MINUTE;
      const shiftEnd = pattern[1] <= pattern[0] ? pattern[1] + DAY : pattern[1];
      const begin =
        day + pattern[0] + int(0, Math.max(0, Math.floor((shiftEnd - pattern[0] - length) / 900))) * 900;
      const customer = pick(customers)._id;
      timeline.push({
        _id: `bk${i}_${k}`,
        _key: chance(0.05) ? 'groupevent' : 'booking',
        status: pick(statuses),
        resIds: [`res${i}`],
        resourceId: `res${i}`,
        customerId: customer,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + length,
      });
    }
  }

  const blacklists: Blacklist[] = [];
  for (const c of customers) {
    if (chance(0.1)) blacklists.push({ _id: c._id, resIds: sample(resources, int(1, 3)).map((r) => r._id) });
  }

  const servicePlans: ServicePlan[] = [];
  const stems: string[] = [];
  for (let i = 0; i < 300; i++) {
    const VisitStemID = `vs${i}`;
    stems.push(VisitStemID);
    const roll = rand();
    if (roll < 0.03) servicePlans.push({ VisitStemID, UpdateType: 'Inactive' });
    else if (roll < 0.08)
      servicePlans.push({ VisitStemID, UpdateType: 'Ended', EndDate: FORTNIGHT_START + int(0, 13) * DAY });
    else servicePlans.push({ VisitStemID, UpdateType: 'Updated' });
  }

  // Jobs: quarter-hour starts 06:00–21:45 across the fortnight, 1–4 h.
  const jobs: AllocationJob[] = [];
  for (let j = 0; j < nJobs; j++) {
    const begin = FORTNIGHT_START + int(0, 13) * DAY + int(24, 87) * 900;
    const job: AllocationJob = {
      _id: `job${j}`,
      _key: 'booking',
      status: 'draft',
      customerId: pick(customers)._id,
      utc_begin_plus_tz: begin,
      utc_end_plus_tz: begin + int(2, 8) * 30 * MINUTE,
      labels: [pick(serviceIds), ...(chance(0.3) ? [pick(certIds)] : [])],
      _geoloc: chance(0.95) ? place(30) : null,
    };
    if (chance(0.1)) job.rs_preferred = sample(resources, int(1, 3)).map((r) => r._id);
    if (chance(0.05)) job.MasterResourceID = Array.from({ length: int(2, 3) }, (_, k) => `m${k}`);
    if (chance(0.1)) job.external_data = { IsExternalBooking: true };
    if (chance(0.2)) job.external_data = { ...job.external_data, VisitStemID: pick(stems) };
    jobs.push(job);
  }

  return {
    mode: 'auto',
    jobs,
    resources,
    labels,
    customers,
    timeline,
    shifts,
    blacklists,
    servicePlans,
    config: { max_distance: 30_000, week_start_day: 0 },
  };
}
