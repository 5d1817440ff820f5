/** Small scenario builders for the allocation tests: fixed dates, UTC wall clock. */
import type { Resource } from '../records/resource.ts';
import type { Shift } from '../records/shift.ts';
import type { BatchOutcome } from './batch.ts';
import { allocate } from './engine.ts';
import type { AllocationOutcome, CandidateOutcome } from './modes.ts';
import { type AllocationJob, type AllocationScenario, parseScenario } from './scenario.ts';

/** Seconds of an ISO wall-clock time, e.g. `at('2026-01-05T09:00')` (a Monday). */
export const at = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

/** The week of Monday 05/Jan/2026 (Sunday to Saturday). */
export const WEEK = '2026-01-04_2026-01-10';

export function job(over: Partial<AllocationJob> = {}): AllocationJob {
  return {
    _id: 'j1',
    customerId: 'c1',
    utc_begin_plus_tz: at('2026-01-05T09:00'),
    utc_end_plus_tz: at('2026-01-05T11:00'),
    ...over,
  };
}

export function resource(id: string, over: Partial<Resource> = {}): Resource {
  return { _id: id, name: `Res ${id}`, first_name: 'Res', last_name: id, ...over };
}

/** A shift working every day of `weekId` around the clock (beg = end = 0: ends next day). */
export function allWeek(resourceId: string, weekId = WEEK, over: Partial<Shift> = {}): Shift {
  return {
    resourceId,
    week_id: weekId,
    su: true,
    mo: true,
    tu: true,
    we: true,
    th: true,
    fr: true,
    sa: true,
    beg: 0,
    end: 0,
    ...over,
  };
}

/** Validates and runs a scenario; fails the test when it is invalid. */
export function run(s: AllocationScenario): AllocationOutcome {
  const parsed = parseScenario(JSON.parse(JSON.stringify(s)));
  if (!parsed.ok) throw new Error(parsed.message);
  return allocate(parsed.scenario) as AllocationOutcome;
}

export function runBatch(s: AllocationScenario, candidateLimit?: number): BatchOutcome {
  const parsed = parseScenario(JSON.parse(JSON.stringify(s)));
  if (!parsed.ok) throw new Error(parsed.message);
  return allocate(parsed.scenario, candidateLimit === undefined ? {} : { candidateLimit }) as BatchOutcome;
}

/**
 * Checks one resource (default `r1`, working all week) for the job in check mode and returns its
 * candidate entry. `s` adds to or overrides the default scenario.
 */
export function checkOne(s: Partial<AllocationScenario> = {}, id = 'r1'): CandidateOutcome {
  const out = run({
    mode: 'check',
    job: job(),
    candidateIds: [id],
    resources: [resource(id)],
    shifts: [allWeek(id)],
    ...s,
  });
  return out.candidates[0] as CandidateOutcome;
}

/** The error codes of a candidate. */
export const codes = (c: CandidateOutcome): string[] => c.errors.map((e) => e.code);
