import { describe, expect, it } from 'vitest';
import { fromYmd, HOUR } from '../time/calendar.ts';
import { buildCalendar, escapeText, foldLine, formatUtc, type IcalEvent } from './calendar.ts';

/** UTF-8 length without Node or DOM APIs (the core has neither). */
const octets = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, 'x').length;
const unfold = (text: string) => text.replace(/\r\n /g, '');

const event = (over: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: 'b1.org-1@rostra',
  begin: fromYmd('2026-03-02') + 9 * HOUR,
  end: fromYmd('2026-03-02') + 10 * HOUR + 30 * 60,
  summary: 'Ada Lovelace',
  isCancelled: false,
  updatedMs: Date.UTC(2026, 1, 20, 8, 0, 0),
  ...over,
});

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it('escapes backslash, semicolon, comma and newlines, nothing else', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf: g')).toBe('a\\\\b\\;c\\,d\\ne\\nf: g');
    expect(escapeText('plain text')).toBe('plain text');
  });
});

describe('foldLine (RFC 5545 §3.1)', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets and never splits a character', () => {
    const line = `SUMMARY:${'Zoë 日本語 🙂 '.repeat(20)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('buildCalendar', () => {
  it('writes a VCALENDAR with CRLF lines, stable UIDs and the events in UTC from the org wall clock', () => {
    const text = buildCalendar({ name: 'Ann Lee — jobs', timeZone: 'Australia/Sydney', events: [event()] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    const lines = unfold(text).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Rostra//Rostra iCal feed//EN',
    ]);
    expect(lines).toContain('X-WR-TIMEZONE:Australia/Sydney');
    expect(lines).toContain('UID:b1.org-1@rostra');
    // 2 March 2026 09:00 in Sydney is daylight time (UTC+11): 1 March 22:00 UTC.
    expect(lines).toContain('DTSTART:20260301T220000Z');
    expect(lines).toContain('DTEND:20260301T233000Z');
    expect(lines).toContain('DTSTAMP:20260220T080000Z');
    expect(lines).toContain('STATUS:CONFIRMED');
  });

  it('uses the zone offset of each date: after daylight saving ends the same wall time is an hour later in UTC', () => {
    const may = fromYmd('2026-05-04') + 9 * HOUR;
    const text = buildCalendar({
      name: 'x',
      timeZone: 'Australia/Sydney',
      events: [event({ begin: may, end: may + HOUR })],
    });
    expect(text).toContain('DTSTART:20260503T230000Z');
  });

  it('marks a cancelled job STATUS:CANCELLED and escapes its texts', () => {
    const text = unfold(
      buildCalendar({
        name: 'Team; nurses, north',
        timeZone: 'UTC',
        events: [
          event({
            isCancelled: true,
            summary: 'Smith, Bea; visit',
            location: '1 High St, Sydney',
            description: 'Key in lockbox\nRing twice',
            sequence: 3,
          }),
        ],
      }),
    );
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(text).toContain('SUMMARY:Smith\\, Bea\\; visit\r\n');
    expect(text).toContain('LOCATION:1 High St\\, Sydney\r\n');
    expect(text).toContain('DESCRIPTION:Key in lockbox\\nRing twice\r\n');
    expect(text).toContain('X-WR-CALNAME:Team\\; nurses\\, north\r\n');
    expect(text).toContain('SEQUENCE:3\r\n');
  });

  it('omits empty LOCATION and DESCRIPTION, and writes an empty calendar when there are no events', () => {
    const one = buildCalendar({ name: 'x', timeZone: 'UTC', events: [event()] });
    expect(one).not.toContain('LOCATION');
    expect(one).not.toContain('DESCRIPTION');
    expect(buildCalendar({ name: 'x', timeZone: 'UTC', events: [] })).not.toContain('BEGIN:VEVENT');
  });

  it('formats instants as UTC DATE-TIME', () => {
    expect(formatUtc(Date.UTC(2026, 0, 5, 3, 4, 5))).toBe('20260105T030405Z');
  });
});
