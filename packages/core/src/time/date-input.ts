/**
 * Dates and times as a person types and reads them in a form, in the organisation's `date_format`
 * (shell spec §3, §9: default `dd/mmm/yyyy`; the datetime form adds `hh:MM AA`), never in the
 * browser's locale. The form's own values stay what they were: `YYYY-MM-DD` for a date, `HH:MM`
 * (24 h) for a time of day, `YYYY-MM-DDTHH:MM[:SS]` for a wall-clock date and time.
 *
 * Parsing is forgiving where the meaning is not in doubt: day and month may have one digit, any of
 * `/ - . space` separates, a month may be typed as a number or a name in a `mmm` format (and as a
 * name in a numeric one), and ISO `YYYY-MM-DD` is always understood (its four-digit year first
 * cannot be read another way). It never guesses: a date that does not exist (31/Feb) is refused.
 * Every function is pure; an unparseable text gives `undefined`.
 */

import {
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  dateFormatOf,
  formatDate,
  formatDateTime,
  formatTime,
} from './calendar.ts';

/** The date formats an organisation can choose (`DATE_FORMATS` in calendar.ts). */
export type { DateFormat };
export { dateFormatOf };

export const DEFAULT_INPUT_DATE_FORMAT: DateFormat = DEFAULT_DATE_FORMAT;

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

type Order = 'dmy' | 'mdy' | 'ymd';

function orderOf(format: DateFormat): Order {
  if (format.startsWith('yyyy')) return 'ymd';
  if (format.startsWith('mm')) return 'mdy';
  return 'dmy';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function ymdParts(ymd: string): [number, number, number] | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return undefined;
  const parts: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(...parts) ? parts : undefined;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const last = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // 2000 is a leap year: Feb has 29
  if (d > last) return false;
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return true;
}

const toYmdText = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

/**
 * A `YYYY-MM-DD` date written in `format`, e.g. `2026-11-25` → `25/Nov/2026`. An empty or
 * invalid value gives ''.
 */
export function formatDateInput(ymd: string, format: DateFormat): string {
  const parts = ymdParts(ymd);
  if (!parts) return '';
  const [y, m, d] = parts;
  return formatDate(wallSeconds(y, m, d), format);
}

/** Wall-clock seconds at 00:00 of a real date (years below 100 included, which Date.UTC shifts). */
function wallSeconds(y: number, m: number, d: number, secondOfDay = 0): number {
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getTime() / 1000 + secondOfDay;
}

function monthNumber(token: string): number | undefined {
  if (/^\d{1,2}$/.test(token)) return Number(token);
  const lower = token.toLowerCase();
  if (lower.length < 3) return undefined;
  // Any start of a month's full name from three letters on ("Nov", "Novem", "November"); not "Novx".
  const i = MONTH_NAMES.findIndex((name) => name.startsWith(lower));
  return i < 0 ? undefined : i + 1;
}

/**
 * The `YYYY-MM-DD` date a person typed in `format`, or `undefined` when it is not a real date in
 * that format (or ISO). Two-digit years are 20yy.
 */
export function parseDateInput(text: string, format: DateFormat): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const tokens = trimmed.split(/[\s/.\-,]+/).filter((t) => t !== '');
  if (tokens.length !== 3) return undefined;
  const [a, b, c] = tokens as [string, string, string];
  // ISO is always understood: a four-digit first part can only be a year.
  const order: Order = /^\d{4}$/.test(a) ? 'ymd' : orderOf(format);
  const [yText, mText, dText] = order === 'ymd' ? [a, b, c] : order === 'mdy' ? [c, a, b] : [c, b, a];
  if (!/^\d{1,2}$/.test(dText) || !/^(\d{2}|\d{4})$/.test(yText)) return undefined;
  const m = monthNumber(mText);
  if (m === undefined) return undefined;
  const y = yText.length === 2 ? 2000 + Number(yText) : Number(yText);
  const d = Number(dText);
  return isRealDate(y, m, d) ? toYmdText(y, m, d) : undefined;
}

/**
 * A time of day `HH:MM` (24 h) written the spec's way, `hh:MM AA`: `09:30` → `09:30 AM`,
 * `00:15` → `12:15 AM`. An empty or invalid value gives ''.
 */
export function formatTimeInput(hm: string): string {
  const seconds = hmSeconds(hm);
  return seconds === undefined ? '' : formatTime(seconds);
}

function hmSeconds(hm: string): number | undefined {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(hm);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h > 23 || min > 59 ? undefined : h * 3600 + min * 60;
}

/** Hours, minutes and seconds of a typed clock time (12 or 24 h); `undefined` when not one. */
function parseClock(text: string): [number, number, number] | undefined {
  const m = /^(\d{1,2})(?:[:.h]?(\d{2})(?::(\d{2}))?)?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(text.trim());
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  const sec = m[3] === undefined ? 0 : Number(m[3]);
  const half = m[4]?.toLowerCase();
  if (min > 59 || sec > 59) return undefined;
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  } else if (h > 23) {
    return undefined;
  }
  return [h, min, sec];
}

/**
 * The `HH:MM` (24 h) time a person typed: `9:30`, `09:30 am`, `9.30pm`, `21:30`, `930`, `9 pm`,
 * `12 am` (midnight), `09:30:00 AM` (seconds dropped). `undefined` for anything else (13 pm,
 * 24:00, 9:75).
 */
export function parseTimeInput(text: string): string | undefined {
  const clock = parseClock(text);
  return clock ? `${pad2(clock[0])}:${pad2(clock[1])}` : undefined;
}

/**
 * A wall-clock `YYYY-MM-DDTHH:MM[:SS]` written the spec's datetime way, date then
 * `hh:MM:ss AA`: `25/Nov/2026 09:30:00 AM`. '' when invalid.
 */
export function formatDateTimeInput(value: string, format: DateFormat): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return '';
  const parts = ymdParts(m[1] as string);
  const h = Number(m[2]);
  const min = Number(m[3]);
  const sec = Number(m[4] ?? 0);
  if (!parts || h > 23 || min > 59 || sec > 59) return '';
  return formatDateTime(wallSeconds(...parts, h * 3600 + min * 60 + sec), format);
}

/**
 * The wall-clock `YYYY-MM-DDTHH:MM:SS` a person typed as a date in `format` (or ISO) followed by a
 * time, seconds optional (`25/Nov/2026 9:30 am`, `2026-11-25T09:30:15`). `undefined` when either
 * part is not valid.
 */
export function parseDateTimeInput(text: string, format: DateFormat): string | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[T\s]+(.+)$/.exec(trimmed);
  let datePart: string;
  let timePart: string;
  if (iso) {
    datePart = iso[1] as string;
    timePart = iso[2] as string;
  } else {
    // The date is the first three tokens (its separators may be spaces); the rest is the time.
    const m = /^(\S+[\s/.\-,]+\S+?[\s/.\-,]+\d{2,4})[\s,]+(.+)$/.exec(trimmed);
    if (!m) return undefined;
    datePart = m[1] as string;
    timePart = m[2] as string;
  }
  const date = parseDateInput(datePart, format);
  const clock = parseClock(timePart);
  return date && clock ? `${date}T${pad2(clock[0])}:${pad2(clock[1])}:${pad2(clock[2])}` : undefined;
}

/** An example of `format` for messages and placeholders' hints: 25/Nov/2026 in that format. */
export function dateExample(format: DateFormat): string {
  return formatDateInput('2026-11-25', format);
}
