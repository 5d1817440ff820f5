import { z } from 'zod';
import { START_STATUSES } from '../records/job-status.ts';
import { timelineRecordSchema } from '../records/timeline-record.ts';
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
} from './common.ts';

/*
 * The group events API (issue 8's directory): timeline records of `_key` groupevent, written
 * through the timeline records collection (`api/timeline-records.ts`) and listed here with text
 * search, a time window and numbered pages, through the readers-list rule.
 */

/** A group event as the API answers it: a timeline record with its readers list. */
export const groupEventRecord = timelineRecordSchema.extend({
  _id: z.string(),
  _uid_r: z.array(z.string()).nullish(),
  /** The overlap validator's findings, stored with the record (its conflicts); others' shapes: none. */
  errors: z
    .array(z.looseObject({ message: z.string() }))
    .nullish()
    .catch(null),
  ...stamps,
});
export type GroupEventRecord = z.infer<typeof groupEventRecord>;

/** `GET /directory/group-events`: search, window, order, numbered pages. */
export const groupEventDirectoryQuery = z.strictObject({
  q: searchText,
  from: querySeconds.optional().describe('overlapping: end after (wall-clock s)'),
  to: querySeconds.optional().describe('overlapping: begin before (wall-clock s)'),
  order: z.enum(['asc', 'desc']).optional(),
  ...numberedQuery,
});
export type GroupEventDirectoryQuery = z.input<typeof groupEventDirectoryQuery>;
export const groupEventDirectoryPage = numberedPageOf(groupEventRecord);

/** The statuses a new group event may start in. */
export const GROUP_EVENT_START_STATUSES = START_STATUSES;

/**
 * What the group events screen writes through `POST`/`PATCH /timeline-records` (whose timeline
 * record body checks it again): the event's name, time, place, resources and customers attending;
 * a new one also its kind and starting status.
 */
export const groupEventFields = {
  reference: TEXT,
  utc_begin_plus_tz: SECONDS,
  utc_end_plus_tz: SECONDS,
  all_location: z.string().max(1000).nullish(),
  resIds: IDS,
  resource_first_name: TEXT.nullish(),
  resource_last_name: TEXT.nullish(),
  customerId: ID.nullish().describe("the first customer attending: the record's customer"),
  customer_first_name: TEXT.nullish(),
  customer_last_name: TEXT.nullish(),
  cusIds: IDS,
  notes: LONG_TEXT.nullish(),
  _key: z.literal('groupevent').optional(),
  type: z.literal('groupevent').optional(),
  status: z.enum(GROUP_EVENT_START_STATUSES).optional(),
};
export const groupEventBody = z.strictObject(groupEventFields);
export type GroupEventBody = z.input<typeof groupEventBody>;
