/**
 * The roster date-grid of the timeline and the master roster (spec §2).
 *
 * All times are the spec's wall-clock seconds (`utc_*_plus_tz`: the organisation's wall clock
 * written as UTC), so every day is exactly 86 400 s and the grid is plain UTC calendar arithmetic.
 * Every interval in the grid is half-open: `[start, end)`.
 */
import {
  DAY,
  DAY_CODES,
  type DayCode,
  dayStart,
  FORTNIGHT,
  formatDayLabel,
  fortnightStart,
  fortnightWeek,
  HOUR,
  MINUTE,
  toYmd,
  WEEK,
  weekday,
  weekdayName,
  weekStart,
} from '../time/calendar.ts';

/** Hours before 8 (00:00–07:59) or after 18 (the slot starting 19:00 onwards) are after hours. */
export const AFTER_HOURS_BEFORE = 8;
export const AFTER_HOURS_AFTER = 18;

export const DEFAULT_NO_OF_DAYS = 7;
export const DEFAULT_RESOLUTION_MINUTES = 60;
/** Longest grid built; beyond a year the slot tree stops being something a screen can show. */
export const MAX_GRID_DAYS = 366;

export type RosterGridOptions = {
  /** Days shown, 1–366; default 7. Ignored when `fortnight` is on (always 14). */
  no_of_days?: number;
  /**
   * Seconds inside the first day shown. Plain grid: the grid starts at 00:00 of that day (the
   * caller snaps to a week start if it wants one). Fortnight grid: it starts at 00:00 of the
   * fortnight holding this time. Not used by the master roster.
   */
  week_start?: number;
  /** First hour shown each day, integer 0–23; default 0. */
  start_hr?: number;
  /** Hour the day's window ends at (exclusive), integer 1–24 and above `start_hr`; default 24. */
  end_hr?: number;
  /** Width of an hour slot's children in minutes; must divide 60; default 60. */
  resolution?: number;
  /** 14 days, week 1 then week 2 (by ISO week parity of the week's Thursday; even → week 2). */
  fortnight?: boolean;
  /** 0 = Sunday … 6 = Saturday; default 0. */
  week_start_day?: number;
  /** A template week or fortnight not tied to real dates (see `buildRosterGrid`). */
  masterroster?: boolean;
};

export type TimeBoundaries = { start_time: number; end_time: number };

/** The smallest cell: `resolution` minutes. */
export type GridSlot = { start: number; end: number };

export type GridHour = {
  /** Hour of the day, 0–23. */
  hour: number;
  start: number;
  end: number;
  afterhours: boolean;
  children: GridSlot[];
};

export type GridDay = {
  /** `YYYY-MM-DD`, the key of this entry in `set`. */
  date: string;
  /** `Mon 05 Jan`; in a master roster just `Mon` (the dates there mean nothing). */
  label: string;
  /** 00:00 of the day plus `start_hr`. */
  start: number;
  /** 00:00 of the day plus `end_hr`. */
  end: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  day_code: DayCode;
  /** Week of the fortnight the day falls in. */
  week: 1 | 2;
  children: GridHour[];
};

export type RosterGrid = {
  /** Keyed by `YYYY-MM-DD`, in date order (string keys keep insertion order). */
  set: Record<string, GridDay>;
  /** The visible window of each day, in seconds since 00:00: `start_hr` and `end_hr` as seconds. */
  unit_of_time: TimeBoundaries;
  /** The whole grid: 00:00 of the first day to 00:00 after the last. Load data for this window. */
  time_boundaries: TimeBoundaries;
  /** The 14-day fortnight holding the grid's first day (what master-roster items carry). */
  fortnight_time_boundaries: TimeBoundaries;
  no_of_days: number;
  start_hr: number;
  end_hr: number;
  resolution: number;
  fortnight: boolean;
  week_start_day: number;
  masterroster: boolean;
};

export type RosterGridIssueCode =
  | 'invalid_no_of_days'
  | 'invalid_week_start'
  | 'invalid_hours'
  | 'invalid_resolution'
  | 'invalid_week_start_day';

export type RosterGridIssue = { code: RosterGridIssueCode; message: string; field: keyof RosterGridOptions };

export type RosterGridResult = { ok: true; grid: RosterGrid } | { ok: false; issues: RosterGridIssue[] };

/** True for an hour (0–23) that is before 8 or after 18. */
export function isAfterHours(hour: number): boolean {
  return hour < AFTER_HOURS_BEFORE || hour > AFTER_HOURS_AFTER;
}

/**
 * 00:00 of the master roster's template fortnight: the first `weekStartDay` on or after
 * 1970-01-01. Template grids use these 1970 dates as keys; nothing else about them matters, and
 * week 1 / week 2 there are simply the first / second 7 days.
 */
export function templateStart(weekStartDay = 0): number {
  return weekStart(6 * DAY, weekStartDay);
}

