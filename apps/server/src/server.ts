import { type DbHandle, openDatabase } from '@rostra/db/client';
import { buildApp } from './app.ts';
import { databaseOptions, loadConfig, type ServerConfig, type ShutdownSettings } from './config.ts';
import type { App } from './http/api.ts';

export type Running = { app: App; url: string; stop(): Promise<void> };

/** Opens the database (migrating it) unless given one already open, builds the app and listens. */
export async function startServer(config: ServerConfig = loadConfig(), opened?: DbHandle): Promise<Running> {
  const db = opened ?? (await openDatabase(databaseOptions(config)));
  const app = await buildApp({ db, config, backgroundJobs: true });
  app.addHook('onClose', () => db.close());
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, url: `http://localhost:${port}`, stop: () => app.close() };
}

/**
 * Stops cleanly on SIGTERM/SIGINT. At once `/readyz` answers 503 (`lifecycle.draining`), and the
 * instance keeps serving for the drain period (`SHUTDOWN_DRAIN_MS`) so load balancers take it out
 * first; a second signal cuts the drain short. Then it stops accepting connections, closes live
 * sockets with 1001 (going away: clients reconnect to another instance), lets requests in flight
 * finish, and closes the database. After `SHUTDOWN_TIMEOUT_MS` more it exits 1 whatever hangs.
 */
export function stopOnSignals(running: Running, settings: ShutdownSettings): void {
  let cutDrain: (() => void) | undefined;
  const stop = (signal: string) => {
    if (cutDrain) return cutDrain();
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.drainMs);
      cutDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    running.app.lifecycle.draining = true;
    running.app.log.info({ signal, drainMs: settings.drainMs }, 'stopping: draining');
    if (settings.drainMs > 0)
      console.log(
        `\nStopping (${signal}): /readyz answers 503; still serving for ${settings.drainMs} ms (signal again to stop now).`,
      );
    void drained.then(() => {
      running.app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), settings.timeoutMs).unref();
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
