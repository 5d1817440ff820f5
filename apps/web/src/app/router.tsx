import { isConfirmPage } from '@rostra/core/notifications/confirm-page';
import { GENERIC_MENU_KEYS, MENU_ORDER, menuPath } from '@rostra/core/shell/menu';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { isTermsRequired, parseRole } from '@rostra/core/shell/roles';
import { EXCEPTION_DETAIL_PATH, isSignInPath, routeActions } from '@rostra/core/shell/routes';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyValidator,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { lazy, Suspense, useRef } from 'react';
import { bookingsSearch } from '../features/bookings/search.ts';
import {
  announcementsSearch,
  calendarEventsSearch,
  calendarSearch,
  customersSearch,
  eventsSearch,
  groupEventsSearch,
  projectTasksSearch,
  resourcesSearch,
} from '../features/directory/search.ts';
import { dayListedFor, PHONE_QUERY } from '../features/job-life/day-list.ts';
import { dayListQuery } from '../features/job-life/day-query.ts';
import { formsSearch } from '../features/operations/forms/search.ts';
import { resetSearch } from '../features/sign-in/reset-search.ts';
import { signInSearch } from '../features/sign-in/search.ts';
import { timelineSearch } from '../features/timeline/search.ts';
import { acceptInvitation, invitationOf, withoutInvitation } from '../lib/invitations.ts';
import { confirmStore, waitStore } from '../lib/overlays.ts';
import { queryOf } from '../lib/route-actions.ts';
import { ME_KEY, type Me, meQuery, signOut } from '../lib/session.ts';
import { landingPath, safeRedirect, signInNoticeStore } from '../lib/sign-in-flow.ts';
import { useStore } from '../lib/store.ts';
import { ComingLater } from '../screens/coming-later.tsx';
import { ErrorPage } from '../screens/error-page.tsx';
import { AppToaster } from '../shell/app-toaster.tsx';
import { SkeletonRows } from '../ui/list-state.tsx';
import { preloadCodeFor, SCREEN_AT } from './route-code.ts';
import {
  ConfirmScreen,
  ResetScreen,
  SCREEN_COMPONENTS,
  ShellLayout,
  SignInScreen,
  TermsScreen,
} from './screens.ts';

export type RouterContext = { queryClient: QueryClient };

/** Search values are kept as the strings they are (no JSON parsing of `?id=007`). */
function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** While a screen's code is on its way (first visit on a slow connection): placeholder rows. */
function ScreenLoading() {
  return (
    <div className="p-4">
      <SkeletonRows rows={4} />
    </div>
  );
}

const ConfirmHost = lazy(() => import('../shell/overlays.tsx').then((m) => ({ default: m.ConfirmHost })));
const WaitHost = lazy(() => import('../shell/overlays.tsx').then((m) => ({ default: m.WaitHost })));

/**
 * The confirm and wait overlays, mounted once one is first asked for: their dialog code is not
 * part of every first load (sign-in never asks).
 */
function OverlayHosts() {
  const confirm = useStore(confirmStore);
  const waits = useStore(waitStore);
  const isAsked = confirm !== null || waits > 0;
  const wasAsked = useRef(false);
  wasAsked.current ||= isAsked;
  if (!wasAsked.current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmHost />
      <WaitHost />
    </Suspense>
  );
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <OverlayHosts />
      <AppToaster />
    </>
  );
}

