import { z } from 'zod';

/*
 * The home page API (issue 8): today's numbers and the feed of recent activity, read through the
 * readers-list rule. Which feed items show as new is the core's rule (`home/feed`), given the
 * answer's `now`. The server validates and answers with these; the home page takes its types from
 * them.
 */

/** `GET /directory/home/today`. */
export const todayNumbers = z.object({
  /** The organisation's day, wall-clock seconds `[from, to)`. */
  from: z.number(),
  to: z.number(),
  /** Today's bookings (those overlapping the day), by status. */
  by_status: z.record(z.string(), z.number()),
  total: z.number(),
  /** Today's bookings without a resource (drafts and cancelled ones are not waiting for one). */
  unassigned: z.number(),
  /** Today's bookings in conflict; null for anyone but a dispatcher (conflicts are theirs). */
  conflicts: z.number().nullable(),
  /** Distinct resources with a shift today; null when the caller may not read shifts. */
  on_shift: z.number().nullable(),
  /** Distinct resources on leave at some time today. */
  on_leave: z.number(),
});
export type TodayNumbers = z.infer<typeof todayNumbers>;

/** `GET /directory/home/feed?before&limit`. */
export const homeFeedQuery = z.strictObject({
  before: z.coerce.number().int().min(0).max(8.64e15).optional().describe('epoch ms: older than'),
  limit: z.coerce.number().int().min(1).max(50).optional().describe('default 10, at most 50'),
});

export const HOME_FEED_KINDS = ['state', 'booking', 'notification'] as const;

/** One item of the feed: a status change, a new booking or a notification. */
export const homeFeedItem = z.object({
  id: z.string(),
  kind: z.enum(HOME_FEED_KINDS),
  /** When it happened, epoch milliseconds. */
  at: z.number(),
  record_id: z.string().nullable(),
  /** What the record is called: its reference, else the customer's name. */
  record_name: z.string().nullable(),
  status: z.string().nullable(),
  previous_status: z.string().nullable(),
  action: z.string().nullable(),
  title: z.string().nullable(),
  body: z.string().nullable(),
});
export type HomeFeedItem = z.infer<typeof homeFeedItem>;

/** The feed's page, newest first, with the server's clock (epoch ms) to tell what is new. */
export const homeFeed = z.object({ items: z.array(homeFeedItem), now: z.number() });
export type HomeFeed = z.infer<typeof homeFeed>;
