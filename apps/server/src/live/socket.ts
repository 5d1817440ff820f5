import type { LiveEvent } from '@rostra/db/scheduling/live-events';
import { z } from 'zod';
import type { Caller } from '../http/access.ts';
import type { LiveHub } from './hub.ts';
import {
  matches,
  mayReceive,
  maySubscribe,
  type Subscription,
  subscriptionKey,
  subscriptionSchema,
} from './subscriptions.ts';

/** The part of a `ws` WebSocket this module uses. */
export type WebSocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', cb: (data: unknown) => void): void;
  on(event: 'close', cb: () => void): void;
};

const OPEN = 1;
/** Subscriptions one socket may hold. */
export const MAX_SUBSCRIPTIONS = 50;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), subscription: subscriptionSchema }),
  z.strictObject({ type: z.literal('unsubscribe'), subscription: subscriptionSchema }),
  z.strictObject({ type: z.literal('resume'), after: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('ping') }),
]);

/**
 * One client connection. The protocol (JSON text frames):
 * - server → `{ type: 'hello', seq }` on connect: the position the client is at;
 * - client → `{ type: 'subscribe' | 'unsubscribe', subscription: { topic, … } }`,
 *   server → `{ type: 'subscribed' | 'unsubscribed', subscription }` (or an `error`);
 * - server → `{ type: 'event', seq, topic, kind, data }` for each event the client subscribed to
 *   and may read (the event's audience: organisation, dispatchers, or its readers' user ids);
 * - client → `{ type: 'resume', after: seq }` after reconnecting and subscribing again: the server
 *   replays what it missed since `after`, then carries on live; when that is no longer possible it
 *   answers `{ type: 'reload' }` and the client reloads its data;
 * - client → `{ type: 'ping' }`, server → `{ type: 'pong', seq }`.
 */
export class LiveSocket {
  private readonly subscriptions = new Map<string, Subscription>();
  /** The last event `seq` considered for this socket (sent or not). */
  private cursor: number;
  /** While a resume replays, live events wait here, to be sent after the replay in order. */
  private pending: LiveEvent[] | undefined;

  constructor(
    private readonly ws: WebSocketLike,
    private readonly hub: LiveHub,
    private caller: Caller,
  ) {
    this.cursor = hub.lastSeq;
    ws.on('message', (data) => void this.receive(data));
    ws.on('close', () => hub.remove(this));
    hub.add(this);
    this.send({ type: 'hello', seq: this.cursor });
  }

  get who(): Caller {
    return this.caller;
  }

  /** The caller after re-authentication (same user and organisation). */
  refresh(caller: Caller): void {
    this.caller = caller;
  }

  close(code: number, reason: string): void {
    this.hub.remove(this);
    if (this.ws.readyState === OPEN) this.ws.close(code, reason);
  }

  /** Called by the hub for every new event, in `seq` order. */
  offer(event: LiveEvent): void {
    if (this.pending) {
      this.pending.push(event);
      return;
    }
    this.deliver(event);
  }

  private deliver(event: LiveEvent): void {
    if (event.seq <= this.cursor) return;
    this.cursor = event.seq;
    if (!mayReceive(this.caller, event)) return;
    for (const s of this.subscriptions.values()) {
      if (matches(s, event)) {
        this.send({
          type: 'event',
          seq: event.seq,
          topic: event.topic,
          kind: event.kind,
          data: event.payload,
        });
        return;
      }
    }
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  private async receive(data: unknown): Promise<void> {
    let parsed: z.infer<typeof clientMessageSchema>;
    try {
      const text =
        typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      const result = clientMessageSchema.safeParse(JSON.parse(text));
      if (!result.success) {
        const issue = result.error.issues[0];
        return this.send({
          type: 'error',
          code: 'invalid_message',
          message: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'invalid message',
        });
      }
      parsed = result.data;
    } catch {
      return this.send({ type: 'error', code: 'invalid_message', message: 'messages are JSON' });
    }
    switch (parsed.type) {
      case 'ping':
        return this.send({ type: 'pong', seq: this.cursor });
      case 'subscribe': {
        const s = parsed.subscription;
        if (!maySubscribe(this.caller, s)) {
          return this.send({
            type: 'error',
            code: 'forbidden_topic',
            message: `Not allowed: ${s.topic}`,
            subscription: s,
          });
        }
        if (s.topic === 'timeline' && s.to <= s.from) {
          return this.send({
            type: 'error',
            code: 'invalid_window',
            message: 'to must be after from',
            subscription: s,
          });
        }
        if (!this.subscriptions.has(subscriptionKey(s)) && this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
          return this.send({
            type: 'error',
            code: 'too_many_subscriptions',
            message: `At most ${MAX_SUBSCRIPTIONS}`,
          });
        }
        this.subscriptions.set(subscriptionKey(s), s);
        return this.send({ type: 'subscribed', subscription: s, seq: this.cursor });
      }
      case 'unsubscribe':
        this.subscriptions.delete(subscriptionKey(parsed.subscription));
        return this.send({ type: 'unsubscribed', subscription: parsed.subscription });
      case 'resume':
        return this.resume(parsed.after);
    }
  }

  private async resume(after: number): Promise<void> {
    if (this.pending)
      return this.send({ type: 'error', code: 'resume_in_progress', message: 'A resume is running' });
    this.pending = [];
    try {
      const replay = await this.hub.replay(after);
      if (!replay) {
        this.cursor = Math.max(this.cursor, this.hub.lastSeq);
        this.send({ type: 'reload', seq: this.cursor });
      } else {
        this.cursor = after;
        for (const event of replay.events) this.deliver(event);
        this.cursor = Math.max(this.cursor, replay.upTo);
        this.send({ type: 'resumed', seq: this.cursor });
      }
    } finally {
      const waiting = this.pending ?? [];
      this.pending = undefined;
      for (const event of waiting) this.deliver(event);
    }
  }
}
