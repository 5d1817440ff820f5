import type { DbHandle } from '@rostra/db/client';
import { LIVE_CHANNEL } from '@rostra/db/infra/live-events';

/*
 * The wake-up call of the live layer: PostgreSQL's NOTIFY on LIVE_CHANNEL, sent once per
 * committing transaction that wrote live events. On PostgreSQL a dedicated connection LISTENs
 * (and reconnects when it is lost); on PGlite, the embedded single-process database, the
 * notification is delivered in-process by the same engine.
 */

type PgliteLike = { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
type PgClientLike = {
  query(text: string): Promise<unknown>;
  on(event: 'notification', cb: (msg: { channel: string }) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  release(destroy?: boolean): void;
};
type PgPoolLike = { connect(): Promise<PgClientLike> };

/** The driver client behind a Drizzle database (`$client`, the PGlite instance or the pg pool). */
function driverOf(handle: DbHandle): unknown {
  return (handle.db as unknown as { $client: unknown }).$client;
}

/**
 * Calls `onNotify` whenever any instance commits live events, until the returned stop function
 * is called. `onError` hears of a lost connection (it is re-established after `retryMs`).
 */
export async function listenForLiveEvents(
  handle: DbHandle,
  onNotify: () => void,
  onError: (err: unknown) => void,
  retryMs = 1_000,
): Promise<() => Promise<void>> {
  if (handle.kind === 'pglite') {
    const unlisten = await (driverOf(handle) as PgliteLike).listen(LIVE_CHANNEL, () => onNotify());
    return unlisten;
  }
  const pool = driverOf(handle) as PgPoolLike;
  let client: PgClientLike | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    try {
      const c = await pool.connect();
      c.on('notification', (msg) => {
        if (msg.channel === LIVE_CHANNEL) onNotify();
      });
      c.on('error', (err) => {
        onError(err);
        c.release(true);
        if (client === c) client = undefined;
        schedule();
      });
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
      client = c;
      // Whatever was committed while no one listened is read now.
      onNotify();
    } catch (err) {
      onError(err);
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      await c.query(`UNLISTEN ${LIVE_CHANNEL}`).catch(() => {});
      c.release(true);
    }
  };
}
