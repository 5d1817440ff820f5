import type { Me, SwitchOrgAnswer } from '@rostra/core/api/identity';
import { parseRole, type Role } from '@rostra/core/shell/roles';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { api } from './client.ts';
import { restartLive } from './live-session.ts';
import { createStore } from './store.ts';

/** `GET /api/v1/me` (identity issue): who is signed in, where, and whether terms are due. */
export type { Me };

export function activeRole(me: Me | null | undefined): Role | undefined {
  return parseRole(me?.role);
}

export const ME_KEY = ['me'] as const;

/*
 * The last /me answer is kept on the device, so that the app opened without a connection (the
 * service worker serves it, src/sw.ts) still knows who is signed in and can show what it keeps
 * offline (the resource's day, queued timer taps). It goes with sign-out and with a 401; the
 * server decides again as soon as it can be reached.
 */
const ME_COPY_KEY = 'rostra.me.v1';

function keepMeCopy(me: Me | null): void {
  try {
    if (me) localStorage.setItem(ME_COPY_KEY, JSON.stringify(me));
    else localStorage.removeItem(ME_COPY_KEY);
  } catch {
    // No storage (private mode): the app needs a connection to start, as before.
  }
}

/** The kept /me answer, if any and well-formed. */
export function meCopy(storage?: Pick<Storage, 'getItem'>): Me | undefined {
  try {
    const raw = (storage ?? globalThis.localStorage)?.getItem(ME_COPY_KEY);
    const me = raw ? (JSON.parse(raw) as Me) : undefined;
    return me && typeof me.uid === 'string' && Array.isArray(me.memberships) ? me : undefined;
  } catch {
    return undefined;
  }
}

const NO_ANSWER: readonly string[] = ['offline', 'network', 'connection-reset'];

/**
 * The session: the /me answer, or null when nobody is signed in (401). Without a connection
 * (the browser offline, or no answer at all) the kept copy stands in, when there is one.
 */
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<Me | null> => {
    const kept = meCopy();
    if (kept && typeof navigator !== 'undefined' && navigator.onLine === false) return kept;
    try {
      const me = await api.get<Me>('/me', { auth: 'cookie' });
      keepMeCopy(me);
      return me;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        keepMeCopy(null);
        return null;
      }
      if (kept && isApiError(error) && NO_ANSWER.includes(error.kind)) return kept;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** Drops everything cached for the previous person or organisation. */
export function resetSessionCaches(queryClient: QueryClient): void {
  api.tokens.clear();
  // The live socket belongs to the session it was opened with.
  restartLive();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
}

/**
 * Signs out (spec §4: clears the stored template_id, signs out; then /login). Local state goes
 * even when the server cannot be reached, so a shared computer is never left signed in here.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  keepMeCopy(null);
  try {
    localStorage.removeItem('template_id');
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
  await api
    .post('/sign_out', undefined, { auth: 'cookie', retry: false, quiet: true })
    .catch(() => undefined);
  api.tokens.clear();
  restartLive();
  queryClient.setQueryData(ME_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
}

/**
 * The membership (`org|role`) a company switch is moving to, or null. Until the shell's own user
 * is that membership it shows no screen, so nothing of the old role's screen asks again (with the
 * new role's token, which would be refused); the cache tells the shell of the new user a moment
 * after the switch's own answer, hence a target rather than a flag.
 */
export const switchingStore = createStore<string | null>(null);

/** The key {@link switchingStore} holds for a membership. */
export const membershipKey = (orgId: string | null | undefined, role: string | null | undefined): string =>
  `${orgId ?? ''}|${role ?? ''}`;

/**
 * Company and role switch (spec §4): an access token first, then `POST /switch_org_by_uid` with
 * the target organisation, role and uid. The screen is taken down and the old role's requests in
 * flight are cancelled first; everything cached for the old organisation is dropped; the answer is
 * who we are now (the shell then shows only screens that role may be on).
 */
export async function switchOrganisation(
  queryClient: QueryClient,
  target: { org_id: string; role: string; uid: string },
): Promise<Me | null> {
  switchingStore.set(membershipKey(target.org_id, target.role));
  let next: Me | null = null;
  try {
    await queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
    await api.tokens.get();
    await api.post<SwitchOrgAnswer>('/switch_org_by_uid', target, { retry: false, quiet: true });
    resetSessionCaches(queryClient);
    next = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    return next;
  } finally {
    // Done: wait for whoever we are now (or, when the switch failed, show the screen again).
    switchingStore.set(next ? membershipKey(next.org_id, next.role) : null);
  }
}

export async function acceptTerms(queryClient: QueryClient, version: string): Promise<void> {
  await api.post('/terms/accept', { version }, { auth: 'cookie', retry: false, quiet: true });
  api.tokens.clear();
  // Fetched, not just invalidated: the route guards read the cache and nothing here observes it.
  await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}
