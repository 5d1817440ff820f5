import { z } from 'zod';
import { cursorPageOf } from './common.ts';

/*
 * Notifications and What's New (spec §3, §4): the caller's notifications, the bell's dot, last
 * seen, and the released versions with what the caller has seen of them. The server answers with
 * these; the shell takes its types from them. Times are epoch seconds.
 */

/** One notification, newest first in its list. */
export const notification = z.object({
  _id: z.string(),
  uid: z.string().nullable(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  record_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  _qa_create_utc: z.number(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /notifications`: 40 a page. */
export const notificationPage = cursorPageOf(notification);
export type NotificationPage = z.infer<typeof notificationPage>;

/** `GET /notifications/state`: the dot (anything newer than last seen) and the newest times. */
export const notificationState = z.object({
  dot: z.boolean(),
  last_seen: z.number().nullable(),
  latest_notification: z.number().nullable(),
  latest_bid: z.number().nullable(),
});
export type NotificationState = z.infer<typeof notificationState>;

/** `POST /notifications/seen`: now, stored as last seen. */
export const notificationsSeenAnswer = z.object({ last_seen: z.number() });
export type NotificationsSeenAnswer = z.infer<typeof notificationsSeenAnswer>;

/** A released version: its notes and whether the caller has seen it. */
export const versionRecord = z.object({
  _id: z.string(),
  version: z.string(),
  release_date: z.number(),
  notes: z.string(),
  seen: z.boolean(),
});
export type VersionRecord = z.infer<typeof versionRecord>;

/** `GET /versions`: every release, newest first, and how many the caller has not seen. */
export const versionsAnswer = z.object({ items: z.array(versionRecord), unseen: z.number() });
export type VersionsAnswer = z.infer<typeof versionsAnswer>;

/** `POST /versions/seen`. */
export const versionSeenBody = z.strictObject({ version: z.string().min(1).max(40) });
export const versionSeenAnswer = z.object({ version: z.string(), seen: z.boolean() });

/** `POST /operator/versions` (the operator's token): a release to publish; no date means today. */
export const publishVersionBody = z.strictObject({
  version: z
    .string()
    .min(1)
    .max(40)
    .meta({ examples: ['3.6.0'] }),
  release_date: z
    .string()
    .min(1)
    .max(40)
    .meta({ examples: ['2026-12-04'] })
    .optional(),
  notes: z.string().max(10_000).optional(),
});
export type PublishVersionBody = z.infer<typeof publishVersionBody>;
export const publishVersionAnswer = z.object({
  _id: z.string(),
  version: z.string(),
  release_date: z.number(),
});
