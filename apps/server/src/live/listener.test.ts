import { randomBytes } from 'node:crypto';
import { type DbHandle, type ListenConnection, openDatabase } from '@rostra/db/client';
import { LIVE_CHANNEL } from '@rostra/db/infra/live-events';
import { createScratchDatabase, testConnection } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForLiveEvents } from './listener.ts';

/*
 * The live listener's connection on PostgreSQL: one of its own, to DATABASE_LISTEN_URL, and never
 * left open when its LISTEN fails.
 */

describe.runIf(Boolean(process.env.DATABASE_URL))('the live listener on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  /** A connection that watches the others (the app role sees its own role's sessions). */
  let watcher: ListenConnection;

  /** The other server connections named `appName`, by backend pid, with what each last ran. */
  const backends = async (appName: string) =>
    (
      await watcher.query<{ pid: number; query: string }>(
        `select pid, query from pg_stat_activity
          where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [appName],
      )
    ).rows;

  const open = async (listenUrl: string): Promise<DbHandle> =>
    openDatabase({ ...(await testConnection(scratch.url)), listenUrl, migrated: true, maxConnections: 2 });

  const named = (appName: string) => {
    const u = new URL(scratch.url);
    u.username = 'rostra_app';
    u.searchParams.set('application_name', appName);
    return u.toString();
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const h = await openDatabase({ databaseUrl: scratch.url, maxConnections: 1 });
    watcher = await (h.listenConnection as () => Promise<ListenConnection>)();
    await h.close();
  });
  afterAll(async () => {
    await watcher?.end();
    await scratch?.drop();
  });

  it('LISTENs on a connection of its own to the listen connection string, closed when it stops', async () => {
    const appName = `listen-${randomBytes(4).toString('hex')}`;
    const h = await open(named(appName));
    try {
      const notified = vi.fn();
      const stop = await listenForLiveEvents(h, notified, () => {});
      expect((await backends(appName)).map((b) => b.query)).toEqual([`LISTEN ${LIVE_CHANNEL}`]);
      await watcher.query(`NOTIFY ${LIVE_CHANNEL}`);
      // Once on connecting (to catch up), once for the NOTIFY.
      await vi.waitFor(() => expect(notified).toHaveBeenCalledTimes(2), { timeout: 10_000 });
      await stop();
      await vi.waitFor(async () => expect(await backends(appName)).toEqual([]), { timeout: 10_000 });
    } finally {
      await h.close();
    }
  });

  it('closes a connection whose LISTEN failed, and listens on a new one', async () => {
    const appName = `listen-${randomBytes(4).toString('hex')}`;
    const h = await open(named(appName));
    const real = h.listenConnection as () => Promise<ListenConnection>;
    const opened: number[] = [];
    let attempts = 0;
    // The first connection is in a failed transaction when LISTEN arrives: PostgreSQL refuses it.
    h.listenConnection = async () => {
      const c = await real();
      opened.push((await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0);
      if (attempts++ === 0) {
        await c.query('BEGIN');
        await c.query('select 1/0').catch(() => {});
      }
      return c;
    };
    try {
      const errors: string[] = [];
      const notified = vi.fn();
      const stop = await listenForLiveEvents(h, notified, (err) => errors.push((err as Error).message), 10);
      expect(errors).toEqual([
        'current transaction is aborted, commands ignored until end of transaction block',
      ]);
      // The failed one is gone from the server; the retry listens.
      await vi.waitFor(
        async () => {
          const live = await backends(appName);
          expect(live.map((b) => b.pid)).toEqual([opened[1]]);
          expect(live[0]?.query).toBe(`LISTEN ${LIVE_CHANNEL}`);
        },
        { timeout: 10_000 },
      );
      expect(opened[0]).not.toBe(opened[1]);
      await stop();
      await vi.waitFor(async () => expect(await backends(appName)).toEqual([]), { timeout: 10_000 });
    } finally {
      await h.close();
    }
  });
});
