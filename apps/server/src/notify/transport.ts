import type { OutboxMessage } from '@rostra/db/identity/outbox';

/** One mail or SMS on its way out. */
export type Message = OutboxMessage;

/**
 * Where mail and SMS go. The default writes to the outbox table (and, in development, prints the
 * link or code); with SMTP_URL set, mail goes out through SMTP. Sign-in flows only ever call this.
 */
export type MessageTransport = {
  send(message: Message): Promise<void>;
};
