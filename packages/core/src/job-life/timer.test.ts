import { describe, expect, it } from 'vitest';
import {
  aggregateJob,
  aggregateResource,
  firstInvalidEntry,
  nextTimerState,
  type TimerEntry,
} from './timer.ts';

const T0 = Date.parse('2026-03-09T09:00:00Z');
const MIN = 60_000;
const e = (action: TimerEntry['action'], minutes: number, resource_id = 'r1'): TimerEntry => ({
  resource_id,
  action,
  at: T0 + minutes * MIN,
});

describe('timer state machine', () => {
  it('start → pause → start → stop is a valid sequence', () => {
    expect(nextTimerState('idle', 'start')).toBe('running');
    expect(nextTimerState('running', 'pause')).toBe('paused');
    expect(nextTimerState('paused', 'start')).toBe('running');
    expect(nextTimerState('running', 'lap')).toBe('running');
    expect(nextTimerState('running', 'stop')).toBe('stopped');
    expect(nextTimerState('paused', 'stop')).toBe('stopped');
    expect(nextTimerState('stopped', 'start')).toBe('running');
  });

  it('refuses pause when not running, start when running, stop before a start, lap when paused', () => {
    expect(nextTimerState('idle', 'pause')).toMatchObject({
      code: 'timer_sequence',
      message: 'The timer is not running, so it cannot be paused',
    });
    expect(nextTimerState('running', 'start')).toMatchObject({
      message: 'The timer is already running: pause or stop it first',
    });
    expect(nextTimerState('idle', 'stop')).toMatchObject({
      message: 'The timer has not been started, so it cannot be stopped',
    });
    expect(nextTimerState('stopped', 'stop')).toMatchObject({ message: 'The timer is already stopped' });
    expect(nextTimerState('paused', 'lap')).toMatchObject({ state: 'paused', action: 'lap' });
  });

  it('finds the first entry in time order that breaks the sequence, whatever order they arrived in', () => {
    expect(firstInvalidEntry([e('stop', 30), e('start', 0)])).toBeUndefined();
    const bad = firstInvalidEntry([e('start', 0), e('pause', 10), e('pause', 20)]);
    expect(bad?.entry.at).toBe(T0 + 20 * MIN);
  });
});

describe('aggregate', () => {
  it('start → pause → start → stop: worked is the running stretches, break the paused one', () => {
    const a = aggregateResource([e('start', 0), e('pause', 45), e('start', 60), e('stop', 135)]);
    expect(a).toEqual({
      state: 'stopped',
      worked_seconds: 120 * 60,
      break_seconds: 15 * 60,
      laps: [],
      running_since: null,
    });
  });

  it('an open stretch counts up to now only when now is given', () => {
    const entries = [e('start', 0), e('pause', 30), e('start', 40)];
    expect(aggregateResource(entries)).toMatchObject({
      state: 'running',
      worked_seconds: 1800,
      running_since: T0 + 40 * MIN,
    });
    expect(aggregateResource(entries, T0 + 50 * MIN)).toMatchObject({
      worked_seconds: 2400,
      break_seconds: 600,
    });
    expect(aggregateResource([e('start', 0), e('pause', 30)], T0 + 50 * MIN)).toMatchObject({
      state: 'paused',
      break_seconds: 1200,
      running_since: null,
    });
  });

  it('laps are the worked seconds since the start or the previous lap, breaks excluded', () => {
    const a = aggregateResource([
      e('start', 0),
      e('lap', 10),
      e('pause', 15),
      e('start', 25),
      e('lap', 30),
      e('stop', 31),
    ]);
    expect(a.laps).toEqual([600, 600]);
    expect(a.worked_seconds).toBe(31 * 60 - 10 * 60);
  });

  it('skips an entry that breaks the sequence instead of counting it', () => {
    const a = aggregateResource([e('start', 0), e('start', 10), e('stop', 60)]);
    expect(a.worked_seconds).toBe(3600);
  });

  it('equal instants keep their arrival order (seq)', () => {
    const a = aggregateResource([
      { ...e('stop', 10), seq: 2 },
      { ...e('start', 10), seq: 1 },
    ]);
    expect(a.state).toBe('stopped');
    expect(a.worked_seconds).toBe(0);
  });

  it("a job sums its resources' time and mileage; its state is the most active resource's", () => {
    const job = aggregateJob(
      [e('start', 0, 'r1'), e('stop', 60, 'r1'), e('start', 30, 'r2')],
      [
        { resource_id: 'r1', km: 12.1 },
        { resource_id: 'r1', km: 0.2 },
        { resource_id: 'r2', km: 3 },
      ],
      T0 + 90 * MIN,
    );
    expect(job.worked_seconds).toBe(3600 + 3600);
    expect(job.state).toBe('running');
    expect(job.running_since).toBe(T0 + 30 * MIN);
    expect(job.mileage_km).toBe(15.3);
    expect(job.by_resource.r1).toMatchObject({ state: 'stopped', worked_seconds: 3600, mileage_km: 12.3 });
    expect(job.by_resource.r2).toMatchObject({ state: 'running', worked_seconds: 3600 });
  });

  it('a job with no entries is idle with nothing worked', () => {
    expect(aggregateJob([])).toEqual({
      state: 'idle',
      worked_seconds: 0,
      break_seconds: 0,
      laps: [],
      running_since: null,
      mileage_km: 0,
      by_resource: {},
    });
  });
});
