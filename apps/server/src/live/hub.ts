import type { DbHandle } from '@rostra/db/client';
import {
  controlOf,
  type LiveControl,
  type LiveEvent,
  liveSeqsUnsafe,
  oldestLiveSeqUnsafe,
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
 * One per server instance: follows the outbox (`live_events`), each organisation in its own `seq`
 * order, and hands every new event to each connected socket, which sends it when it is in the
 * event's organisation and its subscriptions and the audience allow. Woken by NOTIFY (any
 * instance's commit; the payload names the organisation); a slow poll looks at every
 * organisation's counter and covers a lost notification. Control events (an ended session, a
 * changed membership) are acted on here and never handed to a socket: being in the same order, a
 * socket is closed before any event committed after the change reaches it.
 */
export class LiveHub {
  /** Per organisation, the last `seq` read from the outbox: all of it up to there is dispatched. */
  private readonly cursors = new Map<string, number>();
  /** Organisations a notification named since the last read; `everyOrg`: look at all of them. */
  private readonly named = new Set<string>();
  private everyOrg = true;
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
    for (const [org, seq] of await liveSeqsUnsafe(this.handle.db)) this.cursors.set(org, seq);
    this.everyOrg = false;
    this.stopListening = await listenForLiveEvents(
      this.handle,
      (orgId) => this.wake(orgId),
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

  /** The last `seq` of the organisation this instance has dispatched. */
  lastSeqOf(orgId: string): number {
    return this.cursors.get(orgId) ?? 0;
  }

  /** Events written, in every organisation, that this instance has not dispatched yet. */
  async backlog(): Promise<number> {
    let behind = 0;
    for (const [org, seq] of await liveSeqsUnsafe(this.handle.db))
      behind += Math.max(0, seq - this.lastSeqOf(org));
    return behind;
  }

  /**
   * Reads what is new in `orgId`, or in every organisation when none is named (coalesced: wakes
   * during a read cause one more read, not one each).
   */
  wake(orgId?: string): void {
    if (!this.started) return;
    if (orgId) this.named.add(orgId);
    else this.everyOrg = true;
    this.read();
  }

  private read(): void {
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
          this.read();
        }
      });
  }

  /**
   * Resolves once everything committed before the call has been dispatched: in `orgId`, or in
   * every organisation when none is named.
   */
  async flush(orgId?: string): Promise<void> {
    this.wake(orgId);
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    const orgs = this.everyOrg ? undefined : [...this.named];
    this.everyOrg = false;
    this.named.clear();
    for (const [org, latest] of await liveSeqsUnsafe(this.handle.db, orgs)) {
      while (latest > this.lastSeqOf(org)) {
        const events = await selectLiveEventsUnsafe(this.handle.db, org, this.lastSeqOf(org), BATCH);
        for (const event of events) this.dispatch(event);
        if (events.length < BATCH) break;
      }
    }
  }

  private dispatch(event: LiveEvent): void {
    this.cursors.set(event.orgId, Math.max(this.lastSeqOf(event.orgId), event.seq));
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
   * The organisation's events after `after` up to the hub's position in it, for a socket resuming;
   * undefined when they are no longer all kept (pruned) or too many: the client must reload. The
   * hub first catches up with what the organisation committed before the resume (its notification
   * may still be on its way), so a client that wrote and then resumed gets its own writes.
   */
  async replay(orgId: string, after: number): Promise<{ events: LiveEvent[]; upTo: number } | undefined> {
    await this.flush(orgId);
    const upTo = this.lastSeqOf(orgId);
    if (after >= upTo) return { events: [], upTo };
    const oldest = await oldestLiveSeqUnsafe(this.handle.db, orgId);
    if (oldest === null || oldest > after + 1) return undefined;
    const events = await selectLiveEventsUnsafe(this.handle.db, orgId, after, MAX_REPLAY + 1);
    const wanted = events.filter((e) => e.seq <= upTo && !controlOf(e));
    if (wanted.length > MAX_REPLAY) return undefined;
    return { events: wanted, upTo };
  }
}
