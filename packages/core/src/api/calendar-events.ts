import { z } from 'zod';
import {
  ID,
  IDS,
  LONG_TEXT,
  numberedPageOf,
  numberedQuery,
  querySeconds,
  SECONDS,
  searchText,
  stamps,
  TEXT,
  updateBodyOf,
} from './common.ts';

/*
 * The calendar events API (spec §6; issue 8's directory): events with a readers list (`_uid_r`),
 * optionally of a project task (`task_id`). The server validates with these, the web types and
 * checks its forms with them.
 */

/** An event's kind (the menu's /calevents?type= lists one kind). */
export const calendarEventType = z.string().trim().max(60, 'A type is at most 60 characters');

export const calendarEventFields = {
  _id: ID.optional(),
  name: TEXT,
  task_id: ID.nullish(),
  utc_begin_plus_tz: SECONDS.nullish(),
  utc_end_plus_tz: SECONDS.nullish(),
  notes: LONG_TEXT.nullish(),
  type: calendarEventType
    .nullish()
    .describe("the kind of event (the menu's /calevents?type= lists one kind); kept in the data"),
  _uid_r: IDS.optional().describe('user ids who may read the event (readers list)'),
  resIds: IDS.optional().describe(
    "the event's resources (required on a new one under force_resource_calevent)",
  ),
};
export const createCalendarEventBody = z.strictObject(calendarEventFields);
export type CreateCalendarEventBody = z.input<typeof createCalendarEventBody>;
export const updateCalendarEventBody = updateBodyOf(calendarEventFields);

/** A calendar event as the API answers it (extra imported fields pass through). */
export const calendarEventRecord = z.looseObject({
  _id: z.string(),
  calevent_id: z.string().nullish(),
  name: z.string(),
  task_id: z.string().nullish(),
  type: z.string().nullish(),
  utc_begin_plus_tz: z.number().nullish(),
  utc_end_plus_tz: z.number().nullish(),
  notes: z.string().nullish(),
  _uid_r: z.array(z.string()).nullish(),
  resIds: z.array(z.string()).nullish(),
  ...stamps,
});
export type CalendarEventRecord = z.infer<typeof calendarEventRecord>;

/** `?type=` of the collection's list: events of that type only. */
export const calendarEventTypeFilter = z.string().trim().min(1).max(60).optional();

/** `GET /directory/calendar-events`: search, task, type, window, numbered pages (soonest first). */
export const calendarEventDirectoryQuery = z.strictObject({
  q: searchText,
  task_id: ID.optional(),
  type: calendarEventTypeFilter.describe('events of this type only'),
  from: querySeconds.optional().describe('overlapping: end after (wall-clock s)'),
  to: querySeconds.optional().describe('overlapping: begin before (wall-clock s)'),
  ...numberedQuery,
});
export type CalendarEventDirectoryQuery = z.input<typeof calendarEventDirectoryQuery>;
export const calendarEventDirectoryPage = numberedPageOf(calendarEventRecord);

/** One item of the calendar's month: a booking, a group event or a calendar event, in a day cell's few fields. */
export const calendarItem = z.object({
  _id: z.string(),
  kind: z.enum(['booking', 'groupevent', 'calevent']),
  name: z.string(),
  status: z.string().nullable(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
});
export type CalendarItem = z.infer<typeof calendarItem>;

/** `GET /directory/calendar?from&to`: the items overlapping the window (`truncated`: there were more). */
export const calendarWindowAnswer = z.object({ items: z.array(calendarItem), truncated: z.boolean() });
export type CalendarWindowAnswer = z.infer<typeof calendarWindowAnswer>;
