import { mapConfig, mapJobsPage, mapJobsQuery } from '@rostra/core/api/operations';
import { mapJobsPage as findMapJobs } from '@rostra/db/directory/map-jobs';
import { MEMBERS, readerOf, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { requireWindow } from '../http/kit.ts';

/** The map list's page size (spec scheduling §9: the map query's limit is 20). */
export const MAP_PAGE_SIZE = 20;
/** The longest window the map lists at once (a month and a bit). */
const MAX_WINDOW_S = 31 * 86_400;

/**
 * The maps' configuration: a tile server URL template (`MAP_TILE_URL`, `{z}/{x}/{y}`) when one is
 * configured. Without it the maps draw their points on a plain background and need no network.
 * And the map's list of jobs, a numbered page at a time (the screen asks page by page).
 */
export function operationsMapRoutes(app: App): void {
  app.get(
    `${API}/map-config`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['operations'],
        summary: 'The map tile URL template, or null for a plain background',
        response: { 200: mapConfig },
      },
    },
    async () => ({
      tile_url: validTemplate(process.env.MAP_TILE_URL),
      attribution: process.env.MAP_TILE_ATTRIBUTION?.slice(0, 200) || null,
    }),
  );

  app.get(
    `${API}/map/jobs`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['operations'],
        summary:
          'The map query: bookings the caller may read overlapping [from, to), not cancelled, soonest first; numbered pages (20) with the total and the window’s statuses',
        querystring: mapJobsQuery,
        response: { 200: mapJobsPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const q = request.query;
      requireWindow(q.from, q.to, MAX_WINDOW_S, 'the window is at most 31 days');
      return findMapJobs(app.deps.db.db, caller.orgId, readerOf(caller), {
        from: q.from,
        to: q.to,
        status: q.status,
        resourceId: q.resource_id,
        page: q.page ?? 1,
        limit: q.limit ?? MAP_PAGE_SIZE,
      });
    },
  );
}

/** An https (or http for a local server) URL with {z}, {x} and {y}; anything else is ignored. */
function validTemplate(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//.test(value)) return null;
  return ['{z}', '{x}', '{y}'].every((p) => value.includes(p)) ? value : null;
}
