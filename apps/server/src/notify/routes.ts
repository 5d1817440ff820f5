import {
  deliveryLog,
  notificationPreferences,
  orgNotificationSettings,
  pushEndpointBody,
  pushPublicKey,
  pushSubscriptionBody,
} from '@rostra/core/notifications/api';
import {
  NOTIFY_CHANNELS,
  type OrgNotificationSettings,
  quietHoursIssue,
} from '@rostra/core/notifications/rules';
import {
  listJobDeliveries,
  removePushSubscription,
  savePushSubscription,
} from '@rostra/db/notifications/deliveries';
import { NOTIFICATION_SETTINGS_KEY } from '@rostra/db/notifications/enqueue';
import { getPreferences, putPreferences } from '@rostra/db/notifications/preferences';
import { getSettings, putSettings } from '@rostra/db/settings';
import { z } from 'zod';
import { DISPATCHERS, MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { idParams } from '../http/kit.ts';
import { JOB_DISPATCHERS, now, readJob } from '../job-life/job-access.ts';
import { confirmRoutes } from './confirm-routes.ts';
import { publishRoutes } from './publish-routes.ts';
import { vapidKeys } from './push.ts';

/** Notifications outside the app (issue #19): the delivery log, preferences, push, org settings. */
export function notifyRoutes(app: App): void {
  const db = () => app.deps.db.db;
  confirmRoutes(app);
  publishRoutes(app);

  app.get(
    `${API}/bookings/:id/deliveries`,
    {
      config: { access: JOB_DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: "The job's delivery log: every notification sent about it, by channel, with its state",
        params: idParams,
        response: { 200: deliveryLog },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      return { items: await listJobDeliveries(db(), caller.orgId, job._id) };
    },
  );

  app.get(
    `${API}/me/notification-preferences`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: 'Which channels reach me, and my quiet hours',
        response: { 200: notificationPreferences },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const prefs = await getPreferences(db(), caller.orgId, caller.uid);
      return { channels: [...prefs.channels], quiet_hours: prefs.quietHours };
    },
  );

  app.put(
    `${API}/me/notification-preferences`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary:
          'Replace which channels reach me, and my quiet hours (times of day in the organisation’s zone)',
        body: notificationPreferences,
        response: { 200: notificationPreferences },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const body = request.body;
      const issue = quietHoursIssue(body.quiet_hours);
      if (issue) throw new HttpError(400, 'invalid_quiet_hours', issue);
      const channels = NOTIFY_CHANNELS.filter((c) => body.channels.includes(c));
      await putPreferences(
        db(),
        caller.orgId,
        caller.uid,
        { channels, quietHours: body.quiet_hours },
        now(app),
      );
      return { channels, quiet_hours: body.quiet_hours };
    },
  );

  app.get(
    `${API}/push/public-key`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key, for the browser's push subscription",
        response: { 200: pushPublicKey },
      },
    },
    async () => ({ public_key: (await vapidKeys(db())).publicKey }),
  );

  app.post(
    `${API}/me/push-subscriptions`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: "Keep this browser's push subscription for me",
        body: pushSubscriptionBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { endpoint, keys } = request.body;
      if (!endpoint.startsWith('https://') && !app.notifyOptions.allowHttpPush)
        throw new HttpError(400, 'invalid_endpoint', 'A push endpoint must be an https address.');
      await savePushSubscription(db(), caller.orgId, caller.uid, { endpoint, ...keys }, now(app));
      return { ok: true as const };
    },
  );

  app.post(
    `${API}/me/push-subscriptions/remove`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['notifications'],
        summary: "Forget this browser's push subscription (push turned off)",
        body: pushEndpointBody,
        response: { 200: z.object({ removed: z.boolean() }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return { removed: await removePushSubscription(db(), caller.orgId, request.body.endpoint, caller.uid) };
    },
  );

  app.get(
    `${API}/settings/notifications`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary:
          "The organisation's notification channels per event, its message templates and its reminder's lead",
        response: { 200: orgNotificationSettings },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const doc = (await getSettings(
        db(),
        caller.orgId,
        NOTIFICATION_SETTINGS_KEY,
      )) as OrgNotificationSettings;
      const eventChannels = Object.fromEntries(
        Object.entries(doc.eventChannels ?? {}).map(([event, channels]) => [event, [...(channels ?? [])]]),
      );
      return {
        event_channels: eventChannels,
        templates: doc.templates ?? {},
        ...(doc.reminderMinutes ? { reminder_minutes: doc.reminderMinutes } : {}),
      };
    },
  );

  app.put(
    `${API}/settings/notifications`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary:
          "Replace the organisation's notification channels per event, its message templates and its reminder's lead",
        body: orgNotificationSettings,
        response: { 200: orgNotificationSettings },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const body = request.body;
      await putSettings(db(), caller.orgId, NOTIFICATION_SETTINGS_KEY, {
        eventChannels: body.event_channels,
        templates: body.templates,
        ...(body.reminder_minutes ? { reminderMinutes: body.reminder_minutes } : {}),
      });
      return body;
    },
  );
}
