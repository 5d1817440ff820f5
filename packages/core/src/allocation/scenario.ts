import { z } from 'zod';
import { blacklistSchema } from '../records/blacklist.ts';
import { customerSchema } from '../records/customer.ts';
import { labelSchema } from '../records/label.ts';
import { resourceSchema } from '../records/resource.ts';
import { servicePlanSchema } from '../records/service-plan.ts';
import { shiftSchema } from '../records/shift.ts';
import { timelineRecordSchema } from '../records/timeline-record.ts';
import { isTimeZone } from '../settings/company.ts';
import { DEFAULT_MAX_DISTANCE_KM } from '../shell/constants.ts';

/**
 * The allocation scenario of `contracts/allocation.md`: one job (or a batch of jobs, auto mode
 * only), the resource pool and everything the checks read. The schema has no defaults and no
 * transforms, so a valid input is used as it is and the job is echoed with its own key order.
 */

/** The spec's switch names; `true` skips that check. */
export const SWITCH_NAMES = [
  'RESOURCE_INACTIVE_NOT_CHECK',
  'RESOURCE_INACTIVE_DATE_NOT_CHECK',
  'RESOURCE_BLACKLISTED_NOT_CHECK',
  'LEAVE_NOT_CHECK',
  'BREAK_NOT_CHECK',
  'MAX_HR_DAY_NOT_CHECK',
  'MAX_HR_WEEK_NOT_CHECK',
  'MAX_HR_FORTNIGHT_NOT_CHECK',
  'LABEL_MATCH_NOT_CHECK',
  'RESOURCE_SHIFT_NOT_CHECK',
  'EXISTING_JOB_OVERLAP_NOT_CHECK',
  'DISTANCE_NOT_CHECK',
  'EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK',
  'VISIT_SERVICE_PLAN_NOT_CHECK',
  'MIN_REST_NOT_CHECK',
  'CREDENTIAL_EXPIRY_NOT_CHECK',
  'MAX_CONSECUTIVE_DAYS_NOT_CHECK',
  'MIN_HOURS_NOT_CHECK',
  'TRAVEL_TIME_NOT_CHECK',
] as const;
export type SwitchName = (typeof SWITCH_NAMES)[number];
/** Rostra's own rules (issue 20), after the contract's checks; the settings show them as "Rules". */
export const RULE_SWITCH_NAMES = [
  'MIN_REST_NOT_CHECK',
  'CREDENTIAL_EXPIRY_NOT_CHECK',
  'MAX_CONSECUTIVE_DAYS_NOT_CHECK',
  'MIN_HOURS_NOT_CHECK',
  'TRAVEL_TIME_NOT_CHECK',
] as const satisfies readonly SwitchName[];
export type Switches = Record<SwitchName, boolean>;

/**
 * Contract defaults: only the daily and fortnightly hour limits are skipped unless switched on;
 * Rostra's own rules after the contract's (minimum rest, …) are skipped too.
 */
export const DEFAULT_SWITCHES: Readonly<Switches> = Object.freeze({
  RESOURCE_INACTIVE_NOT_CHECK: false,
  RESOURCE_INACTIVE_DATE_NOT_CHECK: false,
  RESOURCE_BLACKLISTED_NOT_CHECK: false,
  LEAVE_NOT_CHECK: false,
  BREAK_NOT_CHECK: false,
  MAX_HR_DAY_NOT_CHECK: true,
  MAX_HR_WEEK_NOT_CHECK: false,
  MAX_HR_FORTNIGHT_NOT_CHECK: true,
  LABEL_MATCH_NOT_CHECK: false,
  RESOURCE_SHIFT_NOT_CHECK: false,
  EXISTING_JOB_OVERLAP_NOT_CHECK: false,
  DISTANCE_NOT_CHECK: false,
  EXTERNAL_RESOURCE_ALLOCATION_NOT_CHECK: false,
  VISIT_SERVICE_PLAN_NOT_CHECK: false,
  // Rostra's rules (issue 20): skipped unless the organisation switches them on.
  MIN_REST_NOT_CHECK: true,
  CREDENTIAL_EXPIRY_NOT_CHECK: true,
  MAX_CONSECUTIVE_DAYS_NOT_CHECK: true,
  // A preference, never a failure: the score's under-minimum-hours part (see `underMinimumPart`).
  MIN_HOURS_NOT_CHECK: true,
  TRAVEL_TIME_NOT_CHECK: true,
});

/** Default `config.max_distance`, metres: the spec's 20 km. */
export const DEFAULT_MAX_DISTANCE_M = DEFAULT_MAX_DISTANCE_KM * 1000;

