import type { Db } from '@rostra/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../jobs/scheduler.ts';
import { emailChannel, type NotificationChannel } from './channels.ts';
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

/** The background job that sends the notification outbox. */
export function notificationsJob(input: {
  db: Db;
  options: NotifyOptions;
  transport: MessageTransport;
  now: () => Date;
  log: FastifyBaseLogger;
}): BackgroundJob {
  const runner = createNotificationRunner({
    db: input.db,
    channels: notificationChannels(input),
    leaseMs: input.options.leaseMs,
    now: input.now,
    log: input.log,
  });
  return notificationJob(runner, input.options.leaseMs);
}
