import { liveServerMessage } from '@rostra/core/api/live';
import { openDatabase } from '@rostra/db/client';
import { createScratchDatabase, testConnection } from '@rostra/db/testing';
import { buildApp } from '../app.ts';
import type { App } from '../http/api.ts';
import type { Browser } from '../identity/testing.ts';
import { createTestApp, createTestClock, type TestApp } from '../testing/app.ts';

/** A message the live endpoint sent. */
export type LiveMessage = {
  type: string;
  seq?: number;
  topic?: string;
  kind?: string;
  data?: Record<string, unknown>;
  code?: string;
};

/** A browser's cookie, or an access token (a non-browser client). */
export type Credential = Browser | { bearer: string };

type ClientSocket = {
  on(event: 'message', cb: (data: unknown) => void): void;
  send(data: string): void;
  close(): void;
  terminate?(): void;
};

/**
 * A test client of `/api/v1/live`, connected in-process (`injectWS`) with a browser's cookie. It
 * keeps every message; `next` waits for one that matches (with a generous limit, not a timing).
 */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  private waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];

  private constructor(private readonly ws: ClientSocket) {
    ws.on('message', (data) => {
      // Every message the endpoint sends has the protocol's shape (core `api/live`): else this throws.
      const message: LiveMessage = liveServerMessage.parse(JSON.parse(String(data)));
      this.messages.push(message);
      for (const w of [...this.waiters]) {
        if (w.match(message)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(message);
        }
      }
    });
  }

  /**
   * Connects as a browser of the app's own pages would: the cookie, and the app's origin (a
   * browser always sends one on an upgrade; `origin` overrides it, `null` leaves it out). Resolves
   * once the server said hello.
   */
  static async connect(
    app: App,
    as: Credential,
    options: { origin?: string | null } = {},
  ): Promise<LiveClient> {
    const client = await LiveClient.open(app, as, options);
    await client.next((m) => m.type === 'hello');
    return client;
  }

  /** The upgrade alone (rejects with the server's status when refused); hello may follow. */
  static async open(app: App, as: Credential, options: { origin?: string | null } = {}): Promise<LiveClient> {
    let client: LiveClient | undefined;
    const origin = options.origin === undefined ? app.identity.trustedOrigins[0] : options.origin;
    const headers: Record<string, string> =
      'bearer' in as ? { authorization: `Bearer ${as.bearer}` } : { cookie: as.cookie };
    if (origin !== null && origin !== undefined) headers.origin = origin;
    await app.injectWS('/api/v1/live', { headers } as never, {
      onInit: (socket) => {
        const opened = new LiveClient(socket as unknown as ClientSocket);
        (socket as unknown as { on(event: 'close', cb: (code: number) => void): void }).on(
          'close',
          (code) => {
            opened.closeCode = code;
            for (const w of opened.closeWaiters) w(code);
            opened.closeWaiters = [];
          },
        );
        client = opened;
      },
    });
    if (!client) throw new Error('no socket');
    return client;
  }

  /** The close code once the server closed the socket. */
  closeCode: number | undefined;
  private closeWaiters: ((code: number) => void)[] = [];

  /** Resolves with the close code when the socket closes (fails after a generous limit). */
  closed(limitMs = 15_000): Promise<number> {
    if (this.closeCode !== undefined) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket did not close')), limitMs);
      this.closeWaiters.push((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  send(message: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  async subscribe(subscription: Record<string, unknown>): Promise<LiveMessage> {
    const since = this.messages.length;
    this.send({ type: 'subscribe', subscription });
    return this.next((m) => m.type === 'subscribed' || m.type === 'error', since);
  }

  /**
   * The first message from the `since`-th on (already received or coming) that matches; fails
   * after `limitMs` (a generous limit for a slow machine, not a timing requirement).
   */
  next(match: (m: LiveMessage) => boolean, since = 0, limitMs = 15_000): Promise<LiveMessage> {
    const seen = this.messages.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such live message arrived')), limitMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  events(): LiveMessage[] {
    return this.messages.filter((m) => m.type === 'event');
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * Two server instances on one fresh PostgreSQL database (DATABASE_URL's server), with polling
 * off: only PostgreSQL's NOTIFY can carry a change from one to the other. `close` ends both and
 * drops the database.
 */
export async function twoPostgresInstances(): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const closers: (() => Promise<void>)[] = [];
  const scratch = await createScratchDatabase();
  closers.push(() => scratch.drop());
  const base = await createTestApp('pglite');
  const config = base.config;
  const identity = base.app.identity.options;
  await base.close();
  const instance = async (): Promise<TestApp> => {
    const db = await openDatabase({ ...(await testConnection(scratch.url)), maxConnections: 5 });
    const app = await buildApp({ db, config, identity, livePollMs: 3_600_000 });
    await app.ready();
    const close = async () => {
      await app.close();
      await db.close();
    };
    closers.unshift(close);
    return { app, db, config, clock: createTestClock(), close };
  };
  const a = await instance();
  const b = await instance();
  return {
    a,
    b,
    close: async () => {
      for (const close of closers) await close();
    },
  };
}
