import type { App } from '../app.ts';
import { reportsRoutes } from './reports-routes.ts';

/** Routes of maps and routes, forms, equipments and pods, reports, analytics, uploads (issue #8). */
export function operationsRoutes(app: App): void {
  reportsRoutes(app);
}
