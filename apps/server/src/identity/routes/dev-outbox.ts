import { listOutbox } from '@rostra/db/identity/outbox';
import { z } from 'zod';
import { API, type App } from '../../app.ts';
import { PUBLIC } from '../../http/access.ts';
import type { Identity } from '../identity.ts';

const query = z.strictObject({
  recipient: z.string().max(320).optional(),
  purpose: z.string().max(64).optional(),
});
const message = z.object({
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  purpose: z.string(),
  subject: z.string().optional(),
  link: z.string().optional(),
  code: z.string().optional(),
  createdAt: z.string(),
});

/**
 * The development outbox over HTTP, newest first (20 at most): how the browser tests and a
 * developer without a mail server read sign-in links and phone codes. Registered only when
 * `devOutbox` is on (ROSTRA_DEV_OUTBOX=1 outside production); otherwise the path does not exist.
 */
export function devOutboxRoute(app: App, identity: Identity): void {
  if (!identity.options.devOutbox) return;
  app.get(
    `${API}/dev/outbox`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['development'],
        summary: 'Messages sent (development only)',
        querystring: query,
        response: { 200: z.array(message) },
      },
    },
    async (request) => {
      const { recipient, purpose } = request.query;
      const rows = await listOutbox(identity.db, {
        ...(recipient !== undefined ? { recipient } : {}),
        ...(purpose !== undefined ? { purpose } : {}),
      });
      return rows.slice(0, 20).map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        purpose: m.purpose,
        ...(m.subject !== undefined ? { subject: m.subject } : {}),
        ...(m.link !== undefined ? { link: m.link } : {}),
        ...(m.code !== undefined ? { code: m.code } : {}),
        createdAt: m.createdAt.toISOString(),
      }));
    },
  );
}
