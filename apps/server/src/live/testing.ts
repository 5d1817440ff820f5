import type { App } from '../app.ts';
import type { Browser } from '../identity/testing.ts';

/** A message the live endpoint sent. */
export type LiveMessage = {
  type: string;
  seq?: number;
  topic?: string;
  kind?: string;
  data?: Record<string, unknown>;
  code?: string;
};

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
      const message = JSON.parse(String(data)) as LiveMessage;
      this.messages.push(message);
      for (const w of [...this.waiters]) {
        if (w.match(message)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(message);
        }
      }
    });
  }

  static async connect(app: App, as: Browser): Promise<LiveClient> {
    let client: LiveClient | undefined;
    await app.injectWS('/api/v1/live', { headers: { cookie: as.cookie } } as never, {
      onInit: (ws) => {
        client = new LiveClient(ws as unknown as ClientSocket);
      },
    });
    if (!client) throw new Error('no socket');
    await client.next((m) => m.type === 'hello');
    return client;
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