/**
 * Every master-roster template item begins before this: the template fortnight starts at most 6
 * days after the epoch ({@link templateStart}) and lasts 14, so 28 days leaves room to spare. A
 * booking of type `roster` beginning earlier is a template item, not a real booking.
 */
export const TEMPLATE_BEFORE = 28 * DAY;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/**
 * Builds the roster date-grid. Never throws: bad options come back as issues naming the field.
 *
 * - Plain grid: `no_of_days` days from 00:00 of `week_start`'s day.
 * - Fortnight grid: the 14 days of the fortnight holding `week_start` (week 1 first).
 * - Master roster: a template of `no_of_days` days (14 when `fortnight`) from `templateStart`,
 *   labelled by weekday only; `week` counts 7-day blocks from the template start.
 *
 * Days hold hour slots `[start_hr, end_hr)`; each hour holds children of `resolution` minutes.
 */
export function buildRosterGrid(options: RosterGridOptions): RosterGridResult {
  const {
    start_hr = 0,
    end_hr = 24,
    resolution = DEFAULT_RESOLUTION_MINUTES,
    fortnight = false,
    week_start_day = 0,
    masterroster = false,
  } = options;
  const no_of_days = fortnight ? 14 : (options.no_of_days ?? DEFAULT_NO_OF_DAYS);
  const issues: RosterGridIssue[] = [];
  if (!isInt(no_of_days) || no_of_days < 1 || no_of_days > MAX_GRID_DAYS) {
    issues.push({
      code: 'invalid_no_of_days',
      field: 'no_of_days',
      message: `no_of_days must be a whole number from 1 to ${MAX_GRID_DAYS}`,
    });
  }
  if (!masterroster && !(typeof options.week_start === 'number' && Number.isFinite(options.week_start))) {
    issues.push({ code: 'invalid_week_start', field: 'week_start', message: 'week_start must be seconds' });
  }
  if (!isInt(start_hr) || start_hr < 0 || start_hr > 23) {
    issues.push({ code: 'invalid_hours', field: 'start_hr', message: 'start_hr must be a whole hour 0–23' });
  }
  if (!isInt(end_hr) || end_hr < 1 || end_hr > 24 || end_hr <= start_hr) {
    issues.push({
      code: 'invalid_hours',
      field: 'end_hr',
      message: 'end_hr must be a whole hour 1–24 after start_hr',
    });
  }
  if (!isInt(resolution) || resolution < 1 || 60 % resolution !== 0) {
    issues.push({
      code: 'invalid_resolution',
      field: 'resolution',
      message: 'resolution must be minutes that divide an hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60)',
    });
  }
  if (!isInt(week_start_day) || week_start_day < 0 || week_start_day > 6) {
    issues.push({
      code: 'invalid_week_start_day',
      field: 'week_start_day',
      message: 'week_start_day must be 0 (Sunday) to 6 (Saturday)',
    });
  }
  if (issues.length > 0) return { ok: false, issues };

  const anchor = options.week_start ?? 0;
  const first = masterroster
    ? templateStart(week_start_day)
    : fortnight
      ? fortnightStart(anchor, week_start_day)
      : dayStart(anchor);
  const fortnightFirst = masterroster ? first : fortnightStart(first, week_start_day);
  const weekOf = (day: number): 1 | 2 =>
    masterroster ? (Math.floor((day - first) / WEEK) % 2 === 0 ? 1 : 2) : fortnightWeek(day, week_start_day);

  const set: Record<string, GridDay> = {};
  for (let i = 0; i < no_of_days; i++) {
    const day = first + i * DAY;
    const wd = weekday(day);
    const children: GridHour[] = [];
    for (let hour = start_hr; hour < end_hr; hour++) {
      const start = day + hour * HOUR;
      const slots: GridSlot[] = [];
      for (let m = 0; m < 60; m += resolution) {
        slots.push({ start: start + m * MINUTE, end: start + (m + resolution) * MINUTE });
      }
      children.push({ hour, start, end: start + HOUR, afterhours: isAfterHours(hour), children: slots });
    }
    const date = toYmd(day);
    set[date] = {
      date,
      label: masterroster ? weekdayName(day) : formatDayLabel(day),
      start: day + start_hr * HOUR,
      end: day + end_hr * HOUR,
      weekday: wd,
      day_code: DAY_CODES[wd] as DayCode,
      week: weekOf(day),
      children,
    };
  }

  return {
    ok: true,
    grid: {
      set,
      unit_of_time: { start_time: start_hr * HOUR, end_time: end_hr * HOUR },
      time_boundaries: { start_time: first, end_time: first + no_of_days * DAY },
      fortnight_time_boundaries: { start_time: fortnightFirst, end_time: fortnightFirst + FORTNIGHT },
      no_of_days,
      start_hr,
      end_hr,
      resolution,
      fortnight,
      week_start_day,
      masterroster,
    },
  };
}
