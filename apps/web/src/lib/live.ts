import type {
  LiveClientMessage,
  LiveServerMessage,
  LiveSubscription,
  parseLiveServerMessage,
  RecordEventKind,
} from '@rostra/core/api/live';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { afterFirstScreen } from './first-screen.ts';
import { liveSignedOut, setSharedLive } from './live-session.ts';

/*
 * The live client: one shared WebSocket to `/api/v1/live` for the whole app (protocol at the top
 * of apps/server/src/live/socket.ts). Screens subscribe to topics; the socket is opened on the
 * first subscription, re-subscribes and resumes from the last event it saw after a reconnect
 * (backoff 1 s doubling to 30 s, at once when the browser comes back online), and closes a few
 * seconds after the last subscriber leaves. When the server cannot replay what was missed it says
 * `reload`, and every subscriber gets `{ type: 'reload' }` so that its screen refetches.
 * A close with 4401 (LIVE_SIGNED_OUT) means the session ended or the membership changed: the
 * connection does not reconnect, and tells its `onSignedOut` listener (the app re-reads who is
 * signed in, as after a 401); it starts again on `restart()` or once screens subscribe afresh.
 *
 * The session cookie authenticates the upgrade (same origin), so no token travels in the URL.
 *
 * The messages are parsed with core's schema (`api/live`, zod), which the app's socket loads only
 * once the first screen has settled (`afterFirstScreen`): zod is not in a worker's first load. The
 * socket itself opens as before and subscribes as soon as it is open (the server answers after
 * its hello, in order), so no event is missed meanwhile: what arrives waits, in order, for the
 * parser.
 */

/** What a screen subscribes to, and the catalogue records the `records` topic carries (core `api/live`). */
export type { LiveSubscription, RecordEventKind as LiveRecordKind };

/** A change the server pushed (`data` is the event's payload: for bookings the changed fields). */
export type LiveChange = Extract<LiveServerMessage, { type: 'event' }>;
/** Everything may have changed: refetch. */
export type LiveReload = { type: 'reload' };
/** The server refused this subscription (e.g. `forbidden_topic` for a role that may not have it). */
export type LiveRefusal = { type: 'error'; code: string; message: string };
export type LiveEvent = LiveChange | LiveReload | LiveRefusal;

export type LiveStatus = 'connecting' | 'open' | 'closed';

/** Core's parser of the server's messages (`parseLiveServerMessage`). */
export type LiveParser = typeof parseLiveServerMessage;

/** The part of a browser WebSocket used here (a fake one in tests). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

const SOCKET_OPEN = 1;
/** The server's close code for a socket whose session ended or whose membership changed. */
export const LIVE_SIGNED_OUT = 4401;
/** The server pads a timeline window by this much on both sides (timeline-window.ts). */
const WINDOW_PADDING_S = 900;
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A ping this often; a socket silent for two of them is taken as dead and replaced. */
export const HEARTBEAT_MS = 25_000;
/** The socket stays open this long after its last subscriber leaves (a screen change resubscribes). */
export const IDLE_CLOSE_MS = 5_000;

export function subscriptionKey(s: LiveSubscription): string {
  switch (s.topic) {
    case 'timeline':
      return `timeline:${s.from}:${s.to}`;
    case 'booking':
      return `booking:${s.id}`;
    case 'records':
      return `records:${s.kind}`;
    default:
      return s.topic;
  }
}

/**
 * Whether an event answers a subscription. The server sends each event once per socket, so the
 * client decides which of its subscriptions it is for (the same rule as the server's `matches`).
 */
export function matchesSubscription(s: LiveSubscription, event: LiveChange): boolean {
  switch (s.topic) {
    case 'timeline': {
      if (event.topic !== 'booking') return false;
      const lo = s.from - WINDOW_PADDING_S;
      const hi = s.to + WINDOW_PADDING_S;
      const inside = (v: unknown) => typeof v === 'number' && v >= lo && v < hi;
      return inside(event.data.utc_begin_plus_tz) || inside(event.data.previous_begin);
    }
    case 'booking':
      return event.topic === 'booking' && event.data._id === s.id;
    case 'records':
      return event.topic === 'records' && event.data.kind === s.kind;
    default:
      return event.topic === s.topic;
  }
}

type Entry = { subscription: LiveSubscription; handlers: Set<(event: LiveEvent) => void> };

export type LiveConnectionOptions = {
  createSocket: () => SocketLike;
  /** The parser of the server's messages, or how to load it (asked for at the first message). */
  parser: { parse: LiveParser } | { load: () => Promise<LiveParser> };
  /** 0..1; spreads reconnects of many clients after a server restart. */
  random?: () => number;
  /** The server closed the socket with 4401: the session is over (or the membership changed). */
  onSignedOut?: () => void;
};

