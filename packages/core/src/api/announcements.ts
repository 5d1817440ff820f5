import { z } from 'zod';
import { LONG_TEXT, numberedPageOf, numberedQuery } from './common.ts';

/*
 * The announcements API (issue 8): a dispatcher writes a title and a body for everyone in the
 * organisation or for some roles; members list the ones to their role, newest first. The server
 * validates and answers with these, the web types its calls and its form with them.
 */

/** The roles an announcement can be told to. */
export const ANNOUNCEMENT_ROLES = ['dispatcher', 'scheduler', 'resource', 'customer'] as const;
export type AnnouncementRole = (typeof ANNOUNCEMENT_ROLES)[number];

/** `POST /announcements`. */
export const announcementBody = z.strictObject({
  title: z.string().trim().min(1, 'Enter a title').max(200),
  body: LONG_TEXT,
  roles: z
    .array(z.enum(ANNOUNCEMENT_ROLES))
    .max(ANNOUNCEMENT_ROLES.length)
    .optional()
    .describe('the roles told; empty or absent: every member'),
});
export type AnnouncementBody = z.input<typeof announcementBody>;

/** An announcement as the API answers it. */
export const announcementRecord = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  /** Empty: every member. */
  roles: z.array(z.string()),
  created_by: z.string().nullable(),
  /** Epoch milliseconds. */
  created_at: z.number(),
});
export type Announcement = z.infer<typeof announcementRecord>;

/** `GET /announcements`: numbered pages, newest first. */
export const announcementListQuery = z.strictObject(numberedQuery);
export const announcementPage = numberedPageOf(announcementRecord);
export type AnnouncementPage = z.infer<typeof announcementPage>;
