import { type DbHandle, openDatabase } from '@rostra/db/client';
import { buildApp } from './app.ts';
import { databaseOptions, loadConfig, type ServerConfig } from './config.ts';
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
 * Stops cleanly on SIGINT/SIGTERM: stop accepting, finish what is in flight, close the database.
 * A hard exit after 1.8 s keeps the promise of "closed within 2 s" even if something hangs.
 */
export function stopOnSignals(running: Running): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 1_800).unref();
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
