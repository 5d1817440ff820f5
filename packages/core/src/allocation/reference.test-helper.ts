/**
 * A deliberately simple reference implementation of the allocation contract, for tests only: no
 * index, no caches, every question answered by scanning the scenario's lists, written straight
 * from `contracts/allocation.md` and the refinements stated in `scenario-index.ts` / `modes.ts`.
 * The property test checks that the engine's outcome equals this one, byte for byte.
 *
 * It shares only the message texts (`messages.ts`, unit-tested on their own) and the calendar.
 */
import type { Label } from '../records/label.ts';
import type { Resource } from '../records/resource.ts';
import {
  DAY,
  DAY_CODES,
  dayStart,
  elapsedSeconds,
  fortnightStart,
  fromYmd,
  instantOf,
  wallOf,
  weekday,
  weekStart,
} from '../time/calendar.ts';
import type { BatchOutcome } from './batch.ts';
import type { AllocationResult } from './engine.ts';
import {
  type AllocationIssue,
  messages,
  TITLE_NO_RESOURCE_FOUND,
  TITLE_SERVICE_PLANS_INVALID,
} from './messages.ts';
import type { AllocationOutcome, CandidateOutcome } from './modes.ts';
import type { AllocationJob, AllocationRecord, AllocationScenario, SwitchName } from './scenario.ts';

type Cand = CandidateOutcome & { cost: number; lowerName: string };

const DEFAULT_SKIPPED: SwitchName[] = [
  'MAX_HR_DAY_NOT_CHECK',
  'MAX_HR_FORTNIGHT_NOT_CHECK',
  'MIN_REST_NOT_CHECK',
  'CREDENTIAL_EXPIRY_NOT_CHECK',
  'MAX_CONSECUTIVE_DAYS_NOT_CHECK',
  'MIN_HOURS_NOT_CHECK',
  'TRAVEL_TIME_NOT_CHECK',
];

function skipped(s: AllocationScenario, name: SwitchName): boolean {
  const v = s.config?.switches?.[name];
  return typeof v === 'boolean' ? v : DEFAULT_SKIPPED.includes(name);
}

function lower(x: string | null | undefined): string {
  return (x ?? '').toLowerCase();
}

function resourcesOf(rec: AllocationRecord): string[] {
  const ids = [...(rec.resIds ?? [])];
  if (rec.resourceId != null) ids.push(rec.resourceId);
  return ids;
}

function isLeave(rec: AllocationRecord): boolean {
  return lower(rec._key) === 'leave' || lower(rec.status) === 'leave';
}

function isBreak(rec: AllocationRecord): boolean {
  return lower(rec._key) === 'break' || lower(rec.type) === 'break';
}

function isCountedJob(rec: AllocationRecord): boolean {
  const key = rec._key == null ? 'booking' : lower(rec._key);
  return (key === 'booking' || key === 'groupevent') && !isLeave(rec) && !isBreak(rec);
}

function countsForOverlap(rec: AllocationRecord): boolean {
  return (
    isCountedJob(rec) && !['cancelled', 'finished', 'draft', 'leave', 'break'].includes(lower(rec.status))
  );
}

function countsForHours(rec: AllocationRecord): boolean {
  return isCountedJob(rec) && !['cancelled', 'draft', 'leave', 'break'].includes(lower(rec.status));
}

/** The earliest-beginning record of a list (first in list order on ties). */
function earliest(recs: AllocationRecord[]): AllocationRecord | undefined {
  let best: AllocationRecord | undefined;
  for (const r of recs) if (!best || r.utc_begin_plus_tz < best.utc_begin_plus_tz) best = r;
  return best;
}

type Resolved = { key: string; name: string; lower: string; price: number };

function resolveLabel(labels: Label[], entry: string): Resolved {
  const l =
    labels.find((x) => x._id === entry) ??
    labels.find((x) => (x.name ?? x._id).toLowerCase() === entry.toLowerCase());
  if (!l) return { key: `name:${entry.toLowerCase()}`, name: entry, lower: entry.toLowerCase(), price: 0 };
  const name = l.name ?? l._id;
  return { key: `id:${l._id}`, name, lower: name.toLowerCase(), price: l.unit_price ?? 0 };
}

