import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { DbHandle } from '@rostra/db/client';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.ts';
import { type FileStore, fileStoreFor } from './files/file-store.ts';
import { installMetrics, monitoringCaller } from './health/metrics.ts';
import { bearerCaller, installAccessControl, requireAccessDeclarations } from './http/access.ts';
import type { App } from './http/api.ts';
import { installConflictDetailsFilter } from './http/conflict-details.ts';
import { installErrorHandling } from './http/errors.ts';
import { installRequestIds, requestIdOf } from './http/request-id.ts';
import { answerFrameworkError, installTextChecks } from './http/text-input.ts';
import { installCompression, serveWebApp } from './http/web-app.ts';
import { installSecurityHeaders } from './identity/hardening.ts';
import { createIdentity, type Identity } from './identity/identity.ts';
import { type IdentityOptions, loadIdentityOptions } from './identity/options.ts';
import { exceptionReportJob, fileSweepJob, identityRetentionOf, retentionJob } from './jobs/jobs.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { notificationRetentionJob, notificationsJob, remindersJob } from './notify/notifications.ts';
import { loadNotifyOptions, type NotifyOptions } from './notify/options.ts';
import { featureRoutes } from './routes.ts';
import { testClockRoutes, withTestClock } from './test-clock.ts';

/**
 * `identity` defaults to the environment's settings (loadIdentityOptions); tests pass their own.
 * `backgroundJobs` starts the scheduler (exception reports, retention): `rostra serve` turns it on;
 * tests run jobs themselves (`app.jobs`).
 */
export type Deps = {
  db: DbHandle;
  config: ServerConfig;
  identity?: IdentityOptions;
  /** How notifications leave (SMS provider, push); default: the environment's (notify/options.ts). */
  notify?: NotifyOptions;
  backgroundJobs?: boolean;
  /** How often the live layer also polls the outbox, besides NOTIFY (default 2 s). */
  livePollMs?: number;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Sign-in, sessions and tokens; routes use `request.auth` rather than this. */
    identity: Identity;
    /** Background jobs, run once across instances (see jobs/scheduler.ts). */
    jobs: Scheduler;
    /** Uploaded bytes (the `uploads` table keeps their records): see files/file-store.ts. */
    files: FileStore;
    /** How notifications leave the server (notify/options.ts). */
    notifyOptions: NotifyOptions;
  }
}

/**
 * Builds the HTTP application. Tests call this in-process with their own database; `rostra serve`
 * calls it and listens. Nothing here listens or touches process state.
 */
export async function buildApp(deps: Deps): Promise<App> {
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      ...(deps.config.logPretty && !deps.logStream
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    // 1 MiB bodies: enough for any record, and a bound on what one request can make us parse.
    bodyLimit: 1_048_576,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Errors met before routing (a path that is not valid UTF-8) in the API's error shape.
    frameworkErrors: answerFrameworkError,
    // The caller's X-Request-Id when it is a plausible one, else a new UUID: on every log line
    // of the request (`reqId`) and echoed in the answer (installRequestIds).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.decorate('files', await fileStoreFor(deps.config, deps.db));
  app.decorate('notifyOptions', deps.notify ?? loadNotifyOptions());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestIds(app);
  // Before any route: it attaches itself to each route as the route is added.
  await installCompression(app);
  requireAccessDeclarations(app);
  // Before the access hooks: headers are checked before they are used to authenticate.
  installTextChecks(app);
  const identity = await createIdentity({
    db: deps.db.db,
    config: deps.config,
    options: withTestClock(deps.config, deps.identity ?? loadIdentityOptions()),
  });
  app.decorate('identity', identity);
  installAccessControl(app, {
    authenticate: identity.authenticate,
    trustedOrigins: identity.trustedOrigins,
    isMonitoring: monitoringCaller(deps.config.metricsToken),
    isOperator: bearerCaller(deps.config.operatorToken),
  });
  // Conflict details (a booking's isConflict and errors) leave the server for dispatchers only.
  installConflictDetailsFilter(app);
  await installSecurityHeaders(app, deps.config.publicUrl);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rostra API', version: '1.0.0', description: 'Workforce rostering and dispatch' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await featureRoutes(app);
  app.decorate(
    'jobs',
    createScheduler({
      db: deps.db.db,
      now: () => identity.now(),
      jobs: [
        exceptionReportJob(deps.db.db),
        retentionJob(deps.db.db, identityRetentionOf(identity.options)),
        fileSweepJob(deps.db.db, app.files),
        notificationsJob({
          db: deps.db.db,
          options: app.notifyOptions,
          transport: identity.transport,
          publicUrl: deps.config.publicUrl,
          now: () => identity.now(),
          log: app.log,
        }),
        remindersJob(deps.db.db),
        notificationRetentionJob(deps.db.db, app.notifyOptions.retentionDays),
      ],
      log: app.log,
    }),
  );
  installMetrics(app);
  testClockRoutes(app);
  if (deps.backgroundJobs) app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', () => app.jobs.stop());

  await serveWebApp(app, deps.config.webDist);
  return app;
}

/** A hop count trusts that many proxies nearest to us; Fastify's types take it as a function. */
function trustProxyOption(
  value: ServerConfig['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
