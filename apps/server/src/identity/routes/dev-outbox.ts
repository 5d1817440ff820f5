import { listOutbox } from '@rostra/db/identity/outbox';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
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

/** What the server prints at start while the development outbox is on. */
export const DEV_OUTBOX_WARNING = [
  '!!! ROSTRA_DEV_OUTBOX=1: GET /api/v1/dev/outbox hands out sign-in links and codes !!!',
  '!!! Anyone who can reach it from this machine can sign in as anyone. Development only. !!!',
].join('\n');

/** Headers a proxy adds when it forwards a request it received from elsewhere. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

/** Whether an address is the machine's own: 127.0.0.0/8, ::1, or 127.x as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Whether a request was made on this machine: the connection's own remote address (never the
 * `request.ip` that TRUST_PROXY takes from X-Forwarded-For) is a loopback address, and no proxy
 * says it forwarded the request (a proxy on this machine connects from 127.0.0.1 on behalf of
 * outside callers).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * The development outbox over HTTP, newest first (20 at most): how the browser tests and a
 * developer without a mail server read sign-in links and phone codes. Registered only when
 * `devOutbox` is on (ROSTRA_DEV_OUTBOX=1 outside production); otherwise the path does not exist.
 * Even then it answers only requests made on this machine (`isLocalRequest`); any other caller
 * gets the 404 of a path that does not exist. While it is on, the server warns in its log at start.
 */
export function devOutboxRoute(app: App, identity: Identity): void {
  if (!identity.options.devOutbox) return;
  app.log.warn(DEV_OUTBOX_WARNING);
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
      if (!isLocalRequest(request))
        throw new HttpError(404, 'not_found', `No such API route: GET ${API}/dev/outbox`);
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
