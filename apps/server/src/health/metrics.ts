import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Access, bearerCaller } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { isLocalRequest } from '../identity/routes/dev-outbox.ts';

/*
 * `/metrics` in Prometheus's text format, for this instance. Labels carry routes as registered
 * (`/api/v1/bookings/:id`), methods, status codes and job names: never an id, an organisation or
 * anything a tenant typed. Who may read it: see `monitoringCaller`.
 */

const MONITORING: Access = { kind: 'monitoring' };

/**
 * Whether a request comes from the monitoring system. With METRICS_TOKEN set: it carries
 * `Authorization: Bearer <METRICS_TOKEN>`, from anywhere. Without: it was made on this machine and
 * no proxy forwarded it (`isLocalRequest`), so a scraper beside the server reads it and the
 * internet does not, even through a proxy on the same machine.
 */
export function monitoringCaller(token: string | undefined): (request: FastifyRequest) => boolean {
  return token ? bearerCaller(token) : isLocalRequest;
}

/** The process's own metrics (memory, CPU, event-loop lag): one set per process, however many apps. */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Registers the metrics and `/metrics`. After the live layer and the scheduler exist. */
export function installMetrics(app: App): void {
  const own = new Registry();
  const registers = [own];

  const latency = new Histogram({
    name: 'rostra_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (as registered) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe(
      { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const db = app.deps.db;
  new Gauge({
    name: 'rostra_db_pool_connections',
    help: "Connections of the app's database pool, in use or idle (PostgreSQL only)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const s = db.poolStats?.();
      if (!s) return;
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({
    name: 'rostra_db_pool_waiting',
    help: 'Queries waiting for a pooled connection (PostgreSQL only)',
    registers,
    collect() {
      const s = db.poolStats?.();
      if (s) this.set(s.waiting);
    },
  });

  const lag = new Histogram({
    name: 'rostra_live_dispatch_lag_seconds',
    help: 'From a live event being written to this instance handing it to its sockets',
    buckets: SECONDS,
    registers,
  });
  app.live.onDispatch = (event) => lag.observe(Math.max(0, Date.now() - event.createdAt.getTime()) / 1000);
  new Gauge({
    name: 'rostra_live_outbox_backlog',
    help: 'Live events written that this instance has not yet dispatched',
    registers,
    async collect() {
      try {
        this.set(await app.live.backlog());
      } catch {
        this.reset();
      }
    },
  });

  new Gauge({
    name: 'rostra_job_last_success_timestamp_seconds',
    help: 'When this instance last finished each background job without an error (Unix time; take the max across instances)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      for (const [job, at] of app.jobs.lastSuccess()) this.set({ job }, at.getTime() / 1000);
    },
  });

  const registry = Registry.merge([processRegistry(), own]);
  app.get('/metrics', { config: { access: MONITORING }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
