import { liveServerMessage } from '@rostra/core/api/live';
import type { LiveEvent } from '@rostra/db/infra/live-events';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../http/access.ts';
import type { LiveHub } from './hub.ts';
import { LiveSocket, SIGNED_OUT, type WebSocketLike } from './socket.ts';

/*
 * The socket's own ordering, with the caller check held open by the test: nothing is answered
 * before hello, and nothing is sent on the strength of a caller being checked again until the
 * check has answered (nor ever, when it says the caller is gone).
 */

class FakeWs implements WebSocketLike {
  readyState = 1;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  private handlers: Record<'message' | 'close', ((data?: unknown) => void)[]> = { message: [], close: [] };
  send(data: string) {
    this.sent.push(liveServerMessage.parse(JSON.parse(data)));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    for (const cb of this.handlers.close) cb();
  }
  on(event: 'message' | 'close', cb: (data: unknown) => void) {
    this.handlers[event].push(cb);
  }
  receive(message: Record<string, unknown>) {
    for (const cb of this.handlers.message) cb(JSON.stringify(message));
  }
  types() {
    return this.sent.map((m) => m.type);
  }
}

const caller: Caller = {
  uid: 'u1',
  sessionId: 's1',
  via: 'cookie',
  isAnonymous: false,
  orgId: 'o1',
  role: 'dispatcher',
  duties: [],
  resourceId: null,
  customerId: null,
};
const hub = { lastSeqOf: () => 7, add() {}, remove() {} } as unknown as LiveHub;

/** A caller check the test answers when it wants. */
function heldCheck() {
  const pending: ((c: Caller | undefined) => void)[] = [];
  return {
    check: () => new Promise<Caller | undefined>((resolve) => pending.push(resolve)),
    answer: (c: Caller | undefined) => pending.shift()?.(c),
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

const bookingEvent = (seq: number): LiveEvent => ({
  seq,
  orgId: 'o1',
  topic: 'booking',
  kind: 'record.changed',
  audience: { dispatchers: true },
  payload: { _id: `b${seq}`, reload: true },
  createdAt: new Date(),
});

describe('a live socket', () => {
  it('says hello before answering anything, even a subscription sent before the check answered', async () => {
    const ws = new FakeWs();
    const auth = heldCheck();
    new LiveSocket(ws, hub, caller, auth.check);
    ws.receive({ type: 'subscribe', subscription: { topic: 'notifications' } });
    await settle();
    expect(ws.sent).toEqual([]);
    auth.answer(caller);
    await settle();
    expect(ws.types()).toEqual(['hello', 'subscribed']);
  });

  it('holds events while its caller is checked again, then sends them, or never once the caller is gone', async () => {
    const ws = new FakeWs();
    const auth = heldCheck();
    const socket = new LiveSocket(ws, hub, caller, auth.check);
    auth.answer(caller);
    await settle();
    ws.receive({ type: 'subscribe', subscription: { topic: 'booking', id: 'b8' } });
    await settle();

    const kept = socket.recheck();
    socket.offer(bookingEvent(8));
    expect(ws.types()).toEqual(['hello', 'subscribed']);
    auth.answer(caller);
    await kept;
    expect(ws.types()).toEqual(['hello', 'subscribed', 'event']);

    const gone = socket.recheck();
    socket.offer(bookingEvent(9));
    auth.answer(undefined);
    await gone;
    expect(ws.types()).toEqual(['hello', 'subscribed', 'event']);
    expect(ws.closedWith).toBe(SIGNED_OUT);
  });

  it('refuses a message holding a NUL or an unpaired surrogate, naming where, and subscribes to nothing', async () => {
    const ws = new FakeWs();
    new LiveSocket(ws, hub, caller, async () => caller);
    await settle();
    ws.receive({ type: 'subscribe', subscription: { topic: 'booking', id: 'b\u0000' } });
    ws.receive({ type: 'subscribe', subscription: { topic: 'booking', id: '\ud800' } });
    await settle();
    expect(ws.sent.slice(1)).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'invalid_text',
        message: expect.stringMatching(/^message\.subscription\.id: /),
      }),
      expect.objectContaining({ type: 'error', code: 'invalid_text' }),
    ]);
  });
});
