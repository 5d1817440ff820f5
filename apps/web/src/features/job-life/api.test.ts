import { describe, expect, it } from 'vitest';
import {
  directionsLink,
  formatClock,
  formatHoursHmm,
  nextLedgerStatus,
  type TimeEntry,
  telLink,
  timerAt,
  timerEvents,
} from './api.ts';

const at = (s: number) => s * 1000;

describe('the timer as the device shows it', () => {
  const entries: TimeEntry[] = [
    { _id: 'e1', resource_id: 'r1', action: 'start', at: at(0), client_id: 'a' },
    { _id: 'e2', resource_id: 'r2', action: 'start', at: at(10), client_id: 'b' },
  ];

  it('the server’s entries of that resource, then the taps still waiting on the device', () => {
    const pending = [
      { client_id: 'd', job_id: 'b1', action: 'pause' as const, client_at: at(120) },
      { client_id: 'e', job_id: 'b1', action: 'stop' as const, client_at: at(150) },
    ];
    const view = timerAt(timerEvents(entries, pending, 'r1'), at(1000));
    expect(view).toMatchObject({ state: 'stopped', worked_seconds: 120, break_seconds: 30 });
  });

  it('counts the open stretch up to now', () => {
    expect(timerAt(timerEvents(entries, [], 'r2'), at(70))).toMatchObject({
      state: 'running',
      worked_seconds: 60,
      running_since: at(10),
    });
    const paused = [{ client_id: 'd', job_id: 'b1', action: 'pause' as const, client_at: at(30) }];
    expect(timerAt(timerEvents(entries, paused, 'r1'), at(90))).toMatchObject({
      state: 'paused',
      worked_seconds: 30,
      break_seconds: 60,
    });
  });

  it('a tap whose device clock lags the server still comes after what the server has', () => {
    const lagging = [{ client_id: 'd', job_id: 'b1', action: 'stop' as const, client_at: at(-50) }];
    expect(timerAt(timerEvents(entries, lagging, 'r1'), at(500))).toMatchObject({
      state: 'stopped',
      worked_seconds: 0,
    });
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