/**
 * The query parameters that decide whether there is a shell at all (spec §2): `signout=y` /
 * `logout=y` sign out and go to /login from any route; `token` goes to the sign-in page's token
 * step from any other route (on /reset, `token` is the reset link's own). The others run inside the shell (shell-layout.tsx).
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: () => <ErrorPage status={500} />,
  beforeLoad: async ({ location, context }) => {
    // Who is signed in is asked first: on a phone's few connections it then goes ahead of the code.
    if (location.pathname !== '/reset' && !isConfirmPage(location.pathname))
      void context.queryClient.prefetchQuery(meQuery);
    preloadCodeFor(location.pathname);
    const actions = routeActions(location.pathname, queryOf(location.searchStr));
    if (actions[0]?.type === 'sign-out') {
      await signOut(context.queryClient);
      throw redirect({ to: '/login', replace: true });
    }
    const token = actions.find((a) => a.type === 'token-login');
    if (token && token.type === 'token-login' && !isSignInPath(location.pathname)) {
      throw redirect({ to: '/login', search: { token: token.token }, replace: true });
    }
  },
});

/**
 * Sign-in pages: signed in with an organisation → the home page (spec §2 "Other routes"), or the
 * default landing page when this is the end of a sign-in (`?signed_in=1`, where an email link or
 * a federated provider comes back to); signed in without one → signed out, with the not-a-member
 * alert; a guest → the guest panel.
 */
async function signInGuard({
  context,
  search,
}: {
  context: RouterContext;
  search: { signed_in?: string | undefined };
}): Promise<{ isGuest: boolean }> {
  const me = await context.queryClient.ensureQueryData(meQuery).catch(() => null);
  if (!me) return { isGuest: false };
  if (me.user_details.isAnonymous) return { isGuest: true };
  if (me.org_id) {
    if (search.signed_in) throw redirect({ href: await landingPath(context.queryClient, me), replace: true });
    throw redirect({ to: '/', replace: true });
  }
  await signOut(context.queryClient);
  signInNoticeStore.set(ALERT_TEXT.notAMember);
  if (search.signed_in) throw redirect({ to: '/login', replace: true });
  return { isGuest: false };
}

function SignInPage() {
  const search = loginRoute.useSearch();
  const { isGuest } = loginRoute.useRouteContext();
  return (
    <SignInScreen
      key={`${search.token ?? ''}|${search.error ?? ''}`}
      search={{ ...search, guest: isGuest }}
    />
  );
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: signInSearch,
  beforeLoad: signInGuard,
  component: SignInPage,
});

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset',
  validateSearch: resetSearch,
  component: function ResetPage() {
    return <ResetScreen search={resetRoute.useSearch()} />;
  },
});

/** A confirm link's page (issue #19): no sign-in, the signed link is the proof. */
const confirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm/$token',
  component: function ConfirmPage() {
    return <ConfirmScreen token={confirmRoute.useParams().token} />;
  },
});

/** /terms: only for a signed-in non-customer who has not accepted the current version. */
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/login', replace: true });
    const role = parseRole(me.role);
    if (!me.terms_required || (role && !isTermsRequired(role))) {
      throw redirect({ href: await landingPath(context.queryClient, me), replace: true });
    }
    return { me };
  },
  component: function TermsPage() {
    return <TermsScreen me={termsRoute.useRouteContext().me} />;
  },
});

/**
 * The shell: only for a signed-in person acting in an organisation who has accepted the terms.
 * Not signed in → /login (back here afterwards); without an organisation → signed out; terms due
 * → /terms.
 */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: async ({ context, location }) => {
    let me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) {
      const back = safeRedirect(location.href);
      throw redirect({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
    }
    if (me.user_details.isAnonymous) throw redirect({ to: '/login', replace: true });
    // An invitation link (settings › users): accepted before the "not a member" rule below.
    const invitation = invitationOf(location.href);
    if (invitation) {
      me = await acceptInvitation(context.queryClient, invitation);
      throw redirect({ href: me?.org_id ? withoutInvitation(location.href) : '/login', replace: true });
    }
    if (!me.org_id) {
      await signOut(context.queryClient);
      signInNoticeStore.set(ALERT_TEXT.notAMember);
      throw redirect({ to: '/login', replace: true });
    }
    if (me.terms_required) throw redirect({ to: '/terms', replace: true });
  },
  component: ShellLayout,
});

/**
 * Every menu path (both timeline paths, the generic keys' paths) and the route names the menu
 * highlights (mascustomer, week2custimeline). Their screens come with later issues.
 */
