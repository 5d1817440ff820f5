import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { isApiError } from '../../lib/api.ts';
import { JOB_LIFE_KEY, postTimerEvent } from './api.ts';
import { createTimerQueue, randomUuid, type TimerQueue, type TimerQueueState } from './queue.ts';

/*
 * The app's timer queues (one per person and organisation, in localStorage) and the hook the
 * screens use. A queue is flushed when a screen that shows a timer opens, after each tap, when
 * the browser says it is back online, and every 20 s while something waits.
 */

const RETRY_EVERY_MS = 20_000;
const queues = new Map<string, TimerQueue>();

export const timerQueueKey = (uid: string, orgId: string) => `rostra.timer-queue.v1:${orgId}:${uid}`;

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

export function timerQueueFor(uid: string, orgId: string): TimerQueue {
  const key = timerQueueKey(uid, orgId);
  let queue = queues.get(key);
  if (!queue) {
    let storage: Pick<Storage, 'getItem' | 'setItem'>;
    try {
      storage = window.localStorage;
    } catch {
      storage = memoryStorage();
    }
    queue = createTimerQueue({
      storage,
      key,
      send: postTimerEvent,
      describeFailure: (error) =>
        isApiError(error)
          ? { status: error.status, message: error.message }
          : { status: 0, message: error instanceof Error ? error.message : String(error) },
      now: () => Date.now(),
      uuid: randomUuid,
    });
    queues.set(key, queue);
  }
  return queue;
}

/**
 * The queue of the signed-in person, its state, and a flush whenever the page comes back online.
 * When events leave the queue (the server took them), the timers on screen are refetched.
 */
export function useTimerQueue(uid: string, orgId: string): { queue: TimerQueue; state: TimerQueueState } {
  const queue = timerQueueFor(uid, orgId);
  const state = useSyncExternalStore(queue.subscribe, queue.get, queue.get);
  const queryClient = useQueryClient();
  const sentBefore = useRef(state.pending.length);

  useEffect(() => {
    const flush = () => void queue.flush();
    flush();
    window.addEventListener('online', flush);
    const timer = setInterval(() => {
      if (queue.get().pending.length > 0 && navigator.onLine) flush();
    }, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [queue]);

  useEffect(() => {
    if (state.pending.length < sentBefore.current) {
      void queryClient.invalidateQueries({ queryKey: [...JOB_LIFE_KEY, 'time'] });
    }
    sentBefore.current = state.pending.length;
  }, [state.pending.length, queryClient]);

  return { queue, state };
}
