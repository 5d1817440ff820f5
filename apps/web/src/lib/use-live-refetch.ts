import { useEffect, useRef } from 'react';
import { type LiveEvent, type LiveSubscription, useLive } from './live.ts';

/**
 * Refetches a screen's data when the live socket reports a change it may show (or asks for a
 * reload), coalescing a burst of events into one refetch 200 ms after the last.
 */
export function useLiveRefetch(subscription: LiveSubscription | null, refetch: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLive(subscription, (event: LiveEvent) => {
    if (event.type === 'error') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), 200);
  });
}
