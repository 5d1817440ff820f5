import { z } from 'zod';
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
