import { describe, expect, it } from 'vitest';
import { allWeek, at, job, resource } from './fixtures.test-helper.ts';
import { runAllocation, runAllocationJson } from './run.ts';
import { parseScenario } from './scenario.ts';

const valid = {
  mode: 'check',
  job: job(),
  candidateIds: ['r1'],
  resources: [resource('r1')],
  shifts: [allWeek('r1')],
};
const message = (input: unknown) => {
  const r = parseScenario(input);
  return r.ok ? 'valid' : r.message;
};

describe('scenario validation: one line naming the offending field', () => {
  it('names a wrong or missing job field: "job.utc_begin_plus_tz: expected a number"', () => {
    expect(message({ ...valid, job: { ...job(), utc_begin_plus_tz: '09:00' } })).toBe(
      'job.utc_begin_plus_tz: expected a number',
    );
    const { utc_begin_plus_tz: _, ...noBegin } = job();
    expect(message({ ...valid, job: noBegin })).toBe('job.utc_begin_plus_tz: expected a number');
  });

  it('names list elements by index', () => {
    expect(
      message({
        ...valid,
        timeline: [{ utc_begin_plus_tz: 1, utc_end_plus_tz: 2 }, { utc_begin_plus_tz: 1 }],
      }),
    ).toBe('timeline[1].utc_end_plus_tz: expected a number');
    expect(message({ ...valid, resources: [{ name: 'x' }] })).toBe('resources[0]._id: expected a string');
    expect(message({ ...valid, shifts: [{ resourceId: 'r1', week_id: '2026-01-04' }] })).toBe(
      'shifts[0].week_id: expected YYYY-MM-DD_YYYY-MM-DD',
    );
  });

  it('names enums and ranges', () => {
    expect(message({ ...valid, mode: 'best' })).toBe('mode: expected one of "check", "manual", "auto"');
    expect(message({ ...valid, config: { week_start_day: 7 } })).toBe(
      'config.week_start_day: expected a number <= 6',
    );
    expect(message({ ...valid, config: { max_distance: -1 } })).toBe(
      'config.max_distance: expected a number >= 0',
    );
    expect(message({ ...valid, config: { switches: { LEAVE_NOT_CHECK: 'yes' } } })).toBe(
      'config.switches.LEAVE_NOT_CHECK: expected a boolean',
    );
  });

  it('needs exactly one of job and jobs; a batch runs in auto mode', () => {
    expect(message('nope')).toBe('scenario: expected an object');
    expect(message({ resources: [] })).toBe('job: expected an object');
    expect(message({ job: job(), jobs: [] })).toBe('jobs: give either job or jobs, not both');
    expect(message({ mode: 'check', jobs: [job()] })).toBe('mode: a batch (jobs) runs in auto mode only');
    expect(message({ jobs: [job()] })).toBe('valid');
  });

  it('refuses a job ending before it begins, duplicate ids and unknown candidates', () => {
    expect(message({ ...valid, job: job({ utc_end_plus_tz: at('2026-01-05T08:00') }) })).toBe(
      'job.utc_end_plus_tz: must not be before utc_begin_plus_tz',
    );
    expect(message({ ...valid, resources: [resource('r1'), resource('r1')] })).toBe(
      'resources[1]._id: duplicate resource id "r1"',
    );
    expect(message({ jobs: [job({ _id: 'a' }), job({ _id: 'a' })] })).toBe(
      'jobs[1]._id: duplicate job id "a"',
    );
    expect(message({ ...valid, candidateIds: ['r1', 'r9'] })).toBe('candidateIds[1]: unknown resource "r9"');
    expect(message({ ...valid, candidateIds: undefined, job: job({ resIds: ['r9'] }) })).toBe(
      'job.resIds[0]: unknown resource "r9"',
    );
    // Auto mode picks from the pool: the job's current resources need not be in it.
    expect(message({ ...valid, mode: 'auto', candidateIds: undefined, job: job({ resIds: ['r9'] }) })).toBe(
      'valid',
    );
  });

  it('accepts null for optional fields and passes unknown fields through, key order kept', () => {
    const input = {
      ...valid,
      job: { zeta: 1, ...job(), _geoloc: null, MasterResourceID: null, extra: { a: 1 } },
      resources: [resource('r1', { max_hrs_wk: null, legacy_flag: true } as object)],
    };
    const r = runAllocation(input);
    expect(r.ok && 'job' in r.outcome && Object.keys(r.outcome.job)).toEqual(Object.keys(input.job));
  });
});

describe('runAllocationJson', () => {
  it('broken JSON is an invalid scenario with a one-line message', () => {
    const r = runAllocationJson('{"job": ');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^input: not valid JSON \(.+\)$/);
    expect(!r.ok && r.message.includes('\n')).toBe(false);
  });

  it('a batch lists the best 5 candidates per job unless all are asked for', () => {
    const ids = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
    const text = JSON.stringify({
      jobs: [job()],
      resources: ids.map((id) => resource(id)),
      shifts: ids.map((id) => allWeek(id)),
    });
    const top = runAllocationJson(text);
    const all = runAllocationJson(text, { allCandidates: true });
    expect(top.ok && 'results' in top.outcome && top.outcome.results[0]?.candidates.length).toBe(5);
    expect(all.ok && 'results' in all.outcome && all.outcome.results[0]?.candidates.length).toBe(6);
  });
});
