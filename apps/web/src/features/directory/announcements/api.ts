import type { Announcement, AnnouncementBody, AnnouncementPage } from '@rostra/core/api/announcements';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/client.ts';
import { useLive } from '../../../lib/live.ts';
import { panelStore } from '../../../lib/overlays.ts';
import type { Store } from '../../../lib/store.ts';
import { notify } from '../../../lib/toast.ts';

/*
 * Announcements (issue 8): `GET /api/v1/announcements?page&limit` (the caller's role's, newest
 * first), `POST /api/v1/announcements` `{ title, body, roles? }` (dispatchers). The server
 * broadcasts each one live on the `notifications` topic (kind `announcement`) to its audience;
 * the shell keeps them in the broadcast slide-over.
 */

export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

export const announcementsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, page, limit] as const,
    queryFn: ({ signal }) =>
      api.get<AnnouncementPage>('/announcements', { query: { page, limit }, quiet: true, signal }),
    placeholderData: keepPreviousData,
  });

export const postAnnouncement = (input: AnnouncementBody) =>
  api.post<Announcement>('/announcements', input, { quiet: true, retry: false });

/** What the slide-over shows of one. */
export type BroadcastItem = { id: string; title: string; body: string };

/** How many recent announcements the slide-over starts with. */
const RECENT = 10;

const asItem = (a: Announcement): BroadcastItem => ({ id: a._id, title: a.title, body: a.body });

/**
 * Keeps the shell's broadcast slide-over filled: the recent announcements on sign-in, then each
 * new one as it arrives live. A new one opens the slide-over when nothing else is open (no panel,
 * no dialog: never over a form someone is typing in); otherwise a toast tells of it.
 */
export function useAnnouncementBroadcasts(store: Store<BroadcastItem[]>): void {
  const queryClient = useQueryClient();
  const recent = useQuery(announcementsQuery(1, RECENT));
  useEffect(() => {
    const items = recent.data?.items;
    if (!items) return;
    store.set((current) => {
      const seen = new Set(current.map((c) => c.id));
      return [...current, ...items.filter((a) => !seen.has(a._id)).map(asItem)];
    });
  }, [recent.data, store]);
  useLive({ topic: 'notifications' }, (event) => {
    if (event.type !== 'event' || event.kind !== 'announcement') return;
    const d = event.data;
    if (typeof d._id !== 'string' || typeof d.title !== 'string') return;
    const item: BroadcastItem = { id: d._id, title: d.title, body: typeof d.body === 'string' ? d.body : '' };
    store.set((current) => [item, ...current.filter((c) => c.id !== item.id)]);
    void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    const isBusy =
      panelStore.get() !== null || document.querySelector('[role=dialog],[role=alertdialog]') !== null;
    if (isBusy) notify.info(`New announcement: ${item.title}`, 4500);
    else panelStore.set('broadcast');
  });
}
