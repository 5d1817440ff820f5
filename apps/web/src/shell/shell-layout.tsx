import type { ResolvedShortLinkAnswer } from '@rostra/core/api/identity';
import { DEFAULT_APP_VERSION, EXPIRED_LINK_TOAST_MS } from '@rostra/core/shell/constants';
import { activeMenuKey, menuFor } from '@rostra/core/shell/menu';
import { EXCEPTION_BANNER_TEXT } from '@rostra/core/shell/messages';
import { openedTask, routeActions, showView } from '@rostra/core/shell/routes';
import { canReachScreen } from '@rostra/core/shell/screen-access';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useRouterState } from '@tanstack/react-router';
import { TriangleAlert, X } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useExceptionBanner, useExceptionReport } from '../features/exceptions/exception-report.ts';
import { useTimerQueue } from '../features/job-life/timer.ts';
import { activeUser } from '../lib/active-user.ts';
import { api } from '../lib/client.ts';
import {
  type Connectivity,
  OFFLINE_APP_URL,
  offlineAppLink,
  shouldShowOfflineApp,
  useConnectivity,
} from '../lib/connectivity.ts';
import { useFirstScreenWatch } from '../lib/first-screen.ts';
import { useIsNarrow, useMediaQuery } from '../lib/media.ts';
import { useNotificationState } from '../lib/notifications.ts';
import { openPanel } from '../lib/overlays.ts';
import { queryOf, runRouteActions, withoutOneShotParams } from '../lib/route-actions.ts';
import { searchStore } from '../lib/search-store.ts';
import { type Me, membershipKey, meQuery, switchingStore } from '../lib/session.ts';
import { useStore } from '../lib/store.ts';
import { notify } from '../lib/toast.ts';
import { useUnsavedGuard } from '../lib/unsaved.ts';
import { useShellSettings } from '../lib/use-shell-settings.ts';
import { useVersions } from '../lib/versions.ts';
import { SHELL_TEXT } from '../texts.ts';
import { Button, IconButton } from '../ui/button.tsx';
import { NarrowSidebar } from './narrow-sidebar.tsx';
import { PanelHost } from './panel-host.tsx';
import { ShellContext, type ShellState } from './shell-context.tsx';
import { DesktopSidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const COLLAPSED_KEY = 'rostra.menu.collapsed';
/**
 * The payment provider named in `complete_registration` (spec §7: "a card payment provider"; the
 * spec names none, so this is the one the app onboards with).
 */
const PAYMENT_PROVIDER = 'stripe';

function readCollapsed(): boolean | undefined {
  try {
    const value = localStorage.getItem(COLLAPSED_KEY);
    return value === null ? undefined : value === 'true';
  } catch {
    return undefined;
  }
}

/**
 * The urgent exception banner for dispatchers (spec §4, §8): View Details, Close, gone after 120 s.
 * It takes its own strip below the screen: it comes when the report changes, whatever the
 * dispatcher is doing, so it must neither move what is under their pointer (a drag on the
 * timeline, a click about to land: the screen keeps its top, only its scrolling area gets shorter)
 * nor cover any of it (a toolbar, a pager).
 */
function ExceptionBanner({ isEnabled, orgId, uid }: { isEnabled: boolean; orgId: string; uid: string }) {
  const report = useExceptionReport(isEnabled);
  const banner = useExceptionBanner(isEnabled ? report.data : null, { orgId, uid });
  const navigate = useNavigate();
  if (!banner.visible) return null;
  return (
    <div
      role="alert"
      className="flex shrink-0 flex-wrap items-center gap-3 border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden className="size-5 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1 basis-48">{EXCEPTION_BANNER_TEXT.body}</p>
      <div className="ml-auto flex items-center gap-1">
        <Button
          variant="secondary"
          onClick={() => {
            banner.close();
            void navigate({ to: '/exception-detail' });
          }}
        >
          {EXCEPTION_BANNER_TEXT.viewDetails}
        </Button>
        <IconButton label={EXCEPTION_BANNER_TEXT.close} onClick={banner.close}>
          <X aria-hidden className="size-4" />
        </IconButton>
      </div>
    </div>
  );
}

/** The offline app in a frame, when the flag is on and the connection has been gone long enough. */
function OfflineHandOff({ isEnabled, connectivity }: { isEnabled: boolean; connectivity: Connectivity }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (connectivity.isOnline || !isEnabled) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [connectivity.isOnline, isEnabled]);
  const token = api.tokens.peek()?.token;
  if (!OFFLINE_APP_URL || !token) return null;
  if (!shouldShowOfflineApp({ isEnabled, hasToken: true, connectivity, nowMs: now })) return null;
  return (
    <iframe
      title="Offline app"
      src={offlineAppLink(OFFLINE_APP_URL, token)}
      className="fixed inset-0 z-50 size-full border-0 bg-white"
    />
  );
}

