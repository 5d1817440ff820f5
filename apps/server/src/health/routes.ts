import { z } from 'zod';
import { PUBLIC } from '../http/access.ts';
import type { App } from '../http/api.ts';

export function healthRoutes(app: App): void {
  app.get(
    '/healthz',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.deps.db.isReachable()) return reply.status(200).send({ status: 'ok', database: 'up' });
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
