import type { DbHandle, ListenConnection } from '@rostra/db/client';
import { LIVE_CHANNEL } from '@rostra/db/infra/live-events';

/*
 * The wake-up call of the live layer: PostgreSQL's NOTIFY on LIVE_CHANNEL, sent once per
 * committing transaction that wrote live events. On PostgreSQL a connection of its own LISTENs
 * (`DbHandle.listenConnection`: direct, never the pool or PgBouncer, with TCP keepalive) and is
 * re-opened when it is lost; on PGlite, the embedded single-process database, the notification is
 * delivered in-process by the same engine.
 */

type PgliteLike = { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };

/** The driver client behind a Drizzle database (the PGlite instance). */
function driverOf(handle: DbHandle): unknown {
  return (handle.db as unknown as { $client: unknown }).$client;
}

/** Stops listening when called; `attached()` says whether a LISTEN is in place right now. */
export type LiveListening = (() => Promise<void>) & { attached(): boolean };

/**
 * Calls `onNotify` (with the organisation a notification names) whenever any instance commits live
 * events, and with none after (re)attaching, until the returned stop function
 * is called. `onError` hears of a lost connection or a failed LISTEN (the connection is closed and
 * a new one tried after `retryMs`).
 */
export async function listenForLiveEvents(
  handle: DbHandle,
  onNotify: (orgId?: string) => void,
  onError: (err: unknown) => void,
  retryMs = 1_000,
): Promise<LiveListening> {
  if (handle.kind === 'pglite') {
    const unlisten = await (driverOf(handle) as PgliteLike).listen(LIVE_CHANNEL, (org) =>
      onNotify(org || undefined),
    );
    let on = true;
    const stop = async () => {
      on = false;
      await unlisten();
    };
    return Object.assign(stop, { attached: () => on });
  }
  const open = handle.listenConnection;
  if (!open) throw new Error('this database has no connection to LISTEN on');
  let client: ListenConnection | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    let c: ListenConnection | undefined;
    try {
      const opened = await open();
      c = opened;
      opened.on('notification', (msg) => {
        if (msg.channel === LIVE_CHANNEL) onNotify(msg.payload || undefined);
      });
      opened.on('error', (err) => {
        onError(err);
        void opened.end().catch(() => {});
        if (client === opened) client = undefined;
        schedule();
      });
      await opened.query(`LISTEN ${LIVE_CHANNEL}`);
      if (stopped) {
        await opened.end().catch(() => {});
        return;
      }
      client = opened;
      // Whatever was committed while no one listened is read now.
      onNotify();
    } catch (err) {
      // A connection whose LISTEN failed is closed, not left open: a retry every second would
      // otherwise hold one more server connection each time.
      if (c) await c.end().catch(() => {});
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
  const stop = async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      await c.query(`UNLISTEN ${LIVE_CHANNEL}`).catch(() => {});
      await c.end().catch(() => {});
    }
  };
  return Object.assign(stop, { attached: () => client !== undefined });
}