/** Runs the query-parameter actions of spec §2 once per address, then drops the one-shot ones. */
function useRouteActions(role: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, searchStr } = location;
  useEffect(() => {
    const actions = routeActions(pathname, queryOf(searchStr)).filter(
      (a) => a.type !== 'sign-out' && a.type !== 'token-login',
    );
    const cleaned = withoutOneShotParams(pathname, searchStr);
    if (cleaned !== undefined && !actions.some((a) => a.type === 'short-link')) {
      void navigate({ href: cleaned, replace: true });
    }
    if (actions.length === 0) return;
    void runRouteActions(actions, {
      resolveShortLink: async (id) =>
        (await api.get<ResolvedShortLinkAnswer>(`/shortlinks/${encodeURIComponent(id)}`, { quiet: true }))
          .target,
      completeRegistration: async (code, state) => {
        await api.post(
          '/api/v2/complete_registration',
          { code, state, provider: PAYMENT_PROVIDER },
          {
            headers: { authorization: `Bearer ${state}` },
            quiet: true,
            retry: false,
          },
        );
      },
      navigate: (to) => void navigate({ href: to, replace: true }),
      showError: (message, kind) =>
        notify.error(message, kind === 'expired' ? EXPIRED_LINK_TOAST_MS : undefined),
      openView: (show) => {
        const view = showView(show, role);
        if (view) openPanel(view);
      },
    });
  }, [pathname, searchStr, navigate, role]);
}

const TaskOverlay = lazy(() =>
  import('../features/directory/project-tasks/task-overlay.tsx').then((m) => ({ default: m.TaskOverlay })),
);

/**
 * `?task_id=` (with `calevent_id`) opens that task over the screen of any route (spec §2) but the
 * task and calendar event screens, which open them in their own drawers; closing it leaves the
 * screen as it was.
 */
function TaskFromAddress() {
  const { pathname, searchStr } = useLocation();
  const navigate = useNavigate();
  const opened = openedTask(pathname, queryOf(searchStr));
  if (!opened) return null;
  const close = () => {
    const params = new URLSearchParams(searchStr);
    params.delete('task_id');
    params.delete('calevent_id');
    const rest = params.toString();
    void navigate({ href: rest === '' ? pathname : `${pathname}?${rest}`, replace: true });
  };
  return (
    <Suspense fallback={null}>
      <TaskOverlay key={opened.taskId} taskId={opened.taskId} eventId={opened.eventId} onClose={close} />
    </Suspense>
  );
}

/**
 * Sends the person's waiting timer taps (queued offline on a job) whatever screen is open: on
 * coming back online, every 20 s while any wait, and at once on entering the app. Its own
 * component, so the queue's state changes re-render nothing else.
 */
function TimerQueueSync({ uid, orgId }: { uid: string; orgId: string }) {
  useTimerQueue(uid, orgId);
  return null;
}

/** A screen the role may not be on (a typed address, or the old role's screen after a switch). */
function NotForRole() {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center">
      <h1 className="text-lg font-semibold text-neutral-900">{SHELL_TEXT.notForRole}</h1>
      <p className="mt-2 text-sm text-neutral-600">{SHELL_TEXT.notForRoleHint}</p>
    </div>
  );
}

