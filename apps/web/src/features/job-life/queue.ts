import type { TimerAction } from '@rostra/core/job-life/timer';

/*
 * The resource's timer events, kept on the device until the server has them (issue 9 point 2).
 *
 * A tap on start, pause, stop or lap becomes an event with its own `client_id` (uuid) and
 * `client_at` (the device clock when it happened). It is written to storage first and sent after,
 * in the order the taps happened, one at a time; `sent_at` is the device clock at the moment of
 * sending, so the server can correct the device's clock (`at = client_at + server_now - sent_at`)
 * and an event queued for an hour offline keeps its real time. The server ignores a `client_id`
 * it already has, so sending an event again after an answer was lost is harmless.
 *
 * What happens to an event whose send fails:
 * - no answer (offline, network), 401 (signed out: it is sent after the next sign-in), 408, 429,
 *   5xx: it stays first in the queue and the queue stops until the next flush (the browser coming
 *   back online, the page opening again, the next tap);
 * - any other answer (409 a sequence the server refuses, 404 a job no longer theirs, 400): it is
 *   taken out and kept in `refused` with the server's message, so the person sees what was not
 *   recorded instead of the queue being stuck behind it forever.
 */

export type { TimerAction };

/** One tap, as stored on the device. Times are epoch milliseconds of the device clock. */
export type QueuedTimerEvent = {
  client_id: string;
  job_id: string;
  action: TimerAction;
  client_at: number;
  /** Set when a dispatcher acts for one of the job's resources. */
  resource_id?: string;
};

/** An event the server would not take, with its answer. */
export type RefusedTimerEvent = QueuedTimerEvent & { status: number; message: string };

export type TimerQueueState = {
  pending: readonly QueuedTimerEvent[];
  refused: readonly RefusedTimerEvent[];
  /** A flush is sending right now. */
  isSending: boolean;
};

/** What the queue needs of a failed send: the HTTP status (0 when no answer came) and a message. */
export type SendFailure = { status: number; message: string };

export type TimerQueueDeps = {
  /** Where the queue lives across reloads (localStorage in the app). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The storage key: one queue per person and organisation, so a shared phone never mixes them. */
  key: string;
  /** Posts one event with its `sent_at`; resolves when the server took it (or had it already). */
  send: (event: QueuedTimerEvent & { sent_at: number }) => Promise<unknown>;
  /** Turns what `send` threw into a status and message. */
  describeFailure: (error: unknown) => SendFailure;
  now: () => number;
  uuid: () => string;
};

export type TimerQueue = {
  get: () => TimerQueueState;
  subscribe: (listener: () => void) => () => void;
  /** Stores the tap (with a new client_id and client_at = now) and starts a flush. */
  enqueue: (input: { job_id: string; action: TimerAction; resource_id?: string }) => QueuedTimerEvent;
  /**
   * Sends what is pending, oldest first, until the queue is empty or a send must wait. Resolves
   * once this flush is over; a flush asked for while one runs joins it and runs once more after.
   */
  flush: () => Promise<void>;
  /** Forgets the refused events the person has seen. */
  dismissRefused: (jobId?: string) => void;
};

/** Statuses after which the same event may succeed later: keep it and try again. */
export function isWorthRetrying(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

type Stored = { pending: QueuedTimerEvent[]; refused: RefusedTimerEvent[] };

const ACTIONS: readonly string[] = ['start', 'pause', 'stop', 'lap'];

function isEvent(value: unknown): value is QueuedTimerEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.client_id === 'string' &&
    typeof v.job_id === 'string' &&
    typeof v.action === 'string' &&
    ACTIONS.includes(v.action) &&
    typeof v.client_at === 'number' &&
    (v.resource_id === undefined || typeof v.resource_id === 'string')
  );
}

/** Reads the stored queue; anything unreadable is dropped rather than blocking the queue. */
function load(storage: TimerQueueDeps['storage'], key: string): Stored {
  try {
    const raw = storage.getItem(key);
    if (!raw) return { pending: [], refused: [] };
    const parsed = JSON.parse(raw) as { pending?: unknown; refused?: unknown };
    const pending = Array.isArray(parsed.pending) ? parsed.pending.filter(isEvent) : [];
    const refused = Array.isArray(parsed.refused)
      ? (parsed.refused.filter(
          (r) =>
            isEvent(r) &&
            typeof (r as RefusedTimerEvent).status === 'number' &&
            typeof (r as RefusedTimerEvent).message === 'string',
        ) as RefusedTimerEvent[])
      : [];
    return { pending, refused };
  } catch {
    return { pending: [], refused: [] };
  }
}

export function createTimerQueue(deps: TimerQueueDeps): TimerQueue {
  const stored = load(deps.storage, deps.key);
  let state: TimerQueueState = { pending: stored.pending, refused: stored.refused, isSending: false };
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let isAskedAgain = false;
  // When storage refuses writes (full, private mode) the page's memory is the queue.
  let isStorageBroken = false;
  const read = (): Stored =>
    isStorageBroken
      ? { pending: [...state.pending], refused: [...state.refused] }
      : load(deps.storage, deps.key);

  const set = (next: TimerQueueState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  /** Storage is re-read before each write: another tab of the same person may have queued too. */
  const save = (update: (s: Stored) => Stored) => {
    const next = update(read());
    try {
      if (!isStorageBroken) deps.storage.setItem(deps.key, JSON.stringify(next));
    } catch {
      isStorageBroken = true;
    }
    set({ ...state, pending: next.pending, refused: next.refused });
  };

  /** 'blocked' when the first event must wait (no point in trying the rest now). */
  async function drain(): Promise<'done' | 'blocked'> {
    for (;;) {
      const first = read().pending[0];
      if (!first) return 'done';
      try {
        await deps.send({ ...first, sent_at: deps.now() });
        save((s) => ({ ...s, pending: s.pending.filter((e) => e.client_id !== first.client_id) }));
      } catch (error) {
        const failure = deps.describeFailure(error);
        if (isWorthRetrying(failure.status)) return 'blocked';
        save((s) => ({
          pending: s.pending.filter((e) => e.client_id !== first.client_id),
          refused: [...s.refused, { ...first, status: failure.status, message: failure.message }],
        }));
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      isAskedAgain = true;
      return running;
    }
    set({ ...state, isSending: true });
    running = (async () => {
      try {
        let result: 'done' | 'blocked';
        do {
          isAskedAgain = false;
          result = await drain();
        } while (isAskedAgain && result === 'done');
      } finally {
        running = null;
        set({ ...state, isSending: false });
      }
    })();
    return running;
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enqueue(input) {
      const event: QueuedTimerEvent = {
        client_id: deps.uuid(),
        job_id: input.job_id,
        action: input.action,
        client_at: deps.now(),
        ...(input.resource_id !== undefined ? { resource_id: input.resource_id } : {}),
      };
      save((s) => ({ ...s, pending: [...s.pending, event] }));
      void flush();
      return event;
    },
    flush,
    dismissRefused(jobId) {
      save((s) => ({
        ...s,
        refused: jobId === undefined ? [] : s.refused.filter((r) => r.job_id !== jobId),
      }));
    },
  };
}

/** A version 4 uuid: `crypto.randomUUID` where the page is a secure context, else from random bytes. */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
