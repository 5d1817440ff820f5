import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchOutcome } from './batch.ts';
import { isVerdictJob, jobVerdict, verdictsAfter } from './booking-verdict.ts';
import { allocate } from './engine.ts';
import { allWeek, at, job, resource } from './fixtures.test-helper.ts';
import { type AllocationJob, type AllocationScenario, parseScenario } from './scenario.ts';
import { scenarioArb } from './scenario-arb.test-helper.ts';
import { ScenarioIndex } from './scenario-index.ts';

const other = (id: string, b: string, e: string, over: Partial<AllocationJob> = {}): AllocationJob => ({
  _id: id,
  status: 'confirmed',
  resIds: ['r1'],
  utc_begin_plus_tz: at(b),
  utc_end_plus_tz: at(e),
  ...over,
});

/** The verdict of `j` (09:00–11:00 on r1, who works all week) among `timeline`. */
function verdict(
  j: AllocationJob,
  timeline: AllocationJob[] = [],
  config: AllocationScenario['config'] = {},
) {
  return jobVerdict(
    new ScenarioIndex({
      resources: [resource('r1')],
      shifts: [allWeek('r1')],
      timeline: [...timeline, j],
      config,
    }),
    j,
  );
}

describe('the one verdict of a job', () => {
  it('is clean when every assigned resource passes', () => {
    expect(verdict(job({ resIds: ['r1'], status: 'confirmed' }))).toEqual({ isConflict: false, errors: [] });
  });

  it('an overlap of exactly 900 s is forgiven; one second more is resource_busy', () => {
    const j = job({ resIds: ['r1'], status: 'confirmed' });
    expect(verdict(j, [other('b2', '2026-01-05T10:45', '2026-01-05T12:00')]).isConflict).toBe(false);
    const busy = verdict(j, [other('b2', '2026-01-05T10:44:59', '2026-01-05T12:00')]);
    expect(busy.isConflict).toBe(true);
    expect(busy.errors.map((e) => [e.code, e.resourceId])).toEqual([['resource_busy', 'r1']]);
  });

  it("the organisation's larger buffer is the tolerance: 20 minutes forgive a 20-minute overlap", () => {
    const j = job({ resIds: ['r1'], status: 'confirmed' });
    const late = [other('b2', '2026-01-05T10:40', '2026-01-05T12:00')];
    expect(verdict(j, late).isConflict).toBe(true);
    expect(verdict(j, late, { overlap_buffer_minutes: 20 }).isConflict).toBe(false);
    expect(verdict(j, late, { overlap_buffer_minutes: 19 }).isConflict).toBe(true);
    // A smaller buffer does not shrink the contract's 900 s.
    expect(
      verdict(j, [other('b2', '2026-01-05T10:45', '2026-01-05T12:00')], { overlap_buffer_minutes: 5 })
        .isConflict,
    ).toBe(false);
  });

  it('a leave overlapping by one second is resource_on_leave (no tolerance)', () => {
    const j = job({ resIds: ['r1'], status: 'confirmed' });
    const leave = other('lv', '2026-01-05T10:59:59', '2026-01-06T00:00', { _key: 'leave', status: 'leave' });
    expect(verdict(j, [leave]).errors.map((e) => e.code)).toEqual(['resource_on_leave']);
    const touching = { ...leave, utc_begin_plus_tz: at('2026-01-05T11:00') };
    expect(verdict(j, [touching]).isConflict).toBe(false);
  });

  it('its own stored copy is not another job', () => {
    const j = job({ resIds: ['r1'], status: 'confirmed' });
    expect(verdict(j, [{ ...j, utc_begin_plus_tz: at('2026-01-05T08:00') }]).isConflict).toBe(false);
  });

  it('a job with no resource is in conflict (no_resource_found) unless it is a draft', () => {
    expect(verdict(job({ status: 'confirmed' })).errors.map((e) => e.code)).toEqual(['no_resource_found']);
    expect(verdict(job({ status: 'draft' }))).toEqual({ isConflict: false, errors: [] });
  });

  it('fewer resources than MasterResourceID requires is no_multi_allocation', () => {
    const v = verdict(job({ status: 'confirmed', resIds: ['r1'], MasterResourceID: ['a', 'b'] }));
    expect(v.isConflict).toBe(true);
    expect(v.errors.map((e) => e.code)).toEqual(['no_multi_allocation']);
  });

  it('leaves and breaks are not jobs of the verdict', () => {
    expect(isVerdictJob(job({ _key: 'leave' }))).toBe(false);
    expect(isVerdictJob(job({ type: 'break' }))).toBe(false);
    expect(isVerdictJob(job({ _key: 'groupevent' }))).toBe(true);
  });
});

describe('verdicts after a change', () => {
  it('name the record each busy, leave or break error collides with', () => {
    const j = job({ resIds: ['r1'], status: 'confirmed' });
    const [v] = verdictsAfter(
      {
        resources: [resource('r1')],
        shifts: [allWeek('r1')],
        timeline: [
          other('b2', '2026-01-05T10:00', '2026-01-05T12:00'),
          other('lv', '2026-01-05T10:59', '2026-01-05T12:00', { _key: 'leave', status: 'leave' }),
        ],
      },
      [j],
    );
    expect(v?.errors.map((e) => [e.code, e.conflictId])).toEqual([
      ['resource_on_leave', 'lv'],
      ['resource_busy', 'b2'],
    ]);
  });
});

describe('a batch passes the verdict', () => {
  it('re-validating every job of a random batch with the one verdict changes nothing (2,000 scenarios)', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 40 }), fc.boolean(), ({ input }, buffer, crowd) => {
        // As the database's batch: jobs with ids, nobody assigned yet, not drafts, and the
        // organisation's buffer in the config. Crowded: every job an hour long, a quarter of an
        // hour after the one before, so that jobs overlap by the tolerance and around it.
        const raw = input as AllocationScenario;
        const all = raw.jobs ?? (raw.job ? [raw.job] : []);
        const start = all[0]?.utc_begin_plus_tz ?? 0;
        const jobs = all.map((j, i) => ({
          ...j,
          _id: `j${i}`,
          resIds: [],
          resourceId: undefined,
          status: j.status === 'draft' ? 'rostered' : j.status,
          ...(crowd ? { utc_begin_plus_tz: start + i * 900, utc_end_plus_tz: start + i * 900 + 3600 } : {}),
        }));
        const { job: _one, candidateIds: _c, ...rest } = raw;
        const scenario = JSON.parse(
          JSON.stringify({
            ...rest,
            mode: 'auto',
            jobs,
            config: { ...(raw.config ?? {}), overlap_buffer_minutes: buffer },
          }),
        );
        const parsed = parseScenario(scenario);
        if (!parsed.ok) return; // backwards records: not a batch the database would run
        const outcome = allocate(parsed.scenario) as BatchOutcome;
        const after = outcome.results.map((r) => r.job);
        const verdicts = verdictsAfter(parsed.scenario, after);
        expect(verdicts.map((v) => v.isConflict)).toEqual(outcome.results.map((r) => r.isConflict));
        // And again: the stored state is a fixed point (saving unchanged changes nothing).
        const stored = after.map((j, i) => ({ ...j, isConflict: verdicts[i]?.isConflict }));
        expect(verdictsAfter(parsed.scenario, stored)).toEqual(verdicts);
      }),
      { numRuns: 2000 },
    );
  }, 120_000);
});
