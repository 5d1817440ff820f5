import { describe, expect, it } from 'vitest';
import {
  createTimerQueue,
  isWorthRetrying,
  type QueuedTimerEvent,
  randomUuid,
  type SendFailure,
} from './queue.ts';

class Failure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

type Sent = QueuedTimerEvent & { sent_at: number };

/** A queue over fake storage and a fake server; `answer` decides each send. */
function setup(
  options: { answer?: (e: Sent) => void | Promise<void>; storage?: ReturnType<typeof memory> } = {},
) {
  const storage = options.storage ?? memory();
  let clock = 1_000;
  let n = 0;
  const sent: Sent[] = [];
  const queue = createTimerQueue({
    storage,
    key: 'q',
    send: async (e) => {
      sent.push(e);
      await options.answer?.(e);
    },
    describeFailure: (e): SendFailure =>
      e instanceof Failure ? { status: e.status, message: e.message } : { status: 0, message: String(e) },
    now: () => clock,
    uuid: () => `id-${++n}`,
  });
  return {
    queue,
    storage,
    sent,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the offline timer queue', () => {
  it('sends each tap with its own client_id, the time it happened, and the time it was sent', async () => {
    const t = setup();
    t.queue.enqueue({ job_id: 'b1', action: 'start' });
    await t.queue.flush();
    expect(t.sent).toEqual([
      { client_id: 'id-1', job_id: 'b1', action: 'start', client_at: 1_000, sent_at: 1_000 },
    ]);
    expect(t.queue.get().pending).toEqual([]);
  });

  it('offline: keeps the taps in order with their own times, and sends them in order once back', async () => {
    let isOnline = false;
    const t = setup({
      answer: () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
      },
    });
    t.queue.enqueue({ job_id: 'b1', action: 'pause' });
    await t.queue.flush();
    t.tick(60_000);
    t.queue.enqueue({ job_id: 'b1', action: 'stop' });
    await t.queue.flush();
    expect(t.queue.get().pending.map((e) => [e.action, e.client_at])).toEqual([
      ['pause', 1_000],
      ['stop', 61_000],
    ]);

    t.tick(3_600_000);
    isOnline = true;
    t.sent.length = 0;
    await t.queue.flush();
    // sent_at is the clock at sending: the server corrects client_at by (its now − sent_at).
    expect(t.sent.map((e) => [e.action, e.client_at, e.sent_at])).toEqual([
      ['pause', 1_000, 3_661_000],
      ['stop', 61_000, 3_661_000],
    ]);
    expect(t.queue.get().pending).toEqual([]);
  });

  it('survives a reload: a new queue over the same storage has the waiting taps', async () => {
    const storage = memory();
    const first = setup({
      storage,
      answer: () => {
        throw new TypeError('offline');
      },
    });
    first.queue.enqueue({ job_id: 'b1', action: 'start' });
    first.queue.enqueue({ job_id: 'b1', action: 'lap' });
    await first.queue.flush();

    const second = setup({ storage });
    expect(second.queue.get().pending.map((e) => e.action)).toEqual(['start', 'lap']);
    await second.queue.flush();
    expect(second.sent.map((e) => e.client_id)).toEqual(['id-1', 'id-2']);
    expect(second.queue.get().pending).toEqual([]);
  });

  it('a lost answer resends the same client_id (the server counts it once), never a new one', async () => {
    let calls = 0;
    const t = setup({
      answer: () => {
        calls += 1;
        if (calls === 1) throw new Failure(502, 'Bad gateway');
      },
    });
    t.queue.enqueue({ job_id: 'b1', action: 'start' });
    await t.queue.flush();
    expect(t.queue.get().pending).toHaveLength(1);
    await t.queue.flush();
    expect(t.sent.map((e) => e.client_id)).toEqual(['id-1', 'id-1']);
    expect(t.queue.get().pending).toEqual([]);
  });

  it('a refused tap (409) is set aside with the server message and does not block the ones after it', async () => {
    const t = setup({
      answer: (e) => {
        if (e.action === 'pause') throw new Failure(409, 'The timer is not running');
      },
    });
    t.queue.enqueue({ job_id: 'b1', action: 'pause' });
    t.queue.enqueue({ job_id: 'b1', action: 'start' });
    await t.queue.flush();
    expect(t.queue.get().pending).toEqual([]);
    expect(t.queue.get().refused).toEqual([
      expect.objectContaining({ action: 'pause', status: 409, message: 'The timer is not running' }),
    ]);
    expect(t.sent.map((e) => e.action)).toEqual(['pause', 'start']);

    t.queue.dismissRefused('b1');
    expect(t.queue.get().refused).toEqual([]);
  });

  it('signed out (401) or server trouble: the tap waits, nothing after it jumps the queue', async () => {
    const t = setup({
      answer: () => {
        throw new Failure(401, 'Please login again to perform this operation.');
      },
    });
    t.queue.enqueue({ job_id: 'b1', action: 'start' });
    t.queue.enqueue({ job_id: 'b2', action: 'start' });
    await t.queue.flush();
    expect(t.sent.map((e) => e.job_id)).toEqual(['b1']);
    expect(t.queue.get().pending.map((e) => e.job_id)).toEqual(['b1', 'b2']);
    expect(t.queue.get().refused).toEqual([]);
  });

  it('two flushes at once send each event once', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const t = setup({ answer: () => gate });
    t.queue.enqueue({ job_id: 'b1', action: 'start' });
    const a = t.queue.flush();
    const b = t.queue.flush();
    release();
    await Promise.all([a, b]);
    expect(t.sent.map((e) => e.client_id)).toEqual(['id-1']);
  });

  it('keeps a dispatcher’s resource_id with the event', async () => {
    const t = setup();
    t.queue.enqueue({ job_id: 'b1', action: 'stop', resource_id: 'r7' });
    await t.queue.flush();
    expect(t.sent[0]?.resource_id).toBe('r7');
  });

  it('ignores unreadable storage instead of getting stuck on it', () => {
    const storage = memory();
    storage.setItem('q', '{not json');
    expect(setup({ storage }).queue.get().pending).toEqual([]);
    storage.setItem('q', JSON.stringify({ pending: [{ action: 'start' }, 7] }));
    expect(setup({ storage }).queue.get().pending).toEqual([]);
  });

  it('which answers are worth trying again', () => {
    expect([0, 401, 408, 429, 500, 503].every(isWorthRetrying)).toBe(true);
    expect([400, 403, 404, 409, 422].some(isWorthRetrying)).toBe(false);
  });

  it('makes version 4 uuids', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
