/**
 * Master-roster template items and their rollout onto real dates.
 *
 * A template item sits on a weekday of week 1 or week 2 of a template fortnight:
 * - `day_num` (0 = Sunday … 6 = Saturday), or failing that `day_n` (a day code `su`…`sa`, or the
 *   same 0–6 number);
 * - `startAt` / `endAt`: minutes from 00:00 of that day. `endAt <= startAt` means it ends the next
 *   day (as shift `beg`/`end` do), so `endAt === startAt` is a 24-hour item;
 * - `week`: 2 or 4 puts the item in the second week of the fortnight; anything else (1, 3, none) in
 *   the first;
 * - an item without day/minutes fields is placed by its `utc_begin_plus_tz` / `utc_end_plus_tz`
 *   relative to `fortnight_time_boundaries.start_time` (the fortnight it was drawn in): week 2 when
 *   it begins 7 days or more after that start.
 *
 * Times are the spec's wall-clock seconds; all arithmetic is UTC calendar arithmetic.
 */
import {
  DAY,
  DAY_CODES,
  type DayCode,
  dayStart,
  FORTNIGHT,
  fortnightStart,
  fortnightWeek,
  MINUTE,
  toYmd,
  WEEK,
  weekday,
  weekStart,
} from '../time/calendar.ts';
import type { RosterGrid, TimeBoundaries } from './grid.ts';

const MINUTES_PER_DAY = 1440;

export type TemplateItem = {
  _id?: string | undefined;
  day_num?: number | undefined;
  day_n?: DayCode | number | undefined;
  startAt?: number | undefined;
  endAt?: number | undefined;
  week?: number | undefined;
  utc_begin_plus_tz?: number | undefined;
  utc_end_plus_tz?: number | undefined;
  fortnight_time_boundaries?: TimeBoundaries | undefined;
};

/** Where an item sits in its template, whatever fields it was given in. */
export type TemplateSlot = {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  week: 1 | 2;
  /** Minutes from 00:00 of the day, 0–1439. */
  startMinute: number;
  /** Minutes, 1–1440. */
  durationMinutes: number;
};

export type TemplateIssue = {
  code: 'invalid_template_item';
  message: string;
  /** Position of the item in the list given. */
  index: number;
  _id?: string;
};

export type TemplatePlacement<T> = {
  item: T;
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  /** Week of its fortnight the placement fell in (always 1 for a weekly rollout). */
  week: 1 | 2;
  /** The real fortnight (or week, for a weekly rollout) the placement belongs to. */
  fortnight_time_boundaries: TimeBoundaries;
};

export type RolloutOptions = {
  /** Period to fill, `[from, to)` in seconds; a placement belongs to it by its start. */
  from: number;
  to: number;
  /** 0 = Sunday … 6 = Saturday; default 0. */
  week_start_day?: number;
  /**
   * Fortnightly template (default true): week-1 items go to week-1 weeks and week-2 items to
   * week-2 weeks (by ISO week parity). False: every item is placed every week.
   */
  fortnight?: boolean;
};

const isFiniteNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const isWeekday = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 6;

/** True for the template `week` values meaning "second week of the fortnight" (2 or 4). */
export function isSecondWeek(week: unknown): boolean {
  return week === 2 || week === 4;
}

/** Resolves where a template item sits; a message instead when its fields do not say. */
export function resolveTemplateSlot(item: TemplateItem): { slot: TemplateSlot } | { error: string } {
  const { startAt, endAt } = item;
  if (
    startAt === undefined &&
    endAt === undefined &&
    item.day_num === undefined &&
    item.day_n === undefined
  ) {
    return slotFromTimes(item);
  }
  const wd = isWeekday(item.day_num)
    ? item.day_num
    : typeof item.day_n === 'string'
      ? DAY_CODES.indexOf(item.day_n)
      : isWeekday(item.day_n)
        ? item.day_n
        : -1;
  if (wd < 0) return { error: 'day_num must be 0–6 or day_n a day code su…sa' };
  if (!isFiniteNumber(startAt) || startAt < 0 || startAt >= MINUTES_PER_DAY) {
    return { error: 'startAt must be minutes 0–1439' };
  }
  if (!isFiniteNumber(endAt) || endAt < 0 || endAt > MINUTES_PER_DAY) {
    return { error: 'endAt must be minutes 0–1440' };
  }
  return {
    slot: {
      weekday: wd,
      week: isSecondWeek(item.week) ? 2 : 1,
      startMinute: startAt,
      durationMinutes: endAt > startAt ? endAt - startAt : endAt + MINUTES_PER_DAY - startAt,
    },
  };
}

