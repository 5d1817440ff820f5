import { aggregateResource } from '@rostra/core/job-life/timer';
import { describe, expect, it } from 'vitest';
import { timerAt, timerEvents } from '../features/job-life/api.ts';
import { createServerClock } from './server-clock.ts';

const HOUR = 3_600_000;
/** The server's time when the worker tapped start (ms). */
const STARTED = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('the job timer on a phone whose clock is behind the server', () => {
  it('counts the worked time from the server stamps, not 0:00:00', () => {
    // The phone's clock is an hour behind; ten minutes after the start on the server's clock an
    // answer arrives (its Date header is the server's time).
    let device = STARTED + 10 * 60_000 - HOUR;
    const clock = createServerClock(() => device);
    const started = [{ resource_id: 'r1', action: 'start' as const, at: STARTED }];
    // Counted at the phone's own time, the start is in the future: nothing worked (the bug).
    expect(timerAt(started, device).worked_seconds).toBe(0);

    clock.observe(new Date(STARTED + 10 * 60_000).toUTCString(), device);
    expect(timerAt(started, clock.now()).worked_seconds).toBe(600);

    // And it keeps counting with the device's own ticks.
    device += 65_000;
    expect(timerAt(started, clock.now()).worked_seconds).toBe(665);
    expect(timerAt(started, clock.now())).toEqual(aggregateResource(started, STARTED + 665_000));
  });

  it('counts a tap still waiting in the queue (a device time) on the server clock too', () => {
    let device = STARTED - HOUR;
    const clock = createServerClock(() => device);
    clock.observe(new Date(STARTED).toUTCString(), device);
    // Offline: the start tap waits in the queue with the phone's time; five minutes pass.
    const tap = { client_id: 'c1', job_id: 'j1', action: 'start' as const, client_at: device };
    device += 5 * 60_000;
    const events = timerEvents([], [tap], 'r1', clock.offset());
    expect(timerAt(events, clock.now()).worked_seconds).toBe(300);
  });

  it('with a clock ahead of the server, does not count time that has not passed', () => {
    const device = STARTED + 30_000 + 5 * 60_000;
    const clock = createServerClock(() => device);
    clock.observe(new Date(STARTED + 30_000).toUTCString(), device);
    const started = [{ resource_id: 'r1', action: 'start' as const, at: STARTED }];
    expect(timerAt(started, clock.now()).worked_seconds).toBe(30);
  });

  it('leaves a clock in step alone (the header has whole seconds)', () => {
    const device = STARTED + 400;
    const clock = createServerClock(() => device);
    clock.observe(new Date(STARTED).toUTCString(), device);
    expect(clock.offset()).toBe(0);
    expect(clock.now()).toBe(device);
  });

  it('ignores answers without a readable Date header', () => {
    const clock = createServerClock(() => STARTED);
    clock.observe(null, STARTED);
    clock.observe('not a date', STARTED);
    expect(clock.now()).toBe(STARTED);
  });
});
