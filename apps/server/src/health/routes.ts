import { z } from 'zod';
import { PUBLIC } from '../http/access.ts';
import type { App } from '../http/api.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance is stopping (SIGTERM): `/readyz` answers 503 from then on. */
    lifecycle: { draining: boolean };
  }
}

const checks = {
  database: z.enum(['up', 'down', 'unchecked']),
  listener: z.enum(['attached', 'detached', 'unchecked']),
  schema: z.enum(['current', 'behind', 'unchecked']),
};

/**
 * `/healthz`: the process is alive and answers (restart it when it does not). `/readyz`: this
 * instance should be sent traffic: not stopping, the database answers, live updates are woken by
 * the database (the listener's LISTEN is in place) and the schema has every migration this
 * version expects. A load balancer takes an instance out on 503. See docs/operations.md.
 */
export function healthRoutes(app: App): void {
  app.decorate('lifecycle', { draining: false });
  app.get(
    '/healthz',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Readiness: whether to send this instance traffic',
        response: {
          200: z.object({ status: z.literal('ready'), ...checks }),
          503: z.object({ status: z.literal('unavailable'), reason: z.string(), ...checks }),
        },
      },
    },
    async (_request, reply) => {
      if (app.lifecycle.draining)
        return reply.status(503).send({
          status: 'unavailable',
          reason: 'stopping',
          database: 'unchecked',
          listener: 'unchecked',
          schema: 'unchecked',
        });
      const database = (await app.deps.db.isReachable()) ? 'up' : 'down';
      const listener = app.live.listening ? 'attached' : 'detached';
      let behind: string | undefined;
      if (database === 'up') behind = await app.deps.db.schemaBehind().catch((err: Error) => err.message);
      const found = {
        database,
        listener,
        schema: database === 'down' ? 'unchecked' : behind ? 'behind' : 'current',
      } as const;
      const reason =
        database === 'down'
          ? 'the database does not answer'
          : (behind ??
            (listener === 'detached' ? 'live updates are not listening to the database' : undefined));
      if (reason) return reply.status(503).send({ status: 'unavailable', reason, ...found });
      return reply.status(200).send({ status: 'ready', ...found });
    },
  );
}
