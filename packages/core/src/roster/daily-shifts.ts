/**
 * The daily shifts derived from weekly timesheet records (spec §3: "The derived daily shift adds
 * day, startDate, utc_begin_plus_tz, utc_end_plus_tz, week_start and unique_id").
 *
 * A weekly record covers the days of its `week_id` range (`YYYY-MM-DD_YYYY-MM-DD`, both days
 * included) whose day flag (`su` … `sa`) is truthy. Each covered day gives one daily shift per
 * interval: `timings[day]` when present, else `beg`/`end`; a covered day with neither gives none.
 * Times are seconds in the day; `end <= beg` ends the next day. These are the rules the
 * allocation engine's shift check applies (allocation/engine.ts), so what a screen shows as a
 * shift is what allocation accepts.
 */
import type { DailyShift, Shift } from '../records/shift.ts';
import { DAY, DAY_CODES, fromYmd, toYmd, weekday } from '../time/calendar.ts';

/**
 * Daily shifts of `shift` that overlap `[from, to)` (wall-clock seconds: begin before `to`, end
 * after `from`, so a night shift begun the evening before is in today's), in time order.
 * `unique_id` is `<_id or resourceId_week_id>_<YYYY-MM-DD>_<n>` (n counts the day's intervals
 * from 0); `week_start` is 00:00 of the record's first day; `queryfld` is the day as yyyymmdd.
 * A record whose `week_id` does not name two real dates gives nothing.
 */
export function dailyShifts(shift: Shift, from: number, to: number): DailyShift[] {
  const [a = '', b = ''] = shift.week_id.split('_');
  const first = fromYmd(a);
  const last = fromYmd(b);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const id = shift._id ?? `${shift.resourceId}_${shift.week_id}`;
  const out: DailyShift[] = [];
  for (let day = first; day <= last; day += DAY) {
    const code = DAY_CODES[weekday(day)] as (typeof DAY_CODES)[number];
    if (!shift[code]) continue;
    const timings = shift.timings?.[code];
    const intervals =
      timings != null
        ? timings.map((t) => [t.beg, t.end] as const)
        : shift.beg != null && shift.end != null
          ? [[shift.beg, shift.end] as const]
          : [];
    const ymd = toYmd(day);
    intervals.forEach(([beg, end], n) => {
      const begin = day + beg;
      const finish = end <= beg ? day + end + DAY : day + end;
      if (begin >= to || finish <= from) return;
      out.push({
        ...shift,
        _id: id,
        day: code,
        startDate: ymd,
        utc_begin_plus_tz: begin,
        utc_end_plus_tz: finish,
        week_start: first,
        unique_id: `${id}_${ymd}_${n}`,
        queryfld: Number(ymd.replaceAll('-', '')),
      });
    });
  }
  return out.sort((x, y) => (x.utc_begin_plus_tz as number) - (y.utc_begin_plus_tz as number));
}