function resourceLabels(s: AllocationScenario, r: Resource): Resolved[] {
  const out: Resolved[] = [];
  for (const e of r.labels ?? r.lbls ?? []) {
    const l = resolveLabel(s.labels ?? [], e);
    if (!out.some((x) => x.key === l.key)) out.push(l);
  }
  return out;
}

function weightageCost(s: AllocationScenario, r: Resource): number {
  const labels = resourceLabels(s, r);
  if (labels.length === 0) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const l of labels) sum += l.price;
  return sum;
}

function displayName(r: Resource): string {
  if (r.name) return r.name;
  const full = [r.first_name, r.last_name].filter((x) => x).join(' ');
  return full || r._id;
}

/** Haversine with sin(Δ/2) from half-angle sines and cosines (the engine's stated formula). */
function haversine(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const [p1, l1, p2, l2] = [rad(aLat), rad(aLng), rad(bLat), rad(bLng)];
  const sLat = Math.sin(p2 / 2) * Math.cos(p1 / 2) - Math.cos(p2 / 2) * Math.sin(p1 / 2);
  const sLng = Math.sin(l2 / 2) * Math.cos(l1 / 2) - Math.cos(l2 / 2) * Math.sin(l1 / 2);
  const a = sLat * sLat + Math.cos(p1) * Math.cos(p2) * sLng * sLng;
  return 2 * 6371 * Math.asin(Math.sqrt(Math.min(1, a)));
}

function fmtRange(kind: 'leave' | 'break' | 'busy', rec: AllocationRecord): string {
  const f =
    kind === 'leave'
      ? messages.resourceOnLeave
      : kind === 'break'
        ? messages.resourceBreakTime
        : messages.resourceBusy;
  return f(rec.utc_begin_plus_tz, rec.utc_end_plus_tz);
}

function servicePlanFailure(s: AllocationScenario, job: AllocationJob): AllocationIssue | undefined {
  const id = job.external_data?.VisitStemID;
  if (id == null) return undefined;
  for (const p of s.servicePlans ?? []) {
    if (p.VisitStemID !== id) continue;
    if (p.UpdateType === 'Inactive') {
      return {
        code: 'service_plans_invalid',
        title: TITLE_SERVICE_PLANS_INVALID,
        message: messages.servicePlanInactive(id),
      };
    }
    if (p.UpdateType === 'Ended' && p.EndDate != null && p.EndDate < job.utc_begin_plus_tz) {
      return {
        code: 'service_plans_invalid',
        title: TITLE_SERVICE_PLANS_INVALID,
        message: messages.servicePlanEnded(p.EndDate, id),
      };
    }
  }
  return undefined;
}

function preferredOf(job: AllocationJob): string[] {
  return job.rs_preferred && job.rs_preferred.length > 0 ? job.rs_preferred : (job.preferred ?? []);
}

