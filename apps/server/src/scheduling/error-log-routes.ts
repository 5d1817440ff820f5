import { addErrorLog } from '@rostra/db/scheduling/error-logs';
import { z } from 'zod';
import { MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';

const SCALAR = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const FACTS = z
  .record(z.string().max(100), z.union([SCALAR, z.array(SCALAR).max(50)]))
  .refine((r) => Object.keys(r).length <= 50, 'at most 50 fields');

export const errorLogBody = z.strictObject({
  type: z.enum(['error', 'request']).describe('error: kept 30 days; request (a failed call): kept 10 days'),
  err: z.string().max(5000).describe('the message'),
  status: z.number().int().min(0).max(999).optional(),
  url: z.string().max(2000).optional(),
  method: z.string().max(10).optional(),
  duration: z.number().min(0).max(86_400_000).optional().describe('milliseconds'),
  href: z.string().max(2000).optional(),
  host: z.string().max(300).optional(),
  hostname: z.string().max(300).optional(),
  projectId: z.string().max(100).optional(),
  info: FACTS.optional(),
  details: FACTS.optional(),
  internet_speed: z
    .strictObject({
      downlink: z.number().min(0).max(1e6).optional(),
      effectiveType: z.string().max(20).optional(),
      rtt: z.number().min(0).max(1e6).optional(),
      saveData: z.boolean().optional(),
      /** Measured by the client's speed probe. */
      kbps: z.number().min(0).max(1e9).optional(),
    })
    .optional()
    .describe('network info (the Network Information API and the speed probe)'),
});

/**
 * The error log (spec §3, §7): the client reports its errors and failed requests; the server logs
 * its own failed requests (5xx) of signed-in callers. Entries are keyed by organisation and removed
 * by the retention job after 30 days (errors) or 10 days (requests).
 */
export function errorLogRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.post(
    `${API}/error-logs`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['operations'],
        summary: 'Log a client error or a failed request',
        body: errorLogBody,
        response: { 201: z.object({ _id: z.string(), ttl_at: z.number() }) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const b = request.body;
      const saved = await addErrorLog(
        db(),
        caller.orgId,
        {
          type: b.type,
          source: 'client',
          uid: caller.uid,
          err: b.err,
          status: b.status,
          url: b.url,
          method: b.method,
          durationMs: b.duration,
          href: b.href,
          host: b.host,
          hostname: b.hostname,
          projectId: b.projectId,
          info: b.info,
          details: b.details,
          internetSpeed: b.internet_speed,
        },
        app.identity.now(),
      );
      return reply.status(201).send(saved);
    },
  );

  // The server's own failed requests: logged after the answer went out, never failing it.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 || !request.auth) return;
    const path = request.url.split('?')[0] ?? '';
    try {
      await addErrorLog(
        db(),
        request.auth.orgId,
        {
          type: 'request',
          source: 'server',
          uid: request.auth.uid,
          err: `${request.method} ${path} answered ${reply.statusCode}`,
          url: path,
          method: request.method,
          status: reply.statusCode,
          durationMs: reply.elapsedTime,
          hostname: request.hostname,
        },
        app.identity.now(),
      );
    } catch (err) {
      request.log.warn({ err }, 'could not write the error log');
    }
  });
}