const SHELL_PATHS = [
  ...new Set([
    ...[...MENU_ORDER, ...GENERIC_MENU_KEYS].map((key) => menuPath(key, undefined)),
    menuPath('timeline', { timelinev2_menu: false }),
    '/week2custimeline',
    '/mascustomer',
  ]),
];

type ScreenPath = keyof typeof SCREEN_AT;

/** The screen a path shows (route-code.ts: one table for the router and the boot module). */
const screenAt = (path: ScreenPath): RouteComponent => SCREEN_COMPONENTS[SCREEN_AT[path]];

/**
 * /bookings for a resource on a phone: the day's list is asked for alongside the screen's code
 * (and with the access token boot.ts started), not after the screen has mounted.
 */
function startDayList({ context }: { context: RouterContext }): void {
  const me = context.queryClient.getQueryData<Me | null>(ME_KEY);
  const today = me ? dayListedFor(me, window.matchMedia(PHONE_QUERY).matches, Date.now()) : undefined;
  if (today !== undefined) void context.queryClient.prefetchQuery(dayListQuery(today));
}

/** A route of the shell: one per screen, with its query's schema when it reads one. */
function screenRoute<TPath extends ScreenPath>(path: TPath) {
  return createRoute({ getParentRoute: () => shellRoute, path, component: screenAt(path) });
}

function searchRoute<TPath extends ScreenPath, TSchema extends AnyValidator>(
  path: TPath,
  validateSearch: TSchema,
) {
  return createRoute({ getParentRoute: () => shellRoute, path, validateSearch, component: screenAt(path) });
}

/** The screens built so far, one route each (issue 17 point 5); both timeline paths share one. */
const screenRoutes = [
  searchRoute('/week2timelinev2', timelineSearch),
  searchRoute('/week2timeline', timelineSearch),
  searchRoute('/week2custimeline', timelineSearch),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/bookings',
    validateSearch: bookingsSearch,
    loader: startDayList,
    component: screenAt('/bookings'),
  }),
  screenRoute('/board'),
  screenRoute('/job_board'),
  screenRoute('/bid_board'),
  screenRoute('/rostered_board'),
  screenRoute('/masterroster'),
  screenRoute('/mascustomer'),
  screenRoute('/week2'),
  screenRoute('/week2scheduler'),
  screenRoute('/resource_shifts'),
  screenRoute('/settings'),
  screenRoute('/'),
  searchRoute('/customers', customersSearch),
  searchRoute('/resources', resourcesSearch),
  searchRoute('/groupevents', groupEventsSearch),
  searchRoute('/announcements', announcementsSearch),
  searchRoute('/events', eventsSearch),
  searchRoute('/projecttasks', projectTasksSearch),
  searchRoute('/calevents', calendarEventsSearch),
  searchRoute('/calendar', calendarSearch),
  screenRoute('/vehicleroutes'),
  screenRoute('/maps'),
  searchRoute('/forms', formsSearch),
  screenRoute('/timesheets'),
  screenRoute('/reports'),
  screenRoute('/equipments'),
  screenRoute('/pods'),
  screenRoute('/quotes'),
  screenRoute('/invoices'),
  screenRoute('/uploads'),
  screenRoute('/analytics'),
  screenRoute('/planner'),
] as const;

/** Every other menu path shows the 'coming later' state. */
const comingLaterRoutes = SHELL_PATHS.filter((path) => !(path in SCREEN_AT)).map((path) =>
  createRoute({ getParentRoute: () => shellRoute, path, component: ComingLater }),
);

const exceptionDetailRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: EXCEPTION_DETAIL_PATH,
  component: screenAt(EXCEPTION_DETAIL_PATH),
});

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree: rootRoute.addChildren([
      loginRoute,
      resetRoute,
      confirmRoute,
      termsRoute,
      shellRoute.addChildren([...screenRoutes, ...comingLaterRoutes, exceptionDetailRoute]),
    ]),
    context: { queryClient },
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    trailingSlash: 'preserve',
    defaultNotFoundComponent: () => <ErrorPage status={404} />,
    defaultPendingComponent: ScreenLoading,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
