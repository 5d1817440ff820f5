import { BUSY_INDICATOR_AFTER_MS } from '@rostra/core/shell/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One running task at a time for a form: `isBusy` at once (buttons disabled), `showsSpinner`
 * only after 500 ms (spec §9), so quick answers do not flicker.
 */
export function useBusy() {
  const [isBusy, setBusy] = useState(false);
  const [showsSpinner, setShowsSpinner] = useState(false);
  const running = useRef(false);
  useEffect(() => {
    if (!isBusy) {
      setShowsSpinner(false);
      return;
    }
    const timer = setTimeout(() => setShowsSpinner(true), BUSY_INDICATOR_AFTER_MS);
    return () => clearTimeout(timer);
  }, [isBusy]);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { isBusy, showsSpinner, run };
}
