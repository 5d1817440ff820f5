import type { HomeFeed, TodayNumbers } from '@rostra/core/api/home';
import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

/*
 * The home page's data (issue 8): `GET /directory/home/today` (today's numbers) and
 * `GET /directory/home/feed?before&limit` (recent activity, newest first, ten a page). Which items
 * show as new is the core's rule (`@rostra/core/home/feed`), given the answer's server `now`.
 */

export const HOME_KEY = ['home'] as const;
/** The spec's default page (§9 query limits: 10). */
export const FEED_PAGE = 10;
export const todayQuery = queryOptions({
  queryKey: [...HOME_KEY, 'today'] as const,
  queryFn: ({ signal }) => api.get<TodayNumbers>('/directory/home/today', { quiet: true, signal }),
  refetchInterval: 60_000,
});

export function useFeed() {
  return useInfiniteQuery({
    queryKey: [...HOME_KEY, 'feed'] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<HomeFeed>('/directory/home/feed', {
        query: { limit: FEED_PAGE, before: pageParam },
        quiet: true,
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.items.length < FEED_PAGE ? undefined : (last.items[last.items.length - 1]?.at ?? undefined),
  });
}
