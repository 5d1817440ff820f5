import { describe, expect, it } from 'vitest';
import {
  type BookingFacts,
  bookingNotices,
  DEFAULT_PREFERENCES,
  fillTemplate,
  isOpenJob,
  MAX_ATTEMPTS,
  offeredBy,
  planSends,
  quietHoursIssue,
  quietUntil,
  reminderDue,
  reminderWindow,
  renderNotice,
  retryAt,
} from './rules.ts';

const SYDNEY = 'Australia/Sydney';
const everywhere = { email: true, sms: true, push: true };
// 2026-06-10 12:00 UTC = 22:00 in Sydney (UTC+10, no daylight saving in June).
const at2200 = new Date('2026-06-10T12:00:00Z');

describe('which channels an event goes by', () => {
  it('clean: the organisation’s channels for the event that the user accepts and can be reached by', () => {
    const sends = planSends({
      event: 'assigned',
      org: { eventChannels: { assigned: ['email', 'sms'] } },
      prefs: { channels: ['push', 'sms'], quietHours: null },
      reach: everywhere,
      now: at2200,
      timeZone: SYDNEY,
    });
    expect(sends).toEqual([{ channel: 'sms', notBefore: at2200 }]);
  });
  it('boundary: defaults apply when the organisation set nothing; no phone means no SMS', () => {
    const sends = planSends({
      event: 'changed',
      org: {},
      prefs: DEFAULT_PREFERENCES,
      reach: { email: true, sms: false, push: true },
      now: at2200,
      timeZone: SYDNEY,
    });
    expect(sends.map((s) => s.channel)).toEqual(['push', 'email']);
  });
  it('breaking: a user who turned every channel off gets nothing, whatever the organisation says', () => {
    const sends = planSends({
      event: 'cancelled',
      org: { eventChannels: { cancelled: ['push', 'email', 'sms'] } },
      prefs: { channels: [], quietHours: null },
      reach: everywhere,
      now: at2200,
      timeZone: SYDNEY,
    });
    expect(sends).toEqual([]);
  });
  it('during quiet hours every send waits until they end, on the organisation’s clock', () => {
    const sends = planSends({
      event: 'assigned',
      org: {},
      prefs: { channels: ['email'], quietHours: { start: '21:00', end: '07:00' } },
      reach: everywhere,
      now: at2200,
      timeZone: SYDNEY,
    });
    // 07:00 the next morning in Sydney = 21:00 UTC the same day.
    expect(sends).toEqual([{ channel: 'email', notBefore: new Date('2026-06-10T21:00:00Z') }]);
  });
});

describe('quiet hours', () => {
  it('clean: a window within the day holds from its start and ends at its end', () => {
    const q = { start: '13:00', end: '15:00' };
    // 13:30 Sydney = 03:30 UTC
    expect(quietUntil(new Date('2026-06-10T03:30:00Z'), SYDNEY, q)).toEqual(new Date('2026-06-10T05:00:00Z'));
    expect(quietUntil(new Date('2026-06-10T02:59:00Z'), SYDNEY, q)).toBeUndefined();
  });
  it('boundary: the start minute is quiet, the end minute is not; spanning midnight after midnight', () => {
    const q = { start: '22:00', end: '07:00' };
    expect(quietUntil(at2200, SYDNEY, q)).toEqual(new Date('2026-06-10T21:00:00Z'));
    // 07:00 Sydney exactly: no longer quiet.
    expect(quietUntil(new Date('2026-06-10T21:00:00Z'), SYDNEY, q)).toBeUndefined();
    // 02:00 Sydney (16:00 UTC): quiet until 07:00 the same morning.
    expect(quietUntil(new Date('2026-06-10T16:00:00Z'), SYDNEY, q)).toEqual(new Date('2026-06-10T21:00:00Z'));
  });
  it('boundary: across a daylight-saving change the end is still 07:00 on the wall clock', () => {
    // Sydney moves to UTC+11 on 2026-10-04 at 02:00. 22:00 on the 3rd is 12:00 UTC (UTC+10);
    // 07:00 on the 4th is 20:00 UTC (UTC+11).
    const q = { start: '22:00', end: '07:00' };
    expect(quietUntil(new Date('2026-10-03T12:00:00Z'), SYDNEY, q)).toEqual(new Date('2026-10-03T20:00:00Z'));
  });
  it('breaking: times that are not HH:MM, or an empty window, are refused and never hold', () => {
    expect(quietHoursIssue({ start: '25:00', end: '07:00' })).toBe('Quiet hours are times of day, as HH:MM.');
    expect(quietHoursIssue({ start: '7:00', end: '08:00' })).toBe('Quiet hours are times of day, as HH:MM.');
    expect(quietHoursIssue({ start: '08:00', end: '08:00' })).toBe(
      'Quiet hours must start and end at different times.',
    );
    expect(quietHoursIssue(null)).toBeUndefined();
    expect(quietUntil(at2200, SYDNEY, { start: '25:00', end: '07:00' })).toBeUndefined();
  });
});