/** One live connection and its subscribers (the app uses one, shared: see `subscribeLive`). */
export class LiveConnection {
  private readonly entries = new Map<string, Entry>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | undefined;
  private status: LiveStatus = 'closed';
  /** The last event `seq` seen (or the hello's position): where a reconnect resumes from. */
  private lastSeq: number | undefined;
  /** Whether the current socket is open (subscriptions may be sent; the server answers after hello). */
  private isReady = false;
  /** The parser, once loaded; meanwhile what arrives waits in `unparsed`, in order. */
  private parse: LiveParser | undefined;
  private parserLoading = false;
  private unparsed: { socket: SocketLike; raw: unknown }[] = [];
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private heardSincePing = true;
  /** Closed with 4401: no reconnecting until restarted or until screens subscribe afresh. */
  private signedOut = false;

  constructor(private readonly options: LiveConnectionOptions) {
    if ('parse' in options.parser) this.parse = options.parser.parse;
  }

  getStatus = (): LiveStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  subscribe(subscription: LiveSubscription, onEvent: (event: LiveEvent) => void): () => void {
    const key = subscriptionKey(subscription);
    // Screens subscribing afresh (the previous ones all left, e.g. after signing in again).
    if (this.entries.size === 0) this.signedOut = false;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { subscription, handlers: new Set() };
      this.entries.set(key, entry);
      if (this.isReady) this.send({ type: 'subscribe', subscription });
    }
    // A handler added twice still gets each event once; wrap it so each call can be undone alone.
    const handler = (event: LiveEvent) => onEvent(event);
    entry.handlers.add(handler);
    this.cancelIdleClose();
    this.ensureConnected();
    let isActive = true;
    return () => {
      if (!isActive) return;
      isActive = false;
      const current = this.entries.get(key);
      if (!current) return;
      current.handlers.delete(handler);
      if (current.handlers.size > 0) return;
      this.entries.delete(key);
      if (this.isReady) this.send({ type: 'unsubscribe', subscription: current.subscription });
      if (this.entries.size === 0) this.scheduleIdleClose();
    };
  }

  /**
   * Start over with a new socket (after a sign-in, sign-out or company switch: the socket belongs
   * to the session it was opened with). Nothing is resumed: the screens load afresh.
   */
  restart(): void {
    this.signedOut = false;
    this.lastSeq = undefined;
    this.attempt = 0;
    this.drop();
    this.clearRetry();
    this.ensureConnected();
  }

  /** The browser says it is online again: retry now instead of waiting out the backoff. */
  retryNow(): void {
    if (this.signedOut || this.socket || this.entries.size === 0) return;
    this.clearRetry();
    this.connect();
  }

  /** Close the socket and forget everything (tests; the app never needs it). */
  dispose(): void {
    this.entries.clear();
    this.cancelIdleClose();
    this.clearRetry();
    this.drop();
    this.lastSeq = undefined;
    this.setStatus('closed');
  }

  private ensureConnected(): void {
    if (this.signedOut || this.socket || this.retryTimer !== undefined || this.entries.size === 0) return;
    this.connect();
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket();
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.isReady = false;
    // Subscribed at once (a reconnect resumes after them), not at hello: the server answers in
    // order after its hello, and nothing waits for this side's parser.
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.isReady = true;
      for (const entry of this.entries.values()) {
        this.send({ type: 'subscribe', subscription: entry.subscription });
      }
      if (this.lastSeq !== undefined) this.send({ type: 'resume', after: this.lastSeq });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      if (this.parse && this.unparsed.length === 0) this.receive(event.data);
      else this.later(socket, event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if ((event as { code?: unknown } | null)?.code === LIVE_SIGNED_OUT) this.endedByServer();
      else this.lost();
    };
    // An error is followed by a close; the close decides.
    socket.onerror = () => {};
  }

  /** A message that came before the parser: kept, in order, and the parser asked for. */
  private later(socket: SocketLike, raw: unknown): void {
    this.unparsed.push({ socket, raw });
    if (this.parserLoading || !('load' in this.options.parser)) return;
    this.parserLoading = true;
    const loaded = (parse: LiveParser) => {
      this.parse = parse;
      const waiting = this.unparsed;
      this.unparsed = [];
      for (const message of waiting) if (this.socket === message.socket) this.receive(message.raw);
    };
    this.options.parser.load().then(loaded, () => {
      // Not loaded (offline, a new build): the socket is replaced, which asks again.
      this.parserLoading = false;
      this.unparsed = [];
      if (this.socket !== socket) return;
      this.drop();
      this.lost();
    });
  }

  private receive(raw: unknown): void {
    const parse = this.parse;
    if (!parse) return;
    // The server's messages have one shape (core `api/live`); another is not acted on.
    const parsed = parse(String(raw));
    if (!parsed.ok) return;
    const message = parsed.message;
    this.heardSincePing = true;
    switch (message.type) {
      case 'hello': {
        this.attempt = 0;
        this.setStatus('open');
        this.startHeartbeat();
        // A reconnect asked for what it missed as it opened; a first connection starts from here.
        if (this.lastSeq === undefined) this.lastSeq = message.seq;
        return;
      }
      case 'event': {
        if (this.lastSeq !== undefined && message.seq <= this.lastSeq) return;
        this.lastSeq = message.seq;
        for (const entry of [...this.entries.values()]) {
          if (matchesSubscription(entry.subscription, message)) this.emit(entry, message);
        }
        return;
      }
      case 'resumed':
        this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
        return;
      case 'reload':
        this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
        for (const entry of [...this.entries.values()]) this.emit(entry, { type: 'reload' });
        return;
      case 'error': {
        const entry = message.subscription
          ? this.entries.get(subscriptionKey(message.subscription))
          : undefined;
        if (!entry) return;
        this.emit(entry, { type: 'error', code: message.code, message: message.message });
        return;
      }
      default:
        return;
    }
  }

  private emit(entry: Entry, event: LiveEvent): void {
    for (const handler of [...entry.handlers]) {
      try {
        handler(event);
      } catch (error) {
        // One screen's failing handler must not starve the others.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  private send(message: LiveClientMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
  }

  /** Signed out by the server: no reconnecting (it would only be refused, forever). */
  private endedByServer(): void {
    this.socket = undefined;
    this.isReady = false;
    this.signedOut = true;
    this.lastSeq = undefined;
    this.stopHeartbeat();
    this.clearRetry();
    this.setStatus('closed');
    this.options.onSignedOut?.();
  }

  /** The socket closed (or went silent): reconnect while anyone is subscribed. */
  private lost(): void {
    this.socket = undefined;
    this.isReady = false;
    this.stopHeartbeat();
    if (this.entries.size === 0) {
      this.setStatus('closed');
      return;
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.setStatus('closed');
    this.clearRetry();
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    const random = this.options.random ?? Math.random;
    const delay = Math.round(base * (0.75 + 0.25 * random()));
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.entries.size > 0 && !this.socket) this.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Detach and close the current socket without reacting to its close. */
  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.isReady = false;
    this.stopHeartbeat();
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000, 'done');
    } catch {
      // Already closing.
    }
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heardSincePing = true;
    this.heartbeat = setInterval(() => {
      if (!this.heardSincePing) {
        this.drop();
        this.lost();
        return;
      }
      this.heardSincePing = false;
      this.send({ type: 'ping' });
    }, HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.entries.size > 0) return;
      this.clearRetry();
      this.drop();
      // A later subscriber's screen loads afresh: nothing to resume.
      this.lastSeq = undefined;
      this.setStatus('closed');
    }, IDLE_CLOSE_MS);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/v1/live`;
}

let shared: LiveConnection | undefined;

/** The app's one live connection. */
export function liveConnection(): LiveConnection {
  if (!shared) {
    const connection = new LiveConnection({
      createSocket: () => new WebSocket(liveUrl()) as unknown as SocketLike,
      // zod comes with it: not before the first screen is there (see the top of this file).
      parser: {
        load: () =>
          afterFirstScreen()
            .then(() => import('@rostra/core/api/live'))
            .then((m) => m.parseLiveServerMessage),
      },
      onSignedOut: liveSignedOut,
    });
    window.addEventListener('online', () => connection.retryNow());
    shared = connection;
    setSharedLive(connection);
  }
  return shared;
}

/** Subscribe to a topic; returns the unsubscribe. */
export function subscribeLive(
  subscription: LiveSubscription,
  onEvent: (event: LiveEvent) => void,
): () => void {
  return liveConnection().subscribe(subscription, onEvent);
}

/**
 * Subscribe while mounted (null: not now). A new subscription (by value) resubscribes; a new
 * `onEvent` function does not (the latest one is always called).
 */
export function useLive(subscription: LiveSubscription | null, onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = subscription ? subscriptionKey(subscription) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the subscription's value
  useEffect(() => {
    if (!subscription) return;
    return subscribeLive(subscription, (event) => handler.current(event));
  }, [key]);
}

/** The shared socket's state: 'open' once the server said hello. */
export function useLiveStatus(): LiveStatus {
  const connection = liveConnection();
  return useSyncExternalStore(connection.onStatus, connection.getStatus, connection.getStatus);
}
