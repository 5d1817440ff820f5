import { OFFLINE_VIEW_AFTER_MS } from '@rostra/core/shell/constants';
import { useEffect, useState } from 'react';

/**
 * Online/offline (spec §4): a HEAD request, here to our own server's /healthz — this product has
 * no public site to reach, and our server is what the app needs anyway. Set
 * VITE_CONNECTIVITY_URL at build time to probe something else.
 */
export const CONNECTIVITY_URL: string = import.meta.env.VITE_CONNECTIVITY_URL || '/healthz';
/** How often the probe runs while the page is open (also on the browser's online/offline events). */
export const CONNECTIVITY_INTERVAL_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

/** Any HTTP answer means the network works; only no answer (or a timeout) is offline. */
export async function probeConnectivity(
  url: string = CONNECTIVITY_URL,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    await fetcher(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

export type Connectivity = { isOnline: boolean; offlineSinceMs: number | undefined; hasBeenOnline: boolean };

export function useConnectivity(): Connectivity {
  const [state, setState] = useState<Connectivity>(() => ({
    isOnline: navigator.onLine,
    offlineSinceMs: navigator.onLine ? undefined : Date.now(),
    hasBeenOnline: navigator.onLine,
  }));
  useEffect(() => {
    let isCancelled = false;
    const apply = (isOnline: boolean) => {
      if (isCancelled) return;
      setState((s) =>
        s.isOnline === isOnline
          ? s
          : {
              isOnline,
              offlineSinceMs: isOnline ? undefined : Date.now(),
              hasBeenOnline: s.hasBeenOnline || isOnline,
            },
      );
    };
    const check = () => {
      // The browser knows for sure when there is no network at all; otherwise ask the server.
      if (!navigator.onLine) apply(false);
      else void probeConnectivity().then(apply);
    };
    check();
    const timer = setInterval(check, CONNECTIVITY_INTERVAL_MS);
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      isCancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, []);
  return state;
}

/**
 * Whether the offline app takes over (spec §4): the `offline_app` flag is on, an access token
 * exists, and we are offline — after 30 s of being offline, or at once when this page has never
 * been online (it was opened without a connection, so there is nothing of the shell to show).
 */
export function shouldShowOfflineApp(input: {
  isEnabled: boolean;
  hasToken: boolean;
  connectivity: Connectivity;
  nowMs: number;
}): boolean {
  const { isEnabled, hasToken, connectivity, nowMs } = input;
  if (!isEnabled || !hasToken || connectivity.isOnline) return false;
  if (!connectivity.hasBeenOnline) return true;
  return (
    connectivity.offlineSinceMs !== undefined && nowMs - connectivity.offlineSinceMs >= OFFLINE_VIEW_AFTER_MS
  );
}

/** The offline app's address (VITE_OFFLINE_APP_URL); without one there is nothing to hand off to. */
export const OFFLINE_APP_URL: string | undefined = import.meta.env.VITE_OFFLINE_APP_URL || undefined;

/** The frame's link: the offline app signs in with the access token in its query string (spec §2, §7). */
export function offlineAppLink(base: string, token: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('token', token);
  return url.toString();
}
