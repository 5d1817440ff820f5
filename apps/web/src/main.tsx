import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './app/router.tsx';
import { isApiError } from './lib/api.ts';
import { onLiveSignedOut } from './lib/live-session.ts';
import { ME_KEY, meQuery, resetSessionCaches } from './lib/session.ts';
import './styles.css';

/**
 * A data call that says the session is gone (401) or the terms are due again (403
 * `terms_required`) re-reads who we are; the route guards then send the person to sign-in or to
 * /terms (spec §8: token failure redirects to login).
 */
function onDataError(error: unknown): void {
  if (!isApiError(error)) return;
  if (error.status === 401 || (error.status === 403 && error.code === 'terms_required')) {
    void queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).then(() => router.invalidate());
  }
}

// The HTTP client retries by the spec's policy itself; Query must not retry on top of it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false } },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.queryKey[0] !== ME_KEY[0]) onDataError(error);
    },
  }),
  mutationCache: new MutationCache({ onError: onDataError }),
});
const router = createAppRouter(queryClient);

// The server closed the live socket with 4401 (the session ended, or the membership changed): who
// is signed in is read again, as after a 401. Still someone: everything of the old membership
// goes and the socket starts again as who they are now; nobody: the guards go to sign-in.
onLiveSignedOut(() => {
  void queryClient
    .fetchQuery({ ...meQuery, staleTime: 0 })
    .then((me) => {
      if (me) resetSessionCaches(queryClient);
    })
    .catch(() => undefined)
    .then(() => router.invalidate());
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
