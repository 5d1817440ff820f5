import type { App } from '../http/api.ts';
import { companyRoutes } from './company-routes.ts';
import { logoRoutes } from './logo-routes.ts';
import { settingsAdminRoutes } from './settings-admin-routes.ts';
import { userRoutes } from './user-routes.ts';
import { versionRoutes } from './version-routes.ts';

/** Routes of settings and administration (issue #8): users and invitations, the settings screens' writes. */
export function adminRoutes(app: App): void {
  companyRoutes(app);
  logoRoutes(app);
  settingsAdminRoutes(app);
  userRoutes(app);
  versionRoutes(app);
}
