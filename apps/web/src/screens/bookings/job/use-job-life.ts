import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JOB_LIFE_KEY } from '../../../lib/job-life.ts';
import { useLive } from '../../../lib/live.ts';

/**
 * Refetches a job's life data (feed, time, pings, review, ledger) when the server says it changed
 * (live topic `booking`, events carry `_id` and a kind: feed, time, ping, review, ledger, …).
 */
export function useJobLifeLive(jobId: string, onFeed?: (data: Record<string, unknown>) => void): void {
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

/** The clock, ticking every `everyMs` while `isOn` (a running timer), else still. */
export function useNow(isOn: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!isOn) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [isOn, everyMs]);
  return now;
}
