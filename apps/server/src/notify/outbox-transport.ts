import type { Db } from '@rostra/db/client';
import { addOutboxMessage } from '@rostra/db/identity/outbox';
import type { Message, MessageTransport } from './transport.ts';

/**
 * Keeps every message in the `message_outbox` table instead of sending it: tests read links and
 * codes from there, and so can a developer. `echo` (development) also prints a one-line summary
 * with the link or code, so signing in locally needs no mail server.
 */
export function createOutboxTransport(input: {
  db: Db;
  now: () => Date;
  echo?: ((line: string) => void) | undefined;
}): MessageTransport {
  return {
    async send(message: Message) {
      await addOutboxMessage(input.db, message, input.now());
      input.echo?.(describe(message));
    },
  };
}

function describe(m: Message): string {
  const what = m.link ?? (m.code ? `code ${m.code}` : m.body);
  return `[outbox] ${m.channel} to ${m.recipient} (${m.purpose}): ${what}`;
}
