/**
 * Calendar arithmetic on the spec's time representation.
 *
 * Records carry `utc_begin_plus_tz` / `utc_end_plus_tz`: whole seconds of the organisation's
 * wall-clock time written as if it were UTC. Weekday, day, week and fortnight are therefore plain
 * UTC calendar arithmetic on those numbers; no time zone is involved until a real instant (the
 * server's clock, a browser's `Date.now()`) has to be placed on that wall clock, which is what
 * `toWallClock` / `fromWallClock` do with the organisation's IANA zone.
 *
 * Every function is pure and takes seconds (not milliseconds) unless its name says otherwise.
 */

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;
export const FORTNIGHT = 14 * DAY;

/** Day codes in weekday order (0 = Sunday), as the shift records name them. */
export const DAY_CODES = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'] as const;
export type DayCode = (typeof DAY_CODES)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_LONG_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Start (00:00) of the calendar day holding `sec`. Floors, so negative seconds work too. */
export function dayStart(sec: number): number {
  return Math.floor(sec / DAY) * DAY;
}

/** Weekday of `sec`, 0 = Sunday … 6 = Saturday. */
export function weekday(sec: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((Math.floor(sec / DAY) + 4) % 7) + 7) % 7;
}

export function dayCode(sec: number): DayCode {
  return DAY_CODES[weekday(sec)] as DayCode;
}

/**
 * Start of the 7-day week holding `sec`: 00:00 of the most recent `weekStartDay`
 * (0 = Sunday … 6 = Saturday) on or before that day.
 */
export function weekStart(sec: number, weekStartDay = 0): number {
  const day = dayStart(sec);
  return day - ((weekday(day) - weekStartDay + 7) % 7) * DAY;
}

/** ISO-8601 week number (1–53) of the day holding `sec`. */
export function isoWeekNumber(sec: number): number {
  const day = dayStart(sec);
  // The ISO week belongs to the year of its Thursday.
  const thursday = day + (3 - ((weekday(day) + 6) % 7)) * DAY;
  const year = new Date(thursday * 1000).getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1) / 1000;
  return Math.floor((thursday - jan1) / WEEK) + 1;
}

/**
 * Which week of its fortnight the week holding `sec` is: take the ISO week number of the Thursday
 * inside that week; even → 2, odd → 1 (the spec's "even week number is week 2").
 */
export function fortnightWeek(sec: number, weekStartDay = 0): 1 | 2 {
  const start = weekStart(sec, weekStartDay);
  const thursday = start + ((4 - weekday(start) + 7) % 7) * DAY;
  return isoWeekNumber(thursday) % 2 === 0 ? 2 : 1;
}

/** Start of the 14-day fortnight holding `sec`: its week when that is week 1, else 7 days before. */
export function fortnightStart(sec: number, weekStartDay = 0): number {
  const start = weekStart(sec, weekStartDay);
  return fortnightWeek(sec, weekStartDay) === 2 ? start - WEEK : start;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * The date formats an organisation can choose (`date_format` of the company document, shell spec
 * §3): `dd` two-digit day, `mm` two-digit month, `mmm` short month name, `yyyy` four-digit year.
 */
export const DATE_FORMATS = [
  'dd/mmm/yyyy',
  'dd/mm/yyyy',
  'mm/dd/yyyy',
  'yyyy-mm-dd',
  'dd-mm-yyyy',
  'dd.mm.yyyy',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The spec's default date format (shell spec §9). */
export const DEFAULT_DATE_FORMAT: DateFormat = 'dd/mmm/yyyy';

/** The organisation's `date_format`, or the default when it is missing or not one of `DATE_FORMATS`. */
export function dateFormatOf(value: unknown): DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value)
    ? (value as DateFormat)
    : DEFAULT_DATE_FORMAT;
}

/**
 * The day holding wall-clock `sec` in `format`: `05/Jan/2026` (dd/mmm/yyyy, the default),
 * `01/05/2026` (mm/dd/yyyy), `2026-01-05` (yyyy-mm-dd). The one date formatter of the app: every
 * date printed for a person goes through it with the organisation's `date_format`.
 */
export function formatDate(sec: number, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const d = new Date(sec * 1000);
  const dd = pad2(d.getUTCDate());
  const mm = pad2(d.getUTCMonth() + 1);
  const yyyy = String(d.getUTCFullYear()).padStart(4, '0');
  switch (format) {
    case 'dd/mmm/yyyy':
      return `${dd}/${MONTHS[d.getUTCMonth()]}/${yyyy}`;
    case 'dd/mm/yyyy':
      return `${dd}/${mm}/${yyyy}`;
    case 'mm/dd/yyyy':
      return `${mm}/${dd}/${yyyy}`;
    case 'yyyy-mm-dd':
      return `${yyyy}-${mm}-${dd}`;
    case 'dd-mm-yyyy':
      return `${dd}-${mm}-${yyyy}`;
    case 'dd.mm.yyyy':
      return `${dd}.${mm}.${yyyy}`;
  }
}

