import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildExceptionReport,
  compareEntries,
  type ExceptionConfig,
  type ExceptionJob,
  elapsedMinutes,
  exceptionSeverity,
  UNCONFIRMED_ACTION,
  unconfirmedEntries,
} from './report.ts';
import { STATUS_ORDER } from './status-order.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const begin = at('2026-01-05T09:00:00');
const end = at('2026-01-05T11:00:00');
const job = (over: Partial<ExceptionJob> = {}): ExceptionJob => ({
  _id: 'b1',
  status: 'dispatched',
  labels: ['urgent'],
  utc_begin_plus_tz: begin,
  utc_end_plus_tz: end,
  ...over,
});
const finishBy15: ExceptionConfig = { action_status: 'finished', exception_min_amber: 15 };

describe('exception report: amber threshold', () => {
  it('kept when the minutes since the end time exactly reach exception_min_amber', () => {
    const r = buildExceptionReport({ jobs: [job()], configs: [finishBy15], now: end + 15 * 60 });
    expect(r.entries).toEqual([
      {
        _id: 'b1',
        action_status: 'finished',
        curr_state: 'dispatched',
        curr_state_date: end,
        labels: ['urgent'],
        matched: false,
      },
    ]);
    expect(r.matched).toEqual([]);
  });

  it('not kept one second before the threshold', () => {
    const r = buildExceptionReport({ jobs: [job()], configs: [finishBy15], now: end + 15 * 60 - 1 });
    expect(r).toEqual({ entries: [], matched: [] });
  });

  it('the reference time is action_attr when given (begin time here), else the end time', () => {
    const activeBy10: ExceptionConfig = {
      action_status: 'active',
      action_attr: 'utc_begin_plus_tz',
      exception_min_amber: 10,
    };
    const now = begin + 10 * 60;
    expect(
      buildExceptionReport({ jobs: [job()], configs: [activeBy10], now }).entries[0]?.curr_state_date,
    ).toBe(begin);
    const { action_attr: _, ...byEnd } = activeBy10;
    expect(buildExceptionReport({ jobs: [job()], configs: [byEnd], now }).entries).toEqual([]);
  });

  it('a job without a numeric reference time is skipped', () => {
    const r = buildExceptionReport({
      jobs: [job({ utc_end_plus_tz: 'soon' })],
      configs: [finishBy15],
      now: end + 3600,
    });
    expect(r.entries).toEqual([]);
  });
});

describe('exception report: matched entries', () => {
  const confirmBy0: ExceptionConfig = { action_status: 'confirmed', exception_min_amber: 0 };

  it('dropped and marked matched when the current state is already beyond the action status', () => {
    const r = buildExceptionReport({
      jobs: [job({ status: 'confirmed' })],
      configs: [confirmBy0],
      now: end + 3600,
      states: { b1: { status: 'active', date: begin + 120 } },
    });
    expect(r.entries).toEqual([]);
    expect(r.matched).toEqual([
      {
        _id: 'b1',
        action_status: 'confirmed',
        curr_state: 'active',
        curr_state_date: begin + 120,
        labels: ['urgent'],
        matched: true,
      },
    ]);
  });

  it('reaching the action status exactly counts as matched; one step short is an exception', () => {
    const reached = buildExceptionReport({
      jobs: [job({ status: 'confirmed' })],
      configs: [confirmBy0],
      now: end,
    });
    expect(reached.matched.map((e) => e.curr_state)).toEqual(['confirmed']);
    expect(reached.matched[0]?.curr_state_date).toBeNull(); // no state document: change time unknown
    const short = buildExceptionReport({
      jobs: [job({ status: 'rostered' })],
      configs: [confirmBy0],
      now: end,
    });
    expect(short.entries.map((e) => e.curr_state)).toEqual(['rostered']);
  });

  it('the latest state document is the current state, even when the job record lags behind', () => {
    const r = buildExceptionReport({
      jobs: [job({ status: 'dispatched' })],
      configs: [finishBy15],
      now: end + 3600,
      states: { b1: { status: 'finished', date: end + 60 } },
    });
    expect(r.entries).toEqual([]);
    expect(r.matched[0]).toMatchObject({ curr_state: 'finished', curr_state_date: end + 60 });
  });

  it('a current state outside the status table (cancelled) is neither exception nor matched', () => {
    const r = buildExceptionReport({
      jobs: [job()],
      configs: [finishBy15],
      now: end + 3600,
      states: { b1: { status: 'cancelled', date: end } },
    });
    expect(r).toEqual({ entries: [], matched: [] });
  });
});

