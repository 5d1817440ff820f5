import { DAY, elapsedSeconds, toYmd, weekStart } from '../time/calendar.ts';
import { formatHoursHmm } from './hours.ts';
import { aggregateResource, type TimerEntry } from './timer.ts';

/*
 * Timesheets from jobs (issue #9 → the timesheets screen of issue #8): worked time per resource per
 * week from finished and reviewed jobs. A resource's time on a job is what their timer entries
 * say (closed stretches: a timer left running adds nothing until stopped); a resource with no
 * timer entries on the job is counted for the booking's span, in real elapsed time in the
 * organisation's zone (01:00–04:00 is 4 h the night clocks go back, 2 h the night they go forward).
 */

export type TimesheetJob = {
  id: string;
  /** Wall-clock seconds (`utc_begin_plus_tz`); the job counts in the week it begins. */
  begin: number;
  end: number;
  resIds: readonly string[];
  entries: readonly TimerEntry[];
};

export type TimesheetRow = {
  resource_id: string;
  name: string;
  worked_seconds: number;
  jobs: number;
  hours_hmm: string;
};

export type TimesheetWeek = { week_start: string; rows: TimesheetRow[] };

/**
 * Seconds a resource worked on a job: its timer entries (real instants), else the booking's span
 * as real elapsed time in `timeZone` (`elapsedSeconds`; without a zone, the wall-clock span).
 */
export function workedOnJob(job: TimesheetJob, resourceId: string, timeZone?: string): number {
  const own = job.entries.filter((e) => e.resource_id === resourceId);
  if (own.length === 0) return Math.max(0, elapsedSeconds(job.begin, job.end, timeZone));
  return aggregateResource(own).worked_seconds;
}

/**
 * Weeks (oldest first, starting on `weekStartDay`, 0 = Sunday) with a row per resource (by name,
 * then id) who worked in them. `names` gives each resource's name (the id when unknown);
 * `resourceId` keeps one resource only; `timeZone` is the organisation's (see `workedOnJob`).
 */
export function timesheetWeeks(
  jobs: readonly TimesheetJob[],
  names: ReadonlyMap<string, string>,
  weekStartDay = 0,
  resourceId?: string,
  timeZone?: string,
): TimesheetWeek[] {
  const weeks = new Map<number, Map<string, { worked: number; jobs: number }>>();
  for (const job of jobs) {
    const week = weekStart(job.begin, weekStartDay);
    for (const rid of new Set(job.resIds)) {
      if (resourceId !== undefined && rid !== resourceId) continue;
      const rows = weeks.get(week) ?? new Map<string, { worked: number; jobs: number }>();
      weeks.set(week, rows);
      const row = rows.get(rid) ?? { worked: 0, jobs: 0 };
      row.worked += workedOnJob(job, rid, timeZone);
      row.jobs += 1;
      rows.set(rid, row);
    }
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a - b)
    .map(([week, rows]) => ({
      week_start: toYmd(week),
      rows: [...rows.entries()]
        .map(([rid, r]) => ({
          resource_id: rid,
          name: names.get(rid) ?? rid,
          worked_seconds: r.worked,
          jobs: r.jobs,
          hours_hmm: formatHoursHmm(r.worked),
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.resource_id.localeCompare(b.resource_id)),
    }));
}

const csvCell = (v: string | number): string => {
  let s = String(v);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The weeks as CSV (header row, CRLF line ends): week_start, resource_id, name, jobs, worked_seconds, hours. */
export function timesheetCsv(weeks: readonly TimesheetWeek[]): string {
  const lines = [['week_start', 'resource_id', 'name', 'jobs', 'worked_seconds', 'hours']];
  for (const w of weeks) {
    for (const r of w.rows) {
      lines.push([
        w.week_start,
        r.resource_id,
        r.name,
        String(r.jobs),
        String(r.worked_seconds),
        r.hours_hmm,
      ]);
    }
  }
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The wall-clock range [from, to + 1 day) of a `from`..`to` date range (inclusive days). */
export const rangeEnd = (to: number): number => to + DAY;
