import { firstLoadOf } from '@rostra/core/shell/first-load';
import { dayListedFor, dayListSearch, PHONE_QUERY } from '../features/job-life/day-list.ts';
import type { Me } from '../lib/session.ts';

/**
 * Requests the app makes first on every load, started by the boot module (boot.ts) as soon as the
 * page has it, instead of after the app's code has arrived and run: who is signed in (`/me`) and,
 * inside the shell, the access token (core's `firstLoadOf`; the server's page names the same
 * requests as preloads, whose answers the browser hands to these fetches); and on /bookings, for a
 * worker on a phone, their day list as soon as those two have answered. On a phone's slow
 * connection that is a round trip or two saved (docs/performance.md, "Web app: first load on a
 * phone").
 *
 * The HTTP client (lib/client.ts) takes each answer once, for the same GET without a bearer
 * token, or the day list's search with the same body and the same token; any other request that
 * is not a GET (it may change the session) drops what is left, so an answer from before a
 * sign-in, sign-out or switch is never used after it.
 */
const waiting = new Map<string, Promise<Response>>();

function start(url: string): void {
  // As the page's `<link rel="preload" as="fetch" crossorigin="anonymous">` asks for it (no extra
  // header, same-origin credentials), so that the browser hands over the answer it preloaded.
  const answer = fetch(url, { credentials: 'same-origin' });
  // Taken later or never: a failure is the taker's (it sees it as its own fetch's failure).
  answer.catch(() => undefined);
  waiting.set(url, answer);
}

const DAY_LIST_URL = '/api/v1/bookings/search';
type EarlySearch = { body: string; authorization: string; response: Promise<Response> };
let dayList: Promise<EarlySearch | undefined> | undefined;

/** The answer's JSON, leaving the answer itself for its taker. */
const peek = async <T>(answer: Promise<Response>): Promise<T | undefined> => {
  const response = await answer;
  return response.ok ? ((await response.clone().json()) as T) : undefined;
};

/**
 * A worker's day list on a phone (the route's loader, app/router.tsx, asks the same once the app
 * runs): who is signed in and the token decide whether and what to ask.
 */
async function startDayList(
  me: Promise<Response>,
  token: Promise<Response>,
): Promise<EarlySearch | undefined> {
  const [answer, access] = await Promise.all([peek<Me>(me), peek<{ access_token: string }>(token)]);
  const today = answer ? dayListedFor(answer, window.matchMedia(PHONE_QUERY).matches, Date.now()) : undefined;
  if (today === undefined || !access) return undefined;
  const body = JSON.stringify(dayListSearch(today));
  const authorization = `Bearer ${access.access_token}`;
  const response = fetch(DAY_LIST_URL, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization },
    body,
    credentials: 'same-origin',
  });
  response.catch(() => undefined);
  return { body, authorization, response };
}

export function startEarlyRequests(pathname: string): void {
  // Offline the kept copy of /me stands in (lib/session.ts).
  if (navigator.onLine === false) return;
  const firstLoad = firstLoadOf(pathname);
  for (const url of firstLoad.requests) start(url);
  const me = waiting.get('/api/v1/me');
  const token = waiting.get('/api/v1/access_token');
  if (firstLoad.chunks.includes('my-day') && me && token) {
    dayList = startDayList(me, token).catch(() => undefined);
  }
}

/** The early day list for this search, when it asked the same with the same token; else a fetch. */
function takeDayList(input: string, init: RequestInit): Promise<Response> | undefined {
  const early = dayList;
  dayList = undefined;
  if (!early) return undefined;
  const authorization = new Headers(init.headers).get('authorization');
  return early.then((e) =>
    e && e.body === init.body && e.authorization === authorization ? e.response : fetch(input, init),
  );
}

/** The early answer to this request, once, when there is one; otherwise undefined. */
export function takeEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method === 'POST' && input === DAY_LIST_URL && init) return takeDayList(input, init);
  if (waiting.size === 0) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    waiting.clear();
    dayList = undefined;
    return undefined;
  }
  if (typeof input !== 'string' || method !== 'GET' || new Headers(init?.headers).has('authorization')) {
    return undefined;
  }
  const answer = waiting.get(input);
  waiting.delete(input);
  return answer;
}
