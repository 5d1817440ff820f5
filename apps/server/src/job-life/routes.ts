import type { App } from '../http/api.ts';
import { feedRoutes } from './feed-routes.ts';
import { moneyRoutes } from './money-routes.ts';
import { requestRoutes } from './request-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { timeRoutes } from './time-routes.ts';
import { timesheetRoutes } from './timesheet-routes.ts';

/** Routes of the job's life after allocation (issue #9): feeds, timers and time entries, pings, reviews, money, promote/demote, cancellation requests. */
export function jobLifeRoutes(app: App): void {
  feedRoutes(app);
  timeRoutes(app);
  timesheetRoutes(app);
  moneyRoutes(app);
  reviewRoutes(app);
  requestRoutes(app);
}
