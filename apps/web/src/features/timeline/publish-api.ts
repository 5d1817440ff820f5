import type { PublishCounts, RosterPublishingBody } from '@rostra/core/notifications/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

/** Draft and publish (issue #19 point 4): the organisation's switch, the count, the publication. */
export const rosterPublishingQuery = queryOptions({
  queryKey: ['admin-settings', 'roster-publishing'],
  queryFn: () => api.get<RosterPublishingBody>('/settings/roster-publishing', { quiet: true }),
});

/** How many workers and jobs publishing `[from, to)` (wall-clock seconds) would touch. */
export const countPublication = (from: number, to: number) =>
  api.get<PublishCounts>('/roster/publication', { query: { from, to } });

/** Publishes `[from, to)`: answers the counts it published. */
export const publishPeriod = (from: number, to: number) =>
  api.request<PublishCounts>('/roster/publication', { method: 'POST', body: { from, to }, retry: false });
