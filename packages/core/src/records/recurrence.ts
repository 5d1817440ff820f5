import { DAY, type DateFormat, dayStart, formatDate, weekdayLongName } from '../time/calendar.ts';

/*
 * Repeating a booking (`planner_recurrence`, issue 22 point 1): a booking's times repeated daily,
 * weekly or fortnightly until a last day or for a number of occurrences. The spec names the flag
 * and the collection (`recurring_bookings`), not the rule; the decisions are ours:
 * - Times are the spec's wall-clock seconds (`utc_*_plus_tz`), so each occurrence keeps the first
 *   one's clock time across a daylight-saving change (09:00 stays 09:00; the real gap between two
 *   occurrences is then 23 or 25 hours).
 * - Weekly and fortnightly keep the first booking's weekday; fortnightly, 14 days apart, so every
 *   occurrence falls in the same week (1 or 2) of the organisation's fortnight, whatever its
 *   `week_start_day`.
 * - The last day is inclusive: an occurrence beginning any time on it belongs to the series.
 * - At most {@link MAX_OCCURRENCES} occurrences (a year of daily bookings), at least 2.
 */

export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'fortnightly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** A series' rule: how often, and either its last day (wall-clock seconds, any time of it) or its count. */
export type RepeatRule = {
  frequency: RepeatFrequency;
  until?: number | null | undefined;
  count?: number | null | undefined;
};

/** One booking of a series, in wall-clock seconds. */
export type Occurrence = { begin: number; end: number };

export type RepeatIssue = { code: string; message: string; field: string };

/** The most occurrences one series makes. */
export const MAX_OCCURRENCES = 366;

const STEP: Record<RepeatFrequency, number> = { daily: DAY, weekly: 7 * DAY, fortnightly: 14 * DAY };

export const REPEAT_TEXT = {
  endRequired: 'Choose when the series ends: a last day or a number of occurrences',
  tooFew: 'A series repeats at least twice',
  untilBeforeStart: "The last day must be on or after the first booking's day",
  tooMany: `A series has at most ${MAX_OCCURRENCES} bookings: choose an earlier last day or fewer occurrences`,
} as const;

/** The rule's end: exactly one of a last day and a count (the API's `repeat.until` / `repeat.count`). */
export function repeatEndIssue(rule: RepeatRule): RepeatIssue | null {
  const hasUntil = typeof rule.until === 'number';
  const hasCount = typeof rule.count === 'number';
  if (hasUntil === hasCount)
    return { code: 'repeat_end_required', message: REPEAT_TEXT.endRequired, field: 'repeat' };
  return null;
}

/** A count below 2 is not a series. */
export function repeatCountIssue(rule: RepeatRule): RepeatIssue | null {
  if (typeof rule.count !== 'number' || rule.count >= 2) return null;
  return { code: 'repeat_too_few', message: REPEAT_TEXT.tooFew, field: 'repeat.count' };
}

/** A last day before the first booking's day would make no series. */
export function repeatUntilIssue(firstBegin: number, rule: RepeatRule): RepeatIssue | null {
  if (typeof rule.until !== 'number' || dayStart(rule.until) >= dayStart(firstBegin)) return null;
  return { code: 'repeat_until_before_start', message: REPEAT_TEXT.untilBeforeStart, field: 'repeat.until' };
}

/** How many occurrences the rule makes from a first booking beginning at `firstBegin`. */
export function occurrenceCount(firstBegin: number, rule: RepeatRule): number {
  if (typeof rule.count === 'number') return rule.count;
  if (typeof rule.until !== 'number') return 0;
  const lastDay = dayStart(rule.until);
  const step = STEP[rule.frequency];
  // Begins on or before the last day: begin + k·step < lastDay + 1 day.
  return Math.max(0, Math.floor((lastDay + DAY - 1 - firstBegin) / step) + 1);
}

/** More than {@link MAX_OCCURRENCES} occurrences are refused with a message saying what to change. */
export function repeatSizeIssue(firstBegin: number, rule: RepeatRule): RepeatIssue | null {
  if (occurrenceCount(firstBegin, rule) <= MAX_OCCURRENCES) return null;
  const field = typeof rule.count === 'number' ? 'repeat.count' : 'repeat.until';
  return { code: 'repeat_too_many', message: REPEAT_TEXT.tooMany, field };
}

/** The first issue of a rule for a first booking beginning at `firstBegin`, or null. */
export function repeatIssue(firstBegin: number, rule: RepeatRule): RepeatIssue | null {
  return (
    repeatEndIssue(rule) ??
    repeatCountIssue(rule) ??
    repeatUntilIssue(firstBegin, rule) ??
    repeatSizeIssue(firstBegin, rule)
  );
}

export type Expansion = { ok: true; occurrences: Occurrence[] } | { ok: false; issue: RepeatIssue };

/**
 * Every occurrence of a booking from `begin` to `end` (wall-clock seconds) repeated by `rule`, the
 * first booking first: each the same length, the same clock time, `step` days after the one before.
 */
export function expandRepeat(begin: number, end: number, rule: RepeatRule): Expansion {
  const issue = repeatIssue(begin, rule);
  if (issue) return { ok: false, issue };
  const step = STEP[rule.frequency];
  const occurrences = Array.from({ length: occurrenceCount(begin, rule) }, (_, k) => ({
    begin: begin + k * step,
    end: end + k * step,
  }));
  return { ok: true, occurrences };
}

/** A rule in words: "Weekly on Monday, until 05/Jan/2026", "Daily, 10 times". */
export function describeRepeat(firstBegin: number, rule: RepeatRule, format?: DateFormat): string {
  const how =
    rule.frequency === 'daily'
      ? 'Daily'
      : `${rule.frequency === 'weekly' ? 'Weekly' : 'Fortnightly'} on ${weekdayLongName(firstBegin)}`;
  if (typeof rule.count === 'number') return `${how}, ${rule.count} times`;
  if (typeof rule.until === 'number') return `${how}, until ${formatDate(rule.until, format)}`;
  return how;
}

/** Statuses a series' booking keeps when the series ends: done, under way, or already cancelled. */
const KEPT_ON_END = new Set(['cancelled', 'active', 'finished', 'reviewed']);

/**
 * The bookings ending a series cancels: those beginning after `now` (wall-clock seconds, the
 * organisation's clock) and not already cancelled, under way or done. Earlier ones are history.
 */
export function bookingsToCancelOnEnd<
  T extends { utc_begin_plus_tz: number; status?: string | null | undefined },
>(bookings: readonly T[], now: number): T[] {
  return bookings.filter((b) => b.utc_begin_plus_tz > now && !KEPT_ON_END.has(b.status ?? 'draft'));
}
