import { adminRoutes } from './admin/routes.ts';
import { directoryRoutes } from './directory/routes.ts';
import { healthRoutes } from './health/routes.ts';
import type { App } from './http/api.ts';
import { icalRoutes } from './ical/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { jobLifeRoutes } from './job-life/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { notifyRoutes } from './notify/routes.ts';
import { operationsRoutes } from './operations/routes.ts';
import { plannerRoutes } from './planner/routes.ts';
import { schedulingRoutes } from './scheduling/routes.ts';

/**
 * Every feature's routes: one line a feature, each registering its own. A route module takes
 * `App` and `API` from http/api.ts, never from app.ts, which imports this file.
 */
export async function featureRoutes(app: App): Promise<void> {
  healthRoutes(app);
  await identityRoutes(app, app.identity);
  schedulingRoutes(app);
  jobLifeRoutes(app);
  adminRoutes(app);
  icalRoutes(app);
  directoryRoutes(app);
  operationsRoutes(app);
  notifyRoutes(app);
  plannerRoutes(app);
  const pollMs = app.deps.livePollMs;
  await liveRoutes(app, pollMs === undefined ? {} : { pollMs });
}
