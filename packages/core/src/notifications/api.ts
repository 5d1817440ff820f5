import { z } from 'zod';
import { SECONDS } from '../api/common.ts';
import { MAX_REMINDER_MINUTES, NOTIFY_CHANNELS, NOTIFY_EVENTS } from './rules.ts';

/*
 * The notification routes' bodies and answers (issue #19): a job's delivery log, a user's
 * preferences and push subscriptions, the organisation's channels and templates.
 */

const channel = z.enum(NOTIFY_CHANNELS);
const event = z.enum(NOTIFY_EVENTS);
const HHMM = z.string().max(5);

export const deliveryLog = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      channel,
      uid: z.string(),
      status: z.string(),
      attempts: z.number(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      last_error: z.string().nullable(),
    }),
  ),
});
export type DeliveryLog = z.infer<typeof deliveryLog>;

export const notificationPreferences = z.strictObject({
  channels: z.array(channel).max(NOTIFY_CHANNELS.length),
  quiet_hours: z.strictObject({ start: HHMM, end: HHMM }).nullable(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferences>;

export const pushSubscriptionBody = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushEndpointBody = z.strictObject({ endpoint: z.string().max(2000) });
export const pushPublicKey = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

const template = z.strictObject({
  subject: z.string().max(200).optional(),
  body: z.string().max(1000).optional(),
});
export const orgNotificationSettings = z.strictObject({
  event_channels: z.partialRecord(event, z.array(channel).max(NOTIFY_CHANNELS.length)),
  templates: z.partialRecord(event, template),
  /** Minutes before a job's start its workers are reminded; 0 or absent: no reminders. */
  reminder_minutes: z.number().int().min(0).max(MAX_REMINDER_MINUTES).optional(),
});
export type OrgNotificationSettingsBody = z.infer<typeof orgNotificationSettings>;

/** The organisation's choice to publish rosters (issue #19 point 4): off by default. */
export const rosterPublishingBody = z.strictObject({ publish: z.boolean() });
export type RosterPublishingBody = z.infer<typeof rosterPublishingBody>;

/** A period of the roster to publish: wall-clock seconds, `to` exclusive, at most 62 days. */
const period = {
  from: SECONDS.describe('period start, wall-clock seconds'),
  to: SECONDS.describe('period end (exclusive), wall-clock seconds'),
};
const MAX_PERIOD_S = 62 * 86_400;
const periodOk = (p: { from: number; to: number }) => p.to > p.from && p.to - p.from <= MAX_PERIOD_S;
const PERIOD_ISSUE = { message: 'to must be after from, at most 62 days on', path: ['to'] };
export const rosterPeriodQuery = z
  .strictObject({ from: z.coerce.number().pipe(period.from), to: z.coerce.number().pipe(period.to) })
  .refine(periodOk, PERIOD_ISSUE);
export const rosterPeriodBody = z.strictObject(period).refine(periodOk, PERIOD_ISSUE);
export type RosterPeriodBody = z.infer<typeof rosterPeriodBody>;

/** How many workers and jobs a publication touches (asked before, answered after). */
export const publishCounts = z.object({ workers: z.number().int(), jobs: z.number().int() });
export type PublishCounts = z.infer<typeof publishCounts>;

/**
 * A web push message (`notify/push.ts` sends it, the service worker shows it): the
 * notification's title, text and the job it opens.
 */
export type PushPayload = {
  title: string;
  body: string;
  record_id: string | null;
  event: string;
  /** The confirm link's token, when the worker is asked to confirm: the Confirm and Decline actions. */
  confirm_token?: string;
};
