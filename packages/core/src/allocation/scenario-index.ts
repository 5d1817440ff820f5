import type { Label } from '../records/label.ts';
import type { Resource } from '../records/resource.ts';
import {
  DAY,
  DAY_CODES,
  type DateFormat,
  dateFormatOf,
  dayStart,
  elapsedSeconds,
  fortnightStart,
  fromYmd,
  instantOf,
  weekday,
  weekStart,
} from '../time/calendar.ts';
import {
  CONTRACT_OVERLAP_TOLERANCE_S,
  IGNORED_OVERLAP_STATUSES,
  overlapToleranceSeconds,
} from '../timeline/conflicts.ts';
import { ResourceIntervals } from './intervals.ts';
import {
  type AllocationJob,
  type AllocationRecord,
  type AllocationScenario,
  DEFAULT_MAX_CONSECUTIVE_DAYS,
  DEFAULT_MAX_DISTANCE_M,
  DEFAULT_MIN_REST_MINUTES,
  DEFAULT_SWITCHES,
  DEFAULT_TRAVEL_ROAD_FACTOR,
  DEFAULT_TRAVEL_SPEED_KMH,
  SWITCH_NAMES,
  type Switches,
} from './scenario.ts';

/**
 * Everything the checks and the score read, indexed once per scenario so that evaluating one
 * (job, resource) pair never scans the timeline:
 * - flat per-resource interval arrays sorted by begin with a running maximum of the end, so
 *   "does a record overlap [b, e)" is one binary search (busy, leave, break; `intervals.ts`);
 * - hour sums per (day | week | fortnight start) as dense arrays over the pool, built on first use
 *   and kept up to date as a batch assigns;
 * - label names interned to integers, each resource's set a bitset row of a `Uint32Array`;
 * - resource coordinates as the haversine's per-point terms (sin/cos of half angles, cos lat);
 * - per day, each resource's shift intervals, built on first use.
 *
 * Semantics (contract refinements, shared with the reference implementation in the tests):
 * - A record belongs to a resource when the resource is in `resIds` or is `resourceId`.
 * - A record is a leave when `_key` or `status` is `leave`, a break when `_key` or `type` is
 *   `break` (compared lower-case). A counted job is a `booking` (the default `_key`) or
 *   `groupevent` that is neither a leave nor a break.
 * - Timeline records whose `_id` is the `_id` of a job of the scenario are left out: they are
 *   that job's own (older) copy, which the run decides afresh ("other than the job itself").
 * - A record counts in the day, week and fortnight of its begin, with its whole length: real
 *   elapsed time in `config.time_zone` (`duration`), the wall-clock length without a zone.
 */

/** Seconds of overlap two counted jobs may share before the busy check fails. */
export const BUSY_TOLERANCE_S = CONTRACT_OVERLAP_TOLERANCE_S;

/** Spec §4's ignored statuses for overlap checks (shared with the timeline's conflict validator). */
const OVERLAP_IGNORED = new Set(IGNORED_OVERLAP_STATUSES);
/** The contract's: hours ignore these (a finished job's hours count). */
const HOURS_IGNORED = new Set(['cancelled', 'draft', 'leave', 'break']);

export type RecordClass = {
  isLeave: boolean;
  isBreak: boolean;
  /** A counted job that the busy check sees. */
  isOverlapJob: boolean;
  /** A counted job whose hours count. */
  isHoursJob: boolean;
  /** A counted job that is not cancelled (the score's past jobs). */
  isPastJob: boolean;
};

export function classifyRecord(rec: AllocationRecord): RecordClass {
  const key = (rec._key ?? 'booking').toLowerCase();
  const status = (rec.status ?? '').toLowerCase();
  const isLeave = key === 'leave' || status === 'leave';
  const isBreak = key === 'break' || (rec.type ?? '').toLowerCase() === 'break';
  const isJob = (key === 'booking' || key === 'groupevent') && !isLeave && !isBreak;
  return {
    isLeave,
    isBreak,
    isOverlapJob: isJob && !OVERLAP_IGNORED.has(status),
    isHoursJob: isJob && !HOURS_IGNORED.has(status),
    isPastJob: isJob && status !== 'cancelled',
  };
}

/** The resources of a record, each once: `resIds` then `resourceId`. */
export function recordResourceIds(rec: AllocationRecord): string[] {
  const out: string[] = [];
  for (const id of rec.resIds ?? []) if (!out.includes(id)) out.push(id);
  if (rec.resourceId != null && !out.includes(rec.resourceId)) out.push(rec.resourceId);
  return out;
}

