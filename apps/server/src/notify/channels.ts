import type { NotifyChannel } from '@rostra/core/notifications/rules';
import type { Delivery } from '@rostra/db/notifications/deliveries';
import type { MessageTransport } from './transport.ts';

/*
 * The channels a notification goes by, behind one interface: the runner hands each claimed send
 * to its channel and marks it by the outcome. A channel throws `PermanentFailure` when trying again
 * cannot help (no address, a number the provider refuses); anything else thrown is tried again.
 */

export type SendOutcome = { providerId: string | null };

/**
 * A send as it goes out: the stored delivery, and for a worker asked to confirm a job, the confirm
 * link's token (a mail or SMS carries the link in its text; a push message carries the token, for
 * its Confirm and Decline actions).
 */
export type OutgoingDelivery = Delivery & { confirmToken?: string | undefined };

export type NotificationChannel = {
  name: NotifyChannel;
  /** Sends one claimed delivery; its `id` is the idempotency key to give the provider. */
  send(delivery: OutgoingDelivery): Promise<SendOutcome>;
};

/** A failure that trying again cannot mend. */
export class PermanentFailure extends Error {}

/** Email through the server's mail transport (SMTP, or the development outbox without it). */
export function emailChannel(transport: MessageTransport): NotificationChannel {
  return {
    name: 'email',
    async send(d) {
      if (!d.address) throw new PermanentFailure('no email address');
      await transport.send({
        channel: 'email',
        recipient: d.address,
        purpose: `notify-${d.event}`,
        subject: d.subject,
        body: d.body,
        idempotencyKey: d.id,
      });
      return { providerId: null };
    },
  };
}
