import fc from 'fast-check';
import { DAY, fromYmd, toYmd } from '../time/calendar.ts';
import { SWITCH_NAMES } from './scenario.ts';

/**
 * Random small allocation scenarios that crowd the edges (see engine.property.test.ts): times on
 * 15-minute steps with ±1 s and 900 s jitter, records of every kind and status, colliding ids,
 * label ids that are also names, shifts crossing midnight, every week start day, switches on and
 * off, every mode and batches.
 */

const BASE = Date.UTC(2026, 0, 5) / 1000; // Monday 05/Jan/2026 00:00
const RES_IDS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'];
const CUSTOMERS = ['c0', 'c1', 'c2'];
/** Absent half of the time. */
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
/** Absent four times out of five: for fields that make a candidate fail. */
const rare = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

// Quarter-hour steps: often Monday 07:00–11:00 (so begins and ends meet exactly, at the 900 s
// tolerance too), often Monday–Tuesday, sometimes ±10 days (week and fortnight edges).
const time = fc
  .tuple(
    fc.oneof(
      { weight: 2, arbitrary: fc.integer({ min: 28, max: 44 }) },
      { weight: 2, arbitrary: fc.integer({ min: -8, max: 40 * 4 }) },
      { weight: 1, arbitrary: fc.integer({ min: -10 * 96, max: 10 * 96 }) },
    ),
    fc.constantFrom(0, 0, 0, 0, 0, 0, 1, -1, 300),
  )
  .map(([q, jitter]) => BASE + q * 900 + jitter);
const duration = fc.constantFrom(0, 900, 900, 1800, 1801, 2700, 3600, 7200, 14_400, 28_800, 36_000, 90_000);
const span = fc.tuple(time, duration).map(([b, d]) => ({ utc_begin_plus_tz: b, utc_end_plus_tz: b + d }));
const labelEntry = fc.constantFrom('l0', 'l1', 'l2', 'l3', 'Forklift', 'FORKLIFT', 'first aid', 'Nurse');
const geo = fc
  .tuple(fc.constantFrom(0, 0.01, 0.05, 0.1, 0.18, -0.2, 0.3), fc.constantFrom(0, 0.02, -0.1, 0.25))
  .map(([a, b]) => ({ lat: -33.87 + a, lng: 151.21 + b }));
const secondOfDay = fc.constantFrom(0, 21_600, 28_800, 32_400, 36_000, 61_200, 79_200, 86_400);
const interval = fc.record({ beg: secondOfDay, end: secondOfDay });

const label = fc.record({
  _id: fc.constantFrom('l0', 'l1', 'l2', 'l3'),
  name: opt(fc.constantFrom('Forklift', 'forklift', 'First Aid', 'Driver', 'l1')),
  unit_price: opt(fc.constantFrom(0, 10, 12.5, 25, 30)),
});

const resource = fc.record({
  _id: fc.constantFrom(...RES_IDS),
  name: opt(fc.constantFrom('Ann', 'ann', 'Bob', 'Zed', '')),
  first_name: opt(fc.constantFrom('Ann', 'Bo')),
  last_name: opt(fc.constantFrom('Lee', 'Ng')),
  labels: opt(fc.array(labelEntry, { maxLength: 3 })),
  lbls: opt(fc.array(labelEntry, { maxLength: 2 })),
  inactive: rare(fc.boolean()),
  promoted_dispatcher: opt(fc.boolean()),
  InactiveDate: rare(time),
  external: rare(fc.boolean()),
  max_hrs_dy: opt(fc.constantFrom(0, 2, 4, 8, 8, 12, 30)),
  max_hrs_wk: opt(fc.constantFrom(0, 4, 8, 10.5, 20, 40, 40)),
  max_hrs_fn: opt(fc.constantFrom(0, 8, 16, 60, 80)),
  _geoloc: opt(geo),
  valid_till: rare(time),
  min_hrs_dy: opt(fc.constantFrom(0, 2, 4, 8)),
  min_hrs_wk: opt(fc.constantFrom(0, 4, 20, 38)),
  min_hrs_fn: opt(fc.constantFrom(0, 8, 76)),
  label_valid_till: rare(fc.dictionary(labelEntry, time, { maxKeys: 2 })),
});

const record = fc
  .record({
    _id: opt(fc.constantFrom('b0', 'b1', 'b2', 'j0', 'j1')),
    _key: opt(fc.constantFrom('booking', 'groupevent', 'leave', 'break', 'event', 'Leave')),
    status: opt(
      fc.constantFrom(
        'rostered',
        'cancelled',
        'finished',
        'draft',
        'leave',
        'break',
        'confirmed',
        'Cancelled',
      ),
    ),
    type: opt(fc.constantFrom('roster', 'break')),
    resIds: opt(fc.subarray(RES_IDS, { maxLength: 2 })),
    resourceId: opt(fc.constantFrom(...RES_IDS)),
    customerId: opt(fc.constantFrom(...CUSTOMERS)),
    // The travel time rule reads the places of the jobs before and after.
    _geoloc: opt(geo),
    span,
    backwards: fc.constantFrom(false, false, false, false, false, false, false, true),
  })
  .map(({ span: s, backwards, ...rest }) => ({
    ...rest,
    utc_begin_plus_tz: s.utc_begin_plus_tz,
    utc_end_plus_tz: backwards ? s.utc_begin_plus_tz - 900 : s.utc_end_plus_tz,
  }));