describe('exception report: which jobs and configs', () => {
  it('only current jobs: inactive, draft and finished jobs are left out', () => {
    const jobs = [
      job({ _id: 'a', inactive: true }),
      job({ _id: 'b', status: 'draft' }),
      job({ _id: 'c', status: 'finished' }),
      job({ _id: 'd', status: 'rostered' }),
    ];
    const r = buildExceptionReport({ jobs, configs: [finishBy15], now: end + 3600 });
    expect(r.entries.map((e) => e._id)).toEqual(['d']);
  });

  it('configs with an unknown action status or a bad threshold are ignored', () => {
    const configs: ExceptionConfig[] = [
      { action_status: 'parked', exception_min_amber: 0 },
      { action_status: 'finished', exception_min_amber: Number.NaN },
      { action_status: 'finished', exception_min_amber: -1 },
      { action_status: 'finished', exception_min_amber: 0 },
    ];
    expect(buildExceptionReport({ jobs: [job()], configs, now: end }).entries).toHaveLength(1);
  });

  it('every config applies to every job: one entry per job and action status', () => {
    const configs: ExceptionConfig[] = [
      { action_status: 'active', action_attr: 'utc_begin_plus_tz', exception_min_amber: 0 },
      finishBy15,
    ];
    const r = buildExceptionReport({ jobs: [job({ status: 'confirmed' })], configs, now: end + 3600 });
    expect(r.entries.map((e) => e.action_status)).toEqual(['active', 'finished']);
  });
});

