import type { AccessTokenAnswer as CoreAccessTokenAnswer } from '@rostra/core/api/identity';
import {
  ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS,
  ACCESS_TOKEN_EXPIRY_MARGIN_SECONDS,
} from '@rostra/core/shell/constants';

/**
 * The answer of `GET /api/v1/access_token` (spec §7), core's schema; read as if `expires_in`
 * could be missing (then the default lifetime holds).
 */
export type AccessTokenAnswer = Omit<CoreAccessTokenAnswer, 'expires_in'> &
  Partial<Pick<CoreAccessTokenAnswer, 'expires_in'>>;

export type CachedToken = { token: string; expiresAtMs: number };

export type AccessTokenCache = {
  /** A token valid for at least 5 more seconds: the cached one, else a freshly fetched one. */
  get: () => Promise<string>;
  /** The cached token when it is still usable, without fetching (the offline-app link uses it). */
  peek: () => CachedToken | undefined;
  /** Forget the token (sign-out, company switch, or a 401 that says it is no longer good). */
  clear: () => void;
};

/**
 * Caches the bearer access token (spec §7): `expires_in` seconds (3600 when the answer has none)
 * from when it was fetched, treated as expired 5 s early so that no request leaves with a token
 * that dies on the way. Concurrent callers share one fetch. Kept in memory only: a token in local
 * storage would outlive the session and be readable by any script on the page.
 */
export function createAccessTokenCache(input: {
  fetchToken: () => Promise<AccessTokenAnswer>;
  now: () => number;
}): AccessTokenCache {
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;
  // Bumped by clear(), so that a fetch started before a sign-out or switch cannot refill the cache.
  let generation = 0;

  const isUsable = (t: CachedToken | undefined): t is CachedToken =>
    t !== undefined && input.now() < t.expiresAtMs - ACCESS_TOKEN_EXPIRY_MARGIN_SECONDS * 1000;

  return {
    get() {
      if (isUsable(cached)) return Promise.resolve(cached.token);
      if (pending) return pending;
      const mine = generation;
      const startedAt = input.now();
      const request = input
        .fetchToken()
        .then((answer) => {
          const lifetime =
            typeof answer.expires_in === 'number' &&
            Number.isFinite(answer.expires_in) &&
            answer.expires_in > 0
              ? answer.expires_in
              : ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS;
          if (mine === generation)
            cached = { token: answer.access_token, expiresAtMs: startedAt + lifetime * 1000 };
          return answer.access_token;
        })
        .finally(() => {
          if (pending === request) pending = undefined;
        });
      pending = request;
      return request;
    },
    peek: () => (isUsable(cached) ? cached : undefined),
    clear() {
      generation += 1;
      cached = undefined;
      pending = undefined;
    },
  };
}
