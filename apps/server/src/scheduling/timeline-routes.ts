import { timelineQuery, timelineWindow } from '@rostra/core/api/timeline';
import { buildRosterGrid } from '@rostra/core/roster/grid';
import { DAY } from '@rostra/core/time/calendar';
import { loadTimelineWindow, WINDOW_PADDING_S, WindowCache } from '@rostra/db/scheduling/timeline-window';
import { MEMBERS, readerOf, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { plainJson, requireWindow } from '../http/kit.ts';

/** Longest window served: two months (beyond that it is not a timeline view). */
const MAX_WINDOW_DAYS = 62;

/**
 * `GET /timeline?from&to`: the records overlapping the window padded by 900 s (at most
 * 2,000; `truncated` says there were more), the resources in view and the roster grid of the
 * window from the core. Dispatchers see the organisation's records (narrowed by their published
 * master labels), everyone else the records whose readers list holds them. Dispatchers and
 * partners get every resource (inactive ones when show_inactive_res_timeline is on, promoted
 * dispatchers never); others the resources of the records they see and their own.
 */
export function timelineRoutes(app: App): void {
  const db = () => app.deps.db.db;
  /** Dispatchers' windows, reused while their rows are unchanged (signature-checked per request). */
  const cache = new WindowCache();
  const answers = new WeakMap<object, Map<string, Buffer>>();
  app.get(
    `${API}/timeline`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['timeline'],
        summary: 'The timeline window: records, resources in view and the roster grid',
        querystring: timelineQuery,
        // Large: documented here, not re-validated on the way out.
        response: { 200: timelineWindow },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const q = request.query;
      requireWindow(q.from, q.to, MAX_WINDOW_DAYS * DAY, `The window is at most ${MAX_WINDOW_DAYS} days`);
      const isDispatcher = caller.role === 'dispatcher';
      const seesAllResources = isDispatcher || caller.duties.includes('partner');
      const window = await loadTimelineWindow(
        db(),
        caller.orgId,
        {
          from: q.from,
          to: q.to,
          reader: readerOf(caller),
          role: caller.role,
          masterLabelsOf: isDispatcher ? caller.uid : undefined,
          resourceScope: seesAllResources ? 'organisation' : 'records',
          ownResourceId: caller.resourceId,
          detail: q.detail ?? 'compact',
        },
        cache,
      );
      const grid = buildRosterGrid({
        week_start: q.from,
        no_of_days: Math.max(1, Math.ceil((q.to - q.from) / DAY)),
        week_start_day: window.week_start_day,
        ...(q.fortnight !== undefined ? { fortnight: q.fortnight } : {}),
        ...(q.start_hr !== undefined ? { start_hr: q.start_hr } : {}),
        ...(q.end_hr !== undefined ? { end_hr: q.end_hr } : {}),
        ...(q.resolution !== undefined ? { resolution: q.resolution } : {}),
      });
      if (!grid.ok) {
        const issue = grid.issues[0];
        throw new HttpError(
          400,
          issue?.code ?? 'invalid_grid',
          issue?.message ?? 'Invalid grid options',
          grid.issues,
        );
      }
      const { week_start_day: _weekStart, allocation_config, ...content } = window;
      // A cached window is the same object while its rows are unchanged: its JSON is kept beside
      // it (per grid query), so a repeated answer is not serialised again. The schema above
      // documents the bytes (typed as the answer object, hence the casts).
      const key = JSON.stringify(q);
      const sent = answers.get(window)?.get(key);
      if (sent) return reply.type('application/json; charset=utf-8').send(sent as never);
      const body = Buffer.from(
        JSON.stringify({
          from: q.from,
          to: q.to,
          window: { from: q.from - WINDOW_PADDING_S, to: q.to + WINDOW_PADDING_S },
          ...content,
          ...(isDispatcher ? { allocation_config } : {}),
          grid: grid.grid,
        }),
      );
      const byQuery = answers.get(window) ?? new Map<string, Buffer>();
      if (byQuery.size >= 8) byQuery.clear();
      byQuery.set(key, body);
      answers.set(window, byQuery);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