describe('templates', () => {
  const values = {
    job: 'Shower assist',
    when: '10/06/2026 09:00',
    address: '1 Harbour St',
    captions: { m_bookings: 'Visits' },
  };
  it('clean: the organisation’s template with its captions', () => {
    expect(
      renderNotice(
        'assigned',
        { templates: { assigned: { subject: 'New {caption:m_bookings}: {job}' } } },
        values,
      ),
    ).toEqual({
      subject: 'New Visits: Shower assist',
      body: 'You have been assigned to Shower assist on 10/06/2026 09:00 at 1 Harbour St.',
    });
  });
  it('boundary: a blank template falls back to ours; a chat message is its own body', () => {
    expect(
      renderNotice(
        'chat',
        { templates: { chat: { subject: '  ', body: '' } } },
        { ...values, message: 'Gate code 1234' },
      ),
    ).toEqual({
      subject: 'New message on Shower assist',
      body: 'Gate code 1234',
    });
  });
  it('breaking: unknown placeholders and captions stay as written', () => {
    expect(fillTemplate('{nope} {caption:m_missing} {job}', values)).toBe(
      '{nope} {caption:m_missing} Shower assist',
    );
  });
});

describe('retries', () => {
  const now = new Date('2026-06-10T00:00:00Z');
  it('clean: the wait doubles per try, from each channel’s own first wait', () => {
    expect(retryAt('push', 1, now)).toEqual(new Date('2026-06-10T00:00:30Z'));
    expect(retryAt('push', 2, now)).toEqual(new Date('2026-06-10T00:01:00Z'));
    expect(retryAt('sms', 1, now)).toEqual(new Date('2026-06-10T00:02:00Z'));
  });
  it('boundary: never more than an hour; the last try gets no retry', () => {
    expect(retryAt('sms', MAX_ATTEMPTS - 1, now)).toEqual(new Date('2026-06-10T01:00:00Z'));
    expect(retryAt('email', MAX_ATTEMPTS, now)).toBeUndefined();
  });
});

describe('which events a booking change makes', () => {
  const base: BookingFacts = {
    resIds: ['r1', 'r2'],
    status: 'rostered',
    begin: 1000,
    end: 2000,
    address: '1 Harbour St',
    notes: 'Bring gloves',
    notesImportant: false,
  };
  it('clean: added resources are assigned, removed ones unassigned, staying ones told of a new time', () => {
    expect(bookingNotices(base, { ...base, resIds: ['r2', 'r3'], begin: 1500 })).toEqual([
      { event: 'assigned', resourceId: 'r3' },
      { event: 'unassigned', resourceId: 'r1' },
      { event: 'changed', resourceId: 'r2' },
    ]);
  });
  it('boundary: notes tell only when marked important; a new booking only assigns', () => {
    expect(bookingNotices(base, { ...base, notes: 'No gloves' })).toEqual([]);
    expect(bookingNotices(base, { ...base, notes: 'No gloves', notesImportant: true })).toEqual([
      { event: 'changed', resourceId: 'r1' },
      { event: 'changed', resourceId: 'r2' },
    ]);
    expect(bookingNotices(undefined, base)).toEqual([
      { event: 'assigned', resourceId: 'r1' },
      { event: 'assigned', resourceId: 'r2' },
    ]);
  });
  it('breaking: cancelling or deleting tells the assigned resources once, and nothing else', () => {
    const cancelled = { ...base, status: 'cancelled', begin: 5000 };
    expect(bookingNotices(base, cancelled)).toEqual([
      { event: 'cancelled', resourceId: 'r1' },
      { event: 'cancelled', resourceId: 'r2' },
    ]);
    expect(bookingNotices(cancelled, { ...cancelled, address: 'elsewhere' })).toEqual([]);
    expect(bookingNotices(base, undefined)).toEqual([
      { event: 'cancelled', resourceId: 'r1' },
      { event: 'cancelled', resourceId: 'r2' },
    ]);
  });
});

