import { describe, expect, it } from 'vitest';
import { allocate } from './engine.ts';
import { allWeek, at, job, resource } from './fixtures.test-helper.ts';
import type { AllocationOutcome } from './modes.ts';
import { createPoolChecker } from './pool-check.ts';
import type { AllocationScenario } from './scenario.ts';

const scenario = {
  job: job({ _id: 'j1', labels: ['First Aid'], utc_begin_plus_tz: at('2026-01-05T09:00') }),
  labels: [{ _id: 'l1', name: 'First Aid', unit_price: 10 }],
  resources: [
    resource('r1', { labels: ['l1'] }),
    resource('r2', { labels: [] }),
    resource('r3', { labels: ['l1'] }),
  ],
  shifts: [allWeek('r1'), allWeek('r2'), allWeek('r3', '2026-01-04_2026-01-10', { mo: false })],
  timeline: [
    // The booking's own stored copy (on r1): left out, as the engine does.
    {
      _id: 'j1',
      resIds: ['r1'],
      utc_begin_plus_tz: at('2026-01-05T09:00'),
      utc_end_plus_tz: at('2026-01-05T11:00'),
    },
    {
      _id: 'b2',
      status: 'confirmed',
      resIds: ['r1'],
      utc_begin_plus_tz: at('2026-01-05T13:00'),
      utc_end_plus_tz: at('2026-01-05T15:00'),
    },
  ],
} satisfies AllocationScenario;

const ids = ['r1', 'r2', 'r3'];

describe('createPoolChecker', () => {
  it('gives exactly the engine check mode answer for the booking moved to other times', () => {
    const check = createPoolChecker(scenario);
    for (const [b, e] of [
      ['2026-01-05T09:00', '2026-01-05T11:00'],
      ['2026-01-05T13:30', '2026-01-05T15:30'],
      ['2026-01-06T09:00', '2026-01-06T11:00'],
    ] as const) {
      const moved = { ...scenario.job, utc_begin_plus_tz: at(b), utc_end_plus_tz: at(e) };
      const engine = allocate({
        ...scenario,
        mode: 'check',
        job: moved,
        candidateIds: ids,
      }) as AllocationOutcome;
      expect(check(at(b), at(e), ids)).toEqual(engine.candidates);
    }
  });

  it('says why a resource fails in the spec words: label mismatch, no shift that day, busy', () => {
    const check = createPoolChecker(scenario);
    const byId = (list: ReturnType<typeof check>) => Object.fromEntries(list.map((c) => [c.resourceId, c]));
    const monday = byId(check(at('2026-01-05T13:30'), at('2026-01-05T15:30'), ids));
    expect(monday.r1?.ok).toBe(false);
    expect(monday.r1?.errors.map((x) => x.code)).toEqual(['resource_busy']);
    expect(monday.r2?.errors.map((x) => x.code)).toEqual(['resource_label_mismatch']);
    expect(monday.r3?.errors.map((x) => x.code)).toEqual(['resource_shift_not_setup']);
    // The booking's own old place does not make r1 busy.
    expect(byId(check(at('2026-01-05T09:00'), at('2026-01-05T11:00'), ['r1'])).r1?.ok).toBe(true);
  });

  it('checks only the ids asked for, in the order given', () => {
    const check = createPoolChecker(scenario);
    expect(
      check(at('2026-01-06T09:00'), at('2026-01-06T10:00'), ['r3', 'r1']).map((c) => c.resourceId),
    ).toEqual(['r3', 'r1']);
  });
});
