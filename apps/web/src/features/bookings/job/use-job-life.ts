import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLive } from '../../../lib/live.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { JOB_LIFE_KEY } from '../../job-life/api.ts';

/**
 * Refetches a job's life data (feed, time, pings, review, ledger) when the server says it changed
 * (live topic `booking`, events carry `_id` and a kind: feed, time, ping, review, ledger, …).
 */
export function useJobLifeLive(jobId: string, onFeed?: (data: Readonly<{ item?: unknown }>) => void): void {
  const queryClient = useQueryClient();
  useLive({ topic: 'booking', id: jobId }, (event) => {
    if (event.type === 'error') return;
    if (event.type === 'reload') {
      void queryClient.invalidateQueries({ queryKey: JOB_LIFE_KEY });
      return;
    }
    if (event.kind === 'feed' || event.data.kind === 'feed') onFeed?.(event.data);
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === JOB_LIFE_KEY[0] && q.queryKey.includes(jobId),
    });
  });
}

/**
 * The server's clock as the device tells it (lib/server-clock.ts: timers count from the server's
 * stamps, and a phone's clock may be behind), ticking every `everyMs` while `isOn` (a running
 * timer), else still.
 */
export function useNow(isOn: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    setNow(serverClock.now());
    if (!isOn) return;
    const timer = setInterval(() => setNow(serverClock.now()), everyMs);
    return () => clearInterval(timer);
  }, [isOn, everyMs]);
  return now;
}
