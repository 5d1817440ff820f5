import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { timelineRecords } from '../schema/scheduling.ts';

/**
 * Length above which a timeline record is "long": the partial index `timeline_records_long_idx`
 * (migration 0007) holds exactly the records with `utc_end_plus_tz − utc_begin_plus_tz` above it.
 */
export const LONG_RECORD_S = 172_800;

/** The begin and end columns of a table of timed rows (default: `timeline_records`). */
export type TimedColumns = { begin: SQLWrapper; end: SQLWrapper };

const TIMELINE: TimedColumns = { begin: timelineRecords.beginAt, end: timelineRecords.endAt };

/**
 * The one rule of every list that takes a window `[from, to)` (timeline, boards, map, bookings and
 * my day, home, exception report, group events): the records that *overlap* it, i.e. begin before
 * `to` and end after `from` (half-open: a record ending exactly at `from` is not in view, one
 * beginning exactly at `from` is). A record without a length (end at or before its begin) is a
 * point at its begin: in view when its begin lies in the window.
 *
 * Written so that the indexes serve it without reading every record that began before `to`: a
 * record no longer than LONG_RECORD_S that ends after `from` began at `from − LONG_RECORD_S` or
 * later (a bounded range of `timeline_records_begin_idx`); the longer ones come from the partial
 * index `timeline_records_long_idx`, whose predicate the second branch repeats literally (the
 * planner only uses a partial index when the query implies its predicate, so the constant is a
 * literal, never a bind parameter).
 */
export function overlapsWindow(from: number, to: number, cols: TimedColumns = TIMELINE): SQL {
  return overlapsOpenWindow(from, to, cols) as SQL;
}

/** `overlapsWindow` with either bound left open (a list asked only "from" or only "to"). */
export function overlapsOpenWindow(
  from: number | undefined,
  to: number | undefined,
  cols: TimedColumns = TIMELINE,
): SQL | undefined {
  const { begin, end } = cols;
  if (from === undefined) return to === undefined ? undefined : sql`${begin} < ${to}`;
  const long = sql.raw(String(LONG_RECORD_S));
  const before = to === undefined ? sql`` : sql` and ${begin} < ${to}`;
  const overlap = sql`((${begin} >= ${from - LONG_RECORD_S}${before} and (${end} > ${from} or ${begin} >= ${from}))
    or (${end} - ${begin} > ${long} and ${end} > ${from}${before}))`;
  if (cols !== TIMELINE) return overlap;
  // A lower bound on begin outside the OR: the earliest begin of a long record in view (one
  // read of the partial index, run once per query), else `from − LONG_RECORD_S`. Implied by the
  // condition, it lets a list ordered by begin with a limit scan a bounded range of the begin
  // index instead of every record the organisation began before `to`. Row-level security scopes
  // the sub-select to the transaction's organisation (`withOrg`), as it does every read. `+ 0`
  // keeps the planner from reading `min` off the begin index (a scan of every earlier begin).
  const earliest = sql`least(${from - LONG_RECORD_S}, (select min(l.utc_begin_plus_tz + 0) from timeline_records l
    where l.org_id = current_setting('app.org_id', true) and l.utc_end_plus_tz - l.utc_begin_plus_tz > ${long}
      and l.utc_end_plus_tz > ${from}${to === undefined ? sql`` : sql` and l.utc_begin_plus_tz < ${to}`}))`;
  return sql`(${begin} >= ${earliest} and ${overlap})`;
}