export type ResolvedConfig = {
  /** Kilometres (the contract's `max_distance` is metres). */
  maxKm: number;
  weekStartDay: number;
  /** `true` skips the check. */
  skip: Switches;
  /** Seconds two counted jobs may share: 900, or the organisation's larger buffer. */
  busyTolerance: number;
  /** Seconds of rest a resource needs between two counted jobs (the rest check, when on). */
  restSeconds: number;
  /** The organisation's IANA zone, in which hours are real elapsed time; null: wall-clock length. */
  timeZone: string | null;
  /** Most consecutive working days (the consecutive days check, when on). */
  maxDays: number;
  /** How the checks' messages print dates: the organisation's `date_format` (default dd/mmm/yyyy). */
  dateFormat: DateFormat;
  /** The travel time rule's road factor and average speed (km/h). */
  roadFactor: number;
  speedKmh: number;
};

export function resolveConfig(scenario: AllocationScenario): ResolvedConfig {
  const c = scenario.config;
  const skip: Switches = { ...DEFAULT_SWITCHES };
  const given = c?.switches;
  if (given) {
    for (const name of SWITCH_NAMES) {
      const v = given[name];
      if (typeof v === 'boolean') skip[name] = v;
    }
  }
  return {
    maxKm: (c?.max_distance ?? DEFAULT_MAX_DISTANCE_M) / 1000,
    weekStartDay: c?.week_start_day ?? 0,
    skip,
    busyTolerance:
      c?.overlap_buffer_minutes == null
        ? BUSY_TOLERANCE_S
        : overlapToleranceSeconds(c.overlap_buffer_minutes),
    restSeconds: Math.round((c?.min_rest_minutes ?? DEFAULT_MIN_REST_MINUTES) * 60),
    timeZone: c?.time_zone ?? null,
    maxDays: c?.max_consecutive_days ?? DEFAULT_MAX_CONSECUTIVE_DAYS,
    dateFormat: dateFormatOf(c?.date_format),
    roadFactor: c?.travel_road_factor ?? DEFAULT_TRAVEL_ROAD_FACTOR,
    speedKmh: c?.travel_speed_kmh ?? DEFAULT_TRAVEL_SPEED_KMH,
  };
}

/**
 * The calendar days (day numbers: seconds / 86400, floored) a record of [begin, end) works on: its
 * begin's day to the day of its last second; one day when it is empty or backwards.
 */
export function workDaysOf(begin: number, end: number): [first: number, last: number] {
  return [Math.floor(begin / DAY), Math.floor(Math.max(begin, end - 1) / DAY)];
}

/** Display name of a resource: `name`, else first and last name, else the id. */
export function resourceDisplayName(r: Resource): string {
  if (r.name != null && r.name !== '') return r.name;
  const full = [r.first_name, r.last_name].filter((s) => s != null && s !== '').join(' ');
  return full === '' ? r._id : full;
}

/**
 * Day, week and fortnight limits of a resource, in hours, with the contract's defaults: week
 * `max_hrs_wk` else 168; day `max_hrs_dy` else week limit / 7 (168 / 7 when unset), never above
 * 24; fortnight `max_hrs_fn` else 336. Absent or null means unset; 0 is a limit of 0.
 */
export function hourLimits(r: Resource): { day: number; week: number; fortnight: number } {
  const week = r.max_hrs_wk ?? 168;
  const day = Math.min(24, r.max_hrs_dy ?? (r.max_hrs_wk != null ? r.max_hrs_wk / 7 : 168 / 7));
  return { day, week, fortnight: r.max_hrs_fn ?? 336 };
}

/** A label entry (id or name) resolved against the catalogue. */
export type ResolvedLabel = {
  /** Identity: the catalogue id when found, else the lower-case name. */
  key: string;
  /** Name as shown in messages. */
  name: string;
  /** Lower-case name: what label matching compares. */
  lower: string;
  price: number;
};

export type LabelCatalogue = (entry: string) => ResolvedLabel;

/** Resolves an entry by catalogue `_id`, else by catalogue name (case-insensitive), else as a bare name. */
export function labelCatalogue(labels: readonly Label[]): LabelCatalogue {
  const byId = new Map<string, Label>();
  const byName = new Map<string, Label>();
  for (const l of labels) {
    if (!byId.has(l._id)) byId.set(l._id, l);
    const lower = (l.name ?? l._id).toLowerCase();
    if (!byName.has(lower)) byName.set(lower, l);
  }
  return (entry) => {
    const l = byId.get(entry) ?? byName.get(entry.toLowerCase());
    if (!l) return { key: `name:${entry.toLowerCase()}`, name: entry, lower: entry.toLowerCase(), price: 0 };
    const name = l.name ?? l._id;
    return { key: `id:${l._id}`, name, lower: name.toLowerCase(), price: l.unit_price ?? 0 };
  };
}

