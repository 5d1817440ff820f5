import {
  publishCounts,
  rosterPeriodBody,
  rosterPeriodQuery,
  rosterPublishingBody,
} from '@rostra/core/notifications/api';
import { ROSTER_PUBLISHING_KEY } from '@rostra/core/notifications/publish';
import { countPublication, publishRoster } from '@rostra/db/notifications/publish-roster';
import { getSettings, putSettings } from '@rostra/db/settings';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { now } from '../job-life/job-access.ts';

/** Draft and publish (issue #19 point 4): the organisation's switch, the count, the publication. */
export function publishRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/settings/roster-publishing`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: 'Whether roster changes are drafts until a dispatcher publishes them',
        response: { 200: rosterPublishingBody },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const doc = await getSettings(db(), caller.orgId, ROSTER_PUBLISHING_KEY);
      return { publish: doc.publish === true };
    },
  );

  app.put(
    `${API}/settings/roster-publishing`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: 'Turn publishing rosters on (changes are drafts until published) or off',
        body: rosterPublishingBody,
        response: { 200: rosterPublishingBody },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await putSettings(db(), caller.orgId, ROSTER_PUBLISHING_KEY, { publish: request.body.publish });
      return { publish: request.body.publish };
    },
  );

  app.get(
    `${API}/roster/publication`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: 'How many workers and jobs publishing the period would touch',
        querystring: rosterPeriodQuery,
        response: { 200: publishCounts },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return countPublication(db(), caller.orgId, request.query);
    },
  );

  app.post(
    `${API}/roster/publication`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['notifications'],
        summary: "Publish the period's roster changes: each affected worker is told once, with their changes",
        body: rosterPeriodBody,
        response: { 200: publishCounts },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return publishRoster(db(), caller.orgId, request.body, now(app));
    },
  );
}