function evaluate(
  s: AllocationScenario,
  timeline: AllocationRecord[],
  job: AllocationJob,
  r: Resource,
  pool: Resource[],
): Cand {
  const b = job.utc_begin_plus_tz;
  const e = job.utc_end_plus_tz;
  const wsd = s.config?.week_start_day ?? 0;
  const maxKm = (s.config?.max_distance ?? 20000) / 1000;
  const mine = timeline.filter((rec) => resourcesOf(rec).includes(r._id));
  const errors: AllocationIssue[] = [];
  const fail = (name: SwitchName, issue: AllocationIssue | undefined) => {
    if (issue && !skipped(s, name)) errors.push(issue);
  };

  // 1, 2, 3
  fail(
    'RESOURCE_INACTIVE_NOT_CHECK',
    r.inactive && !r.promoted_dispatcher
      ? { code: 'resource_inactive', message: 'Resource is inactive' }
      : undefined,
  );
  fail(
    'RESOURCE_INACTIVE_DATE_NOT_CHECK',
    r.InactiveDate != null && r.InactiveDate < b
      ? { code: 'resource_inactive_date', message: messages.resourceInactiveDate(r.InactiveDate) }
      : undefined,
  );
  const customer = job.customerId;
  const blacklisted =
    customer != null && (s.blacklists ?? []).some((bl) => bl._id === customer && bl.resIds.includes(r._id));
  const c = (s.customers ?? []).find((x) => x._id === customer);
  const customerName = c?.name || [c?.first_name, c?.last_name].filter((x) => x).join(' ') || customer || '';
  fail(
    'RESOURCE_BLACKLISTED_NOT_CHECK',
    blacklisted
      ? { code: 'resource_blacklisted', message: messages.resourceBlacklisted(customerName) }
      : undefined,
  );

  // 4, 5: plain overlap.
  const plain = (rec: AllocationRecord) => rec.utc_begin_plus_tz < e && b < rec.utc_end_plus_tz;
  const leave = earliest(mine.filter((rec) => isLeave(rec) && plain(rec)));
  fail(
    'LEAVE_NOT_CHECK',
    leave ? { code: 'resource_on_leave', message: fmtRange('leave', leave) } : undefined,
  );
  const brk = earliest(mine.filter((rec) => isBreak(rec) && plain(rec)));
  fail('BREAK_NOT_CHECK', brk ? { code: 'resource_break_time', message: fmtRange('break', brk) } : undefined);

  // 6: hours, each record in the period of its begin.
  const hoursRecs = mine.filter(countsForHours);
  const inPeriod = (start: (sec: number) => number) => {
    const jobs = hoursRecs.filter((rec) => start(rec.utc_begin_plus_tz) === start(b));
    let sec = 0;
    const zone = s.config?.time_zone;
    for (const rec of jobs) sec += elapsedSeconds(rec.utc_begin_plus_tz, rec.utc_end_plus_tz, zone);
    const before = sec / 3600;
    sec += elapsedSeconds(b, e, zone);
    return { hours: sec / 3600, before, jobs: jobs.length + 1, others: jobs.length };
  };
  const dayH = inPeriod(dayStart);
  const weekH = inPeriod((x) => weekStart(x, wsd));
  const fnH = inPeriod((x) => fortnightStart(x, wsd));
  const weekLimit = r.max_hrs_wk ?? 168;
  const dayLimit = Math.min(24, r.max_hrs_dy ?? (r.max_hrs_wk != null ? r.max_hrs_wk / 7 : 24));
  const fnLimit = r.max_hrs_fn ?? 336;
  fail(
    'MAX_HR_DAY_NOT_CHECK',
    dayH.hours > dayLimit
      ? { code: 'resource_cross_max_min_hours_daily', message: messages.hoursExceeded(dayLimit, dayH.jobs) }
      : undefined,
  );
  fail(
    'MAX_HR_WEEK_NOT_CHECK',
    weekH.hours > weekLimit
      ? { code: 'resource_cross_max_min_hours_week', message: messages.hoursExceeded(weekLimit, weekH.jobs) }
      : undefined,
  );
  fail(
    'MAX_HR_FORTNIGHT_NOT_CHECK',
    fnH.hours > fnLimit
      ? { code: 'resource_cross_max_min_hours_fortnight', message: messages.hoursExceeded(fnLimit, fnH.jobs) }
      : undefined,
  );

  // 7: labels by name.
  const jobLabels: Resolved[] = [];
  for (const entry of job.labels ?? []) {
    const l = resolveLabel(s.labels ?? [], entry);
    if (!jobLabels.some((x) => x.lower === l.lower)) jobLabels.push(l);
  }
  const resNames = new Set(resourceLabels(s, r).map((l) => l.lower));
  const missing = jobLabels.filter((l) => !resNames.has(l.lower));
  fail(
    'LABEL_MATCH_NOT_CHECK',
    missing.length > 0
      ? { code: 'resource_label_mismatch', message: messages.labelMismatch(missing.map((l) => l.name)) }
      : undefined,
  );

  // 8: shifts of the job's day.
  const day = dayStart(b);
  const code = DAY_CODES[weekday(day)] as (typeof DAY_CODES)[number];
  let covered = false;
  let inside = false;
  for (const sh of s.shifts ?? []) {
    if (sh.resourceId !== r._id) continue;
    const [first, last] = sh.week_id.split('_').map(fromYmd) as [number, number];
    if (!(first <= day && day <= last) || !sh[code]) continue;
    covered = true;
    const timings = sh.timings?.[code];
    const intervals =
      timings != null ? timings : sh.beg != null && sh.end != null ? [{ beg: sh.beg, end: sh.end }] : [];
    for (const t of intervals) {
      const ib = day + t.beg;
      const ie = t.end <= t.beg ? day + DAY + t.end : day + t.end;
      if (b >= ib && e <= ie) inside = true;
    }
  }
  const shiftIssue: AllocationIssue | undefined = !covered
    ? { code: 'resource_shift_not_setup', message: messages.shiftNotSetup(b) }
    : !inside
      ? { code: 'resource_shift_not_match', message: 'Job outside resource shift' }
      : undefined;
  fail('RESOURCE_SHIFT_NOT_CHECK', shiftIssue);

  // 9: busy, tolerance 900 s, a = the record, b = the job.
  const t = 900;
  const busy = earliest(
    mine.filter(
      (rec) => countsForOverlap(rec) && rec.utc_begin_plus_tz < e - t && b < rec.utc_end_plus_tz - t,
    ),
  );
  fail(
    'EXISTING_JOB_OVERLAP_NOT_CHECK',
    busy ? { code: 'resource_busy', message: fmtRange('busy', busy) } : undefined,
  );

  // 10: distance.
  const km =
    job._geoloc && r._geoloc
      ? haversine(job._geoloc.lat, job._geoloc.lng, r._geoloc.lat, r._geoloc.lng)
      : undefined;
  fail(
    'DISTANCE_NOT_CHECK',
    km !== undefined && km >= maxKm
      ? { code: 'resource_distance_exceeds_limit', message: messages.distanceExceeds(km, maxKm) }
      : undefined,
  );

  // 11, 12.
  const extJob = Boolean(job.external_data?.IsExternalBooking);
  fail(
    'EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK',
    extJob && !r.external
      ? { code: 'EXT_JOB_TO_INT_RES_PROHIBITED', message: messages.externalToInternal() }
      : undefined,
  );
  fail('VISIT_SERVICE_PLAN_NOT_CHECK', servicePlanFailure(s, job));

  // 13: minimum rest: the busy check's records less than the rest away (default 600 minutes).
  const restMin = s.config?.min_rest_minutes ?? 600;
  const rest = Math.round(restMin * 60);
  // Real time between the jobs: each end read as an instant in the organisation's zone.
  const zone = s.config?.time_zone;
  const instantAt = (x: number) => instantOf(x, zone);
  let tooClose: AllocationRecord | undefined;
  for (const rec of mine) {
    if (!countsForOverlap(rec)) continue;
    if (
      !(
        instantAt(rec.utc_begin_plus_tz) < instantAt(e) + rest &&
        instantAt(b) < instantAt(rec.utc_end_plus_tz) + rest
      )
    )
      continue;
    if (!tooClose || instantAt(rec.utc_begin_plus_tz) < instantAt(tooClose.utc_begin_plus_tz)) tooClose = rec;
  }
  fail(
    'MIN_REST_NOT_CHECK',
    tooClose
      ? {
          code: 'resource_min_rest',
          message: messages.minRest(
            rest / 60,
            wallOf(instantAt(tooClose.utc_begin_plus_tz), zone),
            wallOf(instantAt(tooClose.utc_end_plus_tz), zone),
          ),
        }
      : undefined,
  );

  // 14: credential expiry: valid_till, then each job label dated in label_valid_till (earliest).
  const expired: { label: string | null; till: number }[] = [];
  if (r.valid_till != null && r.valid_till < b) expired.push({ label: null, till: r.valid_till });
  for (const l of jobLabels) {
    let till: number | undefined;
    for (const [entry, at] of Object.entries(r.label_valid_till ?? {})) {
      if (resolveLabel(s.labels ?? [], entry).lower === l.lower && (till === undefined || at < till))
        till = at;
    }
    if (till !== undefined && till < b) expired.push({ label: l.name, till });
  }
  fail(
    'CREDENTIAL_EXPIRY_NOT_CHECK',
    expired.length > 0
      ? { code: 'resource_credential_expired', message: messages.credentialExpired(expired) }
      : undefined,
  );

  // 15: consecutive working days: the days any hours record of the resource works on (begin's
  // day to its last second's day), the job's own included; the run through the job's days.
  const maxDays = s.config?.max_consecutive_days ?? 6;
  const dayNo = (x: number) => Math.floor(x / DAY);
  const worked = new Set<number>();
  const span = (x: number, y: number) => [dayNo(x), dayNo(Math.max(x, y - 1))] as const;
  for (const rec of hoursRecs) {
    const [f, l] = span(rec.utc_begin_plus_tz, rec.utc_end_plus_tz);
    for (let d = f; d <= l; d++) worked.add(d);
  }
  let [runFirst, runLast] = span(b, e);
  for (let d = runFirst; d <= runLast; d++) worked.add(d);
  while (worked.has(runFirst - 1)) runFirst--;
  while (worked.has(runLast + 1)) runLast++;
  const runDays = runLast - runFirst + 1;
  fail(
    'MAX_CONSECUTIVE_DAYS_NOT_CHECK',
    runDays > maxDays
      ? {
          code: 'resource_max_consecutive_days',
          message: messages.maxConsecutiveDays(runDays, runFirst * DAY, runLast * DAY, maxDays),
        }
      : undefined,
  );

  // 16: travel time: the previous counted job (latest end at or before the job begins) and the
  // next (earliest begin at or after it ends), first in list order on ties; both places known.
  const roadFactor = s.config?.travel_road_factor ?? 1.3;
  const speed = s.config?.travel_speed_kmh ?? 40;
  let prev: AllocationRecord | undefined;
  let next: AllocationRecord | undefined;
  for (const rec of mine) {
    if (!countsForOverlap(rec)) continue;
    if (rec.utc_end_plus_tz <= b) {
      if (!prev || rec.utc_end_plus_tz > prev.utc_end_plus_tz) prev = rec;
    } else if (rec.utc_begin_plus_tz >= e && (!next || rec.utc_begin_plus_tz < next.utc_begin_plus_tz))
      next = rec;
  }
  const travel = (x: AllocationRecord) =>
    job._geoloc && x._geoloc
      ? Math.ceil(
          (haversine(x._geoloc.lat, x._geoloc.lng, job._geoloc.lat, job._geoloc.lng) * roadFactor * 60) /
            speed,
        )
      : 0;
  const fromPrev = prev ? travel(prev) : 0;
  const toNext = next ? travel(next) : 0;
  fail(
    'TRAVEL_TIME_NOT_CHECK',
    prev && elapsedSeconds(prev.utc_end_plus_tz, b, zone) < fromPrev * 60
      ? {
          code: 'resource_travel_time',
          message: messages.travelTime(fromPrev, prev.utc_begin_plus_tz, prev.utc_end_plus_tz, false),
        }
      : next && elapsedSeconds(e, next.utc_begin_plus_tz, zone) < toNext * 60
        ? {
            code: 'resource_travel_time',
            message: messages.travelTime(toNext, next.utc_begin_plus_tz, next.utc_end_plus_tz, true),
          }
        : undefined,
  );

  // Score, parts in table order.
  const pref = preferredOf(job);
  const at = pref.indexOf(r._id);
  const preferred = at >= 0 ? 100000 * (pref.length - at) : 0;
  const internal = !r.external && !extJob ? 10000 : 0;
  const external = r.external && extJob ? 100 : 0;
  const cost = weightageCost(s, r);
  const finite = pool.map((x) => weightageCost(s, x)).filter((x) => x !== Number.POSITIVE_INFINITY);
  const max = Math.max(...finite);
  const min = Math.min(...finite);
  const sameNames = jobLabels.length > 0 && jobLabels.length === resNames.size && missing.length === 0;
  const costPart = sameNames
    ? 100
    : cost === Number.POSITIVE_INFINITY
      ? 0
      : max === min
        ? 100
        : (100 * (max - cost)) / (max - min);
  const past =
    customer == null
      ? 0
      : mine.filter(
          (rec) =>
            isCountedJob(rec) &&
            lower(rec.status) !== 'cancelled' &&
            rec.customerId === customer &&
            rec.utc_begin_plus_tz < b,
        ).length;
  const pastPart = 8 * Math.min(past, 10);
  const distPart = km === undefined || maxKm <= 0 ? 0 : 60 * Math.max(0, 1 - km / maxKm);
  const labelPart =
    jobLabels.length === 0 ? 0 : (40 * (jobLabels.length - missing.length)) / jobLabels.length;
  const freeWeek = weekLimit > 0 ? 20 * Math.max(0, (weekLimit - weekH.hours) / weekLimit) : 0;
  const freeDay = dayLimit > 0 ? 10 * Math.max(0, (dayLimit - dayH.hours) / dayLimit) : 0;
  const sameDay = dayH.others >= 2 ? -2 * dayH.others : 0;
  const overlap = busy ? -10000 : 0;
  const outside = shiftIssue ? -10 : 0;
  // Rostra's minimum hours preference: 30 × the largest share of a minimum still lacking before the job.
  let lacking = 0;
  for (const [min, h] of [
    [r.min_hrs_dy, dayH.before],
    [r.min_hrs_wk, weekH.before],
    [r.min_hrs_fn, fnH.before],
  ] as const) {
    if (min != null && min > 0) lacking = Math.max(lacking, (min - h) / min);
  }
  const underMinimum = skipped(s, 'MIN_HOURS_NOT_CHECK') ? 0 : 30 * lacking;
  const score =
    preferred +
    internal +
    external +
    costPart +
    pastPart +
    distPart +
    labelPart +
    freeWeek +
    freeDay +
    sameDay +
    overlap +
    outside +
    underMinimum +
    // Travel part: −1 per minute from the previous counted job (the one the travel check found).
    (skipped(s, 'TRAVEL_TIME_NOT_CHECK') || fromPrev === 0 ? 0 : -fromPrev);

  return {
    resourceId: r._id,
    name: displayName(r),
    ok: errors.length === 0,
    score,
    weightage_cost: cost === Number.POSITIVE_INFINITY ? null : cost,
    errors,
    cost,
    lowerName: displayName(r).toLowerCase(),
  };
}

