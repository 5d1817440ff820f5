import { z } from 'zod';
import { timelineRecordSchema } from '../records/timeline-record.ts';
import { numberedPageOf, numberedQuery, querySeconds, searchText, stamps } from './common.ts';

/*
 * The group events API (issue 8's directory): timeline records of `_key` groupevent, written
 * through the timeline records collection (`api/timeline-records.ts`) and listed here with text
 * search, a time window and numbered pages, through the readers-list rule.
 */

/** A group event as the API answers it: a timeline record with its readers list. */
export const groupEventRecord = timelineRecordSchema.extend({
  _id: z.string(),
  _uid_r: z.array(z.string()).nullish(),
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
