import type { App } from '../http/api.ts';
import { operationsDocumentRoutes } from './document-routes.ts';
import { operationsFormRoutes } from './form-routes.ts';
import { operationsMapRoutes } from './map-routes.ts';
import { reportsRoutes } from './reports-routes.ts';
import { operationsUploadRoutes } from './upload-routes.ts';

/** Routes of maps and routes, forms, equipments and pods, reports, analytics, uploads (issue #8). */
export function operationsRoutes(app: App): void {
  operationsDocumentRoutes(app);
  operationsFormRoutes(app);
  operationsUploadRoutes(app);
  operationsMapRoutes(app);
  reportsRoutes(app);
}