const flag = fc.constantFrom<boolean | number | undefined>(true, true, true, true, 1, false, 0, undefined);
const shift = fc
  .record({
    resourceId: fc.constantFrom(...RES_IDS),
    first: fc.oneof(fc.integer({ min: -6, max: 0 }), fc.integer({ min: -12, max: 8 })),
    long: fc.boolean(),
    su: flag,
    mo: flag,
    tu: flag,
    we: flag,
    th: flag,
    fr: flag,
    sa: flag,
    beg: opt(secondOfDay),
    end: opt(secondOfDay),
    timings: opt(
      fc.record({
        mo: opt(fc.array(interval, { maxLength: 2 })),
        tu: opt(fc.array(interval, { maxLength: 2 })),
      }),
    ),
  })
  .map(({ first, long, ...rest }) => ({
    ...rest,
    week_id: `${toYmd(BASE + first * DAY)}_${toYmd(BASE + (first + (long ? 13 : 6)) * DAY)}`,
  }));

const job = fc
  .record({
    customerId: opt(fc.constantFrom(...CUSTOMERS)),
    labels: rare(fc.array(labelEntry, { maxLength: 3 })),
    _geoloc: opt(geo),
    MasterResourceID: opt(fc.oneof(fc.constant('m1'), fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 }))),
    rs_preferred: opt(fc.subarray([...RES_IDS, 'x9'], { maxLength: 3 })),
    preferred: opt(fc.subarray(RES_IDS, { maxLength: 2 })),
    external_data: opt(
      fc.record({
        IsExternalBooking: rare(fc.boolean()),
        VisitStemID: opt(fc.constantFrom('v0', 'v1', 'v2')),
      }),
    ),
    resIds: opt(fc.subarray(RES_IDS, { maxLength: 3 })),
    resourceId: opt(fc.constantFrom(...RES_IDS)),
    status: opt(fc.constantFrom('draft', 'rostered', 'cancelled')),
    span,
  })
  .map(({ span: s, ...rest }) => ({ ...rest, ...s }));

const switchesWith = (value: fc.Arbitrary<boolean | undefined>) =>
  fc.record(Object.fromEntries(SWITCH_NAMES.map((n) => [n, value])) as Record<string, typeof value>);
// Strict (most checks on) or lenient (most skipped), so that plenty of candidates pass too.
const switches = fc.oneof(
  switchesWith(opt(fc.boolean())),
  switchesWith(fc.constantFrom<boolean | undefined>(true, true, true, false, undefined)),
);

const SYDNEY = 'Australia/Sydney';

type Span = { utc_begin_plus_tz: number; utc_end_plus_tz: number };
type Movable = {
  jobs: Span[];
  resources: {
    InactiveDate?: number | undefined;
    valid_till?: number | undefined;
    label_valid_till?: Record<string, number> | undefined;
  }[];
  timeline?: Span[] | undefined;
  shifts: { week_id: string }[];
  servicePlans?: { EndDate?: number | undefined }[] | undefined;
  config?: object | undefined;
};

/**
 * The scenario with every time moved by `days` and the organisation's zone set: new objects, as
 * fast-check replays the generated values it hands to `map`.
 */
function moveToZone<S extends Movable>(s: S, days: number, zone: string): S {
  const by = days * DAY;
  const move = (sec: number | undefined) => (sec === undefined ? undefined : sec + by);
  const span = <T extends Span>(r: T): T => ({
    ...r,
    utc_begin_plus_tz: r.utc_begin_plus_tz + by,
    utc_end_plus_tz: r.utc_end_plus_tz + by,
  });
  return {
    ...s,
    jobs: s.jobs.map(span),
    timeline: s.timeline?.map(span),
    resources: s.resources.map((r) => ({
      ...r,
      InactiveDate: move(r.InactiveDate),
      valid_till: move(r.valid_till),
      label_valid_till:
        r.label_valid_till &&
        Object.fromEntries(Object.entries(r.label_valid_till).map(([k, v]) => [k, v + by])),
    })),
    servicePlans: s.servicePlans?.map((p) => ({ ...p, EndDate: move(p.EndDate) })),
    shifts: s.shifts.map((sh) => ({
      ...sh,
      week_id: sh.week_id
        .split('_')
        .map((d) => toYmd(fromYmd(d) + by))
        .join('_'),
    })),
    config: { ...s.config, time_zone: zone },
  };
}

