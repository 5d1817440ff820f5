import { parseLiveServerMessage } from '@rostra/core/api/live';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  HEARTBEAT_MS,
  IDLE_CLOSE_MS,
  LIVE_SIGNED_OUT,
  LiveConnection,
  type LiveEvent,
  type LiveParser,
  type LiveStatus,
  type LiveSubscription,
  liveConnection,
  type SocketLike,
  useLive,
  useLiveStatus,
} from './live.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A socket the test plays the server of. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url = '') {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  /** Server side: accept and say hello at `seq`. */
  hello(seq: number) {
    this.readyState = 1;
    this.onopen?.({});
    this.push({ type: 'hello', seq });
  }
  push(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** Server side: the connection drops (or the server closes it with `code`). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  ofType(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;
const booking = (seq: number, data: Record<string, unknown>) => ({
  type: 'event',
  seq,
  topic: 'booking',
  kind: 'job.update',
  data,
});

let connection: LiveConnection;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  connection = new LiveConnection({
    createSocket: () => new FakeSocket(),
    parser: { parse: parseLiveServerMessage },
    random: () => 1,
  });
});
afterEach(() => {
  connection.dispose();
  vi.useRealTimers();
});

describe('live connection', () => {
  it('opens one socket on the first subscription and subscribes as soon as it is open', () => {
    expect(FakeSocket.all).toHaveLength(0);
    connection.subscribe({ topic: 'notifications' }, () => {});
    connection.subscribe({ topic: 'booking', id: 'b0001' }, () => {});
    expect(FakeSocket.all).toHaveLength(1);
    expect(connection.getStatus()).toBe('connecting');
    latest().hello(7);
    expect(connection.getStatus()).toBe('open');
    expect(
      latest()
        .ofType('subscribe')
        .map((m) => m.subscription),
    ).toEqual([{ topic: 'notifications' }, { topic: 'booking', id: 'b0001' }]);
    // A first connection has nothing to resume.
    expect(latest().ofType('resume')).toEqual([]);
    // Subscribing later sends at once; the same subscription twice is one on the server.
    connection.subscribe({ topic: 'settings' }, () => {});
    connection.subscribe({ topic: 'settings' }, () => {});
    expect(latest().ofType('subscribe')).toHaveLength(3);
  });

  it('with a parser still loading, subscribes at once and handles what came meanwhile, in order', async () => {
    let loaded: (parse: LiveParser) => void = () => {};
    connection.dispose();
    connection = new LiveConnection({
      createSocket: () => new FakeSocket(),
      parser: { load: () => new Promise<LiveParser>((resolve) => (loaded = resolve)) },
      random: () => 1,
    });
    const got: LiveEvent[] = [];
    connection.subscribe({ topic: 'booking', id: 'b1' }, (e) => got.push(e));
    latest().hello(7);
    // The server has the subscription before the client has read a word.
    expect(latest().ofType('subscribe')).toHaveLength(1);
    latest().push(booking(8, { _id: 'b1', status: 'started' }));
    latest().push(booking(9, { _id: 'b1', status: 'done' }));
    expect(connection.getStatus()).toBe('connecting');
    expect(got).toEqual([]);
    loaded(parseLiveServerMessage);
    await Promise.resolve();
    expect(connection.getStatus()).toBe('open');
    expect(got.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([8, 9]);
    // Afterwards each message is handled as it comes.
    latest().push(booking(10, { _id: 'b1', status: 'closed' }));
    expect(got).toHaveLength(3);
    expect(latest().ofType('subscribe')).toHaveLength(1);
  });

  it('gives each event to the subscriptions it answers: booking by id, timeline by padded window, records by kind', () => {
    const got: Record<string, LiveEvent[]> = { b1: [], b2: [], window: [], notes: [], resources: [] };
    connection.subscribe({ topic: 'booking', id: 'b1' }, (e) => got.b1?.push(e));
    connection.subscribe({ topic: 'booking', id: 'b2' }, (e) => got.b2?.push(e));
    connection.subscribe({ topic: 'timeline', from: 10_000, to: 20_000 }, (e) => got.window?.push(e));
    connection.subscribe({ topic: 'notifications' }, (e) => got.notes?.push(e));
    connection.subscribe({ topic: 'records', kind: 'resources' }, (e) => got.resources?.push(e));
    latest().hello(0);
    latest().push(booking(1, { _id: 'b1', utc_begin_plus_tz: 15_000 }));
    // Begins 900 s before the window: inside the padding.
    latest().push(booking(2, { _id: 'b2', utc_begin_plus_tz: 9_100 }));
    // Moved out of the window: its previous begin was inside, so the timeline hears of it.
    latest().push(booking(3, { _id: 'b9', utc_begin_plus_tz: 90_000, previous_begin: 12_000 }));
    latest().push(booking(4, { _id: 'b9', utc_begin_plus_tz: 90_000 }));
    latest().push({ type: 'event', seq: 5, topic: 'notifications', kind: 'notification.new', data: {} });
    latest().push({
      type: 'event',
      seq: 6,
      topic: 'records',
      kind: 'record.changed',
      data: { kind: 'labels' },
    });
    latest().push({
      type: 'event',
      seq: 7,
      topic: 'records',
      kind: 'record.changed',
      data: { kind: 'resources' },
    });
    expect(got.b1?.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([1]);
    expect(got.b2?.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([2]);
    expect(got.window?.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([1, 2, 3]);
    expect(got.notes).toEqual([
      { type: 'event', seq: 5, topic: 'notifications', kind: 'notification.new', data: {} },
    ]);
    expect(got.resources?.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([7]);
  });

  it('after a drop it reconnects with backoff, subscribes again and resumes from the last event seen', () => {
    const events: LiveEvent[] = [];
    connection.subscribe({ topic: 'notifications' }, (e) => events.push(e));
    latest().hello(40);
    latest().push({ type: 'event', seq: 42, topic: 'notifications', kind: 'n', data: {} });
    latest().drop();
    expect(connection.getStatus()).toBe('closed');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(BACKOFF_FIRST_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(connection.getStatus()).toBe('connecting');
    // The retry fails too: the next wait is twice as long.
    latest().drop();
    vi.advanceTimersByTime(2 * BACKOFF_FIRST_MS - 1);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().hello(50);
    expect(latest().sent).toEqual([
      { type: 'subscribe', subscription: { topic: 'notifications' } },
      { type: 'resume', after: 42 },
    ]);
    // The replay arrives; an event already seen is not given twice.
    latest().push({ type: 'event', seq: 42, topic: 'notifications', kind: 'n', data: {} });
    latest().push({ type: 'event', seq: 45, topic: 'notifications', kind: 'n', data: {} });
    latest().push({ type: 'resumed', seq: 50 });
    expect(events.map((e) => (e.type === 'event' ? e.seq : e.type))).toEqual([42, 45]);
    // A success resets the backoff, and the next resume starts from the server's position.
    latest().drop();
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    latest().hello(60);
    expect(latest().ofType('resume')).toEqual([{ type: 'resume', after: 50 }]);
  });

  it("on the server's reload every subscriber is told to reload", () => {
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    connection.subscribe({ topic: 'timeline', from: 0, to: 100 }, (e) => a.push(e));
    connection.subscribe({ topic: 'booking', id: 'b1' }, (e) => b.push(e));
    latest().hello(3);
    latest().drop();
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    latest().hello(9_000);
    expect(latest().ofType('resume')).toEqual([{ type: 'resume', after: 3 }]);
    latest().push({ type: 'reload', seq: 9_000 });
    expect(a).toEqual([{ type: 'reload' }]);
    expect(b).toEqual([{ type: 'reload' }]);
    // Later events carry on from the server's position.
    latest().push(booking(9_001, { _id: 'b1', utc_begin_plus_tz: 50 }));
    expect(b).toHaveLength(2);
  });

  it('comes back at once when asked (the browser is online again) instead of waiting out the backoff', () => {
    connection.subscribe({ topic: 'notifications' }, () => {});
    latest().drop();
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    latest().drop();
    expect(FakeSocket.all).toHaveLength(2);
    connection.retryNow();
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('replaces a socket that has gone silent for two heartbeats', () => {
    connection.subscribe({ topic: 'notifications' }, () => {});
    const first = latest();
    first.hello(1);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(first.ofType('ping')).toHaveLength(1);
    first.push({ type: 'pong', seq: 1 });
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(first.ofType('ping')).toHaveLength(2);
    // No pong this time.
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(first.closedByClient).toBe(true);
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('unsubscribes when the last handler of a subscription leaves, and closes when nobody is left', () => {
    const offA = connection.subscribe({ topic: 'booking', id: 'b1' }, () => {});
    const offB = connection.subscribe({ topic: 'booking', id: 'b1' }, () => {});
    const socket = latest();
    socket.hello(1);
    offA();
    offA();
    expect(socket.ofType('unsubscribe')).toEqual([]);
    offB();
    expect(socket.ofType('unsubscribe')).toEqual([
      { type: 'unsubscribe', subscription: { topic: 'booking', id: 'b1' } },
    ]);
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(socket.closedByClient).toBe(true);
    expect(connection.getStatus()).toBe('closed');
    // Nobody subscribed: a drop now would not reconnect.
    vi.advanceTimersByTime(BACKOFF_FIRST_MS * 10);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('passes a refused subscription to its subscriber only', () => {
    const allowed: LiveEvent[] = [];
    const refused: LiveEvent[] = [];
    connection.subscribe({ topic: 'notifications' }, (e) => allowed.push(e));
    connection.subscribe({ topic: 'exception_report' }, (e) => refused.push(e));
    latest().hello(1);
    latest().push({
      type: 'error',
      code: 'forbidden_topic',
      message: 'Not allowed: exception_report',
      subscription: { topic: 'exception_report' },
    });
    expect(refused).toEqual([
      { type: 'error', code: 'forbidden_topic', message: 'Not allowed: exception_report' },
    ]);
    expect(allowed).toEqual([]);
  });

  it('restart opens a new socket that starts afresh (a new session)', () => {
    connection.subscribe({ topic: 'notifications' }, () => {});
    const first = latest();
    first.hello(10);
    connection.restart();
    expect(first.closedByClient).toBe(true);
    latest().hello(20);
    expect(latest().ofType('resume')).toEqual([]);
    expect(latest().ofType('subscribe')).toHaveLength(1);
  });

  it('closed by the server with 4401 (signed out) it says so and does not reconnect, until restarted', () => {
    let signedOut = 0;
    connection = new LiveConnection({
      createSocket: () => new FakeSocket(),
      parser: { parse: parseLiveServerMessage },
      random: () => 1,
      onSignedOut: () => signedOut++,
    });
    connection.subscribe({ topic: 'notifications' }, () => {});
    latest().hello(10);
    latest().drop(LIVE_SIGNED_OUT);
    expect(signedOut).toBe(1);
    expect(connection.getStatus()).toBe('closed');
    vi.advanceTimersByTime(10 * BACKOFF_MAX_MS);
    connection.retryNow();
    connection.subscribe({ topic: 'settings' }, () => {});
    expect(FakeSocket.all).toHaveLength(1);
    // Signed in again (or as who they now are): a new socket that starts afresh.
    connection.restart();
    expect(FakeSocket.all).toHaveLength(2);
    latest().hello(30);
    expect(latest().ofType('resume')).toEqual([]);
    expect(latest().ofType('subscribe')).toHaveLength(2);
  });

  it('after a 4401, screens that subscribe afresh (the old ones all left) get a new socket', () => {
    const leave = connection.subscribe({ topic: 'notifications' }, () => {});
    latest().hello(10);
    latest().drop(LIVE_SIGNED_OUT);
    leave();
    connection.subscribe({ topic: 'notifications' }, () => {});
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('useLive and useLiveStatus', () => {
  let root: Root;
  const seen: LiveEvent[] = [];
  let status: LiveStatus | undefined;
  function Probe({ subscription }: { subscription: LiveSubscription | null }) {
    useLive(subscription, (e) => seen.push(e));
    status = useLiveStatus();
    return null;
  }
  const render = (subscription: LiveSubscription | null) =>
    act(async () => root.render(<Probe subscription={subscription} />));

  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    seen.length = 0;
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    liveConnection().dispose();
    vi.unstubAllGlobals();
  });

  it('subscribes while mounted, follows a changed subscription and unsubscribes on unmount', async () => {
    await render({ topic: 'booking', id: 'b1' });
    const socket = latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/v1/live`);
    expect(status).toBe('connecting');
    await act(async () => socket.hello(1));
    expect(status).toBe('open');
    expect(socket.ofType('subscribe')).toEqual([
      { type: 'subscribe', subscription: { topic: 'booking', id: 'b1' } },
    ]);
    // The same value again (a new object) does not resubscribe.
    await render({ topic: 'booking', id: 'b1' });
    expect(socket.ofType('subscribe')).toHaveLength(1);
    await act(async () => socket.push(booking(2, { _id: 'b1' })));
    expect(seen.map((e) => e.type)).toEqual(['event']);

    await render({ topic: 'booking', id: 'b2' });
    expect(socket.ofType('unsubscribe')).toEqual([
      { type: 'unsubscribe', subscription: { topic: 'booking', id: 'b1' } },
    ]);
    expect(socket.ofType('subscribe').at(-1)).toEqual({
      type: 'subscribe',
      subscription: { topic: 'booking', id: 'b2' },
    });
    await act(async () => socket.push(booking(3, { _id: 'b1' })));
    expect(seen).toHaveLength(1);

    await render(null);
    expect(socket.ofType('unsubscribe')).toHaveLength(2);
  });
});