/** Minimum rest between two jobs when the organisation gives none, minutes (10 hours). */
export const DEFAULT_MIN_REST_MINUTES = 600;
/** Longest minimum rest, minutes (a day: a scenario holds a day either side of its jobs). */
export const MAX_MIN_REST_MINUTES = 1440;

/** Most consecutive working days when the organisation gives none. */
export const DEFAULT_MAX_CONSECUTIVE_DAYS = 6;
/** Largest setting of it (a scenario then reaches that many days either side of its jobs). */
export const MAX_MAX_CONSECUTIVE_DAYS = 28;

/** Road distance over straight-line distance when the organisation gives none (travel time). */
export const DEFAULT_TRAVEL_ROAD_FACTOR = 1.3;
/** Average travel speed between jobs when the organisation gives none, km/h. */
export const DEFAULT_TRAVEL_SPEED_KMH = 40;

/** A job to allocate: a booking whose begin and end are known (seconds, wall clock as UTC). */
export const allocationJobSchema = timelineRecordSchema.extend({
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
});
export type AllocationJob = z.infer<typeof allocationJobSchema>;

/** An existing record of the timeline; it only matters to allocation through its times. */
export const allocationRecordSchema = allocationJobSchema;
export type AllocationRecord = AllocationJob;

export const allocationConfigSchema = z.looseObject({
  /** Metres. */
  max_distance: z.number().min(0).nullish(),
  /** 0 = Sunday … 6 = Saturday. */
  week_start_day: z.number().int().min(0).max(6).nullish(),
  switches: z.record(z.string(), z.boolean()).nullish(),
  /**
   * Rostra's extension: the organisation's overlap buffer, minutes. The busy check's tolerance is
   * the larger of the contract's 900 s and this (see `overlapToleranceSeconds`); absent, 900 s.
   */
  overlap_buffer_minutes: z.number().min(0).nullish(),
  /**
   * Rostra's rule: minutes of rest a resource needs between two of its jobs (check
   * `resource_min_rest`, on with `MIN_REST_NOT_CHECK: false`); absent, `DEFAULT_MIN_REST_MINUTES`.
   */
  min_rest_minutes: z.number().min(0).max(MAX_MIN_REST_MINUTES).nullish(),
  /**
   * Rostra's extension: the organisation's IANA time zone. Hours (the hour limits and the score)
   * are real elapsed time in it (`elapsedSeconds`: 01:00–04:00 is 4 h the night clocks go back);
   * absent, wall-clock length, as the contract says.
   */
  time_zone: z.string().refine(isTimeZone, 'expected an IANA time zone').nullish(),
  /**
   * Rostra's rule: most calendar days in a row a resource may work (check
   * `resource_max_consecutive_days`, on with `MAX_CONSECUTIVE_DAYS_NOT_CHECK: false`); absent,
   * `DEFAULT_MAX_CONSECUTIVE_DAYS`.
   */
  max_consecutive_days: z.number().int().min(1).max(MAX_MAX_CONSECUTIVE_DAYS).nullish(),
  /**
   * Rostra's extension: the organisation's `date_format`, in which the checks' messages print
   * dates (see `dateFormatOf`: an unknown one, or none, is the spec's dd/mmm/yyyy).
   */
  date_format: z.string().nullish(),
  /**
   * Rostra's rule (check `resource_travel_time`, on with `TRAVEL_TIME_NOT_CHECK: false`): road
   * distance over straight-line distance, 1–3; absent, `DEFAULT_TRAVEL_ROAD_FACTOR`.
   */
  travel_road_factor: z.number().min(1).max(3).nullish(),
  /** The travel time rule's average speed, km/h, 5–130; absent, `DEFAULT_TRAVEL_SPEED_KMH`. */
  travel_speed_kmh: z.number().min(5).max(130).nullish(),
});
export type AllocationConfig = z.infer<typeof allocationConfigSchema>;

export const allocationModeSchema = z.enum(['check', 'manual', 'auto']);
export type AllocationMode = z.infer<typeof allocationModeSchema>;

/** Longest improvement an optimised batch may ask for, milliseconds. */
export const OPTIMISE_BUDGET_MAX_MS = 60_000;

/** The optimised batch's request (contract › Optimised batch): improve for about `budget_ms`. */
export const optimiseSchema = z.object({
  budget_ms: z.number().int().min(0).max(OPTIMISE_BUDGET_MAX_MS),
});