/** Distinct resolved labels of a list, first occurrence kept. */
export function distinctLabels(entries: readonly string[], resolve: LabelCatalogue): ResolvedLabel[] {
  const seen = new Set<string>();
  const out: ResolvedLabel[] = [];
  for (const e of entries) {
    const l = resolve(e);
    if (seen.has(l.key)) continue;
    seen.add(l.key);
    out.push(l);
  }
  return out;
}

/** Hour totals of one period for every resource of the pool: seconds and number of jobs. */
export type PeriodSums = { sec: Float64Array; cnt: Int32Array };

export const PERIOD_DAY = 0;
export const PERIOD_WEEK = 1;
export const PERIOD_FORTNIGHT = 2;
export type PeriodKind = 0 | 1 | 2;

/** One day's shift intervals for every resource: `setup[r]`, intervals `[starts[r], starts[r+1])`. */
export type ShiftDay = { setup: Uint8Array; starts: Int32Array; begins: Float64Array; ends: Float64Array };

/**
 * Shift status of resource `r` for [begin, end) on a day: 0 inside an interval of the day, 1 no
 * shift covers the day, 2 the day is covered but the job is inside none of its intervals.
 */
export function shiftStatus(shifts: ShiftDay, r: number, begin: number, end: number): 0 | 1 | 2 {
  if (shifts.setup[r] === 0) return 1;
  const last = shifts.starts[r + 1] as number;
  for (let i = shifts.starts[r] as number; i < last; i++) {
    if (begin >= (shifts.begins[i] as number) && end <= (shifts.ends[i] as number)) return 0;
  }
  return 2;
}

type ShiftEntry = { first: number; last: number; days: ([number, number][] | undefined)[] };

const NONE: readonly number[] = [];

/** Per pool position, the sorted begins among (`res[i]`, `begin[i]`); undefined for none. */
export function pastByResource(
  n: number,
  res: readonly number[],
  begins: readonly number[],
): (number[] | undefined)[] {
  const out: (number[] | undefined)[] = new Array(n).fill(undefined);
  for (let i = 0; i < res.length; i++) {
    const r = res[i] as number;
    const arr = out[r] ?? [];
    arr.push(begins[i] as number);
    out[r] = arr;
  }
  for (const arr of out) arr?.sort((a, b) => a - b);
  return out;
}

/** A customer's name in messages: `name`, else first and last name ('' falls back to the id at use). */
export function customerDisplayName(c: {
  name?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
}): string {
  if (c.name != null && c.name !== '') return c.name;
  return [c.first_name, c.last_name].filter((s) => s != null && s !== '').join(' ');
}

/** Number of 32-bit words per label bitset row. */
function words(count: number): number {
  return Math.max(1, Math.ceil(count / 32));
}

/** Number of entries of a sorted list below `x`. */
export function countBelow(arr: readonly number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Position after every entry of a sorted list that is `<= x`. */
function upperBound(arr: readonly number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Stores `value` under `key`, first dropping the oldest entry when the map holds `cap` entries:
 * the caches built on first use stay bounded however many days or customers a scenario spans.
 */
function cacheSet<K, V>(cache: Map<K, V>, cap: number, key: K, value: V): V {
  if (cache.size >= cap) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
  return value;
}

/**
 * The per-point terms of the haversine formula for a point in degrees: sin and cos of half the
 * latitude and of half the longitude (radians), and cos of the latitude. With them the distance
 * of two points needs no trigonometry but one asin (see `haversineKm`).
 */
/** A counted job of a resource for the travel time rule: its times, place and timeline ordinal (−1: batch). */
export type TravelStop = { begin: number; end: number; geo: GeoTerms | undefined; ord: number };

export type GeoTerms = {
  sinHalfLat: number;
  cosHalfLat: number;
  sinHalfLng: number;
  cosHalfLng: number;
  cosLat: number;
};

export const EARTH_RADIUS_KM = 6371;

/**
 * Haversine distance in km (R = 6371) between point 1 (the job) and point 2 (the resource), from
 * their per-point terms (`geoTerms`): a = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2),
 * d = 2R · asin(√a), where sin(Δ/2) = sin(x2/2)·cos(x1/2) − cos(x2/2)·sin(x1/2) — exact in
 * mathematics, within about 1e-12 relative of the textbook evaluation for distances over a metre,
 * and free of per-pair sines. `a` is clamped to 1 against rounding at antipodes.
 */
export function haversineKm(
  s1: number,
  c1: number,
  t1: number,
  u1: number,
  cos1: number,
  s2: number,
  c2: number,
  t2: number,
  u2: number,
  cos2: number,
): number {
  const sLat = s2 * c1 - c2 * s1;
  const sLng = t2 * u1 - u2 * t1;
  const a = sLat * sLat + cos1 * cos2 * sLng * sLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, a)));
}

