import { fromWallClock } from '../time/calendar.ts';

/*
 * iCalendar (RFC 5545) text of a subscribed feed: a resource's jobs or a team's (issue 8). Pure:
 * the records' times are the organisation's wall-clock seconds (`utc_*_plus_tz`) and are placed
 * on real instants with the organisation's IANA zone, written in UTC ("…Z"), which every calendar
 * app shows in its own zone; X-WR-TIMEZONE names the organisation's zone for apps that use it.
 */

export type IcalEvent = {
  /** Stable across fetches, unique world-wide (e.g. `{record id}.{org id}@rostra`). */
  uid: string;
  /** Wall-clock seconds of the organisation. */
  begin: number;
  end: number;
  summary: string;
  location?: string | undefined;
  description?: string | undefined;
  isCancelled: boolean;
  /** Last change, epoch milliseconds: DTSTAMP and LAST-MODIFIED. */
  updatedMs: number;
  /** Increases with every change of the record (SEQUENCE). */
  sequence?: number | undefined;
};

export type IcalFeed = {
  /** Shown by calendar apps as the calendar's name. */
  name: string;
  /** The organisation's IANA time zone. */
  timeZone: string;
  events: readonly IcalEvent[];
};

export const ICAL_PRODID = '-//Rostra//Rostra iCal feed//EN';

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newlines. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8Length = (ch: string): number => {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
};

/**
 * Folds one content line (RFC 5545 §3.1): lines longer than 75 octets of UTF-8 are split, each
 * continuation starting with one space; a character is never split across lines. No CRLF added.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = utf8Length(ch);
    // The first line holds 75 octets; continuations 74 after their leading space.
    const room = out.length === 0 ? 75 : 74;
    if (octets + n > room) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant (epoch ms) as a UTC DATE-TIME: 20260301T230000Z. */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(
    d.getUTCMinutes(),
  )}${two(d.getUTCSeconds())}Z`;
}

/** The whole VCALENDAR text, CRLF line ends, folded, ending with CRLF. */
export function buildCalendar(feed: IcalFeed): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICAL_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `X-WR-TIMEZONE:${feed.timeZone}`,
  ];
  for (const e of feed.events) {
    const stamp = formatUtc(e.updatedMs);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `DTSTART:${formatUtc(fromWallClock(e.begin, feed.timeZone))}`,
      // An end before its begin is not a valid event: such a record is shown as an instant.
      `DTEND:${formatUtc(fromWallClock(Math.max(e.end, e.begin), feed.timeZone))}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    lines.push(`STATUS:${e.isCancelled ? 'CANCELLED' : 'CONFIRMED'}`);
    if (e.sequence !== undefined) lines.push(`SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