function byRank(a: Cand, b: Cand): number {
  if (a.score !== b.score) return b.score > a.score ? 1 : -1;
  if (a.cost !== b.cost) return a.cost < b.cost ? -1 : 1;
  if (a.lowerName !== b.lowerName) return a.lowerName < b.lowerName ? -1 : 1;
  return a.resourceId < b.resourceId ? -1 : a.resourceId > b.resourceId ? 1 : 0;
}

function strip(c: Cand): CandidateOutcome {
  return {
    resourceId: c.resourceId,
    name: c.name,
    ok: c.ok,
    score: c.score,
    weightage_cost: c.weightage_cost,
    errors: c.errors,
  };
}

function withResources(
  s: AllocationScenario,
  job: AllocationJob,
  ids: string[],
  auto: boolean,
  conflict: boolean,
): AllocationJob {
  const first = (s.resources ?? []).find((r) => r._id === ids[0]);
  if (!first) {
    const copy: AllocationJob = { ...job, resIds: [], autoallocate: auto, isConflict: conflict };
    delete copy.resourceId;
    delete copy.resource_first_name;
    delete copy.resource_last_name;
    return copy;
  }
  return {
    ...job,
    resIds: ids,
    resourceId: first._id,
    resource_first_name: first.first_name ?? first.name ?? '',
    resource_last_name: first.last_name ?? '',
    autoallocate: auto,
    isConflict: conflict,
  };
}

