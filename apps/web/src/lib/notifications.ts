import type {
  NotificationPage,
  NotificationState,
  NotificationsSeenAnswer,
} from '@rostra/core/api/notifications';
import { NOTIFICATION_SETUP_DELAY_MS, NOTIFICATION_TICK_MS } from '@rostra/core/shell/constants';
import type { Role } from '@rostra/core/shell/roles';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './client.ts';
import { type LiveEvent, useLive, useLiveStatus } from './live.ts';

/**
 * Notifications (spec §3, §4) on the scheduling API:
 * - `GET /api/v1/notifications/state` → the bell's dot (any notification or bid newer than last
 *   seen: the core's rule, applied by the server on its own clock), last seen, the newest times;
 * - `GET /api/v1/notifications[?cursor]` → `{ items, next_cursor }`, newest first, 40 per page;
 * - `POST /api/v1/notifications/seen` → `{ last_seen }`: the server stores now as last seen.
 * The live `notifications` topic says when a notification or bid arrives or last seen moves (in
 * another tab too); while the socket is down the state is read every 5 s (the spec's timer).
 */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_STATE_KEY = ['notifications', 'state'] as const;
export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;

export const fetchNotificationState = () =>
  api.get<NotificationState>('/notifications/state', { quiet: true, retry: false });

/** Whether the shell should subscribe yet: after 100 ms for dispatchers, 120 s for everyone else. */
function useSetupDelay(role: Role | undefined): boolean {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    if (!role) return;
    const delay =
      role === 'dispatcher' ? NOTIFICATION_SETUP_DELAY_MS.dispatcher : NOTIFICATION_SETUP_DELAY_MS.other;
    const timer = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(timer);
  }, [role]);
  return isReady;
}

/** What a live `notifications` event does to the cached state and list. */
export function applyNotificationEvent(
  event: LiveEvent,
  cache: {
    setState: (update: (state: NotificationState | undefined) => NotificationState | undefined) => void;
    refetch: () => void;
  },
): void {
  if (event.type === 'error') return;
  if (event.type === 'event' && event.kind === 'notifications.seen') {
    const seen = event.data.last_seen;
    if (typeof seen === 'number') {
      cache.setState((state) =>
        state
          ? {
              ...state,
              last_seen: seen,
              dot: [state.latest_notification, state.latest_bid].some((t) => t !== null && t > seen),
            }
          : state,
      );
      return;
    }
  }
  // A new notification or bid, or a reload: read again.
  cache.refetch();
}

/** The bell's state: the dot, live. */
export function useNotificationState(role: Role | undefined) {
  const isReady = useSetupDelay(role);
  const liveStatus = useLiveStatus();
  const queryClient = useQueryClient();
  useLive(isReady ? { topic: 'notifications' } : null, (event) =>
    applyNotificationEvent(event, {
      setState: (update) => queryClient.setQueryData<NotificationState>(NOTIFICATION_STATE_KEY, update),
      refetch: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
    }),
  );
  return useQuery({
    queryKey: NOTIFICATION_STATE_KEY,
    queryFn: fetchNotificationState,
    enabled: isReady,
    refetchInterval: liveStatus === 'open' ? false : NOTIFICATION_TICK_MS,
    retry: false,
  });
}

/** The drawer's list, 40 at a time. */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam }) =>
      api.get<NotificationPage>('/notifications', {
        ...(pageParam ? { query: { cursor: pageParam } } : {}),
        quiet: true,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    select: (data: InfiniteData<NotificationPage, string>) => data.pages.flatMap((p) => p.items),
  });
}

/**
 * Opening the drawer clears the dot and stores last seen (spec §4): the dot goes at once, and the
 * server stores its own now (so a browser clock behind the server's cannot leave it lit).
 */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationsSeenAnswer>('/notifications/seen', undefined, { quiet: true }),
    onMutate: () => {
      queryClient.setQueryData<NotificationState>(NOTIFICATION_STATE_KEY, (state) =>
        state ? { ...state, dot: false } : state,
      );
    },
    onSuccess: ({ last_seen }) => {
      queryClient.setQueryData<NotificationState>(NOTIFICATION_STATE_KEY, (state) =>
        state ? { ...state, dot: false, last_seen } : state,
      );
    },
  });
}