export const scenarioArb = fc
  .record({
    batch: fc.boolean(),
    mode: opt(fc.constantFrom('check', 'manual', 'auto')),
    jobs: fc.array(job, { minLength: 1, maxLength: 4 }),
    jobIdsPresent: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    candidateIds: opt(fc.subarray(RES_IDS, { maxLength: 4 })),
    resources: fc.uniqueArray(resource, { selector: (r) => r._id, maxLength: 5 }),
    labels: opt(fc.array(label, { maxLength: 4 })),
    customers: opt(
      fc.array(fc.record({ _id: fc.constantFrom(...CUSTOMERS), name: opt(fc.constantFrom('Acme', '')) })),
    ),
    timeline: opt(fc.array(record, { maxLength: 10 })),
    shifts: fc.array(shift, { maxLength: 16 }),
    blacklists: opt(
      fc.array(
        fc.record({ _id: fc.constantFrom(...CUSTOMERS), resIds: fc.subarray(RES_IDS, { maxLength: 2 }) }),
        {
          maxLength: 2,
        },
      ),
    ),
    servicePlans: opt(
      fc.array(
        fc.record({
          VisitStemID: fc.constantFrom('v0', 'v1'),
          UpdateType: opt(fc.constantFrom('Inactive', 'Ended', 'Updated')),
          EndDate: opt(time),
        }),
        { maxLength: 2 },
      ),
    ),
    config: fc.option(
      fc.record({
        max_distance: opt(fc.constantFrom(0, 5000, 20_000, 20_000, 30_000)),
        week_start_day: opt(fc.integer({ min: 0, max: 6 })),
        switches: fc.option(switches, { nil: undefined, freq: 5 }),
        // On 15-minute steps like the times, so gaps of exactly the rest occur.
        min_rest_minutes: opt(fc.constantFrom(0, 15, 60, 120, 600)),
        // Small, so that runs of working days over it occur among a few records.
        max_consecutive_days: opt(fc.constantFrom(1, 1, 2, 3, 6)),
        // The travel time rule's settings at their bounds and defaults.
        travel_road_factor: opt(fc.constantFrom(1, 1.3, 3)),
        travel_speed_kmh: opt(fc.constantFrom(5, 40, 130)),
      }),
      { nil: undefined, freq: 5 },
    ),
    candidateLimit: opt(fc.constantFrom(1, 2, 5)),
    // Days every time moves by, in the organisation's zone: 90 puts 00:00 of the base on Sydney's
    // 2026 clocks-back night, 272 on its clocks-forward night (hours are real elapsed time there).
    zoned: opt(fc.constantFrom<[number, string]>([0, 'UTC'], [90, SYDNEY], [272, SYDNEY], [0, SYDNEY])),
    // Exact boundaries random draws rarely hit: copy the first job's begin / place elsewhere.
    echo: fc.record({
      inactiveDate: fc.boolean(),
      validTill: fc.boolean(),
      endDate: fc.boolean(),
      pastBegin: fc.boolean(),
      place: fc.boolean(),
    }),
  })
  .map(({ zoned, ...s }) => (zoned ? moveToZone(s, zoned[0], zoned[1]) : s))
  .map(({ batch, mode, jobs, jobIdsPresent, candidateIds, candidateLimit, echo, ...rest }) => {
    const pool = new Set(rest.resources.map((r) => r._id));
    const named = jobs.map((j, i) => (jobIdsPresent[i] ? { _id: `j${i}`, ...j } : j));
    const lead = named[0] as (typeof named)[number];
    const [r0] = rest.resources;
    const [plan0] = rest.servicePlans ?? [];
    const [rec0] = rest.timeline ?? [];
    if (echo.inactiveDate && r0) r0.InactiveDate = lead.utc_begin_plus_tz;
    if (echo.validTill && r0) r0.valid_till = lead.utc_begin_plus_tz;
    if (echo.endDate && plan0) plan0.EndDate = lead.utc_begin_plus_tz;
    if (echo.pastBegin && rec0) {
      rec0.utc_end_plus_tz += lead.utc_begin_plus_tz - rec0.utc_begin_plus_tz;
      rec0.utc_begin_plus_tz = lead.utc_begin_plus_tz;
      rec0.customerId = lead.customerId;
    }
    if (echo.place && r0?._geoloc) {
      lead._geoloc = { ...r0._geoloc };
      rest.config = {
        week_start_day: undefined,
        switches: undefined,
        min_rest_minutes: undefined,
        max_consecutive_days: undefined,
        travel_road_factor: undefined,
        travel_speed_kmh: undefined,
        ...rest.config,
        max_distance: 0,
      };
    }
    if (batch) {
      return {
        input: { ...rest, mode: mode === undefined ? undefined : 'auto', jobs: named },
        candidateLimit,
      };
    }
    const one = named[0] as (typeof named)[number];
    // Check and manual candidates must be pool resources (an unknown id is a validation error).
    const onlyPool = (ids: string[] | undefined) => ids?.filter((id) => pool.has(id));
    return {
      input: {
        ...rest,
        mode,
        job: { ...one, resIds: onlyPool(one.resIds) },
        candidateIds: onlyPool(candidateIds),
      },
      candidateLimit: undefined,
    };
  });