function jobLevel(s: AllocationScenario, job: AllocationJob): AllocationIssue[] {
  const spi = servicePlanFailure(s, job);
  return spi && !skipped(s, 'VISIT_SERVICE_PLAN_NOT_CHECK') ? [spi] : [];
}

function auto(
  s: AllocationScenario,
  timeline: AllocationRecord[],
  job: AllocationJob,
  limit: number | undefined,
): AllocationOutcome {
  const pool = s.resources ?? [];
  const ranked = pool.map((r) => evaluate(s, timeline, job, r, pool)).sort(byRank);
  const required = Array.isArray(job.MasterResourceID) ? Math.max(1, job.MasterResourceID.length) : 1;
  const picked = ranked
    .filter((c) => c.ok)
    .slice(0, required)
    .map((c) => c.resourceId);
  const errors = jobLevel(s, job);
  if (picked.length === 0) errors.push({ code: 'no_auto_allocation', message: messages.noAutoAllocation() });
  else if (picked.length < required) {
    errors.push({
      code: 'no_multi_allocation',
      message: messages.noMultiAllocation(required, picked.length),
    });
  }
  const pref = preferredOf(job);
  if (pref.length > 0 && picked.length > 0 && !picked.some((id) => pref.includes(id))) {
    errors.push({ code: 'no_preferred_resource_allocate', message: messages.noPreferredResource() });
  }
  const conflict = picked.length < required;
  return {
    job: picked.length > 0 ? withResources(s, job, picked, true, conflict) : { ...job, isConflict: true },
    assigned: picked,
    isConflict: conflict,
    errors,
    candidates: (limit === undefined ? ranked : ranked.slice(0, limit)).map(strip),
  };
}