function Shell({ me }: { me: Me }) {
  const user = activeUser(me);
  if (!user) throw new Error('The shell needs an active organisation');
  const settings = useShellSettings(user.orgId, user.role);
  const location = useLocation();
  const isNarrow = useIsNarrow();
  const isWide = useMediaQuery('(min-width: 1024px)');
  const [collapsedChoice, setCollapsedChoice] = useState(readCollapsed);
  const isCollapsed = collapsedChoice ?? !isWide;
  const [isMenuOpen, setMenuOpen] = useState(false);
  const connectivity = useConnectivity();
  const notificationState = useNotificationState(user.role);
  // Not while a switch is on its way: the old role's query would be asked as the new role.
  const switchingTo = useStore(switchingStore);
  const isSwitching = switchingTo !== null && switchingTo !== membershipKey(user.orgId, user.role);
  const versions = useVersions(user.role, !isSwitching);
  useUnsavedGuard();
  useRouteActions(user.role);

  // Changing route clears the search text (spec §2) and closes the narrow menu.
  const pathname = location.pathname;
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    searchStore.set('');
    setMenuOpen(false);
  }, [pathname]);

  const menu = useMemo(
    () => (settings ? menuFor({ user, menu: settings.menu, cf: settings.cf, ds: settings.ds }) : undefined),
    [settings, user],
  );
  const activeKey = activeMenuKey(location.pathname, queryOf(location.searchStr));
  // Only screens this role may be on are rendered (the core's screen-access table, which the
  // server's routes follow too), keyed by organisation and role so a switch starts them afresh;
  // during a switch none is, so the old role's screen asks nothing more.
  // The screen on show is the resolved location's (while a navigation is pending the location is
  // already the next one, but the old screen is still the one rendered).
  const shown = useRouterState({ select: (s) => s.resolvedLocation ?? s.location });
  const shownKey = activeMenuKey(shown.pathname, queryOf(shown.searchStr));
  const mayBeHere = shownKey === undefined || canReachScreen(user, shownKey);
  const state: ShellState = {
    me,
    user,
    role: user.role,
    settings,
    menu,
    // The newest published release (live); the spec's default until it is known.
    version: versions.data?.items[0]?.version ?? DEFAULT_APP_VERSION,
  };

  const toggleCollapsed = () => {
    const next = !isCollapsed;
    setCollapsedChoice(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // Not remembered when storage is unavailable.
    }
  };

  const watchesExceptions =
    !isSwitching && user.role === 'dispatcher' && settings !== undefined && settings.ds.hide_prod !== true;

  return (
    <ShellContext.Provider value={state}>
      <TimerQueueSync uid={me.uid} orgId={user.orgId} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {SHELL_TEXT.skipToContent}
      </a>
      <div className="flex h-dvh overflow-hidden bg-neutral-50">
        {isNarrow ? null : <DesktopSidebar entries={menu} activeKey={activeKey} isCollapsed={isCollapsed} />}
        {isNarrow && isMenuOpen ? (
          <NarrowSidebar entries={menu} activeKey={activeKey} onClose={() => setMenuOpen(false)} />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            pathname={location.pathname}
            isNarrow={isNarrow}
            isCollapsed={isCollapsed}
            onOpenMenu={() => setMenuOpen(true)}
            onToggleCollapsed={toggleCollapsed}
            hasDot={notificationState.data?.dot === true}
            hasNewVersion={(versions.data?.unseen ?? 0) > 0}
            isOnline={connectivity.isOnline}
          />
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
            {isSwitching ? null : mayBeHere ? (
              <Fragment key={`${user.orgId}|${user.role}`}>
                <Outlet />
              </Fragment>
            ) : (
              <NotForRole />
            )}
          </main>
          <ExceptionBanner isEnabled={watchesExceptions} orgId={user.orgId} uid={me.uid} />
        </div>
      </div>
      <PanelHost />
      {isSwitching ? null : <TaskFromAddress />}
      <OfflineHandOff isEnabled={settings?.ds.offline_app === true} connectivity={connectivity} />
    </ShellContext.Provider>
  );
}

/** The shell layout route: signed in with an organisation (the route's guard made sure). */
export function ShellLayout() {
  useFirstScreenWatch();
  const me = useQuery(meQuery).data;
  const navigate = useNavigate();
  useEffect(() => {
    if (me === null) void navigate({ to: '/login', replace: true });
  }, [me, navigate]);
  if (!me || !activeUser(me)) return null;
  return <Shell me={me} />;
}