describe('a job without an address', () => {
  it('boundary: the default words leave the address out instead of saying "at ."', () => {
    expect(renderNotice('assigned', {}, { job: 'HC-1', when: 'today', address: '', captions: {} }).body).toBe(
      'You have been assigned to HC-1 on today.',
    );
  });
});

describe('reminders', () => {
  const start = new Date('2026-06-10T09:00:00Z');
  const minutesBefore = (m: number) => new Date(start.getTime() - m * 60_000);
  it('clean: due from the set minutes before the start until the start', () => {
    const org = { reminderMinutes: 60 };
    expect(reminderDue(start, minutesBefore(61), org)).toBe(false);
    expect(reminderDue(start, minutesBefore(60), org)).toBe(true);
    expect(reminderDue(start, minutesBefore(1), org)).toBe(true);
    expect(reminderWindow(minutesBefore(60), org)).toEqual({ from: minutesBefore(60), to: start });
  });
  it('bad: a reminder held by quiet hours past the start is not sent at all', () => {
    // 22:00 in Sydney, quiet until 07:00; the job starts at 06:30.
    const plan = (until: Date) =>
      planSends({
        event: 'reminder',
        org: {},
        prefs: { channels: ['push'], quietHours: { start: '21:00', end: '07:00' } },
        reach: everywhere,
        now: at2200,
        timeZone: SYDNEY,
        until,
      });
    expect(plan(new Date('2026-06-10T20:30:00Z'))).toEqual([]);
    expect(plan(new Date('2026-06-10T21:30:00Z'))).toEqual([
      { channel: 'push', notBefore: new Date('2026-06-10T21:00:00Z') },
    ]);
  });
  it('bad: none once the job started, and none when the organisation set none', () => {
    expect(reminderDue(start, start, { reminderMinutes: 60 })).toBe(false);
    expect(reminderDue(start, new Date(start.getTime() + 1000), { reminderMinutes: 60 })).toBe(false);
    expect(reminderDue(start, minutesBefore(5), {})).toBe(false);
    expect(reminderDue(start, minutesBefore(5), { reminderMinutes: 0 })).toBe(false);
    expect(reminderWindow(start, {})).toBeUndefined();
  });
});

describe('an open job offered', () => {
  const open: BookingFacts = {
    resIds: [],
    status: 'confirmed',
    begin: 0,
    end: 3600,
    address: '',
    notes: '',
    notesImportant: false,
    boardable: true,
  };
  it('clean: offered when it comes onto the job board (created open, its last worker removed, out of draft)', () => {
    expect(offeredBy(undefined, open)).toBe(true);
    expect(offeredBy({ ...open, resIds: ['r1'] }, open)).toBe(true);
    expect(offeredBy({ ...open, status: 'draft' }, open)).toBe(true);
  });
  it('bad: not again while it stays open, nor when it is no open job', () => {
    expect(offeredBy(open, { ...open, notes: 'Gloves' })).toBe(false);
    expect(offeredBy(undefined, { ...open, status: 'draft' })).toBe(false);
    expect(offeredBy(undefined, { ...open, status: 'cancelled' })).toBe(false);
    expect(offeredBy(undefined, { ...open, resIds: ['r1'] })).toBe(false);
    expect(isOpenJob({ ...open, boardable: false })).toBe(false);
    expect(offeredBy(open, undefined)).toBe(false);
  });
});
