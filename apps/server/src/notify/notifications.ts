import { CONFIRM_MARK_LINE } from '@rostra/core/notifications/publish';
import type { Db } from '@rostra/db/client';
import { listOrganisationIdsUnsafe } from '@rostra/db/infra/job-runs';
import { confirmationOf } from '@rostra/db/notifications/confirmations';
import type { Delivery } from '@rostra/db/notifications/deliveries';
import { enqueueReminders } from '@rostra/db/notifications/reminders';
import { pruneNotifications } from '@rostra/db/notifications/retention';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../jobs/scheduler.ts';
import { emailChannel, type NotificationChannel, type OutgoingDelivery } from './channels.ts';
import { linkKey, signLink } from './confirm-link.ts';
import type { NotifyOptions } from './options.ts';
import { pushChannel } from './push.ts';
import { createNotificationRunner, notificationJob } from './runner.ts';
import { outboxSms, smsChannel, telnyxSms } from './sms.ts';
import type { MessageTransport } from './transport.ts';

/** The three channels as configured: mail and (without a provider) SMS through `transport`. */
export function notificationChannels(input: {
  db: Db;
  options: NotifyOptions;
  transport: MessageTransport;
}): NotificationChannel[] {
  const { options } = input;
  return [
    pushChannel({
      db: input.db,
      contact: options.pushContact,
      timeoutMs: options.sendTimeoutMs,
      allowHttp: options.allowHttpPush,
    }),
    emailChannel(input.transport),
    smsChannel(options.sms ? telnyxSms(options.sms, options.sendTimeoutMs) : outboxSms(input.transport)),
  ];
}

/** The signed confirm link token of the worker's request on a job, while it is pending. */
async function confirmToken(
  db: Db,
  orgId: string,
  recordId: string,
  uid: string,
): Promise<string | undefined> {
  const c = await confirmationOf(db, orgId, recordId, uid);
  if (c?.state !== 'pending') return undefined;
  return signLink(await linkKey(db), { orgId, linkId: c.linkId });
}

/**
 * A mail or SMS asking a worker to confirm a job (assigned, or moved) carries the confirm link,
 * a push message its token (for the notification's Confirm and Decline actions), while their
 * answer is pending: the link names the current request, so it works once. A "roster published"
 * message carries one link per job it asks about, where its confirm marks are (push: none).
 */
export async function withConfirmLink(db: Db, publicUrl: string, d: Delivery): Promise<OutgoingDelivery> {
  const line = (token: string) => `Confirm or decline: ${publicUrl}/confirm/${token}`;
  if (d.event === 'roster_published') {
    const marks = [...d.body.matchAll(CONFIRM_MARK_LINE)];
    if (marks.length === 0) return d;
    const links = new Map<string, string | undefined>();
    for (const [, recordId = ''] of marks)
      if (d.channel !== 'push' && !links.has(recordId))
        links.set(recordId, await confirmToken(db, d.orgId, recordId, d.uid));
    // Each mark's line becomes the link, or goes (answered, or a push message).
    const body = d.body
      .split('\n')
      .flatMap((text) => {
        const [mark] = [...text.matchAll(CONFIRM_MARK_LINE)];
        if (!mark) return [text];
        const token = links.get(mark[1] ?? '');
        return token ? [`  ${line(token)}`] : [];
      })
      .join('\n');
    return { ...d, body };
  }
  if ((d.event !== 'assigned' && d.event !== 'changed') || !d.recordId) return d;
  const token = await confirmToken(db, d.orgId, d.recordId, d.uid);
  if (!token) return d;
  if (d.channel === 'push') return { ...d, confirmToken: token };
  return { ...d, body: `${d.body}\n\n${line(token)}` };
}

/** The background job that sends the notification outbox. */
export function notificationsJob(input: {
  db: Db;
  options: NotifyOptions;
  transport: MessageTransport;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): BackgroundJob {
  const runner = createNotificationRunner({
    db: input.db,
    channels: notificationChannels(input),
    leaseMs: input.options.leaseMs,
    now: input.now,
    log: input.log,
    prepare: (d) => withConfirmLink(input.db, input.publicUrl, d),
  });
  return notificationJob(runner, input.options.leaseMs);
}

/**
 * Every minute: the reminders due (each organisation's `reminderMinutes` before a job's start),
 * written to the outbox once per job, start, worker and channel (db notifications/reminders.ts).
 */
export function remindersJob(db: Db): BackgroundJob {
  return {
    name: 'notification-reminders',
    periodMs: 60_000,
    run: async (now) => {
      let jobs = 0;
      for (const orgId of await listOrganisationIdsUnsafe(db)) jobs += await enqueueReminders(db, orgId, now);
      return { jobs };
    },
  };
}

/**
 * Hourly: finished sends (sent, or failed for good) and expired confirm requests older than the
 * retention period (`days`) leave the outbox (db notifications/retention.ts).
 */
export function notificationRetentionJob(db: Db, days: number): BackgroundJob {
  return {
    name: 'notification-retention',
    periodMs: 3_600_000,
    run: async (now) => {
      const before = new Date(now.getTime() - days * 86_400_000);
      const removed = { deliveries: 0, confirmations: 0 };
      for (const orgId of await listOrganisationIdsUnsafe(db)) {
        const r = await pruneNotifications(db, orgId, before);
        removed.deliveries += r.deliveries;
        removed.confirmations += r.confirmations;
      }
      return removed;
    },
  };
}
