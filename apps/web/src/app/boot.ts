/**
 * The page's entry: small, so that it runs a round trip after the HTML. It starts what the first
 * screen needs at once and side by side, where the app would ask for it one step after another:
 * who is signed in and the access token (early.ts; the page's hints have most often started them
 * already), the code of the path's screen and of the
 * shell (route-code.ts), and the app itself (main.tsx, modulepreloaded from the HTML).
 */
import { startEarlyRequests } from './early.ts';
import { preloadCodeFor } from './route-code.ts';

startEarlyRequests(window.location.pathname);
preloadCodeFor(window.location.pathname);
// The entry runs as soon as it arrives (vite.config.ts, asyncEntry): the app mounts into the page
// once it has been parsed.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => void import('../main.tsx'), { once: true });
} else {
  void import('../main.tsx');
}

// The built app registers its service worker (src/sw.ts, built to sw.js) so that it opens without a
// connection; the dev server does not (it would serve stale modules). Here rather than in main.tsx,
// which may run after the window's load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not allowed here (a private window, an insecure origin): the app simply needs a connection.
    });
  });
}
