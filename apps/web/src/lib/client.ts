import { takeEarly } from '../app/early.ts';
import { type ApiClient, createApiClient, type NetworkInfo } from './api.ts';
import { serverClock } from './server-clock.ts';
import { notifyHttpFailure } from './toast.ts';

type NetworkInformation = { effectiveType?: string; downlink?: number; rtt?: number };

function networkInfo(): NetworkInfo {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return {
    online: navigator.onLine,
    ...(connection?.effectiveType !== undefined ? { effective_type: connection.effectiveType } : {}),
    ...(connection?.downlink !== undefined ? { downlink: connection.downlink } : {}),
    ...(connection?.rtt !== undefined ? { rtt: connection.rtt } : {}),
  };
}

/** The app's one HTTP client (see api.ts for what it does). */
export const api: ApiClient = createApiClient({
  // The first /me and access-token answers may be on their way already (app/early.ts). Each
  // answer's Date header keeps the server's clock (server-clock.ts) up to date.
  fetch: async (input, init) => {
    const response = await (takeEarly(input, init) ?? fetch(input, init));
    serverClock.observe(response.headers.get('date'), Date.now());
    return response;
  },
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  isOnline: () => navigator.onLine,
  networkInfo,
  origin: window.location.origin,
  notify: notifyHttpFailure,
});
