import { NOTIFICATION_SETUP_DELAY_MS, NOTIFICATION_TICK_MS } from '@rostra/core/shell/constants';
import { hasNotificationDot, type Role } from '@rostra/core/shell/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from './api.ts';
import { api } from './client.ts';

/**
 * Notifications (spec §3, §4) against the scheduling API's calls (issue 5):
 * `GET /api/v1/notifications` → `{ notifications: [{ id, title, body?, created_at }], bids:
 * [{ created_at }], last_seen }` (times in epoch seconds) and `POST /api/v1/notifications/seen`
 * `{ seen_at }`. Until the server has them (404) the feed is empty and polling stops.
 * Live updates: a 5 s tick (the spec's notification timer) until the live socket carries them.
 */
export type NotificationItem = { id: string; title: string; body?: string | null; created_at: number };

export type NotificationFeed = {
  notifications: NotificationItem[];
  bidTimes: number[];
  lastSeen: number | undefined;
  /** False when the server does not offer notifications yet. */
  isAvailable: boolean;
};

type FeedAnswer = {
  notifications?: NotificationItem[];
  bids?: { created_at: number }[];
  last_seen?: number | null;
};

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export async function fetchNotificationFeed(): Promise<NotificationFeed> {
  try {
    const answer = await api.get<FeedAnswer>('/notifications', { quiet: true, retry: false });
    return {
      notifications: answer.notifications ?? [],
      bidTimes: (answer.bids ?? []).map((b) => b.created_at),
      lastSeen: typeof answer.last_seen === 'number' ? answer.last_seen : undefined,
      isAvailable: true,
    };
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      return { notifications: [], bidTimes: [], lastSeen: undefined, isAvailable: false };
    }
    throw error;
  }
}

/** The bell's dot: anything newer than last seen (core rule). */
export function feedHasDot(feed: NotificationFeed | undefined): boolean {
  if (!feed) return false;
  return hasNotificationDot({
    notificationTimes: feed.notifications.map((n) => n.created_at),
    bidTimes: feed.bidTimes,
    lastSeen: feed.lastSeen,
  });
}

/** Subscribes after the spec's delay: 100 ms for dispatchers, 120 s for everyone else. */
export function useNotificationFeed(role: Role | undefined) {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    if (!role) return;
    const delay =
      role === 'dispatcher' ? NOTIFICATION_SETUP_DELAY_MS.dispatcher : NOTIFICATION_SETUP_DELAY_MS.other;
    const timer = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(timer);
  }, [role]);
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: fetchNotificationFeed,
    enabled: isReady,
    refetchInterval: (query) => (query.state.data?.isAvailable === false ? false : NOTIFICATION_TICK_MS),
    retry: false,
  });
}

/**
 * Opening the drawer clears the dot and stores last seen (spec §4): the cached feed takes the new
 * last-seen time at once, and the server is told.
 */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (seenAt: number) => {
      await api
        .post('/notifications/seen', { seen_at: seenAt }, { quiet: true, retry: false })
        .catch((error) => {
          if (!(isApiError(error) && error.status === 404)) throw error;
        });
    },
    onMutate: (seenAt) => {
      queryClient.setQueryData<NotificationFeed>(NOTIFICATIONS_KEY, (feed) =>
        feed ? { ...feed, lastSeen: seenAt } : feed,
      );
    },
  });
}

/** The last-seen time to store: now, or the newest item when the clock is behind the server's. */
export function seenTime(feed: NotificationFeed | undefined, nowSeconds: number): number {
  const newest = Math.max(
    0,
    ...(feed?.notifications.map((n) => n.created_at) ?? []),
    ...(feed?.bidTimes ?? []),
  );
  return Math.max(Math.floor(nowSeconds), newest);
}
