/**
 * Requests the app makes first on every load, started by the boot module (boot.ts) as soon as the
 * page has it, instead of after the app's code has arrived and run: who is signed in (`/me`) and,
 * inside the shell, the access token. On a phone's slow connection that is a round trip or two
 * saved (docs/performance.md, "Web app: first load on a phone").
 *
 * The HTTP client (lib/client.ts) takes each answer once, for the same GET without a bearer
 * token; anything that may change the session (any other method) drops what is left, so an
 * answer from before a sign-in, sign-out or switch is never used after it.
 */
const waiting = new Map<string, Promise<Response>>();

function start(url: string): void {
  const answer = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  // Taken later or never: a failure is the taker's (it sees it as its own fetch's failure).
  answer.catch(() => undefined);
  waiting.set(url, answer);
}

export function startEarlyRequests(pathname: string, inShell: boolean): void {
  // Offline the kept copy of /me stands in (lib/session.ts); /reset asks nothing of the session.
  if (navigator.onLine === false || pathname === '/reset') return;
  start('/api/v1/me');
  if (inShell) start('/api/v1/access_token');
}

/** The early answer to this request, once, when there is one; otherwise undefined. */
export function takeEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  if (waiting.size === 0) return undefined;
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    waiting.clear();
    return undefined;
  }
  if (typeof input !== 'string' || method !== 'GET' || new Headers(init?.headers).has('authorization')) {
    return undefined;
  }
  const answer = waiting.get(input);
  waiting.delete(input);
  return answer;
}