/** `hh:MM AA`, e.g. `09:30 AM`, `12:00 PM`, `12:15 AM`: a time of day (spans, shift times). */
export function formatTime(sec: number): string {
  const d = new Date(sec * 1000);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad2(h12)}:${pad2(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall-clock date-time the spec's way (shell spec §9: the date format then `hh:MM:ss AA`):
 * `05/Jan/2026 09:30:00 AM` by default, `2026-01-05 09:30:00 AM` in yyyy-mm-dd.
 */
export function formatDateTime(sec: number, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const d = new Date(sec * 1000);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const time = `${pad2(h12)}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
  return `${formatDate(sec, format)} ${time}`;
}

/** Short weekday name, `Mon`. */
export function weekdayName(sec: number): string {
  return WEEKDAYS[weekday(sec)] as string;
}

/** Weekday, day and short month of the day holding `sec`, e.g. `Mon 05 Jan`: the roster grid's day label. */
export function formatDayLabel(sec: number): string {
  const d = new Date(sec * 1000);
  return `${WEEKDAYS[d.getUTCDay()]} ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]}`;
}

/** Full weekday name, `Monday`. */
export function weekdayLongName(sec: number): string {
  return WEEKDAY_LONG_NAMES[weekday(sec)] as string;
}

/** `YYYY-MM-DD` of the day holding `sec`. */
export function toYmd(sec: number): string {
  return new Date(dayStart(sec) * 1000).toISOString().slice(0, 10);
}

/** Seconds at 00:00 of a `YYYY-MM-DD` date; NaN when the text is not such a date. */
export function fromYmd(ymd: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return Number.NaN;
  const ms = Date.parse(`${ymd}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== ymd ? Number.NaN : ms / 1000;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * The wall-clock seconds (the `utc_*_plus_tz` representation) of a real instant in `timeZone`.
 * `instantMs` is epoch milliseconds (what `Date.now()` gives).
 */
export function toWallClock(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.floor(wall / 1000);
}

/** Seconds `timeZone`'s clock is ahead of UTC at the real instant `instantSec`. */
function offsetAt(instantSec: number, timeZone: string): number {
  return toWallClock(instantSec * 1000, timeZone) - instantSec;
}

/**
 * The real instant (epoch ms) of wall-clock seconds in `timeZone`, read the way a person reads a
 * clock: in a daylight-saving gap (a time the clocks skip) the offset before the change is used,
 * so 02:30 on Sydney's spring-forward night is the instant the clocks show 03:30; in an overlap (a
 * time shown twice) it is the first time the clock shows it.
 */
export function fromWallClock(wallSec: number, timeZone: string): number {
  return instantSeconds(wallSec, timeZone) * 1000;
}

/** A wall-clock day of a zone: its one offset, or the change in it (offsets and the instant, s). */
type ZoneDay = number | { before: number; after: number; at: number };

/** Per zone, per wall-clock day (its 00:00 in seconds): what `zoneDay` found. */
const zoneDays = new Map<string, Map<number, ZoneDay>>();

function zoneDay(day: number, timeZone: string): ZoneDay {
  let days = zoneDays.get(timeZone);
  if (!days) {
    days = new Map();
    zoneDays.set(timeZone, days);
  }
  let found = days.get(day);
  if (found === undefined) {
    // Instants a day before and two days after the wall day's start bound every instant of it; a
    // zone changes at most once in between. When it does, find the first instant of the change.
    let lo = day - DAY;
    let hi = day + 2 * DAY;
    const before = offsetAt(lo, timeZone);
    const after = offsetAt(hi, timeZone);
    if (before === after) found = before;
    else {
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid, timeZone) === before) lo = mid;
        else hi = mid;
      }
      found = { before, after, at: hi };
    }
    if (days.size > 100_000) days.clear();
    days.set(day, found);
  }
  return found;
}

/** The real instant (epoch seconds) of wall-clock seconds in `timeZone`; see `fromWallClock`. */
function instantSeconds(wallSec: number, timeZone: string): number {
  const z = zoneDay(dayStart(wallSec), timeZone);
  if (typeof z === 'number') return wallSec - z;
  const early = wallSec - z.before; // the reading with the old offset, true before the change
  const late = wallSec - z.after; // with the new one, true from the change on
  const isEarly = early < z.at;
  const isLate = late >= z.at;
  if (isEarly && isLate) return Math.min(early, late); // shown twice: the first showing
  if (isLate) return late;
  return early; // before the change, or skipped: the offset before the change
}

/**
 * The real instant (epoch seconds) of wall-clock seconds in `timeZone`, read as `fromWallClock`
 * reads it; the wall-clock seconds themselves without a zone (or in UTC). Gaps between jobs (the
 * rest rule) are measured on it.
 */
export function instantOf(wallSec: number, timeZone?: string | null): number {
  if (timeZone == null || timeZone === 'UTC') return wallSec;
  return instantSeconds(wallSec, timeZone);
}

/** The wall-clock seconds of a real instant (epoch seconds) in `timeZone`: `instantOf` undone. */
export function wallOf(instantSec: number, timeZone?: string | null): number {
  if (timeZone == null || timeZone === 'UTC') return instantSec;
  return toWallClock(instantSec * 1000, timeZone);
}

/**
 * Real seconds elapsed from wall-clock `beginSec` to wall-clock `endSec` (the spec's
 * `utc_*_plus_tz` numbers) in `timeZone`: the one duration of the app. A booking from 01:00 to
 * 04:00 lasts 4 hours (14,400 s) on the night the clocks go back and 2 hours on the night they
 * go forward; without a zone (or in UTC) it is `endSec - beginSec`. Each end is read as
 * `fromWallClock` reads it; negative when the end comes first.
 */
export function elapsedSeconds(beginSec: number, endSec: number, timeZone?: string | null): number {
  if (timeZone == null || timeZone === 'UTC') return endSec - beginSec;
  return instantSeconds(endSec, timeZone) - instantSeconds(beginSec, timeZone);
}
