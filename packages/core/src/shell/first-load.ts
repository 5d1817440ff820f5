import { isConfirmPage } from '../notifications/confirm-page.ts';
import { LOGIN_PATH, RESET_PATH, TERMS_PATH } from './routes.ts';

/*
 * What a page load needs before its first screen can show, by path (issue 17 point 8): the
 * first-load chunks of the web build (apps/web/vite.config.ts) beyond the app's own, and the API
 * answers the boot module asks for at once. The server names them in the page it sends
 * (apps/server/src/http/web-app.ts) so that the browser fetches them while the page's own code is
 * still on its way; the web's boot module (app/early.ts) starts the same requests, and takes the
 * answers the page's hints already fetched.
 */

/** The web build's first-load chunks a path can need beyond the app's own. */
export type FirstLoadChunk = 'sign-in' | 'shell-layout' | 'my-day';

/** The pages shown without the shell (no menu, no top bar), each its own screen. */
const OUTSIDE_SHELL: ReadonlySet<string> = new Set([LOGIN_PATH, RESET_PATH, TERMS_PATH]);

/** Inside the shell: every path but the sign-in, reset, terms and confirm-link pages. */
export function isInShell(pathname: string): boolean {
  return !OUTSIDE_SHELL.has(pathname) && !isConfirmPage(pathname);
}

export type FirstLoad = { chunks: readonly FirstLoadChunk[]; requests: readonly string[] };

/**
 * A page load's needs at `pathname`: who is signed in (`/me`, except on the reset page and a
 * confirm link's page, which ask nothing of the session) and, in the shell, the access token; the sign-in screen's code on
 * /login, the shell's everywhere in it and a worker's day on /bookings.
 */
export function firstLoadOf(pathname: string): FirstLoad {
  const inShell = isInShell(pathname);
  const requests =
    pathname === RESET_PATH || isConfirmPage(pathname)
      ? []
      : ['/api/v1/me', ...(inShell ? ['/api/v1/access_token'] : [])];
  const chunks: FirstLoadChunk[] =
    pathname === LOGIN_PATH
      ? ['sign-in']
      : !inShell
        ? []
        : pathname === '/bookings'
          ? ['shell-layout', 'my-day']
          : ['shell-layout'];
  return { chunks, requests };
}