export function geoTerms(latDeg: number, lngDeg: number): GeoTerms {
  const lat = (latDeg * Math.PI) / 180;
  const lng = (lngDeg * Math.PI) / 180;
  return {
    sinHalfLat: Math.sin(lat / 2),
    cosHalfLat: Math.cos(lat / 2),
    sinHalfLng: Math.sin(lng / 2),
    cosHalfLng: Math.cos(lng / 2),
    cosLat: Math.cos(lat),
  };
}

export class ScenarioIndex {
  readonly config: ResolvedConfig;
  readonly n: number;
  readonly resources: readonly Resource[];
  readonly ids: string[];
  readonly names: string[];
  readonly indexOf = new Map<string, number>();
  readonly resolveLabel: LabelCatalogue;

  // Static per resource.
  readonly inactive: Uint8Array;
  /** `InactiveDate` in seconds; NaN when unset (NaN < begin is false: passes). */
  readonly inactiveDate: Float64Array;
  /** `valid_till` in seconds; NaN when unset (the credential expiry rule). */
  readonly validTill: Float64Array;
  /**
   * Per resource, the expiry (seconds) of each label of `label_valid_till` by lower-case name (the
   * earliest when two entries name one label); undefined when it has none.
   */
  readonly labelValidTill: (Map<string, number> | undefined)[];
  readonly external: Uint8Array;
  readonly hasGeo: Uint8Array;
  /** Haversine terms of each resource's `_geoloc` (see `GeoTerms`). */
  readonly sinHalfLat: Float64Array;
  readonly cosHalfLat: Float64Array;
  readonly sinHalfLng: Float64Array;
  readonly cosHalfLng: Float64Array;
  readonly cosLat: Float64Array;
  readonly dayLimit: Float64Array;
  readonly weekLimit: Float64Array;
  readonly fortnightLimit: Float64Array;
  /** `min_hrs_dy`, `min_hrs_wk`, `min_hrs_fn` in hours; 0 when unset or not above 0. */
  readonly minDay: Float64Array;
  readonly minWeek: Float64Array;
  readonly minFortnight: Float64Array;
  /** Sum of label unit prices; Infinity when the resource has no label. */
  readonly cost: Float64Array;
  /** Position in the tie-break order: cost ascending (Infinity last), name case-insensitive, id. */
  readonly staticRank: Int32Array;
  /** Pool positions in that tie-break order. */
  readonly byRank: Int32Array;

  // Labels.
  readonly labelIds = new Map<string, number>();
  readonly labelWords: number;
  readonly labelBits: Uint32Array;
  /** Number of distinct label names of each resource. */
  readonly labelCount: Int32Array;

  // Timeline.
  readonly busy: ResourceIntervals;
  readonly leaves: ResourceIntervals;
  readonly breaks: ResourceIntervals;
  /**
   * The busy check's records under a negative tolerance of the minimum rest, so that "overlaps"
   * means "ends or begins less than the rest away"; kept only while the rest check is on.
   */
  readonly rest: ResourceIntervals | undefined;
  /**
   * Per resource, the number of counted jobs (the hours' records) on each working day (see
   * `workDaysOf`); kept only while the consecutive days check is on.
   */
  readonly workDays: (Map<number, number> | undefined)[] | undefined;
  /**
   * Per resource, the busy check's records in timeline then batch order, each with its place
   * (`TravelStop`); kept only while the travel time check is on.
   */
  readonly stops: (TravelStop[] | undefined)[] | undefined;
  private readonly hourRes: number[] = [];
  private readonly hourDur: number[] = [];
  /** Timeline ordinal of each hour entry (−1 for a batch assignment). */
  private readonly hourOrd: number[] = [];
  /** The timeline records added, by ordinal, and the ordinals of each `_id` (see `ownRecords`). */
  private readonly records: AllocationRecord[] = [];
  private readonly ordinalsById = new Map<string, number[]>();
  private readonly hourKeys: [number[], number[], number[]] = [[], [], []];
  private readonly periodCache: [Map<number, PeriodSums>, Map<number, PeriodSums>, Map<number, PeriodSums>] =
    [new Map(), new Map(), new Map()];
  /** Entries per cache built on first use (each entry is one or two arrays over the pool). */
  private readonly cacheCap: number;
  private readonly fortnightOfWeek = new Map<number, number>();
  /** Per customer, the (resource, begin) of every non-cancelled counted job, in timeline order. */
  private readonly pastByCustomer = new Map<string, { res: number[]; begin: number[]; ord: number[] }>();
  private readonly pastCache = new Map<string, (number[] | undefined)[]>();
  /** Per customer, the pool positions on its blacklist. */
  private readonly blacklisted = new Map<string, number[]>();
  private readonly blacklistCache = new Map<string, Uint8Array>();

