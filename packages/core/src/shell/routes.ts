/**
 * Routes outside the menu and the query-parameter rules (spec §2), as a pure interpreter: the
 * caller passes the path and query it has, gets back what to do, and does it.
 */

import { ROUTE_TEXT } from './messages.ts';

/** A parsed query string: URLSearchParams-like single values or a framework's repeated values. */
export type QueryValue = string | readonly string[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * The first non-empty value of a query parameter, else undefined. An empty value (`?token=`) is
 * treated as absent: no rule of the spec acts on an empty value.
 */
export function queryParam(query: Query, name: string): string | undefined {
  const raw = Object.hasOwn(query, name) ? query[name] : undefined;
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'string') return raw === '' ? undefined : raw;
  return raw.find((v) => typeof v === 'string' && v !== '');
}

/** Path without a trailing slash ('/' stays '/'), so '/bookings/' and '/bookings' are one route. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const RESET_PATH = '/reset';
export const TERMS_PATH = '/terms';
export const EXCEPTION_DETAIL_PATH = '/exception-detail';
export const EXCEPTION_DETAIL_ROUTE_NAME = 'exception-detail';

/** /login, /login/ and /reset. */
export function isSignInPath(path: string): boolean {
  const p = normalisePath(path);
  return p === LOGIN_PATH || p === RESET_PATH;
}

/**
 * What a sign-in page does with a visitor: signed in with an organisation → home page; signed in
 * without one → sign out; not signed in → stay on the sign-in page.
 */
export function signInPageAction(input: {
  isSignedIn: boolean;
  orgId: string | null | undefined;
}): 'stay' | 'go-home' | 'sign-out' {
  if (!input.isSignedIn) return 'stay';
  return input.orgId ? 'go-home' : 'sign-out';
}

export type RouteAction =
  | { type: 'sign-out'; redirectTo: typeof LOGIN_PATH }
  | { type: 'token-login'; token: string }
  | { type: 'short-link'; linkId: string }
  | { type: 'complete-registration'; code: string; state: string }
  | { type: 'set-current-booking'; bookingId: string }
  | { type: 'set-current-task'; taskId: string }
  | { type: 'set-current-event'; eventId: string }
  | { type: 'set-view-state'; show: string };

/**
 * The actions the query parameters ask for on any route, in the order they should run.
 *
 * - `signout=y` or `logout=y` (exactly 'y'): sign out and go to /login; nothing else runs.
 * - `token`: custom sign-in token. `link`: short-link id, redirect to its stored target.
 * - `code` together with `state`: payment-provider onboarding completion (either alone: nothing).
 * - On /bookings only: `job_id`, else `id`, sets the current booking (job_id wins when both).
 * - `task_id` sets the current task; with `calevent_id` also the current event
 *   (`calevent_id` without `task_id` does nothing — the spec only pairs it with a task).
 * - `show`: incoming view state.
 */
export function routeActions(path: string, query: Query): RouteAction[] {
  if (queryParam(query, 'signout') === 'y' || queryParam(query, 'logout') === 'y') {
    return [{ type: 'sign-out', redirectTo: LOGIN_PATH }];
  }
  const actions: RouteAction[] = [];
  const token = queryParam(query, 'token');
  if (token !== undefined) actions.push({ type: 'token-login', token });
  const link = queryParam(query, 'link');
  if (link !== undefined) actions.push({ type: 'short-link', linkId: link });
  const code = queryParam(query, 'code');
  const state = queryParam(query, 'state');
  if (code !== undefined && state !== undefined) actions.push({ type: 'complete-registration', code, state });
  if (normalisePath(path) === '/bookings') {
    const bookingId = queryParam(query, 'job_id') ?? queryParam(query, 'id');
    if (bookingId !== undefined) actions.push({ type: 'set-current-booking', bookingId });
  }
  const taskId = queryParam(query, 'task_id');
  if (taskId !== undefined) {
    actions.push({ type: 'set-current-task', taskId });
    const eventId = queryParam(query, 'calevent_id');
    if (eventId !== undefined) actions.push({ type: 'set-current-event', eventId });
  }
  const show = queryParam(query, 'show');
  if (show !== undefined) actions.push({ type: 'set-view-state', show });
  return actions;
}

/**
 * The shell's views `?show=` opens over any route (spec §2 "show sets the incoming view state";
 * the spec names no values, so they are the shell's own overlays by name): the notification
 * drawer, the help drawer, What's New and the profile. What's New never opens for a customer
 * (customers never see version info, §6); any other value is ignored.
 */
export const SHOW_VIEWS = ['notifications', 'help', 'whats-new', 'profile'] as const;
export type ShowView = (typeof SHOW_VIEWS)[number];

export function showView(show: string, role: string): ShowView | undefined {
  const view = SHOW_VIEWS.find((v) => v === show);
  return view === 'whats-new' && role === 'customer' ? undefined : view;
}

/** The screens that open `task_id` and `calevent_id` themselves, in their own lists and drawers. */
export const TASK_SCREEN_PATHS: readonly string[] = ['/projecttasks', '/calevents'];

/**
 * The task `?task_id=` opens over the screen of any other route, with the event `calevent_id`
 * names among its events (spec §2: "task_id alone sets the current task; task_id plus
 * calevent_id sets both"), or undefined.
 */
export function openedTask(path: string, query: Query): { taskId: string; eventId?: string } | undefined {
  if (TASK_SCREEN_PATHS.includes(normalisePath(path))) return undefined;
  let opened: { taskId: string; eventId?: string } | undefined;
  for (const action of routeActions(path, query)) {
    if (action.type === 'set-current-task') opened = { taskId: action.taskId };
    if (action.type === 'set-current-event' && opened) opened.eventId = action.eventId;
  }
  return opened;
}

/** Route names whose top bar has the barcode-scan button. */
export const BARCODE_SCAN_ROUTE_NAMES: readonly string[] = ['equipments', 'pods'];

export function showsBarcodeScan(routeName: string): boolean {
  return BARCODE_SCAN_ROUTE_NAMES.includes(routeName);
}

/**
 * Display setting (`ds`) that turns the top-bar search box off. The spec only says "when display
 * settings turn off scheduler search"; the flag is named `scheduler_search`, on unless it is
 * exactly `false`, so an organisation without the setting keeps its search box.
 */
export const SCHEDULER_SEARCH_FLAG = 'scheduler_search';

/**
 * The search box is hidden on reports routes (/reports and anything under /reports/) and when
 * the display setting {@link SCHEDULER_SEARCH_FLAG} is false.
 */
export function isSearchBoxHidden(path: string, ds: Readonly<Record<string, unknown>> | undefined): boolean {
  const p = normalisePath(path);
  const isReports = p === '/reports' || p.startsWith('/reports/');
  return isReports || ds?.[SCHEDULER_SEARCH_FLAG] === false;
}

/** Title and link text of the error page: 'Page not found' for 404, otherwise 'An error occurred'. */
export function errorPage(status: number): { title: string; linkText: string } {
  return {
    title: status === 404 ? ROUTE_TEXT.pageNotFound : ROUTE_TEXT.errorOccurred,
    linkText: ROUTE_TEXT.backToDefaultPage,
  };
}
