import type { DbHandle } from '@rostra/db/client';
import {
  controlOf,
  type LiveControl,
  type LiveEvent,
  liveSeqBoundsUnsafe,
  selectLiveEventsUnsafe,
} from '@rostra/db/infra/live-events';
import type { FastifyBaseLogger } from 'fastify';
import { type LiveListening, listenForLiveEvents } from './listener.ts';
import { type LiveSocket, SIGNED_OUT } from './socket.ts';

/** Events read per query while catching up. */
const BATCH = 500;
/** A resume that would replay more than this is told to reload instead. */
export const MAX_REPLAY = 1_000;

/**
 * One per server instance: follows the outbox (`live_events`) in `seq` order and hands every new
 * event to each connected socket, which sends it when its subscriptions and the audience allow.
 * Woken by NOTIFY (any instance's commit); a slow poll covers a lost notification. Control events
 * (an ended session, a changed membership) are acted on here and never handed to a socket: being
 * in the same order, a socket is closed before any event committed after the change reaches it.
 */
export class LiveHub {
  /** The last `seq` read from the outbox: everything up to it has been dispatched. */
  lastSeq = 0;
  private readonly sockets = new Set<LiveSocket>();
  private draining: Promise<void> | undefined;
  private again = false;
  private stopListening: LiveListening | undefined;
  /** Hears of every event as it is dispatched (the metrics' live-update lag). */
  onDispatch: ((event: LiveEvent) => void) | undefined;
  private poll: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 2_000,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.lastSeq = (await liveSeqBoundsUnsafe(this.handle.db)).latest;
    this.stopListening = await listenForLiveEvents(
      this.handle,
      () => this.wake(),
      (err) => this.log.warn({ err }, 'live listener lost its connection; reconnecting'),
    );
    this.poll = setInterval(() => this.wake(), this.pollMs);
    this.poll.unref();
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    try {
      await this.stopListening?.();
    } catch (err) {
      // The database may already be gone (shutting down after a failure): nothing to unlisten.
      this.log.debug({ err }, 'live listener was already closed');
    }
    this.stopListening = undefined;
    await this.draining;
    for (const s of this.sockets) s.close(1001, 'server going away');
    this.sockets.clear();
  }

  /** Whether this instance is woken by the database: its LISTEN is in place (readiness). */
  get listening(): boolean {
    return this.stopListening?.attached() ?? false;
  }

  add(socket: LiveSocket): void {
    this.sockets.add(socket);
  }

  remove(socket: LiveSocket): void {
    this.sockets.delete(socket);
  }

  /** Reads what is new (coalesced: wakes during a read cause one more read, not one each). */
  wake(): void {
    if (!this.started) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.log.error({ err }, 'live hub could not read the outbox'))
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once everything committed before the call has been dispatched. */
  async flush(): Promise<void> {
    this.wake();
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const events = await selectLiveEventsUnsafe(this.handle.db, this.lastSeq, BATCH);
      for (const event of events) this.dispatch(event);
      if (events.length < BATCH) return;
    }
  }

  private dispatch(event: LiveEvent): void {
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    this.onDispatch?.(event);
    const control = controlOf(event);
    if (control) this.control(control, event.orgId);
    else for (const s of this.sockets) s.offer(event);
  }

  private control(control: LiveControl, orgId: string): void {
    for (const s of [...this.sockets]) {
      const who = s.who;
      if (control.kind === 'session.ended') {
        if (control.sessionIds.includes(who.sessionId)) s.close(SIGNED_OUT, 'signed out');
      } else if (who.uid === control.uid && who.orgId === orgId) {
        void s.recheck();
      }
    }
  }

  /**
   * The events after `after` up to the hub's position, for a socket resuming; undefined when they
   * are no longer all kept (pruned) or too many: the client must reload.
   */
  async replay(after: number): Promise<{ events: LiveEvent[]; upTo: number } | undefined> {
    const upTo = this.lastSeq;
    if (after >= upTo) return { events: [], upTo };
    const bounds = await liveSeqBoundsUnsafe(this.handle.db);
    if (bounds.oldest === null || bounds.oldest > after + 1) return undefined;
    const events = await selectLiveEventsUnsafe(this.handle.db, after, MAX_REPLAY + 1);
    const wanted = events.filter((e) => e.seq <= upTo && !controlOf(e));
    if (wanted.length > MAX_REPLAY) return undefined;
    return { events: wanted, upTo };
  }
}
