import { describe, expect, it } from 'vitest';
import {
  directionsLink,
  formatClock,
  formatHoursHmm,
  liveSeconds,
  nextLedgerStatus,
  replayTimer,
  type TimeEntry,
  telLink,
  timerOf,
} from './job-life.ts';

const at = (s: number) => s * 1000;
const ev = (action: string, s: number) => ({ action, at: at(s) });

describe('the timer as the device shows it', () => {
  it('start → pause → start → stop counts running spans as worked and the pause as a break', () => {
    const v = replayTimer([ev('start', 0), ev('pause', 600), ev('start', 900), ev('stop', 1500)]);
    expect(v).toMatchObject({ state: 'stopped', worked_seconds: 1200, break_seconds: 300 });
  });

  it('a stop while paused ends the pause as a break', () => {
    const v = replayTimer([ev('start', 0), ev('pause', 60), ev('stop', 100)]);
    expect(v).toMatchObject({ state: 'stopped', worked_seconds: 60, break_seconds: 40 });
  });

  it('skips what the state does not allow (a second start, a pause while paused, a lap while paused)', () => {
    const v = replayTimer([
      ev('start', 0),
      ev('start', 50),
      ev('pause', 100),
      ev('pause', 200),
      ev('lap', 250),
    ]);
    expect(v).toMatchObject({ state: 'paused', worked_seconds: 100, laps: [] });
  });

  it('laps note worked seconds since the previous lap', () => {
    const v = replayTimer([
      ev('start', 0),
      ev('lap', 100),
      ev('pause', 150),
      ev('start', 250),
      ev('lap', 300),
    ]);
    expect(v.laps).toEqual([100, 100]);
  });

  it('counts on live from the current run or pause', () => {
    const running = replayTimer([ev('start', 0)]);
    expect(liveSeconds(running, at(90))).toEqual({ worked: 90, breaks: 0 });
    const paused = replayTimer([ev('start', 0), ev('pause', 30)]);
    expect(liveSeconds(paused, at(90))).toEqual({ worked: 30, breaks: 60 });
    expect(liveSeconds(replayTimer([]), at(90))).toEqual({ worked: 0, breaks: 0 });
  });

  it('the server’s entries of that resource, then the taps still waiting on the device', () => {
    const entries: TimeEntry[] = [
      { _id: 'e1', resource_id: 'r1', action: 'start', at: at(0), client_id: 'a' },
      { _id: 'e2', resource_id: 'r2', action: 'start', at: at(10), client_id: 'b' },
      { _id: 'e3', resource_id: 'r1', action: 'mileage', at: at(20), client_id: 'c', km: 4 },
    ];
    const pending = [{ client_id: 'd', job_id: 'b1', action: 'pause' as const, client_at: at(120) }];
    expect(timerOf(entries, pending, 'r1')).toMatchObject({ state: 'paused', worked_seconds: 120 });
    expect(timerOf(entries, [], 'r2')).toMatchObject({ state: 'running', running_since: at(10) });
  });
});

describe('formats', () => {
  it('hours as hours plus minutes/100 with two decimals (7 h 30 min is 7.30)', () => {
    expect(formatHoursHmm(7 * 3600 + 30 * 60)).toBe('7.30');
    expect(formatHoursHmm(5 * 60 + 59)).toBe('0.05');
    expect(formatHoursHmm(0)).toBe('0.00');
    expect(formatHoursHmm(10 * 3600 + 59 * 60 + 59)).toBe('10.59');
  });

  it('a running clock', () => {
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(3 * 3600 + 5 * 60 + 9.7)).toBe('3:05:09');
  });

  it('tel: links keep only digits and the plus', () => {
    expect(telLink('+61 400 000-003')).toBe('tel:+61400000003');
    expect(telLink('')).toBeUndefined();
    expect(telLink(null)).toBeUndefined();
  });

  it('ledger statuses go draft → sent → paid', () => {
    expect(nextLedgerStatus('draft')).toBe('sent');
    expect(nextLedgerStatus('sent')).toBe('paid');
    expect(nextLedgerStatus('paid')).toBeUndefined();
  });
});

describe('directions to a job', () => {
  it('by address, else by position, else none', () => {
    expect(directionsLink({ all_location: '12 King St, Newtown NSW 2042' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20King%20St%2C%20Newtown%20NSW%202042',
    );
    expect(directionsLink({ all_location: ' ', _geoloc: { lat: -33.9, lng: 151.18 } })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-33.9%2C151.18',
    );
    expect(directionsLink({})).toBeUndefined();
  });
});
