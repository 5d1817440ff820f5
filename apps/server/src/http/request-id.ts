import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a caller's X-Request-Id may be to be kept: short, and nothing a log line could be forged with. */
const PLAUSIBLE = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/**
 * The id of a request: the caller's `X-Request-Id` (a proxy's or a client's, so one id follows the
 * request through every hop) when it is plausible, else a new UUID. Fastify's `genReqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PLAUSIBLE.test(given) ? given : randomUUID();
}

/** Every answer carries its request's id in `X-Request-Id`, the id its log lines carry as `reqId`. */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
