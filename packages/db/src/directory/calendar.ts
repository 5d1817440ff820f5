import type { CalendarItem, CalendarWindowAnswer } from '@rostra/core/api/calendar-events';
import { and, asc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { calendarEvents } from '../schema/planning.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * The calendar's month (issue 8): bookings and group events and calendar events that overlap a
 * window, in the few fields a day cell shows, through the readers-list rule.
 */

export type { CalendarItem };

/** At most this many items of each kind: a month cell shows a few and "+n more". */
export const CALENDAR_ITEM_LIMIT = 2000;

export async function calendarWindow(
  db: Db,
  orgId: string,
  reader: Reader,
  from: number,
  to: number,
): Promise<CalendarWindowAnswer> {
  return withOrg(db, orgId, async (tx) => {
    const d = timelineRecords.data;
    const records = await tx
      .select({
        id: timelineRecords.id,
        key: timelineRecords.key,
        status: timelineRecords.status,
        begin: timelineRecords.beginAt,
        end: timelineRecords.endAt,
        name: sql<string>`coalesce(nullif(${d}->>'reference', ''), nullif(${d}->>'name', ''), nullif(concat_ws(' ', ${d}->>'customer_first_name', ${d}->>'customer_last_name'), ''), ${timelineRecords.id})`,
      })
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          or(eq(timelineRecords.key, 'booking'), eq(timelineRecords.key, 'groupevent')),
          lt(timelineRecords.beginAt, to),
          gt(timelineRecords.endAt, from),
          readableBy(timelineRecords.readers, reader),
          IS_LIVE_RECORD,
        ),
      )
      .orderBy(asc(timelineRecords.beginAt), asc(timelineRecords.id))
      .limit(CALENDAR_ITEM_LIMIT + 1);
    const events = await tx
      .select()
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.orgId, orgId),
          isNotNull(calendarEvents.beginAt),
          lt(calendarEvents.beginAt, to),
          sql`coalesce(${calendarEvents.endAt}, ${calendarEvents.beginAt}) >= ${from}`,
          readableBy(calendarEvents.readers, reader),
        ),
      )
      .orderBy(asc(calendarEvents.beginAt), asc(calendarEvents.id))
      .limit(CALENDAR_ITEM_LIMIT + 1);
    const items: CalendarItem[] = [
      ...records.slice(0, CALENDAR_ITEM_LIMIT).map((r) => ({
        _id: r.id,
        kind: r.key === 'groupevent' ? ('groupevent' as const) : ('booking' as const),
        name: r.name,
        status: r.status,
        utc_begin_plus_tz: r.begin,
        utc_end_plus_tz: r.end,
      })),
      ...events.slice(0, CALENDAR_ITEM_LIMIT).map((e) => ({
        _id: e.id,
        kind: 'calevent' as const,
        name: e.name,
        status: null,
        utc_begin_plus_tz: e.beginAt as number,
        utc_end_plus_tz: e.endAt ?? (e.beginAt as number),
      })),
    ].sort((a, b) => a.utc_begin_plus_tz - b.utc_begin_plus_tz || a._id.localeCompare(b._id));
    return {
      items,
      truncated: records.length > CALENDAR_ITEM_LIMIT || events.length > CALENDAR_ITEM_LIMIT,
    };
  });
}