export const allocationScenarioSchema = z.looseObject({
  optimise: optimiseSchema.nullish(),
  mode: allocationModeSchema.nullish(),
  job: allocationJobSchema.nullish(),
  jobs: z.array(allocationJobSchema).nullish(),
  candidateIds: z.array(z.string()).nullish(),
  resources: z.array(resourceSchema).nullish(),
  labels: z.array(labelSchema).nullish(),
  customers: z.array(customerSchema).nullish(),
  timeline: z.array(allocationRecordSchema).nullish(),
  shifts: z.array(shiftSchema).nullish(),
  blacklists: z.array(blacklistSchema).nullish(),
  servicePlans: z.array(servicePlanSchema).nullish(),
  config: allocationConfigSchema.nullish(),
});
export type AllocationScenario = z.infer<typeof allocationScenarioSchema>;

export type ParseResult = { ok: true; scenario: AllocationScenario } | { ok: false; message: string };

const ARTICLE: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  int: 'an integer',
  record: 'an object',
};

/** `job.utc_begin_plus_tz`, `timeline[3]._id`; the whole input is `scenario`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? 'scenario' : out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${ARTICLE[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'number'
        ? `expected a number ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`
        : issue.message;
    case 'too_big':
      return issue.origin === 'number'
        ? `expected a number ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`
        : issue.message;
    default:
      return issue.message;
  }
}

function fail(path: ReadonlyArray<PropertyKey>, message: string): ParseResult {
  return { ok: false, message: `${formatPath(path)}: ${message}` };
}

/**
 * Validates a scenario. On failure the message is one line naming the first offending field,
 * e.g. `job.utc_begin_plus_tz: expected a number`. Beyond the schema it enforces what the engine
 * relies on: exactly one of `job` / `jobs`; a batch runs in auto mode only (mode may be omitted);
 * a job does not end before it begins; resource ids and batch job ids are unique; in check and
 * manual mode every candidate (`candidateIds`, else `job.resIds`) is a resource of the pool.
 * Never throws.
 */
export function parseScenario(input: unknown): ParseResult {
  const parsed = allocationScenarioSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) return fail([], 'invalid scenario');
    return fail(issue.path, describeIssue(issue).replace(/\s+/g, ' '));
  }
  // No transforms or defaults in the schema: the input itself is the scenario, key order kept.
  const s = input as AllocationScenario;
  const hasJob = s.job != null;
  const hasJobs = s.jobs != null;
  if (hasJob && hasJobs) return fail(['jobs'], 'give either job or jobs, not both');
  if (!hasJob && !hasJobs) return fail(['job'], 'expected an object');
  if (hasJobs && s.mode != null && s.mode !== 'auto') {
    return fail(['mode'], 'a batch (jobs) runs in auto mode only');
  }
  if (s.optimise != null && !hasJobs) return fail(['optimise'], 'only a batch (jobs) can be optimised');
  const jobs = s.jobs ?? [];
  for (let i = 0; i < jobs.length; i++) {
    const j = jobs[i] as AllocationJob;
    if (j.utc_end_plus_tz < j.utc_begin_plus_tz) {
      return fail(['jobs', i, 'utc_end_plus_tz'], 'must not be before utc_begin_plus_tz');
    }
  }
  if (s.job && s.job.utc_end_plus_tz < s.job.utc_begin_plus_tz) {
    return fail(['job', 'utc_end_plus_tz'], 'must not be before utc_begin_plus_tz');
  }
  const ids = new Set<string>();
  const resources = s.resources ?? [];
  for (let i = 0; i < resources.length; i++) {
    const id = (resources[i] as { _id: string })._id;
    if (ids.has(id)) return fail(['resources', i, '_id'], `duplicate resource id ${JSON.stringify(id)}`);
    ids.add(id);
  }
  const jobIds = new Set<string>();
  for (let i = 0; i < jobs.length; i++) {
    const id = jobs[i]?._id;
    if (id == null) continue;
    if (jobIds.has(id)) return fail(['jobs', i, '_id'], `duplicate job id ${JSON.stringify(id)}`);
    jobIds.add(id);
  }
  const mode = s.mode ?? 'check';
  if (s.job && mode !== 'auto') {
    const [list, path] =
      s.candidateIds != null ? [s.candidateIds, ['candidateIds']] : [s.job.resIds ?? [], ['job', 'resIds']];
    for (let i = 0; i < list.length; i++) {
      const id = list[i] as string;
      if (!ids.has(id)) return fail([...path, i], `unknown resource ${JSON.stringify(id)}`);
    }
  }
  return { ok: true, scenario: s };
}
