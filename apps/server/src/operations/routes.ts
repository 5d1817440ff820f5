import type { App } from '../app.ts';

/** Routes of maps and routes, forms, equipments and pods, reports, analytics, uploads (issue #8). */
export function operationsRoutes(_app: App): void {}
