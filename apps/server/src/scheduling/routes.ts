import type { App } from '../http/api.ts';
import { actionRoutes } from './action-routes.ts';
import { allocationRoutes } from './allocation-routes.ts';
import { blacklistRoutes } from './blacklist-routes.ts';
import { boardRoutes } from './board-routes.ts';
import { bookingListRoutes } from './booking-list-routes.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { errorLogRoutes } from './error-log-routes.ts';
import { exceptionRoutes } from './exception-routes.ts';
import { notificationRoutes } from './notification-routes.ts';
import { planningRoutes } from './planning-routes.ts';
import { rosterRoutes } from './roster-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { shellSettingsRoutes } from './shell-settings-routes.ts';
import { shiftRoutes } from './shift-routes.ts';
import { timelineRecordRoutes } from './timeline-record-routes.ts';
import { timelineRoutes } from './timeline-routes.ts';
import { workspaceRoutes } from './workspace-routes.ts';

/** Every scheduling route (records, settings, timeline, allocation, actions, …) under /api/v1. */
export function schedulingRoutes(app: App): void {
  catalogueRoutes(app);
  timelineRecordRoutes(app);
  bookingListRoutes(app);
  timelineRoutes(app);
  shiftRoutes(app);
  blacklistRoutes(app);
  settingsRoutes(app);
  shellSettingsRoutes(app);
  planningRoutes(app);
  allocationRoutes(app);
  actionRoutes(app);
  exceptionRoutes(app);
  workspaceRoutes(app);
  notificationRoutes(app);
  boardRoutes(app);
  rosterRoutes(app);
  errorLogRoutes(app);
  searchRoutes(app);
}