  // Shifts, blacklists, customers, service plans.
  private readonly shiftsOf: (ShiftEntry[] | undefined)[];
  private readonly shiftDayCache = new Map<number, ShiftDay>();
  readonly customerNames = new Map<string, string>();
  readonly servicePlans = new Map<string, NonNullable<AllocationScenario['servicePlans']>>();

  private poolCost: Float64Array | undefined;
  /** Every pool position, 0…n−1: the candidate set of auto mode. */
  readonly pool: Int32Array;
  /** All-zero scratch space over the pool (the ranking loop's preferred bonus); zero again after use. */
  readonly scratch: Float64Array;

  constructor(scenario: AllocationScenario) {
    this.config = resolveConfig(scenario);
    const resources = scenario.resources ?? [];
    const n = resources.length;
    this.n = n;
    this.resources = resources;
    this.resolveLabel = labelCatalogue(scenario.labels ?? []);
    this.ids = resources.map((r) => r._id);
    this.names = resources.map(resourceDisplayName);
    for (let i = 0; i < n; i++) this.indexOf.set(this.ids[i] as string, i);
    this.pool = new Int32Array(n);
    for (let i = 0; i < n; i++) this.pool[i] = i;
    this.scratch = new Float64Array(n);
    this.cacheCap = Math.max(4, Math.min(256, Math.floor(16_000_000 / Math.max(1, n))));

    this.inactive = new Uint8Array(n);
    this.inactiveDate = new Float64Array(n);
    this.validTill = new Float64Array(n);
    this.labelValidTill = new Array(n).fill(undefined);
    this.external = new Uint8Array(n);
    this.hasGeo = new Uint8Array(n);
    this.sinHalfLat = new Float64Array(n);
    this.cosHalfLat = new Float64Array(n);
    this.sinHalfLng = new Float64Array(n);
    this.cosHalfLng = new Float64Array(n);
    this.cosLat = new Float64Array(n);
    this.dayLimit = new Float64Array(n);
    this.weekLimit = new Float64Array(n);
    this.fortnightLimit = new Float64Array(n);
    this.minDay = new Float64Array(n);
    this.minWeek = new Float64Array(n);
    this.minFortnight = new Float64Array(n);
    this.cost = new Float64Array(n);
    this.labelCount = new Int32Array(n);

    const resLabels: ResolvedLabel[][] = [];
    for (let i = 0; i < n; i++) {
      const r = resources[i] as Resource;
      this.inactive[i] = r.inactive && !r.promoted_dispatcher ? 1 : 0;
      this.inactiveDate[i] = r.InactiveDate ?? Number.NaN;
      this.validTill[i] = r.valid_till ?? Number.NaN;
      if (r.label_valid_till) {
        const map = new Map<string, number>();
        for (const [entry, till] of Object.entries(r.label_valid_till)) {
          const lower = this.resolveLabel(entry).lower;
          const had = map.get(lower);
          if (had === undefined || till < had) map.set(lower, till);
        }
        this.labelValidTill[i] = map;
      }
      this.external[i] = r.external ? 1 : 0;
      if (r._geoloc) {
        const g = geoTerms(r._geoloc.lat, r._geoloc.lng);
        this.hasGeo[i] = 1;
        this.sinHalfLat[i] = g.sinHalfLat;
        this.cosHalfLat[i] = g.cosHalfLat;
        this.sinHalfLng[i] = g.sinHalfLng;
        this.cosHalfLng[i] = g.cosHalfLng;
        this.cosLat[i] = g.cosLat;
      }
      const limits = hourLimits(r);
      this.dayLimit[i] = limits.day;
      this.weekLimit[i] = limits.week;
      this.fortnightLimit[i] = limits.fortnight;
      this.minDay[i] = Math.max(0, r.min_hrs_dy ?? 0);
      this.minWeek[i] = Math.max(0, r.min_hrs_wk ?? 0);
      this.minFortnight[i] = Math.max(0, r.min_hrs_fn ?? 0);
      const labels = distinctLabels(r.labels ?? r.lbls ?? [], this.resolveLabel);
      resLabels.push(labels);
      let cost = 0;
      for (const l of labels) {
        cost += l.price;
        if (!this.labelIds.has(l.lower)) this.labelIds.set(l.lower, this.labelIds.size);
      }
      this.cost[i] = labels.length === 0 ? Number.POSITIVE_INFINITY : cost;
    }
    const w = words(this.labelIds.size);
    this.labelWords = w;
    this.labelBits = new Uint32Array(n * w);
    for (let i = 0; i < n; i++) {
      let count = 0;
      for (const l of resLabels[i] as ResolvedLabel[]) {
        const id = this.labelIds.get(l.lower) as number;
        const at = i * w + (id >>> 5);
        const bit = 1 << (id & 31);
        if (((this.labelBits[at] as number) & bit) === 0) {
          this.labelBits[at] = (this.labelBits[at] as number) | bit;
          count++;
        }
      }
      this.labelCount[i] = count;
    }

    const lowerNames = this.names.map((s) => s.toLowerCase());
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      const ca = this.cost[a] as number;
      const cb = this.cost[b] as number;
      if (ca !== cb) return ca < cb ? -1 : 1;
      const na = lowerNames[a] as string;
      const nb = lowerNames[b] as string;
      if (na !== nb) return na < nb ? -1 : 1;
      const ia = this.ids[a] as string;
      const ib = this.ids[b] as string;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    });
    this.staticRank = new Int32Array(n);
    for (let k = 0; k < n; k++) this.staticRank[order[k] as number] = k;
    this.byRank = Int32Array.from(order);

    // Timeline.
    this.busy = new ResourceIntervals(n, this.config.busyTolerance);
    this.leaves = new ResourceIntervals(n, 0);
    this.breaks = new ResourceIntervals(n, 0);
    this.rest = this.config.skip.MIN_REST_NOT_CHECK
      ? undefined
      : new ResourceIntervals(n, -this.config.restSeconds);
    this.workDays = this.config.skip.MAX_CONSECUTIVE_DAYS_NOT_CHECK
      ? undefined
      : new Array(n).fill(undefined);
    this.stops = this.config.skip.TRAVEL_TIME_NOT_CHECK ? undefined : new Array(n).fill(undefined);
    const jobIds = new Set<string>();
    for (const j of scenario.jobs ?? (scenario.job ? [scenario.job] : []))
      if (j._id != null) jobIds.add(j._id);
    for (const rec of scenario.timeline ?? []) {
      if (rec._id != null && jobIds.has(rec._id)) continue;
      const ord = this.records.length;
      this.records.push(rec);
      if (rec._id != null) {
        const list = this.ordinalsById.get(rec._id);
        if (list) list.push(ord);
        else this.ordinalsById.set(rec._id, [ord]);
      }
      this.addRecord(rec, classifyRecord(rec), ord);
    }
    this.busy.build();
    this.leaves.build();
    this.breaks.build();
    this.rest?.build();

    // Shifts.
    this.shiftsOf = new Array(n).fill(undefined);
    for (const s of scenario.shifts ?? []) {
      const r = this.indexOf.get(s.resourceId);
      if (r === undefined) continue;
      const [a, b] = s.week_id.split('_');
      const first = fromYmd(a ?? '');
      const last = fromYmd(b ?? '');
      if (Number.isNaN(first) || Number.isNaN(last)) continue;
      const days: ([number, number][] | undefined)[] = [];
      for (const code of DAY_CODES) {
        if (!s[code]) {
          days.push(undefined);
          continue;
        }
        const timings = s.timings?.[code];
        if (timings != null) days.push(timings.map((t) => [t.beg, t.end]));
        else if (s.beg != null && s.end != null) days.push([[s.beg, s.end]]);
        else days.push([]);
      }
      const list = this.shiftsOf[r] ?? [];
      list.push({ first, last, days });
      this.shiftsOf[r] = list;
    }

    for (const b of scenario.blacklists ?? []) {
      const list = this.blacklisted.get(b._id) ?? [];
      for (const id of b.resIds) {
        const r = this.indexOf.get(id);
        if (r !== undefined) list.push(r);
      }
      this.blacklisted.set(b._id, list);
    }
    for (const c of scenario.customers ?? []) {
      // The first record of a customer wins; an empty name falls back to the id at lookup.
      if (!this.customerNames.has(c._id)) this.customerNames.set(c._id, customerDisplayName(c));
    }
    for (const p of scenario.servicePlans ?? []) {
      const list = this.servicePlans.get(p.VisitStemID) ?? [];
      list.push(p);
      this.servicePlans.set(p.VisitStemID, list);
    }
  }

  /** The real instant of wall-clock seconds in the organisation's zone (`instantOf`): rest is measured on it. */
  instant(wall: number): number {
    return instantOf(wall, this.config.timeZone);
  }

  /** Seconds a job from wall-clock `begin` to `end` lasts: what its hours count (`elapsedSeconds`). */
  duration(begin: number, end: number): number {
    return elapsedSeconds(begin, end, this.config.timeZone);
  }

  /** Adds a record of the timeline (or a batch assignment) to every structure it belongs to. */
  private addRecord(rec: AllocationRecord, cls: RecordClass, ord: number): void {
    const begin = rec.utc_begin_plus_tz;
    const end = rec.utc_end_plus_tz;
    let keys: [number, number, number] | undefined;
    for (const id of recordResourceIds(rec)) {
      const r = this.indexOf.get(id);
      if (r === undefined) continue;
      if (cls.isLeave) this.leaves.add(r, begin, end);
      if (cls.isBreak) this.breaks.add(r, begin, end);
      if (cls.isOverlapJob) {
        this.busy.add(r, begin, end);
        // Rest is real time between the jobs (a change night's hour counts or not): instants.
        this.rest?.add(r, this.instant(begin), this.instant(end));
        if (this.stops) {
          const list = this.stops[r] ?? [];
          this.stops[r] = list;
          const g = rec._geoloc;
          list.push({ begin, end, geo: g ? geoTerms(g.lat, g.lng) : undefined, ord });
        }
      }
      if (cls.isHoursJob && this.workDays) {
        const days = this.workDays[r] ?? new Map<number, number>();
        this.workDays[r] = days;
        const [first, last] = workDaysOf(begin, end);
        for (let d = first; d <= last; d++) days.set(d, (days.get(d) ?? 0) + 1);
      }
      if (cls.isHoursJob) {
        keys ??= this.periodKeys(begin);
        const dur = this.duration(begin, end);
        this.hourRes.push(r);
        this.hourDur.push(dur);
        this.hourOrd.push(ord);
        for (let kind = 0; kind < 3; kind++) {
          const key = keys[kind] as number;
          this.hourKeys[kind]?.push(key);
          // A cached total receives the record last, which is the order a rebuild would add it in.
          const cached = this.periodCache[kind]?.get(key);
          if (cached) {
            cached.sec[r] = (cached.sec[r] as number) + dur;
            cached.cnt[r] = (cached.cnt[r] as number) + 1;
          }
        }
      }
      if (cls.isPastJob && rec.customerId != null) {
        let group = this.pastByCustomer.get(rec.customerId);
        if (!group) {
          group = { res: [], begin: [], ord: [] };
          this.pastByCustomer.set(rec.customerId, group);
        }
        group.res.push(r);
        group.begin.push(begin);
        group.ord.push(ord);
        const cached = this.pastCache.get(rec.customerId);
        if (cached) {
          const arr = cached[r] ?? [];
          arr.splice(upperBound(arr, begin), 0, begin);
          cached[r] = arr;
        }
      }
    }
  }

  /**
   * A batch assignment joins the timeline: the job counts as a booking of each assigned resource
   * (busy, hours, past jobs) for the rest of the batch, whatever its status, so a batch never
   * double-books.
   */
  join(job: AllocationJob, assigned: readonly number[]): void {
    const ids = assigned.map((r) => this.ids[r] as string);
    this.addRecord(
      { ...job, resIds: ids, resourceId: null },
      { isLeave: false, isBreak: false, isOverlapJob: true, isHoursJob: true, isPastJob: true },
      -1,
    );
  }

  /** Start of the day, week and fortnight of `sec` under the scenario's week start day. */
  periodKeys(sec: number): [number, number, number] {
    const wsd = this.config.weekStartDay;
    const week = weekStart(sec, wsd);
    let fn = this.fortnightOfWeek.get(week);
    if (fn === undefined) {
      fn = fortnightStart(week, wsd);
      this.fortnightOfWeek.set(week, fn);
    }
    return [dayStart(sec), week, fn];
  }

  /**
   * Hour totals of the period starting at `key`, built on first use, in timeline order then
   * batch order (the order every total is summed in, so floating-point sums are reproducible).
   */
  periodSums(kind: PeriodKind, key: number): PeriodSums {
    const cache = this.periodCache[kind];
    const hit = cache.get(key);
    if (hit) return hit;
    const sums: PeriodSums = { sec: new Float64Array(this.n), cnt: new Int32Array(this.n) };
    const keys = this.hourKeys[kind];
    const res = this.hourRes;
    const dur = this.hourDur;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== key) continue;
      const r = res[i] as number;
      sums.sec[r] = (sums.sec[r] as number) + (dur[i] as number);
      sums.cnt[r] = (sums.cnt[r] as number) + 1;
    }
    return cacheSet(cache, this.cacheCap, key, sums);
  }

  /**
   * Per resource, the sorted begins of its non-cancelled counted jobs with `customerId`;
   * undefined when the customer has none at all.
   */
  pastBegins(customerId: string): (number[] | undefined)[] | undefined {
    const hit = this.pastCache.get(customerId);
    if (hit) return hit;
    const group = this.pastByCustomer.get(customerId);
    if (!group) return undefined;
    return cacheSet(
      this.pastCache,
      this.cacheCap,
      customerId,
      pastByResource(this.n, group.res, group.begin),
    );
  }

  /** 1 for each pool position on the customer's blacklist; undefined when it has none. */
  blacklistMask(customerId: string): Uint8Array | undefined {
    const hit = this.blacklistCache.get(customerId);
    if (hit) return hit;
    const list = this.blacklisted.get(customerId);
    if (!list) return undefined;
    const mask = new Uint8Array(this.n);
    for (const r of list) mask[r] = 1;
    return cacheSet(this.blacklistCache, this.cacheCap, customerId, mask);
  }

  /**
   * Timeline ordinals of the records whose `_id` is `id`: a job's own copy, when the index was
   * built without that job (a prepared index reused for many jobs, see `createJobContext`). Empty
   * when the scenario named the job: the constructor left its copy out.
   */
  ownRecords(id: string | null | undefined): readonly number[] {
    return id == null ? NONE : (this.ordinalsById.get(id) ?? NONE);
  }

  /** The timeline record at an ordinal of `ownRecords`. */
  record(ord: number): AllocationRecord {
    return this.records[ord] as AllocationRecord;
  }

  /**
   * `periodSums` as an index built without the records at `excluded` would give them: the
   * resources those records belong to are summed afresh, in the same order (bit-identical); the
   * others keep the cached totals. A fresh array, never cached.
   */
  periodSumsWithout(kind: PeriodKind, key: number, excluded: readonly number[]): PeriodSums {
    const base = this.periodSums(kind, key);
    const affected = new Uint8Array(this.n);
    for (const ord of excluded) {
      for (const id of recordResourceIds(this.record(ord))) {
        const r = this.indexOf.get(id);
        if (r !== undefined) affected[r] = 1;
      }
    }
    const sums: PeriodSums = { sec: base.sec.slice(), cnt: base.cnt.slice() };
    for (let r = 0; r < this.n; r++) {
      if (affected[r] === 1) {
        sums.sec[r] = 0;
        sums.cnt[r] = 0;
      }
    }
    const keys = this.hourKeys[kind];
    for (let i = 0; i < keys.length; i++) {
      const r = this.hourRes[i] as number;
      if (keys[i] !== key || affected[r] === 0 || excluded.includes(this.hourOrd[i] as number)) continue;
      sums.sec[r] = (sums.sec[r] as number) + (this.hourDur[i] as number);
      sums.cnt[r] = (sums.cnt[r] as number) + 1;
    }
    return sums;
  }

  /** `pastBegins` as an index built without the records at `excluded` would give it (not cached). */
  pastBeginsWithout(customerId: string, excluded: readonly number[]): (number[] | undefined)[] | undefined {
    const group = this.pastByCustomer.get(customerId);
    if (!group?.ord.some((o) => excluded.includes(o))) return this.pastBegins(customerId);
    const kept: { res: number[]; begin: number[] } = { res: [], begin: [] };
    for (let i = 0; i < group.res.length; i++) {
      if (excluded.includes(group.ord[i] as number)) continue;
      kept.res.push(group.res[i] as number);
      kept.begin.push(group.begin[i] as number);
    }
    return kept.res.length === 0 ? undefined : pastByResource(this.n, kept.res, kept.begin);
  }

  /** Shift intervals of the day starting at `day` (00:00), built on first use. */
  shiftDay(day: number): ShiftDay {
    const hit = this.shiftDayCache.get(day);
    if (hit) return hit;
    const n = this.n;
    const code = weekday(day);
    const setup = new Uint8Array(n);
    const starts = new Int32Array(n + 1);
    const begins: number[] = [];
    const ends: number[] = [];
    for (let r = 0; r < n; r++) {
      starts[r] = begins.length;
      for (const s of this.shiftsOf[r] ?? []) {
        if (day < s.first || day > s.last) continue;
        const intervals = s.days[code];
        if (!intervals) continue;
        setup[r] = 1;
        for (const [beg, end] of intervals) {
          begins.push(day + beg);
          ends.push(end <= beg ? day + end + DAY : day + end);
        }
      }
    }
    starts[n] = begins.length;
    const sd: ShiftDay = { setup, starts, begins: Float64Array.from(begins), ends: Float64Array.from(ends) };
    return cacheSet(this.shiftDayCache, this.cacheCap, day, sd);
  }

  /** The cost part of the score of every pool resource when the whole pool is the candidate set. */
  poolCostPart(): Float64Array {
    this.poolCost ??= costParts(this.cost, this.pool);
    return this.poolCost;
  }
}

/**
 * The score's cost part for each candidate (indexed by pool position) when its labels do not
 * equal the job's: among candidates with a finite cost, 100 × (max − cost) / (max − min), or 100
 * when max = min; 0 for an infinite cost.
 */
export function costParts(cost: Float64Array, candidates: Int32Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const r of candidates) {
    const c = cost[r] as number;
    if (c === Number.POSITIVE_INFINITY) continue;
    if (c > max) max = c;
    if (c < min) min = c;
  }
  const out = new Float64Array(cost.length);
  for (const r of candidates) {
    const c = cost[r] as number;
    out[r] = c === Number.POSITIVE_INFINITY ? 0 : max === min ? 100 : (100 * (max - c)) / (max - min);
  }
  return out;
}