function slotFromTimes(item: TemplateItem): { slot: TemplateSlot } | { error: string } {
  const begin = item.utc_begin_plus_tz;
  const end = item.utc_end_plus_tz;
  const origin = item.fortnight_time_boundaries?.start_time;
  if (!isFiniteNumber(begin) || !isFiniteNumber(end) || !isFiniteNumber(origin)) {
    return { error: 'needs day_num/day_n with startAt/endAt, or times with fortnight_time_boundaries' };
  }
  const offset = begin - origin;
  if (offset < 0 || offset >= FORTNIGHT) return { error: 'utc_begin_plus_tz is outside its fortnight' };
  if (end <= begin || end - begin > DAY)
    return { error: 'utc_end_plus_tz must be after the begin, within a day' };
  return {
    slot: {
      weekday: weekday(begin),
      week: offset >= WEEK ? 2 : 1,
      startMinute: (begin - dayStart(begin)) / MINUTE,
      durationMinutes: (end - begin) / MINUTE,
    },
  };
}

/**
 * The template fields for an item drawn at `[begin, end)` on a roster grid (real or master roster):
 * the week is the grid day's (calendar parity on a real grid, position on a template) and
 * `fortnight_time_boundaries` the grid's. Null when `begin` is not on the grid. `end` must be
 * after `begin` and at most 24 h later (a template item cannot say more).
 */
export function templateFieldsFor(
  grid: RosterGrid,
  begin: number,
  end: number,
):
  | (Required<Pick<TemplateItem, 'day_num' | 'startAt' | 'endAt' | 'fortnight_time_boundaries'>> & {
      day_n: DayCode;
      week: 1 | 2;
    })
  | null {
  const day = grid.set[toYmd(begin)];
  if (!day) return null;
  const startAt = (begin - dayStart(begin)) / MINUTE;
  return {
    day_num: day.weekday,
    day_n: day.day_code,
    startAt,
    endAt: (startAt + (end - begin) / MINUTE) % MINUTES_PER_DAY,
    week: day.week,
    fortnight_time_boundaries: { ...grid.fortnight_time_boundaries },
  };
}

/**
 * Places template items on the real weeks of `[from, to)`. Items whose fields do not resolve are
 * left out and reported as issues; the rest are placed in date order (then in list order). A
 * period whose bounds are not numbers places nothing. Where ISO week 53 makes two week-1 weeks
 * follow each other, week-1 items are placed in both and week-2 items in neither.
 */
export function rolloutTemplate<T extends TemplateItem>(
  items: readonly T[],
  options: RolloutOptions,
): { placements: TemplatePlacement<T>[]; issues: TemplateIssue[] } {
  const { from, to, week_start_day = 0, fortnight = true } = options;
  const issues: TemplateIssue[] = [];
  const slots: { item: T; slot: TemplateSlot }[] = [];
  items.forEach((item, index) => {
    const r = resolveTemplateSlot(item);
    if ('slot' in r) slots.push({ item, slot: r.slot });
    else issues.push({ code: 'invalid_template_item', message: r.error, index, ...idOf(item) });
  });

  const placements: TemplatePlacement<T>[] = [];
  if (!isFiniteNumber(from) || !isFiniteNumber(to)) return { placements, issues };
  for (let week = weekStart(from, week_start_day); week < to; week += WEEK) {
    const which = fortnight ? fortnightWeek(week, week_start_day) : 1;
    const first = fortnight ? fortnightStart(week, week_start_day) : week;
    const bounds = { start_time: first, end_time: first + (fortnight ? FORTNIGHT : WEEK) };
    for (const { item, slot } of slots) {
      if (fortnight && slot.week !== which) continue;
      const begin = week + ((slot.weekday - week_start_day + 7) % 7) * DAY + slot.startMinute * MINUTE;
      if (begin < from || begin >= to) continue;
      placements.push({
        item,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: begin + slot.durationMinutes * MINUTE,
        week: which,
        fortnight_time_boundaries: bounds,
      });
    }
  }
  placements.sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz);
  return { placements, issues };
}

function idOf(item: TemplateItem): { _id?: string } {
  return item._id === undefined ? {} : { _id: item._id };
}