describe('exception report: order', () => {
  it('sorted by status order of the current state, highest first', () => {
    const jobs = [
      job({ _id: 'r', status: 'rostered' }),
      job({ _id: 'a', status: 'active' }),
      job({ _id: 'c', status: 'confirmed' }),
      job({ _id: 'd', status: 'dispatched' }),
    ];
    const r = buildExceptionReport({ jobs, configs: [finishBy15], now: end + 3600 });
    expect(r.entries.map((e) => e.curr_state)).toEqual(['active', 'dispatched', 'confirmed', 'rostered']);
  });

  it('ties: longest overdue first, then _id, then the lower action status', () => {
    const jobs = [
      job({ _id: 'z', utc_end_plus_tz: end }),
      job({ _id: 'y', utc_end_plus_tz: end - 600 }),
      job({ _id: 'x', utc_end_plus_tz: end }),
    ];
    const r = buildExceptionReport({ jobs, configs: [finishBy15], now: end + 3600 });
    expect(r.entries.map((e) => e._id)).toEqual(['y', 'x', 'z']);
    const configs: ExceptionConfig[] = [finishBy15, { action_status: 'active', exception_min_amber: 15 }];
    const two = buildExceptionReport({ jobs: [job({ status: 'confirmed' })], configs, now: end + 3600 });
    expect(two.entries.map((e) => e.action_status)).toEqual(['active', 'finished']);
  });

  it('property: entries are exceptions past their threshold, in report order', () => {
    const statuses = Object.keys(STATUS_ORDER);
    const arbJob = fc.record({
      _id: fc.constantFrom('a', 'b', 'c', 'd'),
      status: fc.constantFrom(...statuses, 'cancelled'),
      utc_end_plus_tz: fc.integer({ min: end - 7200, max: end + 7200 }),
    });
    const arbConfig = fc.record({
      action_status: fc.constantFrom(...statuses),
      exception_min_amber: fc.integer({ min: 0, max: 120 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbJob, { maxLength: 6 }),
        fc.array(arbConfig, { maxLength: 3 }),
        (jobs, configs) => {
          const now = end + 3600;
          const r = buildExceptionReport({ jobs, configs, now });
          for (const e of r.entries) {
            const minAmber = Math.min(
              ...configs.filter((c) => c.action_status === e.action_status).map((c) => c.exception_min_amber),
            );
            expect(now - (e.curr_state_date ?? Number.NaN)).toBeGreaterThanOrEqual(minAmber * 60);
            expect(e.matched).toBe(false);
          }
          expect([...r.entries].sort(compareEntries)).toEqual(r.entries);
          expect(r.matched.every((e) => e.matched)).toBe(true);
        },
      ),
    );
  });
});

describe('exception severity', () => {
  it('none before min_amber minutes, amber exactly at it, red exactly at twice it', () => {
    expect(exceptionSeverity(end, end + 15 * 60 - 1, 15)).toBe('none');
    expect(exceptionSeverity(end, end + 15 * 60, 15)).toBe('amber');
    expect(exceptionSeverity(end, end + 30 * 60 - 1, 15)).toBe('amber');
    expect(exceptionSeverity(end, end + 30 * 60, 15)).toBe('red');
  });

  it('with min_amber 0 a due item is red at once; before its reference time it is none', () => {
    expect(exceptionSeverity(end, end, 0)).toBe('red');
    expect(exceptionSeverity(end, end - 1, 0)).toBe('none');
  });

  it('elapsed minutes round down, and are negative before the reference time', () => {
    expect(elapsedMinutes(end, end + 119)).toBe(1);
    expect(elapsedMinutes(end, end - 1)).toBe(-1);
  });
});

describe('exception report: jobs still unconfirmed before their start', () => {
  const job = { _id: 'j1', status: 'dispatched', utc_begin_plus_tz: 100_000, labels: ['x'] };
  const run = (now: number, pending = new Set(['j1']), hoursBefore = 2) =>
    unconfirmedEntries({ jobs: [job], pending, hoursBefore, now });

  it('an exception from N hours before the start (exactly N counts), dated by the start', () => {
    expect(run(100_000 - 7200)).toEqual([
      {
        _id: 'j1',
        action_status: UNCONFIRMED_ACTION,
        curr_state: 'dispatched',
        curr_state_date: 100_000,
        labels: ['x'],
        matched: false,
      },
    ]);
    expect(run(100_000 - 7201)).toEqual([]);
  });

  it('none once every worker answered, for a job no longer current, or without the setting', () => {
    expect(run(100_000, new Set())).toEqual([]);
    expect(
      unconfirmedEntries({
        jobs: [{ ...job, status: 'cancelled' }],
        pending: new Set(['j1']),
        hoursBefore: 2,
        now: 100_000,
      }),
    ).toEqual([]);
    expect(run(100_000, new Set(['j1']), Number.NaN)).toEqual([]);
  });
});

describe('exception timings across daylight saving (the organisation zone)', () => {
  // Sydney 2026: clocks go back 03:00 → 02:00 on 5 April, forward 02:00 → 03:00 on 4 October.
  const SYDNEY = 'Australia/Sydney';
  const endedAt = (iso: string) => job({ utc_end_plus_tz: at(iso) });
  const finishBy = (minutes: number): ExceptionConfig => ({
    action_status: 'finished',
    exception_min_amber: minutes,
  });

  it('the back night: from 01:45 to 03:00 is 2 h 15 min overdue (1 h 15 on the wall clock)', () => {
    const ended = at('2026-04-05T01:45:00');
    const now = at('2026-04-05T03:00:00');
    expect(elapsedMinutes(ended, now, SYDNEY)).toBe(135);
    expect(elapsedMinutes(ended, now)).toBe(75);
    expect(exceptionSeverity(ended, now, 120, SYDNEY)).toBe('amber');
    const report = (timeZone?: string) =>
      buildExceptionReport({
        jobs: [endedAt('2026-04-05T01:45:00')],
        configs: [finishBy(120)],
        now,
        timeZone,
      }).entries.length;
    expect([report(SYDNEY), report()]).toEqual([1, 0]);
  });

  it('the forward night: from 01:30 to 03:15 is 45 minutes (1 h 45 on the wall clock)', () => {
    const ended = at('2026-10-04T01:30:00');
    const now = at('2026-10-04T03:15:00');
    expect(elapsedMinutes(ended, now, SYDNEY)).toBe(45);
    expect(exceptionSeverity(ended, now, 60, SYDNEY)).toBe('none');
    expect(exceptionSeverity(ended, now, 60)).toBe('amber');
  });

  it('"hours before the start" is real time: 3 hours before a 04:00 start on the forward night is 00:00', () => {
    const start = {
      _id: 'j1',
      status: 'dispatched',
      utc_begin_plus_tz: at('2026-10-04T04:00:00'),
      labels: [],
    };
    const run = (now: string, timeZone?: string) =>
      unconfirmedEntries({ jobs: [start], pending: new Set(['j1']), hoursBefore: 3, now: at(now), timeZone })
        .length;
    // 00:30 is 2 h 30 real before 04:00 that night: inside 3 hours; on the wall clock 3 h 30, outside.
    expect([run('2026-10-04T00:30:00', SYDNEY), run('2026-10-04T00:30:00')]).toEqual([1, 0]);
  });
});
