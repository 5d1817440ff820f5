import { randomUUID } from 'node:crypto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { messageOutbox } from '../schema/auth.ts';

export type OutboxMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  purpose: string;
  subject?: string | undefined;
  body: string;
  link?: string | undefined;
  code?: string | undefined;
  /** A key the provider may drop a repeat by (mail: the Message-ID); not stored. */
  idempotencyKey?: string | undefined;
};

export type StoredOutboxMessage = OutboxMessage & { id: string; createdAt: Date };

export async function addOutboxMessage(
  db: Db,
  message: OutboxMessage,
  now: Date,
): Promise<StoredOutboxMessage> {
  const row = {
    id: randomUUID(),
    channel: message.channel,
    recipient: message.recipient,
    purpose: message.purpose,
    subject: message.subject ?? null,
    body: message.body,
    link: message.link ?? null,
    code: message.code ?? null,
    createdAt: now,
  };
  await db.insert(messageOutbox).values(row);
  return { ...message, id: row.id, createdAt: now };
}

/** Messages sent, newest first; optionally only to one recipient and/or for one purpose. */
export async function listOutbox(
  db: Db,
  filter: { recipient?: string; purpose?: string } = {},
): Promise<StoredOutboxMessage[]> {
  const where: SQL[] = [];
  if (filter.recipient !== undefined) where.push(eq(messageOutbox.recipient, filter.recipient));
  if (filter.purpose !== undefined) where.push(eq(messageOutbox.purpose, filter.purpose));
  const rows = await db
    .select()
    .from(messageOutbox)
    .where(and(...where))
    .orderBy(desc(messageOutbox.seq));
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    purpose: r.purpose,
    subject: r.subject ?? undefined,
    body: r.body,
    link: r.link ?? undefined,
    code: r.code ?? undefined,
    createdAt: r.createdAt,
  }));
}