export function referenceAllocate(
  s: AllocationScenario,
  options: { candidateLimit?: number } = {},
): AllocationResult {
  const jobIds = new Set(
    [...(s.jobs ?? []), ...(s.job ? [s.job] : [])].map((j) => j._id).filter((x) => x != null),
  );
  const timeline = (s.timeline ?? []).filter((rec) => rec._id == null || !jobIds.has(rec._id));

  if (s.jobs) {
    const jobs = s.jobs;
    const order = jobs
      .map((j, i) => ({ j, i }))
      .sort((x, y) => {
        if (x.j.utc_begin_plus_tz !== y.j.utc_begin_plus_tz)
          return x.j.utc_begin_plus_tz - y.j.utc_begin_plus_tz;
        const a = x.j._id ?? '';
        const b = y.j._id ?? '';
        return a < b ? -1 : a > b ? 1 : x.i - y.i;
      });
    const results: AllocationOutcome[] = [];
    for (const { j, i } of order) {
      const out = auto(s, timeline, j, options.candidateLimit);
      if (out.assigned.length > 0) {
        timeline.push({
          ...j,
          _key: 'booking',
          status: 'rostered',
          type: 'roster',
          resIds: out.assigned,
          resourceId: null,
        });
      }
      results[i] = out;
    }
    const batch: BatchOutcome = {
      results,
      summary: {
        jobs: jobs.length,
        assigned: results.filter((r) => r.assigned.length > 0).length,
        conflicts: results.filter((r) => r.isConflict).length,
      },
    };
    return batch;
  }

  const job = s.job as AllocationJob;
  const mode = s.mode ?? 'check';
  if (mode === 'auto') return auto(s, timeline, job, undefined);

  const ids: string[] = [];
  for (const id of s.candidateIds ?? job.resIds ?? []) {
    if (!ids.includes(id) && (s.resources ?? []).some((r) => r._id === id)) ids.push(id);
  }
  const cands = ids.map((id) => (s.resources ?? []).find((r) => r._id === id) as Resource);
  const evaluated = cands.map((r) => evaluate(s, timeline, job, r, cands));
  const errors = jobLevel(s, job);
  for (const c of evaluated) {
    for (const e of c.errors)
      if (e.code !== 'service_plans_invalid') errors.push({ ...e, resourceId: c.resourceId });
  }
  if (ids.length === 0) {
    errors.push({
      code: 'no_resource_found',
      title: TITLE_NO_RESOURCE_FOUND,
      message: messages.noResourceFound(),
    });
  }
  const conflict = ids.length === 0 || evaluated.some((c) => !c.ok);
  return {
    job: mode === 'manual' ? withResources(s, job, ids, false, conflict) : job,
    assigned: mode === 'manual' ? ids : [],
    isConflict: conflict,
    errors,
    candidates: [...evaluated].sort(byRank).map(strip),
  };
}
