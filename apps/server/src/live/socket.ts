import { type LiveClientMessage, type LiveServerMessage, liveClientMessage } from '@rostra/core/api/live';
import { BAD_TEXT_MESSAGE, findBadText } from '@rostra/core/shell/text';
import type { LiveEvent } from '@rostra/db/infra/live-events';
import type { Caller } from '../http/access.ts';
import { seesConflictDetails, withoutConflictDetails } from '../http/conflict-details.ts';
import type { LiveHub } from './hub.ts';
import { matches, mayReceive, maySubscribe, type Subscription, subscriptionKey } from './subscriptions.ts';

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
/** The close code of a socket whose session ended or whose membership no longer holds. */
export const SIGNED_OUT = 4401;

/**
 * Who the socket's credential (its upgrade request's cookie or bearer token) stands for now:
 * undefined when it no longer stands for anyone acting in an organisation. Throws when that
 * cannot be told (the database is unreachable).
 */
export type Reauthenticate = () => Promise<Caller | undefined>;

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
 * - client → `{ type: 'ping' }`, server → `{ type: 'pong', seq }`;
 * - the server closes the socket with 4401 (SIGNED_OUT) once its session has ended or its caller
 *   no longer holds the membership it was opened in: the client is signed out, not to reconnect.
 */
export class LiveSocket {
  private readonly subscriptions = new Map<string, Subscription>();
  /** The last event `seq` considered for this socket (sent or not). */
  private cursor: number;
  /**
   * While something holds the socket (a resume replaying, the caller being checked again), live
   * events wait here, to be sent afterwards in order (or not at all, once closed).
   */
  private pending: LiveEvent[] = [];
  private holds = 0;
  private resuming = false;
  private closed = false;

  constructor(
    private readonly ws: WebSocketLike,
    private readonly hub: LiveHub,
    private caller: Caller,
    private readonly reauthenticate: Reauthenticate,
  ) {
    this.cursor = hub.lastSeqOf(caller.orgId);
    hub.add(this);
    const ready = this.open();
    // Nothing is answered before hello: messages sent meanwhile wait, in order.
    ws.on('message', (data) => void ready.then(() => this.receive(data)));
    ws.on('close', () => {
      this.closed = true;
      hub.remove(this);
    });
  }

  get who(): Caller {
    return this.caller;
  }

  /**
   * The caller is checked once more now that the hub hands this socket every control event: a
   * session ended or a membership changed after the upgrade's check but before the hub knew of
   * this socket is seen here; anything later reaches it as a control event. Hello comes after.
   */
  private async open(): Promise<void> {
    this.holds++;
    try {
      await this.check();
      this.send({ type: 'hello', seq: this.cursor });
    } finally {
      this.release();
    }
  }

  /**
   * Checks the caller again (a membership changed, or the periodic re-check): closed with 4401
   * when the credential no longer stands for the same user in the same organisation, otherwise
   * carries on as whoever the caller is now (role and duties as they are). Live events wait
   * meanwhile, so none is sent on the strength of what no longer holds.
   */
  async recheck(): Promise<void> {
    this.holds++;
    try {
      await this.check();
    } finally {
      this.release();
    }
  }

  private async check(): Promise<void> {
    let now: Caller | undefined;
    try {
      now = await this.reauthenticate();
    } catch {
      // A failed check is not a sign-out: the next one decides.
      return;
    }
    if (!now || now.uid !== this.caller.uid || now.orgId !== this.caller.orgId) {
      this.close(SIGNED_OUT, 'signed out');
    } else {
      this.caller = now;
    }
  }

  private release(): void {
    this.holds--;
    if (this.holds > 0) return;
    const waiting = this.pending;
    this.pending = [];
    for (const event of waiting) this.deliver(event);
  }

  close(code: number, reason: string): void {
    this.closed = true;
    this.pending = [];
    this.hub.remove(this);
    if (this.ws.readyState === OPEN) this.ws.close(code, reason);
  }

  /** Called by the hub for every new event, in `seq` order. */
  offer(event: LiveEvent): void {
    if (this.closed) return;
    if (this.holds > 0) {
      this.pending.push(event);
      return;
    }
    this.deliver(event);
  }

  private deliver(event: LiveEvent): void {
    // The cursor counts the socket's own organisation's events: another's never move it.
    if (this.closed || event.orgId !== this.caller.orgId || event.seq <= this.cursor) return;
    this.cursor = event.seq;
    if (!mayReceive(this.caller, event)) return;
    for (const s of this.subscriptions.values()) {
      if (matches(s, event)) {
        this.send({
          type: 'event',
          seq: event.seq,
          topic: event.topic,
          kind: event.kind,
          // Conflict details reach dispatchers only, live as in answers.
          data: seesConflictDetails(this.caller) ? event.payload : withoutConflictDetails(event.payload),
        });
        return;
      }
    }
  }

  private send(message: LiveServerMessage): void {
    if (!this.closed && this.ws.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  private async receive(data: unknown): Promise<void> {
    let parsed: LiveClientMessage;
    try {
      const text =
        typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      const json: unknown = JSON.parse(text);
      // The same rule as every HTTP input (http/text-input.ts); ws itself refuses invalid UTF-8.
      const bad = findBadText(json, 'message');
      if (bad) {
        return this.send({ type: 'error', code: 'invalid_text', message: `${bad}: ${BAD_TEXT_MESSAGE}` });
      }
      const result = liveClientMessage.safeParse(json);
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
    if (this.resuming)
      return this.send({ type: 'error', code: 'resume_in_progress', message: 'A resume is running' });
    this.resuming = true;
    this.holds++;
    try {
      const replay = await this.hub.replay(this.caller.orgId, after);
      if (!replay) {
        this.cursor = Math.max(this.cursor, this.hub.lastSeqOf(this.caller.orgId));
        this.send({ type: 'reload', seq: this.cursor });
      } else {
        this.cursor = after;
        for (const event of replay.events) this.deliver(event);
        this.cursor = Math.max(this.cursor, replay.upTo);
        this.send({ type: 'resumed', seq: this.cursor });
      }
    } finally {
      this.resuming = false;
      this.release();
    }
  }
}
