import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

/*
 * When the first screen is there: rendered with its data, and the browser idle after it. What the
 * first screen does not need (the live socket's parser, with zod) waits for it, so that a phone
 * on a slow connection spends its bandwidth and its CPU on the screen first (docs/performance.md,
 * "Web app: first load on a phone").
 */

/** Settled once nothing is loading or fetching any more (`useFirstScreenWatch` says how to tell). */
let settled: Promise<void> | undefined;
/** Longest wait after the shell's first render: a screen that keeps fetching does not hold the rest back. */
export const FIRST_SCREEN_MAX_MS = 5_000;

/** Resolves once the first screen is there (at once where the app never said how to tell). */
export function afterFirstScreen(): Promise<void> {
  return settled ?? Promise.resolve();
}

export type FirstScreenSignals = {
  /** Whether a route is still loading or data is being fetched. */
  isBusy: () => boolean;
  /** Calls back when what `isBusy` reads may have changed (returns the unsubscribe). */
  onChange: (listener: () => void) => () => void;
};

/**
 * The signed-in shell watches for its first screen (the sign-in page opens no socket): called as
 * it first renders, before any socket can have a message to parse.
 */
export function useFirstScreenWatch(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  if (settled) return;
  settled = firstScreen({
    isBusy: () => router.state.status !== 'idle' || router.state.isLoading || queryClient.isFetching() > 0,
    onChange: (listener) => {
      const stops = [
        queryClient.getQueryCache().subscribe(listener),
        router.subscribe('onResolved', listener),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  });
}

/** Resolves once `isBusy` is false and still is when the browser is idle, or after FIRST_SCREEN_MAX_MS. */
export function firstScreen(signals: FirstScreenSignals): Promise<void> {
  return new Promise<void>((resolve) => {
    let isDone = false;
    let isWaitingForIdle = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      stop();
      clearTimeout(timer);
      resolve();
    };
    // Not busy now, and still not once the browser is idle (one fetch may lead to the next).
    const check = () => {
      if (isDone || isWaitingForIdle || signals.isBusy()) return;
      isWaitingForIdle = true;
      whenIdle(() => {
        isWaitingForIdle = false;
        if (!signals.isBusy()) done();
      });
    };
    const timer = setTimeout(done, FIRST_SCREEN_MAX_MS);
    const stop = signals.onChange(check);
    check();
  });
}

/** After the browser has painted and is idle (or after a second, where it never says so). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1_000 });
  else setTimeout(run, 0);
}
